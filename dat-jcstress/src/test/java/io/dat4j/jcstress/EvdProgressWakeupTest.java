package io.dat4j.jcstress;

import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;
import io.dat4j.kit.CompletionSource;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * No lost wake-up of an EVD's waiter that drives a software transport ({@link CompletionSource#progress}, as the TCP
 * provider's I/O loop runs on the waiting thread): instead of parking, the waiter blocks inside {@code progress} with
 * no timeout, and the post of another thread must release it with {@link CompletionSource#wakeup()}. The kit sets the
 * flag that makes a post call {@code wakeup} under the EVD's lock before the waiter leaves its check of the ring, so
 * a post between that check and the block is not lost. The source blocks as a selector does: a {@code wakeup} before
 * the block makes the next block return at once. A waiter still blocked when the event is queued is STALE.
 */
@JCStressTest(Mode.Termination)
@Description("EVD waiter inside CompletionSource.progress: the post of another thread always wakes it")
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "woken, took the event")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "lost wake-up: blocked in progress() with the event queued")
@State
public class EvdProgressWakeupTest {

    private final EventDispatcher evd = Rig.evd(4, sink -> new SelectorLikeSource());

    @Actor
    public void waiter() {
        try {
            evd.await(EventDispatcher.INFINITE, 1, new EventSlot());
        } finally {
            evd.close();
        }
    }

    @Signal
    public void poster() {
        evd.postSoftwareEvent(7);
    }

    /** Blocks in {@link #progress} until {@link #wakeup()} or the time given; a wake-up is never lost. */
    static final class SelectorLikeSource implements CompletionSource {

        private final AtomicBoolean woken = new AtomicBoolean();
        private volatile Thread driver;

        @Override
        public int poll() {
            return 0;
        }

        @Override
        public boolean progress(final long nanos) {
            if (nanos <= 0) {
                return false; // nothing to do without blocking
            }
            driver = Thread.currentThread();
            final long start = System.nanoTime();
            while (!woken.compareAndSet(true, false)) {
                if (nanos != Long.MAX_VALUE) {
                    final long left = nanos - (System.nanoTime() - start);
                    if (left <= 0) {
                        break;
                    }
                    LockSupport.parkNanos(this, left);
                } else {
                    LockSupport.park(this);
                }
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            driver = null;
            return true;
        }

        @Override
        public void wakeup() {
            woken.set(true);
            final Thread d = driver;
            if (d != null) {
                LockSupport.unpark(d);
            }
        }
    }
}
