package io.dat4j.kit.internal;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.AsyncErrorReason;
import io.dat4j.EventNumber;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The overflow accounting of one EVD: how many events it dropped because it was full, and whether a report of that
 * ({@code DAT_ASYNC_ERROR_EVD_OVERFLOW} naming the EVD) is queued on the IA's async EVD. At most one report per EVD is
 * queued at a time, whatever the number of drops: a peer that floods an EVD (connection requests into a full CR EVD)
 * adds to the count, not to the async EVD, which therefore holds at most one report per EVD of the IA and cannot be
 * filled from outside. The report carries the drops counted when the consumer takes it; taking it re-arms the EVD.
 *
 * <p>libdapl ({@code dapls_evd_post_overflow_event}) posts one event per dropped event, naming the IA, and marks the
 * async EVD dead for good when that event does not fit. Here the async EVD never dies: when it is full, its own drops
 * are counted and reported like any EVD's, and reports that do not fit wait in the async EVD's pending list until
 * the consumer takes an event from it ({@link KitEventDispatcher}).
 *
 * <p>Thread safety: lock-free; {@link #dropped()} from any posting thread, {@link #take} under the async EVD's lock.
 */
final class OverflowReport {

    private final AtomicLong sinceReport = new AtomicLong();
    private final AtomicLong total = new AtomicLong();
    private final AtomicBoolean queued = new AtomicBoolean();

    /**
     * Counts one dropped event.
     *
     * @return true if the caller must queue a report (none is queued yet)
     */
    boolean dropped() {
        sinceReport.incrementAndGet();
        total.incrementAndGet();
        return queued.compareAndSet(false, true);
    }

    /**
     * Builds the report the consumer takes now, with the drops counted so far, and re-arms.
     *
     * @param async the async EVD the event is on
     * @param evd the EVD that overflowed
     * @param queueLength its queue length, for the message
     * @return the event
     */
    AsyncErrorEvent take(final KitEventDispatcher async, final KitEventDispatcher evd, final int queueLength) {
        final long n = sinceReport.getAndSet(0);
        queued.set(false);
        final String reason = (evd == async ? "the IA's async EVD" : "EVD") + " of " + queueLength
                + " events was full: " + n + " event" + (n == 1 ? "" : "s") + " dropped since the last report ("
                + total.get() + " in all)";
        return new AsyncErrorEvent(EventNumber.ASYNC_ERROR_EVD_OVERFLOW, async, evd, reason,
                AsyncErrorReason.EVD_OVERFLOW_ERROR);
    }

    /**
     * {@return true if drops were counted after {@link #take} reset the count and no report is queued for them}: the
     * caller queues one (the flag is set)
     */
    boolean rearmedWithDrops() {
        return sinceReport.get() > 0 && queued.compareAndSet(false, true);
    }
}
