package io.dat4j.kit;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.apache.logging.log4j.Logger;

/**
 * A rate-limited WARN for faults a remote party causes (bad frames, refused RDMA, requests a service point cannot
 * take): a peer must not be able to flood the log, whatever it sends. One instance summarises one source, such as a
 * listener and every connection it accepted, or an IA's outgoing connections. In each interval the first
 * {@link KitSettings#remoteLogBurst()} messages (setting {@value KitSettings#REMOTE_LOG_BURST}, default 10) are
 * logged as they come; the rest are counted, and the count is logged with the next message that gets through (the
 * next interval) and by {@link #close()}. Messages carry no stack trace: the remote side caused them, and the reason
 * says what it did. The interval is {@link KitSettings#remoteLogIntervalSeconds()} (setting
 * {@value KitSettings#REMOTE_LOG_INTERVAL}, default 60 s).
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; {@link #warn} takes a short lock and never blocks
 * otherwise.
 */
public final class RemoteFaultLog {


    private final Consumer<String> sink;
    private final Object source;
    private final int burst;
    private final long intervalNanos;
    private final LongSupplier clock;
    private long windowStart;
    private int loggedInWindow;
    private long suppressed;
    private long total;
    private boolean started;

    /**
     * A limiter with the burst and interval of an IA's settings.
     *
     * @param log where the messages go (WARN)
     * @param source what the faults come through, for the messages (its {@code toString()} when logging)
     * @param settings the IA's kit settings
     */
    @SuppressWarnings("exports") // a provider that passes a Log4j Logger reads Log4j API itself; the kit does not
    public RemoteFaultLog(final Logger log, final Object source, final KitSettings settings) {
        this(log::warn, source, settings.remoteLogBurst(),
                TimeUnit.SECONDS.toNanos(settings.remoteLogIntervalSeconds()), System::nanoTime);
    }

    RemoteFaultLog(final Consumer<String> sink, final Object source, final int burst, final long intervalNanos,
            final LongSupplier clock) {
        this.sink = sink;
        this.source = source;
        this.burst = burst;
        this.intervalNanos = intervalNanos;
        this.clock = clock;
    }

    /**
     * Logs a fault the remote side caused, or counts it when this source has logged its share of the interval.
     *
     * @param message what happened and what was done about it, for a person
     * @return true if it was logged now
     */
    public boolean warn(final String message) {
        final long before;
        synchronized (this) {
            total++;
            final long now = clock.getAsLong();
            if (!started || now - windowStart >= intervalNanos) {
                started = true;
                windowStart = now;
                loggedInWindow = 0;
            }
            if (loggedInWindow >= burst) {
                suppressed++;
                return false;
            }
            loggedInWindow++;
            before = suppressed;
            suppressed = 0;
        }
        if (before > 0) {
            sink.accept(source + ": " + message + " (and " + before + " more from " + source + " not logged before"
                    + " this one: at most " + burst + " per " + intervalNanos / 1_000_000_000L + " s)");
        } else {
            sink.accept(source + ": " + message);
        }
        return true;
    }

    /** {@return the faults reported to this limiter, logged or not} */
    public synchronized long total() {
        return total;
    }

    /** Logs how many faults were counted and not logged yet, if any (the source goes away). */
    public void close() {
        final long n;
        synchronized (this) {
            n = suppressed;
            suppressed = 0;
        }
        if (n > 0) {
            sink.accept(source + ": " + n + " more faults from the remote side were not logged (at most " + burst
                    + " per " + intervalNanos / 1_000_000_000L + " s); " + total() + " in all");
        }
    }
}
