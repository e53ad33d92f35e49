package io.dat4j.kit;

import io.dat4j.internal.logging.Logging;
import java.util.ArrayDeque;
import org.apache.logging.log4j.Logger;

/**
 * The connection upcalls a transport decides while it holds one of its own locks, made once it has released it: the
 * rule of "Threading and locks" in {@code docs/provider-kit.md} that a transport calls up holding none of its locks
 * (a connection upcall takes the EP's lock, ranked above every transport lock). The transport queues an upcall with
 * {@link #add} while it holds the lock and releases the lock with {@link #unlock()}, which makes the queued upcalls
 * first, in order, each with the lock released, one thread at a time (a thread that releases the lock while another
 * is making them leaves its own to that thread), so that they reach the kit in the order they were decided.
 *
 * <p>Thread safety: guarded by the lock given to the constructor; {@link #add} and {@link #isEmpty()} need it held.
 */
public final class DeferredUpcalls {

    private static final Logger LOG = Logging.logger(DeferredUpcalls.class);

    private final KitLock lock;
    private final Object owner;
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    private boolean making;

    /**
     * Creates the queue of one lock.
     *
     * @param lock the transport's lock the upcalls are decided under
     * @param owner what the lock guards, for the log
     */
    public DeferredUpcalls(final KitLock lock, final Object owner) {
        this.lock = lock;
        this.owner = owner;
    }

    /**
     * Queues a connection upcall (or any work that calls one), to be made after the lock is released; the caller
     * holds the lock.
     *
     * @param upcall the upcall
     */
    public void add(final Runnable upcall) {
        queue.add(upcall);
    }

    /** {@return true if no upcall is queued}; the caller holds the lock */
    public boolean isEmpty() {
        return queue.isEmpty();
    }

    /**
     * Releases the lock. When this ends the thread's outermost hold and upcalls are queued, makes them first, in order,
     * each with the lock released; an upcall that throws is logged and the next one made.
     *
     * @return true if this thread made upcalls
     */
    public boolean unlock() {
        if (queue.isEmpty() || making || lock.getHoldCount() > 1) {
            lock.unlock();
            return false;
        }
        making = true;
        try {
            Runnable r;
            while ((r = queue.poll()) != null) {
                lock.unlock();
                try {
                    r.run();
                } catch (final RuntimeException e) {
                    LOG.warn("{}: a queued upcall failed", owner, e);
                } finally {
                    lock.lock();
                }
            }
        } finally {
            making = false;
            lock.unlock();
        }
        return true;
    }
}
