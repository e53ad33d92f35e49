package io.dat4j.provider.shm;

import io.dat4j.provider.shm.sys.WakeControl;
import io.dat4j.kit.CompletionSource;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The completion source of a shared-memory EVD: the thread that dequeues, polls or waits on the EVD services the
 * connections that complete into it, on its own thread (consumer-driven progress, no hand-over to another thread on
 * the data path). A waiter polls once (for {@link ShmConfig#busyPollMicros()} when busy polling is set), then arms
 * its connections and sleeps on the IA's futex doorbell until a peer publishes what it waits for or the kit calls
 * {@link #wakeup()} (which the kit also calls when the waiting thread is interrupted). A virtual thread does not sleep
 * here: it parks in the kit, and the IA's progress thread services its connections.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; the connection list is copy-on-write.
 */
final class ShmCompletionSource implements CompletionSource {

    private static final ShmConnection[] NONE = new ShmConnection[0];
    private static final ThreadLocal<MemorySegment> TIMESPEC = ThreadLocal.withInitial(
            () -> Arena.ofAuto().allocate(16, 8));

    private final ShmTransport t;
    private volatile ShmConnection[] conns = NONE;
    /** What a sleeper waits for from each connection ({@link WakeControl#DATA}, {@link WakeControl#SPACE}). */
    private volatile int[] waits = new int[0];
    private volatile Thread driver;
    private volatile boolean woken;

    ShmCompletionSource(final ShmTransport t) {
        this.t = t;
    }

    /**
     * A connection now completes into this EVD.
     *
     * @param c the connection
     * @param what what completes here: {@link WakeControl#DATA} (receives: the peer's records) and/or
     *        {@link WakeControl#SPACE} (SENDs and WRITEs: the peer consumed them)
     */
    synchronized void attach(final ShmConnection c, final int what) {
        final ShmConnection[] n = Arrays.copyOf(conns, conns.length + 1);
        final int[] w = Arrays.copyOf(waits, waits.length + 1);
        n[conns.length] = c;
        w[waits.length] = what;
        waits = w;
        conns = n;
    }

    /** A connection no longer completes into this EVD. */
    synchronized void detach(final ShmConnection c) {
        final ShmConnection[] old = conns;
        for (int i = 0; i < old.length; i++) {
            if (old[i] == c) {
                final ShmConnection[] n = new ShmConnection[old.length - 1];
                System.arraycopy(old, 0, n, 0, i);
                System.arraycopy(old, i + 1, n, i, old.length - i - 1);
                final int[] w = new int[old.length - 1];
                System.arraycopy(waits, 0, w, 0, i);
                System.arraycopy(waits, i + 1, w, i, old.length - i - 1);
                conns = n;
                waits = w;
                return;
            }
        }
    }

    /**
     * {@inheritDoc} In single-thread mode the rounds run holding the IA's gate ({@link io.dat4j.kit.ConsumerGate}),
     * taken here unless the kit's call holds it already; a poll that finds nothing lets a transport thread that waits
     * for the gate have it ({@link io.dat4j.kit.ConsumerGate#idle()}).
     */
    @Override
    public int poll() {
        t.gate.enter();
        int n = 0;
        for (final ShmConnection c : conns) {
            n += c.io.service(true);
        }
        if (n == 0) {
            t.gate.idle();
        }
        return n;
    }

    /**
     * {@inheritDoc} Without time to wait ({@code nanos} 0: an empty {@code dat_evd_dequeue}, a spent timeout) it does
     * nothing: the kit polled the connections just before ({@link #poll}), and a second round would only double the
     * cost of a polling consumer's empty look.
     */
    @Override
    public boolean progress(final long nanos) {
        final ShmConnection[] cs = conns;
        final int[] ws = waits;
        if (nanos <= 0 || cs.length == 0 || ws.length != cs.length) {
            return false; // nothing to drive: the kit parks and is woken by the post
        }
        if (Thread.currentThread().isVirtual()) {
            // the futex wait below would hold a virtual thread's carrier for the whole wait: such a waiter looks
            // once, then parks in the kit, and the IA's progress thread services the connections meanwhile
            return poll() > 0;
        }
        driver = Thread.currentThread();
        try {
            final long t0 = System.nanoTime();
            final long spin = Math.min(nanos, t.config.busyPollNanos());
            while (true) {
                if (poll() > 0 || woken) {
                    return true;
                }
                if (System.nanoTime() - t0 >= spin) {
                    break;
                }
                Thread.onSpinWait();
            }
            t.gate.releaseForWait(); // the sleep below waits for the peer and the IA's other threads
            final int seen = t.doorbell.sequence();
            boolean moved = false;
            for (int i = 0; i < cs.length; i++) {
                moved |= cs[i].io.armAndCheck(ws[i]);
            }
            if (!moved && !woken) {
                t.doorbell.await(seen, Math.max(1, nanos - (System.nanoTime() - t0)), TIMESPEC.get());
            }
            poll();
            return true;
        } finally {
            woken = false;
            driver = null;
        }
    }

    @Override
    public void wakeup() {
        woken = true;
        final Thread d = driver;
        if (d != null && d != Thread.currentThread()) {
            t.doorbell.ring();
        }
    }
}
