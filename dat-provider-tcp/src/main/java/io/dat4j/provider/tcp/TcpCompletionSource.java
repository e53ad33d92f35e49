package io.dat4j.provider.tcp;

import io.dat4j.kit.CompletionSource;

/**
 * The completion source of a TCP EVD: lets the thread that waits on the EVD run the I/O loop of the EVD's
 * connections itself ({@link IoLoop#drive}) instead of parking until an I/O thread reads its data and unparks it.
 * That works when every connection feeding the EVD lives on one loop (always so for one connection); with
 * connections on several loops the waiter parks as before. Completions still arrive through the kit's upcalls, so
 * {@link #poll()} has nothing to move.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; attach and detach synchronize on the source (a leaf,
 * taken under the EP binding's monitor); {@link #progress} runs the loop (connection locks) on a waiter that holds
 * no kit lock, and {@link #wakeup()} takes none. See "Threading and
 * locks" in {@code docs/provider-kit.md}.
 */
final class TcpCompletionSource implements CompletionSource {

    private final TcpTransport transport;
    private final int[] attached;
    private volatile IoLoop drivable;

    TcpCompletionSource(final TcpTransport transport, final int loops) {
        this.transport = transport;
        this.attached = new int[loops];
    }

    /** A connection on {@code loop} now completes into this EVD. */
    synchronized void attach(final IoLoop loop) {
        attached[loop.index]++;
        recompute();
    }

    /** A connection on {@code loop} no longer completes into this EVD. */
    synchronized void detach(final IoLoop loop) {
        if (attached[loop.index] > 0) {
            attached[loop.index]--;
        }
        recompute();
    }

    private void recompute() {
        int only = -1;
        for (int i = 0; i < attached.length; i++) {
            if (attached[i] > 0) {
                if (only >= 0) {
                    drivable = null;
                    return;
                }
                only = i;
            }
        }
        drivable = only < 0 ? null : transport.loop(only);
    }

    @Override
    public int poll() {
        return 0;
    }

    @Override
    public boolean progress(final long nanos) {
        final IoLoop l = drivable;
        return l != null && transport.consumerProgress && l.drive(nanos);
    }

    @Override
    public void wakeup() {
        final IoLoop l = drivable;
        if (l != null) {
            l.wakeupDriver();
        }
    }
}
