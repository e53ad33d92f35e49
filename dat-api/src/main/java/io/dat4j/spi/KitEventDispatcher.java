package io.dat4j.spi;

import io.dat4j.Capability;
import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventDispatcherParameters;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.SoftwareEvent;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The kit's event dispatcher ({@code DAT_EVD_HANDLE}): a bounded ring of events usable by any provider. Posting and
 * dequeuing allocate nothing (only the event records themselves are objects); {@link #await} parks the one waiter
 * (no spinning) and is unparked by the post that reaches its threshold, by {@link #signal()}, by close (ABORT) and by
 * {@link #setUnwaitable()}. An event that does not fit is dropped and {@code ASYNC_ERROR_EVD_OVERFLOW} is posted to
 * the IA's async EVD; an overflowing async EVD is marked dead (libdapl {@code dapls_evd_post_overflow_event}).
 *
 * <p>A transport with a completion queue of its own gives the EVD a {@link CompletionSource}, which the EVD polls
 * on the consumer's thread before it looks at its ring. A transport with software progress (TCP) lets the waiter
 * make progress itself ({@link CompletionSource#progress}) instead of parking.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; one waiter at a time.
 */
public final class KitEventDispatcher extends KitHandle implements EventDispatcher {

    /**
     * System property: nanoseconds {@link #await} polls (spinning, for the lowest latency) before it parks; default
     * 0, no spinning.
     */
    public static final String SPIN_NANOS_PROP_NAME = "dat4j.evd.spinNanos";

    private static final long SPIN_NANOS = Math.max(0, Long.getLong(SPIN_NANOS_PROP_NAME, 0L));

    private final KitInterfaceAdapter ia;
    private final Set<EventStream> streams;
    private final boolean async;
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicInteger users = new AtomicInteger();
    private Event[] ring;
    private int head;
    private int count;
    private Thread waiter;
    /** The waiter is inside {@link CompletionSource#progress}: release it with {@link CompletionSource#wakeup()}. */
    private volatile boolean driving;
    private int waitThreshold;
    private volatile boolean enabled = true;
    private volatile boolean unwaitable;
    private volatile boolean dead;
    private volatile KitConsumerNotifier notifier;
    private volatile CompletionSource source;

    KitEventDispatcher(final KitInterfaceAdapter ia, final int queueLength, final KitConsumerNotifier notifier,
            final Set<EventStream> streams, final boolean async) {
        this.ia = ia;
        this.ring = new Event[queueLength];
        this.notifier = notifier;
        this.streams = Set.copyOf(EnumSet.copyOf(streams));
        this.async = async;
    }

    void source(final CompletionSource value) {
        source = value;
    }

    /** {@return the completion source of this EVD ({@link Transport#createCompletionSource}), or null} */
    public CompletionSource completionSource() {
        return source;
    }

    @Override
    KitInterfaceAdapter owner() {
        return ia;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.NO_SUBTYPE;
    }

    boolean takes(final EventStream stream) {
        return streams.contains(stream);
    }

    boolean isAsync() {
        return async;
    }

    void retain() {
        users.incrementAndGet();
    }

    void release() {
        users.decrementAndGet();
    }

    KitConsumerNotifier notifierRef() {
        return notifier;
    }

    // ---------------------------------------------------------------- posting (provider side)

    /**
     * Posts an event (the provider's side of the queue). Wakes the waiter when its threshold is reached, or triggers
     * the CNO when enabled and nobody waits. Allocation-free.
     *
     * @param event the event; its {@code dispatcher()} should be this EVD
     * @return false if it did not fit (it was dropped and EVD_OVERFLOW reported) or the EVD is freed or dead
     */
    public boolean post(final Event event) {
        if (isClosed() || dead) {
            return false;
        }
        if (!offer(event)) {
            overflowed(event);
            return false;
        }
        return true;
    }

    /**
     * Appends an event if there is room, then wakes the waiter when its threshold is reached, or triggers the CNO
     * when enabled and nobody waits. Allocation-free.
     *
     * @return false, with nothing changed, when the ring is full
     */
    private boolean offer(final Event event) {
        Thread wake = null;
        boolean notify = false;
        boolean drv = false;
        lock.lock();
        try {
            final Event[] r = ring;
            if (count == r.length) {
                return false;
            }
            int i = head + count;
            if (i >= r.length) {
                i -= r.length;
            }
            r[i] = event;
            count++;
            if (waiter != null) {
                if (count >= waitThreshold) {
                    wake = waiter;
                    drv = driving;
                }
            } else {
                notify = enabled && notifier != null;
            }
        } finally {
            lock.unlock();
        }
        if (wake != null) {
            if (wake != Thread.currentThread()) {
                // (a waiter making progress posts its own completions: nothing to wake)
                LockSupport.unpark(wake);
                if (drv) {
                    wakeSource();
                }
            }
        } else if (notify) {
            final KitConsumerNotifier n = notifier;
            if (n != null) {
                n.fired(this);
            }
        }
        return true;
    }

    private void overflowed(final Event dropped) {
        if (async) {
            dead = true;
            KitInterfaceAdapter.LOG.error("the async EVD of IA {} overflowed and is now dead; dropped {}", ia.name(),
                    dropped);
            return;
        }
        ia.asyncError(EventNumber.ASYNC_ERROR_EVD_OVERFLOW, this,
                "EVD of " + ring.length + " events is full; dropped " + dropped.number());
    }

    /**
     * Wakes the waiter so that it polls the {@link CompletionSource} (a transport's completion notification).
     * Allocation-free; does nothing when nobody waits.
     */
    public void signal() {
        final Thread w;
        final boolean drv;
        lock.lock();
        try {
            w = waiter;
            drv = driving;
        } finally {
            lock.unlock();
        }
        if (w != null) {
            LockSupport.unpark(w);
            if (drv) {
                wakeSource();
            }
        } else if (enabled && notifier != null && source != null) {
            final KitConsumerNotifier n = notifier;
            if (n != null) {
                n.fired(this);
            }
        }
    }

    // ---------------------------------------------------------------- consumer side

    @Override
    public HandleType handleType() {
        return HandleType.EVD;
    }

    @Override
    public InterfaceAdapter interfaceAdapter() {
        checkOpen();
        return ia;
    }

    @Override
    public EventDispatcherParameters query() {
        checkOpen();
        lock.lock();
        try {
            return new EventDispatcherParameters(ia, ring.length, notifier, streams);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Set<EventStream> streams() {
        checkOpen();
        return streams;
    }

    @Override
    public int size() {
        checkOpen();
        pollSource();
        lock.lock();
        try {
            return count;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void resize(final int queueLength) {
        checkOpen();
        if (!ia.has(Capability.EVD_RESIZE)) {
            throw Checks.notImplemented("dat_evd_resize");
        }
        final int max = ia.limits().maxEventDispatcherQueueLength();
        if (queueLength < 1 || queueLength > max) {
            throw Checks.invalidArg(2, "queue length must be 1.." + max + ", was " + queueLength);
        }
        lock.lock();
        try {
            if (count > queueLength) {
                throw Checks.invalidState(StatusSubtype.NO_SUBTYPE, count + " events are queued, more than the new"
                        + " length " + queueLength + "; dequeue first");
            }
            final Event[] n = new Event[queueLength];
            for (int i = 0; i < count; i++) {
                n[i] = ring[(head + i) % ring.length];
            }
            ring = n;
            head = 0;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void postSoftwareEvent(final Object payload) {
        checkOpen();
        if (!streams.contains(EventStream.SOFTWARE)) {
            throw Checks.invalidArg(1, "the EVD was created without EventStream.SOFTWARE, so it takes no software"
                    + " events");
        }
        if (!offer(new SoftwareEvent(this, payload))) {
            throw new DatException(StatusType.QUEUE_FULL, null, "EVD of " + ring.length + " events is full");
        }
    }

    private void pollSource() {
        final CompletionSource s = source;
        if (s != null) {
            s.poll();
        }
    }

    private void wakeSource() {
        final CompletionSource s = source;
        if (s != null) {
            s.wakeup();
        }
    }

    private Event take() {
        final Event e = ring[head];
        ring[head] = null;
        head++;
        if (head == ring.length) {
            head = 0;
        }
        count--;
        return e;
    }

    @Override
    public Event dequeue() {
        final Event e = poll();
        if (e == null) {
            throw new DatException(StatusType.QUEUE_EMPTY, null, "no event is queued");
        }
        return e;
    }

    @Override
    public Event poll() {
        checkOpen();
        pollSource();
        lock.lock();
        try {
            if (count > 0) {
                return take();
            }
        } finally {
            lock.unlock();
        }
        final CompletionSource s = source;
        if (s == null || !s.progress(0)) {
            return null;
        }
        lock.lock();
        try {
            return count == 0 ? null : take();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Event await(final Duration timeout, final int threshold) {
        checkOpen();
        if (timeout == null || timeout.isNegative()) {
            throw Checks.invalidArg(2, "timeout must be zero or positive (EventDispatcher.INFINITE for none), was "
                    + timeout);
        }
        final long nanos = toNanos(timeout);
        final Thread me = Thread.currentThread();
        lock.lock();
        try {
            if (threshold <= 0 || threshold > ring.length) {
                throw Checks.invalidArg(3, "threshold must be 1.." + ring.length + " (the queue length), was "
                        + threshold);
            }
            if (unwaitable) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_UNWAITABLE,
                        "the EVD is unwaitable; clearUnwaitable() first");
            }
            if (waiter != null) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_WAITER,
                        "thread " + waiter.getName() + " already waits on this EVD; one waiter at a time");
            }
            waiter = me;
            waitThreshold = threshold;
        } finally {
            lock.unlock();
        }
        try {
            return awaitLoop(nanos, threshold);
        } finally {
            lock.lock();
            try {
                waiter = null;
            } finally {
                lock.unlock();
            }
        }
    }

    private Event awaitLoop(final long nanos, final int threshold) {
        final long start = System.nanoTime();
        final long deadline = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : start + nanos;
        boolean armed = false;
        while (true) {
            pollSource();
            final CompletionSource s = source;
            lock.lock();
            try {
                if (isClosed()) {
                    throw new DatException(StatusType.ABORT, null, "the EVD was freed while waiting");
                }
                if (unwaitable) {
                    throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_UNWAITABLE,
                            "the EVD was made unwaitable while waiting");
                }
                if (count >= threshold) {
                    return take();
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
                left = deadline == Long.MAX_VALUE ? Long.MAX_VALUE : deadline - System.nanoTime();
                if (left <= 0) {
                    throw new DatException(StatusType.TIMEOUT_EXPIRED, null,
                            "fewer than " + threshold + " events arrived within the timeout; " + count + " queued");
                }
                if (SPIN_NANOS > 0 && System.nanoTime() - start < SPIN_NANOS) {
                    Thread.onSpinWait();
                    continue;
                }
                if (s != null && s.progress(left)) {
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
            if (left == Long.MAX_VALUE) {
                LockSupport.park(this);
            } else {
                LockSupport.parkNanos(this, left);
            }
        }
    }

    private static long toNanos(final Duration d) {
        try {
            return d.toNanos();
        } catch (final ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    @Override
    public void enable() {
        checkOpen();
        enabled = true;
    }

    @Override
    public void disable() {
        checkOpen();
        enabled = false;
    }

    @Override
    public boolean isEnabled() {
        checkOpen();
        return enabled;
    }

    @Override
    public void setUnwaitable() {
        checkOpen();
        unwaitable = true;
        wakeWaiter();
    }

    @Override
    public void clearUnwaitable() {
        checkOpen();
        unwaitable = false;
    }

    @Override
    public void modifyNotifier(final ConsumerNotifier value) {
        checkOpen();
        if (!ia.has(Capability.CNO)) {
            throw Checks.notImplemented("dat_evd_modify_cno");
        }
        final KitConsumerNotifier n = value == null ? null : ia.checkNotifier(value, 2);
        final KitConsumerNotifier old = notifier;
        if (n != null) {
            n.retain();
        }
        notifier = n;
        if (old != null) {
            old.release();
        }
    }

    private void wakeWaiter() {
        final Thread w;
        final boolean drv;
        lock.lock();
        try {
            w = waiter;
            drv = driving;
        } finally {
            lock.unlock();
        }
        if (w != null) {
            LockSupport.unpark(w);
            if (drv) {
                wakeSource();
            }
        }
    }

    @Override
    public void close() {
        if (isClosed()) {
            return;
        }
        if (async && !ia.isClosing()) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_IN_USE,
                    "the IA's async EVD is freed with the IA (close the IA)");
        }
        if (users.get() > 0) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_IN_USE, users.get()
                    + " EP(s) or service point(s) still use this EVD; free them first");
        }
        release(false);
    }

    @Override
    void forceClose() {
        release(true);
    }

    private void release(final boolean force) {
        if (!markClosed()) {
            return;
        }
        wakeWaiter();
        final CompletionSource s = source;
        if (s != null) {
            try {
                s.close();
            } catch (final RuntimeException e) {
                KitInterfaceAdapter.LOG.warn("closing the completion source of {} failed", this, e);
            }
        }
        final KitConsumerNotifier n = notifier;
        if (n != null) {
            n.release();
        }
        lock.lock();
        try {
            for (int i = 0; i < ring.length; i++) {
                ring[i] = null;
            }
            count = 0;
        } finally {
            lock.unlock();
        }
        ia.removeChild(this);
        if (force) {
            KitInterfaceAdapter.LOG.debug("EVD {} freed by IA close", this);
        }
    }
}
