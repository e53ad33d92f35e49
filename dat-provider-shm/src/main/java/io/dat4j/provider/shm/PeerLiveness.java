package io.dat4j.provider.shm;

/**
 * The transport timeout of one connection, as a reliable connection's local ACK timeout and {@code retry_count}: the
 * peer's heartbeat (a word of its control block that grows while it makes progress) must change within
 * {@code ackTimeout × (retry_count + 1)} while requests wait for it. A stopped process (SIGSTOP, a debugger) stops
 * its heartbeat; a dead one closes its socket first. A peer that waits for a receive keeps beating.
 *
 * <p>Not thread safe: guarded by the connection's lock.
 */
final class PeerLiveness {

    private long seen;
    private long changed;
    private String reason;

    /**
     * Looks at the heartbeat.
     *
     * @param now the time
     * @param heartbeat the peer's heartbeat now
     * @param waiting whether requests wait for the peer
     * @param limitNanos the attempt times {@code retry_count + 1}
     * @return true when the peer showed no progress for longer than the limit while requests waited
     */
    boolean expired(final long now, final long heartbeat, final boolean waiting, final long limitNanos) {
        if (heartbeat != seen || !waiting || changed == 0) {
            seen = heartbeat;
            changed = now;
            return false;
        }
        if (now - changed > limitNanos) {
            reason = "the peer showed no progress for " + (now - changed) / 1_000_000 + " ms while requests waited"
                    + " for it (transport timeout)";
            return true;
        }
        return false;
    }

    /** {@return why the last {@link #expired} was true} */
    String reason() {
        return reason;
    }
}
