package io.dat4j.provider.shm.sys;

/**
 * A peer broke the shared-memory protocol: an index, length or field read from shared memory that no correct peer
 * writes. Ends that connection only (BROKEN, or the handshake failure of its phase); the message says what was read
 * and what was allowed, for the rate-limited log of remote faults. No stack trace is kept: it is the peer's fault, not
 * a defect of this process.
 */
public final class ProtocolViolation extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was read and what was allowed
     */
    public ProtocolViolation(final String message) {
        super(message, null, false, false);
    }
}
