package io.dat4j.kit.internal;

import io.dat4j.DatException;
import io.dat4j.Event;
import io.dat4j.EventSlot;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * The waiter of a {@link KitEventDispatcher} ({@code dat_evd_wait}): owns the one waiting thread, its threshold, the
 * events it left behind ({@code nmore}), the spin before parking ({@link io.dat4j.kit.KitSettings#evdSpinNanos()})
 * and whether it is inside {@link CompletionSource#progress} (then a post releases it with
 * {@link CompletionSource#wakeup()}). The EVD's posts read {@link #thread()}, {@link #threshold()} and
 * {@link #driving()} under its lock to decide whom to wake; the waiter checks its threshold and takes its event under
 * that lock and the ring's take claim, and polls, drives, arms and parks with both released.
 *
 * <p>Thread safety: one waiter at a time (a second gets {@code INVALID_STATE EVD_WAITER}). The waiting thread and
 * its threshold are guarded by the EVD's lock ({@link LockRank#EVENT_DISPATCHER}), the same {@link KitLock} as the
 * EVD's ring; {@code nmore} is written and read by the waiting thread alone. See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class EvdWaiter {

    private final KitEventDispatcher evd;
    /** The EVD's lock ({@link LockRank#EVENT_DISPATCHER}). */
    private final KitLock lock;
    private final EventRing ring;
    /** Nanoseconds a waiter spins before it parks ({@link io.dat4j.kit.KitSettings#evdSpinNanos()}). */
    private final long spinNanos;
    /** The waiting thread, or null (guarded by lock). */
    private Thread thread;
    /** The waiter's threshold (guarded by lock). */
    private int threshold;
    /** Events left after the waiter's take ({@code nmore}); written and read by the one waiter. */
    private int nmore;
    /** The waiter is inside {@link CompletionSource#progress}: release it with {@link CompletionSource#wakeup()}. */
    private volatile boolean driving;
    /**
     * Releases the waiter from the source's progress on an interrupt; made by the first waiter that drives, used by
     * the one waiter (the role passes from one waiter to the next under {@link #lock}).
     */
    private InterruptRelease interruptRelease;

    EvdWaiter(final KitEventDispatcher evd, final KitLock lock, final EventRing ring, final long spinNanos) {
        this.evd = evd;
        this.lock = lock;
        this.ring = ring;
        this.spinNanos = spinNanos;
    }

    /** {@return the waiting thread, or null}; the EVD's lock held */
    Thread thread() {
        return thread;
    }

    /** {@return the waiter's threshold}; the EVD's lock held, and {@link #thread()} not null */
    int threshold() {
        return threshold;
    }

    /** {@return true while the waiter is inside the source's progress} (a volatile read) */
    boolean driving() {
        return driving;
    }

    /** {@return the events left after the calling waiter's last take ({@code nmore})} */
    int more() {
        return nmore;
    }

    /**
     * Waits for {@code threshold} events and takes the first, as a record ({@code slot} null) or into {@code slot}.
     *
     * @return the event taken as a record, or null when it was taken into {@code slot}
     */
    Event await(final Duration timeout, final int threshold, final EventSlot slot) {
        evd.checkOpen();
        if (timeout == null || timeout.isNegative()) {
            throw Checks.invalidArg(2, "timeout must be zero or positive (EventDispatcher.INFINITE for none), was "
                    + timeout);
        }
        final long nanos = Checks.toNanos(timeout);
        final Thread me = Thread.currentThread();
        lock.lock();
        try {
            if (threshold <= 0 || threshold > ring.capacity()) {
                throw Checks.invalidArg(3, "threshold must be 1.." + ring.capacity() + " (the queue length), was "
                        + threshold);
            }
            if (evd.isUnwaitable()) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_UNWAITABLE,
                        "the EVD is unwaitable; clearUnwaitable() first");
            }
            if (thread != null) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_WAITER,
                        "thread " + thread.getName() + " already waits on this EVD; one waiter at a time");
            }
            thread = me;
            this.threshold = threshold;
        } finally {
            lock.unlock();
        }
        try {
            return loop(nanos, threshold, slot);
        } finally {
            lock.lock();
            try {
                thread = null;
            } finally {
                lock.unlock();
            }
            evd.afterTake();
        }
    }

    private Event loop(final long nanos, final int threshold, final EventSlot slot) {
        // the clock is read lazily, once an iteration at most: a wait that finds its events at once reads none, and
        // the timeout (and the spin) starts when the ring is first found short
        boolean started = false;
        long start = 0;
        long deadline = Long.MAX_VALUE;
        boolean armed = false;
        boolean triedOnce = false;
        while (true) {
            evd.pollSource();
            evd.afterTake(); // another consumer's take may have made room it has not filled yet
            if (spinNanos > 0 && ring.countAcquire() < threshold && !evd.isClosed() && !evd.isUnwaitable()) {
                // spinning: too few events, and nothing to report, seen without the lock
                final long now = System.nanoTime();
                if (!started) {
                    started = true;
                    start = now;
                    deadline = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : now + nanos;
                }
                if (now - start < spinNanos && (deadline == Long.MAX_VALUE || deadline - now > 0)
                        && !Thread.currentThread().isInterrupted()) {
                    Thread.onSpinWait();
                    continue;
                }
            }
            final CompletionSource s = evd.completionSource();
            lock.lock();
            try {
                if (evd.isClosed()) {
                    throw new DatException(StatusType.ABORT, null, "the EVD was freed while waiting");
                }
                if (evd.isUnwaitable()) {
                    throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_UNWAITABLE,
                            "the EVD was made unwaitable while waiting");
                }
                if (ring.count() >= threshold) {
                    ring.claim(); // other consumers may take without the lock: check again under the claim
                    try {
                        if (ring.count() >= threshold) {
                            if (slot == null) {
                                final Event e = ring.takeRecord(evd);
                                nmore = ring.count();
                                return e;
                            }
                            ring.takeInto(evd, slot);
                            nmore = ring.count();
                            return null;
                        }
                    } finally {
                        ring.unclaim();
                    }
                }
                // set under the lock: a post after this sees it and wakes the source (no lost wake-up)
                driving = s != null;
            } finally {
                lock.unlock();
            }
            final long left;
            try {
                if (Thread.interrupted()) {
                    throw new DatException(StatusType.INTERRUPTED_CALL, null, "the waiting thread was interrupted");
                }
                final long now;
                if (nanos == Long.MAX_VALUE && spinNanos == 0) {
                    now = 0; // (no deadline, no spin: no clock)
                    left = Long.MAX_VALUE;
                } else {
                    now = System.nanoTime();
                    if (!started) {
                        started = true;
                        start = now;
                        deadline = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : now + nanos;
                    }
                    left = deadline == Long.MAX_VALUE ? Long.MAX_VALUE : deadline - now;
                }
                if (left <= 0 && s != null && !triedOnce) {
                    // a zero (or spent) timeout still gets one non-blocking round of the transport's progress, as
                    // dequeue does, then checks the ring once more
                    triedOnce = true;
                    if (s.progress(0)) {
                        continue;
                    }
                }
                if (left <= 0) {
                    throw new DatException(StatusType.TIMEOUT_EXPIRED, null,
                            "fewer than " + threshold + " events arrived within the timeout; " + ring.count()
                            + " queued");
                }
                if (spinNanos > 0 && now - start < spinNanos) {
                    Thread.onSpinWait();
                    continue;
                }
                if (s != null && drive(s, left)) {
                    armed = false;
                    continue;
                }
            } finally {
                driving = false;
            }
            if (s != null && !armed) {
                s.arm();
                armed = true;
                continue;
            }
            armed = false;
            // the single-thread gate: the transport's threads complete what this thread waits for
            evd.gate().releaseForWait();
            if (left == Long.MAX_VALUE) {
                LockSupport.park(evd);
            } else {
                LockSupport.parkNanos(evd, left);
            }
        }
    }

    /**
     * The waiter's round of the source's progress, released by an interrupt of the waiting thread
     * ({@link InterruptRelease}). Called by the one waiter, without a lock.
     */
    private boolean drive(final CompletionSource s, final long nanos) {
        InterruptRelease r = interruptRelease;
        if (r == null || r.source() != s) {
            r = new InterruptRelease(s);
            interruptRelease = r;
        }
        r.enter();
        try {
            return s.progress(nanos);
        } finally {
            r.exit();
        }
    }
}
