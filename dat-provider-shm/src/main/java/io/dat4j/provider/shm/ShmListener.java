package io.dat4j.provider.shm;

import io.dat4j.DatException;
import io.dat4j.StatusType;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.RemoteFaultLog;
import io.dat4j.kit.ServicePointUpcalls;
import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * A listening Unix domain socket behind a PSP or RSP: {@code <rendezvous dir>/<qualifier>}. Each accepted socket
 * becomes a passive {@link ShmConnection} waiting for its request. The socket file is removed before the socket is
 * closed, so no other process finds it stale meanwhile.
 *
 * <p>Thread safety: {@link #close()} from any thread; the rest runs on the loop thread.
 */
final class ShmListener implements ListenerTransport, CmLoop.Handler {

    /** Listen backlog: bursts of connects. */
    static final int BACKLOG = 4096;

    private final ShmTransport transport;
    private final ServerSocketChannel ssc;
    private final long qualifier;
    private final ServicePointUpcalls sp;
    private volatile boolean closed;

    private ShmListener(final ShmTransport transport, final ServerSocketChannel ssc, final long qualifier,
            final ServicePointUpcalls sp) {
        this.transport = transport;
        this.ssc = ssc;
        this.qualifier = qualifier;
        this.sp = sp;
    }

    static ShmListener start(final ShmTransport transport, final ServerSocketChannel ssc, final long qualifier,
            final ServicePointUpcalls sp) {
        final ShmListener l = new ShmListener(transport, ssc, qualifier, sp);
        final IOException[] err = new IOException[1];
        final boolean done = transport.cm.executeAndWait(() -> {
            try {
                transport.cm.register(ssc, SelectionKey.OP_ACCEPT, l);
            } catch (final IOException e) {
                err[0] = e;
            }
        }, ShmTransport.WAIT_MILLIS);
        if (!done || err[0] != null) {
            l.close();
            throw new DatException(StatusType.INTERNAL_ERROR, null, "cannot register the listener of qualifier "
                    + qualifier + ": " + (err[0] != null ? err[0] : "the connection manager did not answer"));
        }
        return l;
    }

    ServicePointUpcalls upcalls() {
        return sp;
    }

    RemoteFaultLog remoteFaults() {
        return sp.remoteFaults();
    }

    @Override
    public long connectionQualifier() {
        return qualifier;
    }

    @Override
    public void ready(final SelectionKey key) {
        for (int i = 0; i < 64 && !closed; i++) {
            final SocketChannel ch;
            try {
                ch = ssc.accept();
                if (ch == null) {
                    return;
                }
                ch.configureBlocking(false);
            } catch (final IOException e) {
                sp.remoteFaults().warn("shared-memory listener on qualifier " + qualifier + ": accept failed: " + e);
                return;
            }
            ShmConnection.passive(transport, this, ch).startPassive();
        }
    }

    @Override
    public long deadline() {
        return Long.MAX_VALUE;
    }

    @Override
    public void expired(final long now) {
        // no deadline
    }

    @Override
    public void failed(final RuntimeException e) {
        // logged by the loop; the listener keeps listening (each accepted connection is a handler of its own)
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        transport.rendezvous.unlink(qualifier);
        if (!transport.cm.executeAndWait(this::closeChannel, ShmTransport.WAIT_MILLIS)) {
            closeChannel();
        }
    }

    private void closeChannel() {
        try {
            ssc.close();
        } catch (final IOException e) {
            // closing anyway
        }
    }

    @Override
    public String toString() {
        return "ShmListener[qualifier " + qualifier + "]";
    }
}
