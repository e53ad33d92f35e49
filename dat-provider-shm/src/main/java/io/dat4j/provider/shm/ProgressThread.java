package io.dat4j.provider.shm;

import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.WakeControl;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.logging.log4j.Logger;

/**
 * The progress thread of one shared-memory IA: services the connections no consumer is servicing (so that a target
 * answers RDMA reads, takes SENDs into posted receives and frees ring space while its consumer does something else),
 * and runs the data-path timers (RNR budget, transport timeout). When a round finds nothing to do it arms its
 * connections, looks once more, and sleeps on the IA's futex doorbell until a peer publishes, a receive is posted for
 * a waiting SEND ({@link #kick()}), or the next timer. It never spins: a spinning thread on a busy host takes the
 * core the peer it waits for needs.
 *
 * <p>A connection a consumer serviced within the last {@link #GRACE_NANOS} is left to that consumer (it polls or
 * sleeps on the doorbell itself); when every connection is such, this thread parks instead of sleeping on the
 * doorbell, so that the peer's wake-ups reach the consumer alone. Consumers do not read the clock for this: they
 * count their polls ({@link ConnectionService#sinceDriven}), and this thread, which looks at least every
 * {@link #GRACE_NANOS} while it leaves a connection to a consumer, takes a count that moved since its last look as a
 * consumer servicing the connection now. A consumer that stopped right after that look is noticed one look later.
 *
 * <p>Thread safety: {@link #kick()} and {@link #stop} from any thread. In single-thread mode it takes the IA's gate
 * for each connection's round and for the timers, and arms and sleeps outside it ({@link io.dat4j.kit.ConsumerGate},
 * "Threading and locks" in docs/provider-kit.md).
 */
final class ProgressThread implements Runnable {

    /** A connection a consumer serviced this recently is left to it. */
    static final long GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    private static final long MAX_SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final Logger LOG = Logging.logger(ProgressThread.class);

    private final ShmTransport t;
    private final Thread thread;
    private volatile boolean stopping;
    private volatile boolean kicked;

    ProgressThread(final ShmTransport t, final String name) {
        this.t = t;
        this.thread = Thread.ofPlatform().name(name).daemon().unstarted(this);
    }

    void start() {
        thread.start();
    }

    /** Makes the thread look at every connection soon. */
    void kick() {
        kicked = true;
        t.doorbell.ring();
        LockSupport.unpark(thread);
    }

    @Override
    public void run() {
        final long ack = TimeUnit.MILLISECONDS.toNanos(t.config.ackTimeoutMillis());
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment ts = Doorbell.timespec(a);
            long nextTimers = 0;
            while (!stopping) {
                final long now = System.nanoTime();
                final ShmConnection[] cs = t.connections();
                kicked = false;
                int n = 0;
                for (final ShmConnection c : cs) {
                    if (c.io.sinceDriven(now) > GRACE_NANOS) {
                        t.gate.enterProvider(); // single-thread mode: one connection's round at a time in the gate
                        try {
                            n += c.io.service(false);
                        } finally {
                            t.gate.exitProvider();
                        }
                    }
                }
                if (now - nextTimers >= 0) {
                    nextTimers = now + MAX_SLEEP_NANOS;
                    t.gate.enterProvider();
                    try {
                        for (final ShmConnection c : cs) {
                            final long next = c.io.timers(now, ack);
                            if (next - nextTimers < 0) {
                                nextTimers = next;
                            }
                        }
                    } finally {
                        t.gate.exitProvider();
                    }
                }
                if (n == 0) {
                    sleep(cs, now, nextTimers, ts);
                }
            }
        } catch (final RuntimeException | Error e) {
            LOG.error("shared-memory progress thread {} stopped on an unexpected error", thread.getName(), e);
        }
    }

    private void sleep(final ShmConnection[] cs, final long now, final long nextTimers, final MemorySegment ts) {
        final int seen = t.doorbell.sequence();
        long sleep = Math.min(MAX_SLEEP_NANOS, nextTimers - now);
        boolean moved = kicked;
        boolean watching = false;
        for (final ShmConnection c : cs) {
            final long since = c.io.sinceDriven(now);
            if (since > GRACE_NANOS) {
                watching = true;
                moved |= c.io.armAndCheck(WakeControl.DATA | WakeControl.SPACE);
            } else {
                sleep = Math.min(sleep, GRACE_NANOS - since + 1000);
            }
        }
        if (moved || stopping || sleep <= 0) {
            return;
        }
        if (watching) {
            t.doorbell.await(seen, sleep, ts);
        } else {
            LockSupport.parkNanos(this, sleep);
        }
    }

    /**
     * Stops the thread and waits for it.
     *
     * @param timeoutMillis the longest wait
     */
    void stop(final long timeoutMillis) {
        stopping = true;
        t.doorbell.ring();
        LockSupport.unpark(thread);
        try {
            thread.join(timeoutMillis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean isAlive() {
        return thread.isAlive();
    }
}
