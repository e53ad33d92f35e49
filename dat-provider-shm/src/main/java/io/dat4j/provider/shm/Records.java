package io.dat4j.provider.shm;

import io.dat4j.DtoStatus;

/**
 * The record types and NAK codes of the rings (docs/shm-wire.md), and what a NAK completes the refused request with.
 */
final class Records {

    static final int SEND = 1;
    static final int WRITE = 2;
    static final int READ_REQ = 3;
    static final int READ_RESP = 4;
    static final int NAK = 5;
    static final int MAX_TYPE = NAK;

    static final int NAK_RNR = 1;
    static final int NAK_ACCESS = 2;
    static final int NAK_LENGTH = 3;
    static final int NAK_REMOTE_OP = 4;

    private Records() {
    }

    /**
     * {@return the status of a request the peer refused}: RNR is RECEIVER_NOT_READY, access REMOTE_ACCESS, anything
     * else (length, a failure at the target, an unknown code) REMOTE_RESPONDER
     *
     * @param code the NAK's code
     */
    static DtoStatus status(final int code) {
        return switch (code) {
            case NAK_RNR -> DtoStatus.RECEIVER_NOT_READY;
            case NAK_ACCESS -> DtoStatus.REMOTE_ACCESS;
            default -> DtoStatus.REMOTE_RESPONDER;
        };
    }
}
