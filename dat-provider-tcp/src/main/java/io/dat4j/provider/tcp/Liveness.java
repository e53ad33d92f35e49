package io.dat4j.provider.tcp;

import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.PostedOperation;
import java.util.ArrayList;
import org.apache.logging.log4j.Logger;

/**
 * Silent-peer detection of one established connection: the TCP provider's counterpart of a reliable connection's
 * transport timeout (the InfiniBand local ACK timeout) and {@code retry_count}. The JDK offers no
 * {@code TCP_USER_TIMEOUT}, so without this a connection whose network silently drops everything would keep its
 * operations outstanding until the kernel gives up retransmitting (about 15 minutes on Linux).
 *
 * <p>The rule: while operations are outstanding (requests posted and not completed, or frames waiting to be written)
 * and no byte has arrived from the peer for one attempt ({@link TcpProvider#ACK_TIMEOUT_PROP_NAME}), a probe frame
 * asks the peer to answer; after {@code attempt x (retry_count + 1)} of silence the connection fails: the oldest
 * outstanding request completes with {@code DAT_DTO_ERR_TRANSPORT} (as a reliable connection's work request does on
 * retry exhaustion), every other operation {@code DAT_DTO_ERR_FLUSHED}, and the EP gets
 * {@code DAT_CONNECTION_EVENT_BROKEN}. A connection with nothing outstanding stays up however long it is silent (an
 * idle reliable connection does not notice a dead peer either). A side that keeps its peer waiting on purpose (no
 * receive posted with {@code rnr_retry} 7, or in the middle of reading a long payload) sends a keepalive every half
 * attempt, as a responder's RNR NAKs and ACKs keep a requester's timer from expiring. Detection comes between
 * {@code attempt x (retry_count + 1)} and one attempt later, since silence is sampled every half attempt.
 *
 * <p>Threading: the per-connection state is guarded by the connection's lock ({@link TcpConnection#lock}); {@link #received}
 * is bumped by whatever thread reads the connection's socket, under that lock; the {@link Sweep} is its loop owner's.
 * See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class Liveness {

    private static final Logger LOG = Logging.logger(Liveness.class);

    /** Nothing to do. */
    static final int NONE = 0;
    /** Send a keepalive (the peer need not answer). */
    static final int KEEPALIVE = 1;
    /** Send a probe (the peer answers with a keepalive). */
    static final int PROBE = 2;
    /** The peer was silent for every attempt: fail the connection. */
    static final int EXPIRED = 3;

    /** Bytes read from the peer so far. */
    long received;
    private long seen = -1;
    private long silentSince;
    private boolean probed;

    /**
     * Decides what one sample of the connection calls for.
     *
     * @param now {@link System#nanoTime()}
     * @param attemptNanos one attempt, &gt; 0
     * @param retryCount the EP's {@code retry_count}, 0..7
     * @param outstanding whether the connection waits for the peer (operations outstanding, frames unwritten)
     * @param holding whether the connection keeps the peer waiting on purpose (RNR wait, a payload being read)
     * @return {@link #NONE}, {@link #KEEPALIVE}, {@link #PROBE} or {@link #EXPIRED}
     */
    int sample(final long now, final long attemptNanos, final int retryCount, final boolean outstanding,
            final boolean holding) {
        if (received != seen || !outstanding) {
            seen = received;
            silentSince = now;
            probed = false;
            return holding ? KEEPALIVE : NONE;
        }
        final long silence = now - silentSince;
        if (silence >= attemptNanos * (retryCount + 1L)) {
            return EXPIRED;
        }
        if (silence >= attemptNanos && !probed) {
            probed = true;
            return PROBE;
        }
        return holding ? KEEPALIVE : NONE;
    }

    /**
     * One sample of a connection by its loop's {@link Sweep}: a keepalive or probe when due, the end of the connection
     * when the peer was silent for every attempt.
     *
     * @return false once the connection is closed (no longer watched)
     */
    boolean check(final TcpConnection c, final long now, final long attemptNanos) {
        c.lock.lock();
        try {
            if (c.phase != ConnectionPhase.UP || c.close.draining) {
                return c.phase != ConnectionPhase.CLOSED;
            }
            final TcpEndpoint e = c.ep;
            final OutboundWriter w = c.out;
            final boolean outstanding = w.unwritten() || !w.awaiting.isEmpty() || e.queues.hasRequests();
            final int retries = e.up.attributes().retryCount();
            switch (sample(now, attemptNanos, retries, outstanding, c.in.holding())) {
                case KEEPALIVE -> {
                    if (w.keepalive(0)) {
                        w.flushOut();
                    }
                }
                case PROBE -> {
                    if (w.keepalive(Wire.KEEPALIVE_PROBE)) {
                        w.flushOut();
                    }
                }
                case EXPIRED -> {
                    final String reason = "no byte from the peer for " + silence(now) / 1_000_000L
                            + " ms with operations outstanding (transport timeout " + attemptNanos / 1_000_000L
                            + " ms x (retry_count " + retries + " + 1))";
                    c.faults.warn("connection " + c + ": " + reason + "; the connection is broken");
                    final PostedOperation head = w.awaiting.peek();
                    c.close.transportFailed = head != null ? head
                            : w.curReq != null ? w.curReq : e.queues.peekRequest();
                    c.close.lost(reason);
                }
                default -> {
                    // nothing
                }
            }
            return c.phase != ConnectionPhase.CLOSED;
        } finally {
            c.unlock();
        }
    }

    /** {@return nanoseconds of silence measured at the last sample} */
    long silence(final long now) {
        return now - silentSince;
    }

    /**
     * The established connections of one I/O thread, sampled every half attempt by that thread. A closed connection
     * leaves the list at the next sample. Loop thread only.
     */
    static final class Sweep {

        private final long attemptNanos;
        private final long periodNanos;
        private final ArrayList<TcpConnection> watched = new ArrayList<>();
        private long next;

        /** @param attemptNanos one attempt; 0 turns silent-peer detection off */
        Sweep(final long attemptNanos) {
            this.attemptNanos = attemptNanos;
            this.periodNanos = Math.max(1, attemptNanos / 2);
        }

        /** {@return true when no connection is watched (a round need not read the clock for the sweep)} */
        boolean idle() {
            return watched.isEmpty();
        }

        /** Starts watching a connection that has just been established. */
        void watch(final TcpConnection c) {
            if (attemptNanos <= 0) {
                return;
            }
            if (watched.isEmpty()) {
                next = System.nanoTime() + periodNanos;
            }
            watched.add(c);
        }

        /**
         * Samples every watched connection when a period has passed.
         *
         * @param now the time ({@link System#nanoTime()}), read by the caller once per round
         * @return milliseconds until the next sample, {@link Long#MAX_VALUE} when nothing is watched
         */
        long run(final long now) {
            if (watched.isEmpty()) {
                return Long.MAX_VALUE;
            }
            if (now - next < 0) {
                return Math.max(1, (next - now) / 1_000_000L + 1);
            }
            next = now + periodNanos;
            for (int i = watched.size() - 1; i >= 0; i--) {
                final TcpConnection c = watched.get(i);
                boolean keep;
                try {
                    keep = c.live.check(c, now, attemptNanos);
                } catch (final RuntimeException e) {
                    LOG.error("liveness sample of {} failed", c, e);
                    c.fail("internal error: " + e);
                    keep = false;
                }
                if (!keep) {
                    final int last = watched.size() - 1;
                    watched.set(i, watched.get(last));
                    watched.remove(last);
                }
            }
            return watched.isEmpty() ? Long.MAX_VALUE : Math.max(1, periodNanos / 1_000_000L);
        }
    }
}
