package io.dat4j.provider.rdmacm;

import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.provider.rdmacm.ffi.CompletionBatch;
import io.dat4j.provider.rdmacm.ffi.DataPath;
import io.dat4j.provider.rdmacm.ffi.EventCalls;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Logger;

/**
 * The CQ behind an EVD that takes DTO events ({@code dapls_ib_cq_alloc}): the kit's {@link CompletionSource} of the
 * EVD. A poll hands each work completion to the {@link CompletionDemultiplexer}, which completes the operation on its
 * EP; the CQ grows with its EVD ({@link #resize}) and with the QPs that use it ({@link #reserve}), and never shrinks.
 *
 * <p>Each CQ has its own completion channel ({@code ibv_comp_channel}) and an eventfd, so that the thread waiting on
 * the EVD reads its notifications itself ({@link #progress}, as {@code ibv_get_cq_event} in the waiter's thread of a
 * C program): it arms the CQ ({@code ibv_req_notify_cq}), polls it once more (a completion that came before the arm
 * raises no event), then blocks in {@code poll(2)} on the channel and the eventfd, takes and acks the event and polls
 * the CQ. {@code poll(2)} blocks for all the time the kit gives the round (with no timeout for an unlimited wait):
 * whatever must end it early reaches the eventfd, since the kit calls {@link #wakeup()} on a post, a signal, a close,
 * {@code dat_evd_set_unwaitable} and an interrupt of the waiting thread, and {@link #close()} signals it too. An
 * idle wait therefore sleeps in one {@code poll(2)} and wakes for nothing. An arm that raised no event yet is kept
 * ({@code armed}) for the next round, so a round that follows one that found its completions without an event
 * does not arm again, and the event that arm raises wakes it.
 *
 * <p>Who owns the channel: the <em>claim</em> ({@code claim}, a flag taken by compare-and-set) is held by the one
 * thread that may take the channel's events: the EVD's waiter inside {@link #progress} ({@code DRIVER}), or the IA's
 * CQ thread for the moment of one {@code ibv_get_cq_event} and ack ({@code THREAD}); free otherwise, and
 * {@code CLOSED} for good once {@link #close()} has it. The CQ thread looks at the channel only while it is
 * <em>watched</em>: the kit's {@link #arm()} (a waiter that parks instead of driving, after a round it could not
 * claim) watches it and wakes the thread; {@link #progress} unwatches it before it claims. So a waiter that drives
 * finds its events in the channel, never taken by the thread, and the thread does not wake for them (after the first
 * driven round it has dropped the channel from its {@code poll(2)} set). A waker ({@link #wakeup()}) signals the
 * eventfd only while it is open: {@link #close()} waits for the wakers in flight ({@code wakers}) before it closes it.
 *
 * <p>Threads and locks: polled by whichever thread dequeues, polls or waits on the EVD (the kit, with no kit lock
 * held), and by an EP's teardown and GRACEFUL drain under the EP's transport lock. Guarded by its own lock
 * ({@link LockRank#TRANSPORT_QUEUE}): a poll completes operations under it (data upcalls, ranked below), and an EP's
 * transport lock ({@link LockRank#TRANSPORT}) ranks above it. The claim is a leaf below every lock: its holder blocks
 * only in {@code poll(2)} (released by the eventfd) and takes no lock but the CQ's, in {@link #poll()}; close takes
 * the claim before the lock. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class CompletionQueue implements CompletionSource {

    private static final Logger LOG = Logging.logger(CompletionQueue.class);
    private static final int FREE = 0;
    private static final int DRIVER = 1;
    private static final int THREAD = 2;
    private static final int CLOSED = 3;

    private final KitLock lock = new KitLock(LockRank.TRANSPORT_QUEUE, this);
    private final CompletionNotifier notifier;
    private final EventSink evd;
    private final MemorySegment channel;
    private final int channelFd;
    private final int wakeFd;
    private final MemorySegment cq;
    private final Arena arena = Arena.ofShared();
    private final CompletionBatch wcs;
    /** The driver's {@code poll(2)} set: the channel, then the eventfd. */
    private final MemorySegment pollSet;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Who may take the channel's events (FREE, DRIVER, THREAD, CLOSED; see the class comment). */
    private final AtomicInteger claim = new AtomicInteger(FREE);
    /** Threads inside {@link #wakeup()}; the eventfd closes when none is. */
    private final AtomicInteger wakers = new AtomicInteger();
    /** The IA's CQ thread looks at the channel (set by {@link #arm()}, cleared by {@link #progress}). */
    private volatile boolean watched;
    /** The CQ was armed and its event not taken yet (read and written by the claim's holder). */
    private boolean armed;
    /** Channel events its waiters took, and the CQ thread took (written by the claim's holder; for tests). */
    private long drivenEvents;
    private long threadEvents;
    /** The driver's {@code poll(2)} calls (written by the claim's holder; read by tests while a waiter blocks). */
    private volatile long driverPolls;
    private int entries;
    /** The EVD's queue length. */
    private int queueLength;
    /** Entries the QPs using this CQ may complete at once (each QP's depth, reserved at QP creation). */
    private int reserved;

    /**
     * Creates the CQ of an EVD on the notifier's device, with its own completion channel and eventfd.
     *
     * @param notifier the IA's CQs and CQ thread
     * @param evd the EVD
     * @param entries the CQ's initial size
     */
    CompletionQueue(final CompletionNotifier notifier, final EventSink evd, final int entries) {
        this.notifier = notifier;
        this.evd = evd;
        final MemorySegment cc = VerbsCalls.createCompChannel(notifier.context());
        int efd = -1;
        MemorySegment created = null;
        try {
            EventCalls.setNonBlocking(VerbsCalls.compChannelFd(cc));
            efd = EventCalls.eventFd();
            created = VerbsCalls.createCq(notifier.context(), entries, cc);
        } catch (final RuntimeException e) {
            if (efd >= 0) {
                EventCalls.closeFd(efd);
            }
            VerbsCalls.destroyCompChannel(cc);
            arena.close();
            throw e;
        }
        this.channel = cc;
        this.channelFd = VerbsCalls.compChannelFd(cc);
        this.wakeFd = efd;
        this.cq = created;
        this.entries = entries;
        this.queueLength = entries;
        this.wcs = new CompletionBatch(arena, 16);
        this.pollSet = EventCalls.pollSet(arena, 2);
    }

    /** {@return the EVD this CQ feeds} */
    EventSink evd() {
        return evd;
    }

    /** {@return the {@code ibv_cq}} */
    MemorySegment cq() {
        return cq;
    }

    @Override
    public int poll() {
        lock.lock();
        try {
            if (closed.get()) {
                return 0;
            }
            int moved = 0;
            while (true) {
                final int n = wcs.poll(notifier.ops(), cq);
                if (n <= 0) {
                    if (n < 0) {
                        LOG.error("ibv_poll_cq failed: {}", n);
                    }
                    return moved;
                }
                for (int i = 0; i < n; i++) {
                    notifier.demultiplexer().complete(wcs.wrId(i), wcs.qpNum(i), wcs.status(i), wcs.byteLength(i),
                            RdmaCmExtensions.immediate(wcs, i));
                }
                moved += n;
            }
        } finally {
            lock.unlock();
        }
    }

    /** {@inheritDoc} ({@code ibv_resize_cq}: the CQ grows with its EVD and never shrinks) */
    @Override
    public void resize(final int queueLength) {
        lock.lock();
        try {
            if (closed.get()) {
                return;
            }
            final int wanted = Math.min(Math.max(Math.max(queueLength, 1), reserved), notifier.maxCqe());
            if (wanted > entries) {
                entries = VerbsCalls.resizeCq(cq, wanted);
            }
            this.queueLength = queueLength;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Counts on room for a new QP's completions: the CQ grows ({@code ibv_resize_cq}) to hold the EVD's queue
     * length or every completion its QPs can have outstanding at once, whichever is more (never past the
     * device's {@code max_cqe}). A device that cannot resize keeps its size, with a warning.
     *
     * @param n the QP's depth on this CQ
     */
    void reserve(final int n) {
        lock.lock();
        try {
            reserved += n;
            if (closed.get()) {
                return;
            }
            final int wanted = Math.min(Math.max(queueLength, reserved), notifier.maxCqe());
            if (wanted > entries) {
                try {
                    entries = VerbsCalls.resizeCq(cq, wanted);
                } catch (final RuntimeException e) {
                    LOG.warn("the CQ of EVD {} stays at {} entries for QPs that may complete {}: {}", evd, entries,
                            reserved, e.getMessage());
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Forgets a QP's reservation (the CQ never shrinks).
     *
     * @param n what {@link #reserve} was given
     */
    void release(final int n) {
        lock.lock();
        try {
            reserved = Math.max(0, reserved - n);
        } finally {
            lock.unlock();
        }
    }

    /** {@return how many channel events this CQ's waiters took themselves} */
    long drivenEvents() {
        return drivenEvents;
    }

    /** {@return how many times this CQ's waiters called {@code poll(2)} (an idle wait calls it once)} */
    long driverPolls() {
        return driverPolls;
    }

    /** {@return how many channel events the IA's CQ thread took and turned into signals} */
    long threadEvents() {
        return threadEvents;
    }

    /** {@return the completion channel's descriptor (the CQ thread's {@code poll(2)} set)} */
    int channelFd() {
        return channelFd;
    }

    /** {@return whether the IA's CQ thread watches the channel} */
    boolean watched() {
        return watched && claim.get() != CLOSED;
    }

    /**
     * {@inheritDoc} For a waiter that parks instead of driving ({@link #progress} returned false): the IA's CQ thread
     * watches the channel from now on and signals the EVD on the event. Synchronized with {@link #close()} like
     * {@link #poll()}: a consumer arming while another thread frees the EVD (IA close) must not call
     * {@code ibv_req_notify_cq} on a destroyed CQ.
     */
    @Override
    public void arm() {
        if (!watched) {
            watched = true;
            notifier.watchChanged();
        }
        lock.lock();
        try {
            if (!closed.get()) {
                final int rc = DataPath.reqNotifyCq(notifier.ops(), cq, false);
                if (rc != 0) {
                    LOG.error("ibv_req_notify_cq failed: errno {}", rc);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@inheritDoc} One round of the EVD's waiter on the CQ's own channel (see the class comment): false, doing
     * nothing, without time to wait (the kit polled the CQ just before), on a virtual thread (which must not block
     * in native code: the kit parks it and the CQ thread signals), or when the channel cannot be claimed (the CQ
     * thread is taking an event, which it turns into a signal; or the CQ is closing). The kit also calls
     * {@link #wakeup()} when the waiter is interrupted (and begins with it if the thread already is), so the round
     * blocks for all of {@code nanos}.
     */
    @Override
    public boolean progress(final long nanos) {
        if (nanos <= 0 || !notifier.waiterReadsChannel() || Thread.currentThread().isVirtual()) {
            return false; // (a virtual thread must not block in poll(2): it parks, and the CQ thread wakes it)
        }
        watched = false; // before the claim: the CQ thread takes no event of an unwatched channel
        if (!claim.compareAndSet(FREE, DRIVER)) {
            return false;
        }
        try {
            final long start = nanos == Long.MAX_VALUE ? 0 : System.nanoTime();
            while (true) {
                if (!armed) {
                    final int rc = DataPath.reqNotifyCq(notifier.ops(), cq, false);
                    if (rc != 0) {
                        LOG.error("ibv_req_notify_cq failed: errno {}", rc);
                        return false;
                    }
                    armed = true;
                    // completions that came before the arm raise no event
                    if (poll() > 0) {
                        return true;
                    }
                }
                final long left = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : nanos - (System.nanoTime() - start);
                if (left <= 0 || closed.get() || Thread.currentThread().isInterrupted()) {
                    return true;
                }
                EventCalls.watch(pollSet, 0, channelFd);
                EventCalls.watch(pollSet, 1, wakeFd);
                driverPolls++; // (one writer, the claim's holder)
                if (EventCalls.poll(pollSet, 2, timeoutMs(left)) == 0) {
                    return true; // the time is spent (or EINTR): the kit checks its deadline and the interrupt
                }
                if (EventCalls.ready(pollSet, 1)) {
                    EventCalls.drainEventFd(wakeFd);
                    poll();
                    return true;
                }
                final MemorySegment got = EventCalls.getCqEvent(channel);
                if (got != null) {
                    EventCalls.ackCqEvents(got, 1);
                    armed = false;
                    drivenEvents++;
                }
                if (poll() > 0) {
                    return true;
                }
                // an event without completions: the one of an arm whose completions an earlier poll took
            }
        } finally {
            claim.set(FREE);
        }
    }

    /**
     * {@return {@code poll(2)}'s timeout for a round with {@code nanos} left: -1 (none) for an unlimited wait, else
     * the time rounded up to whole milliseconds (at least 1, at most {@code Integer.MAX_VALUE}, about 24 days, after
     * which the kit calls again)}
     *
     * @param nanos the time left, {@code Long.MAX_VALUE} for no limit
     */
    static int timeoutMs(final long nanos) {
        if (nanos == Long.MAX_VALUE) {
            return -1;
        }
        // (rounded up without overflow: nanos / 1e6, plus one if there is a remainder)
        final long ms = nanos / 1_000_000 + (nanos % 1_000_000 == 0 ? 0 : 1);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, ms));
    }

    /** {@inheritDoc} Signals the eventfd the driver polls (its next round returns at once if it is not inside). */
    @Override
    public void wakeup() {
        wakers.incrementAndGet();
        try {
            if (!closed.get()) {
                EventCalls.signalEventFd(wakeFd);
            }
        } finally {
            wakers.decrementAndGet();
        }
    }

    /**
     * The IA's CQ thread found the channel readable: it takes the event if the channel is watched and free, and
     * signals the EVD. It leaves an unwatched channel to its next driver.
     */
    void takeWatchedEvent() {
        if (!watched || !claim.compareAndSet(FREE, THREAD)) {
            return;
        }
        final MemorySegment got;
        try {
            got = EventCalls.getCqEvent(channel);
            if (got != null) {
                EventCalls.ackCqEvents(got, 1);
                armed = false;
                threadEvents++;
            }
        } finally {
            claim.set(FREE);
        }
        if (got != null) {
            evd.signal();
        }
    }

    /**
     * {@inheritDoc} Releases a driving waiter first (it holds the claim until its {@code poll(2)} returns on the
     * eventfd), then destroys the CQ, its channel and its eventfd.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        while (!claim.compareAndSet(FREE, CLOSED)) {
            // a driver leaves at once once its eventfd is signalled; the CQ thread's take is one read
            EventCalls.signalEventFd(wakeFd);
            Thread.yield();
        }
        lock.lock();
        try {
            notifier.forget(this);
            try {
                VerbsCalls.destroyCq(cq);
            } catch (final RuntimeException e) {
                // EBUSY: a QP still uses it; logged so that the leak has a name
                LOG.warn("ibv_destroy_cq of EVD {}: {}", evd, e.getMessage());
            }
            try {
                VerbsCalls.destroyCompChannel(channel);
            } catch (final RuntimeException e) {
                // EBUSY: the CQ was not destroyed
                LOG.warn("ibv_destroy_comp_channel of EVD {}: {}", evd, e.getMessage());
            }
            while (wakers.get() != 0) {
                Thread.onSpinWait();
            }
            EventCalls.closeFd(wakeFd);
            arena.close();
        } finally {
            lock.unlock();
        }
    }
}
