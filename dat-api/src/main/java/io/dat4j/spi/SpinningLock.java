package io.dat4j.spi;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link ReentrantLock} for the kit's short data-path critical sections (an EP queue, an EVD ring): {@link #lock()}
 * tries a few times, spinning briefly, before it queues. Queueing on a contended {@code ReentrantLock} allocates a
 * node per wait; the poster and the provider's I/O thread meet on these locks once per operation, and their
 * critical sections last nanoseconds, so a short spin avoids that allocation (and a park) in the common case.
 */
final class SpinningLock extends ReentrantLock {

    private static final long serialVersionUID = 1L;
    /** Tries before queueing; each try is followed by one {@link Thread#onSpinWait()}. */
    private static final int SPINS = 64;

    @Override
    public void lock() {
        for (int i = 0; i < SPINS; i++) {
            if (tryLock()) {
                return;
            }
            Thread.onSpinWait();
        }
        super.lock();
    }
}
