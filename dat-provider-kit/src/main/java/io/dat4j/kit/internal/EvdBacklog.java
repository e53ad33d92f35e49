package io.dat4j.kit.internal;

import io.dat4j.kit.KitLock;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;

/**
 * The DTO completions an EVD has no room for, as libdapl leaves work completions in the CQ: the EP queues
 * ({@link OperationQueue}) whose oldest completed descriptor waits for a free entry of the EVD's ring, in the order
 * they began to wait. Such a descriptor keeps its queue slot (a post on that queue fails with
 * {@code INSUFFICIENT_RESOURCES}, as in C), and the queue's later completions wait behind it, so that the completions
 * of one EP stay in order. While any queue waits, a queue that is not the first one waits behind it, so completions
 * also enter the EVD in the order they began to wait, as they leave a CQ. Whoever takes an event from the ring and
 * then finds {@link #pending()} moves the waiting completions in ({@link #refill()}), first queue first, until the
 * ring is full again or no queue waits.
 *
 * <p>Thread safety: guarded by the owning EVD's lock ({@link io.dat4j.kit.LockRank#EVENT_DISPATCHER}), but for
 * {@link #pending()}, read by takers with no lock. The hand-off between a queue that begins to wait and a taker that
 * frees an entry of the ring at the same time is a store-then-load on both sides: the queue publishes
 * {@code pending} (volatile) and then reads the ring's taken count (volatile, {@link EventRing#isFull()}); the taker
 * publishes the taken count (volatile) and then reads {@code pending}. So one of them sees the other: either the queue
 * finds the entry free and posts, or the taker finds the queue waiting and moves it in. See "Threading and locks" in
 * {@code docs/provider-kit.md}; the jcstress {@code EvdBacklogHandOffTest} races the two.
 */
final class EvdBacklog {

    private static final VarHandle PENDING;

    static {
        try {
            PENDING = MethodHandles.lookup().findVarHandle(EvdBacklog.class, "pending", int.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final KitEventDispatcher evd;
    private final KitLock lock;
    private final EventRing ring;
    /** The queues that wait, first waiter first (guarded by the EVD's lock). */
    private final ArrayDeque<OperationQueue> queues = new ArrayDeque<>();
    /** 1 while a queue waits; written under the EVD's lock, read by takers without it. */
    @SuppressWarnings("unused") // through PENDING
    private volatile int pending;

    EvdBacklog(final KitEventDispatcher evd, final KitLock lock, final EventRing ring) {
        this.evd = evd;
        this.lock = lock;
        this.ring = ring;
    }

    /** {@return true if a queue waits for room}; no lock (a taker reads it after freeing an entry) */
    boolean pending() {
        return (int) PENDING.getVolatile(this) != 0;
    }

    /**
     * {@return true if the queue may post the event of its oldest completion now}; otherwise the queue waits (it is
     * added, once, behind the queues that wait already). Under the EVD's lock.
     *
     * @param q the queue whose head completion is to be posted
     */
    boolean admits(final OperationQueue q) {
        final OperationQueue first = queues.peekFirst();
        if (first == null) {
            if (!ring.isFull()) {
                return true;
            }
            join(q);
            // store-then-load: a taker that freed an entry before the store of pending is seen here
            return !ring.isFull();
        }
        if (first == q) {
            return !ring.isFull(); // pending has been published since q joined
        }
        if (!q.backlogged) {
            join(q);
        }
        return false;
    }

    private void join(final OperationQueue q) {
        queues.addLast(q);
        q.backlogged = true;
        PENDING.setVolatile(this, 1);
    }

    /**
     * The queue has no completion waiting any more (all posted, or the EVD closed under them). Under the EVD's lock.
     *
     * @param q the queue
     */
    void leave(final OperationQueue q) {
        if (q.backlogged) {
            queues.remove(q);
            q.backlogged = false;
            if (queues.isEmpty()) {
                PENDING.setVolatile(this, 0);
            }
        }
    }

    /** {@link #leave} under the EVD's lock; the caller holds the queue's (a queue's drain that posted all). */
    void leaveLocking(final OperationQueue q) {
        lock.lock();
        try {
            leave(q);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Moves the completions that wait for room into the ring, first waiting queue first, until the ring is full or
     * none waits; called with no lock held (each queue's drain takes its lock, then the EVD's) by whoever took an
     * event and found {@link #pending()}, by a consumer that found the ring empty, and after a resize.
     */
    void refill() {
        while (true) {
            final OperationQueue q;
            lock.lock();
            try {
                q = evd.isClosed() ? null : queues.peekFirst();
                if (q == null || ring.isFull()) {
                    return;
                }
            } finally {
                lock.unlock();
            }
            q.drainBacklog();
        }
    }

    /**
     * {@return true if the ring holds an event after a refill}; a consumer that found the ring empty while a queue
     * waits (another consumer may have taken the last event and not moved them in yet: C's dequeue polls the CQ when
     * the EVD is empty)
     */
    boolean refilled() {
        refill();
        return ring.countAcquire() > 0;
    }

    /** Forgets every waiting queue (the EVD is freed: its events are dropped, and so are theirs). Under the lock. */
    void clear() {
        for (final OperationQueue q : queues) {
            q.backlogged = false;
        }
        queues.clear();
        PENDING.setVolatile(this, 0);
    }
}
