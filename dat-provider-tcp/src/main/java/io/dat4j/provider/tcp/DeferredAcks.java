package io.dat4j.provider.tcp;

import io.dat4j.internal.logging.Logging;
import java.util.ArrayList;
import org.apache.logging.log4j.Logger;

/**
 * The ACKs a consumer driving an I/O loop left for its next request to carry ({@link AckPolicy#mayDefer()}): the
 * connections that owe them, written at the latest by the loop's next round, when the same consumer drives another
 * loop, or by the I/O thread after {@code dat4j.tcp.ackDelayMicros} (at most {@code dat4j.tcp.driveGraceMicros} when
 * they were deferred while it slept through the consumer's rounds, see {@code IoLoop.nextCheck}).
 *
 * <p>Threading: the loop owner only, but for {@link #since()}, a volatile read by the I/O thread deciding whether to
 * take the loop to write them. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class DeferredAcks {

    private static final Logger LOG = Logging.logger(DeferredAcks.class);
    /** The loop on which the current (consumer) thread deferred ACKs, if any. */
    private static final ThreadLocal<IoLoop> DEFERRED_ON = new ThreadLocal<>();

    private final IoLoop loop;
    private final ArrayList<TcpConnection> deferred = new ArrayList<>();
    /** When the oldest deferred ACK was deferred, or 0. */
    private volatile long since;
    /** The owner is writing the deferred ACKs, or is a posting thread on a short job: defer no ACKs. */
    boolean suspended;

    DeferredAcks(final IoLoop loop) {
        this.loop = loop;
    }

    /**
     * {@return the loop other than {@code self} on which the calling thread deferred ACKs last, forgetting it}, or
     * null
     */
    static IoLoop takeDeferredOnOther(final IoLoop self) {
        final IoLoop d = DEFERRED_ON.get();
        if (d != null && d != self) {
            DEFERRED_ON.set(null);
            return d;
        }
        return null;
    }

    /** {@return when the oldest deferred ACK was deferred ({@link System#nanoTime()}), or 0 when none is} */
    long since() {
        return since;
    }

    /** Remembers that a connection owes ACKs that the driving consumer may piggy-back on its next request. */
    void defer(final TcpConnection c) {
        if (!c.acks.listed) {
            c.acks.listed = true;
            deferred.add(c);
            if (since == 0) {
                since = System.nanoTime();
            }
        }
        DEFERRED_ON.set(loop);
    }

    /** Writes every deferred ACK. */
    void flush() {
        if (deferred.isEmpty()) {
            return;
        }
        since = 0;
        suspended = true;
        try {
            for (int i = 0; i < deferred.size(); i++) {
                final TcpConnection c = deferred.get(i);
                c.acks.listed = false;
                try {
                    c.acks.flushDeferred();
                } catch (final RuntimeException e) {
                    LOG.error("writing the ACKs of {} failed", c, e);
                    c.fail("internal error: " + e);
                }
            }
            deferred.clear();
        } finally {
            suspended = false;
        }
    }
}
