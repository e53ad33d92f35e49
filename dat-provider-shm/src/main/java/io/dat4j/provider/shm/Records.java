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
    /** A large SEND the receiver pulls with CMA: a = total bytes, b = the record's own position, c = segments. */
    static final int SEND_RDV = 6;
    /** Every SEND_RDV up to the one at position a was pulled into a receive. */
    static final int RDV_ACK = 7;
    static final int MAX_TYPE = RDV_ACK;
    /** Segments of a SEND_RDV at most (the IA's limit of segments per operation). */
    static final int RDV_SEGMENTS = 16;
    /** Bytes per segment in a SEND_RDV's payload: address, length. */
    static final int RDV_SEGMENT_BYTES = 16;

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
