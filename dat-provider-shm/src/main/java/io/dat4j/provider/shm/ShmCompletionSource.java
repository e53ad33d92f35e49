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
 * <p>Thread safety: safe for use by multiple concurrent threads; the connection list is copy-on-write (one array of
 * pairs, so that a reader sees each connection with what it completes here).
 */
final class ShmCompletionSource implements CompletionSource {

    /** A connection and what it completes into this EVD ({@link WakeControl#DATA}, {@link WakeControl#SPACE}). */
    private record Attached(ShmConnection c, int what) {
    }

    private static final Attached[] NONE = new Attached[0];
    private static final ThreadLocal<MemorySegment> TIMESPEC = ThreadLocal.withInitial(
            () -> Arena.ofAuto().allocate(16, 8));

    private final ShmTransport t;
    private volatile Attached[] conns = NONE;
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
        final Attached[] n = Arrays.copyOf(conns, conns.length + 1);
        n[conns.length] = new Attached(c, what);
        conns = n;
    }

    /** A connection no longer completes into this EVD. */
    synchronized void detach(final ShmConnection c) {
        final Attached[] old = conns;
        for (int i = 0; i < old.length; i++) {
            if (old[i].c() == c) {
                final Attached[] n = new Attached[old.length - 1];
                System.arraycopy(old, 0, n, 0, i);
                System.arraycopy(old, i + 1, n, i, old.length - i - 1);
                conns = n;
                return;
            }
        }
    }

    @Override
    public int poll() {
        int n = 0;
        for (final Attached a : conns) {
            n += a.c().io.service(true, a.what());
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
        final Attached[] cs = conns;
        if (nanos <= 0 || cs.length == 0) {
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
            final int seen = t.doorbell.sequence();
            boolean moved = false;
            for (final Attached a : cs) {
                moved |= a.c().io.armAndCheck(a.what());
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
