package io.dat4j.provider.tcp;

import io.dat4j.CloseMode;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.ConnectionUpcalls;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.PostedQueues;
import io.dat4j.kit.RequestTransport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;

/**
 * The TCP half of an EP: its posted receives and not-yet-sent requests (filled by consumer threads, drained by the
 * connection's I/O thread) and the connection it is bound to.
 *
 * <p>Threading: the hooks run under the EP's lock (the kit's); {@link #queues} ({@link PostedQueues}) and the
 * binding ({@code this}) are guarded by their own monitors, leaves under which nothing else is taken; a post reads its
 * connection's end ({@link ConnectionClose#ended}, volatile) without the connection's lock. See
 * "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class TcpEndpoint implements EndpointTransport {

    final TcpTransport transport;
    final EndpointUpcalls up;
    /** Posted receives not yet consumed, sends and RDMA not yet taken by a connection's writer. */
    final PostedQueues queues;
    volatile TcpConnection conn;

    TcpEndpoint(final TcpTransport transport, final EndpointUpcalls up) {
        this.transport = transport;
        this.up = up;
        this.queues = new PostedQueues(up);
    }

    @Override
    public void connect(final ConnectionUpcalls connection, final InetAddress remoteAddress,
            final long connectionQualifier, final long timeoutNanos, final byte[] privateData, final int rdmaReadIn,
            final int rdmaReadOut) {
        final int port = transport.port(connectionQualifier, 3);
        final SocketChannel ch;
        try {
            ch = SocketChannel.open();
            ch.configureBlocking(false);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
        } catch (final IOException e) {
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_TEP,
                    "cannot open a socket: " + e, e);
        }
        final IoLoop loop = transport.nextLoop();
        final TcpConnection c = new TcpConnection(transport, loop, ch, this, connection, rdmaReadIn,
                rdmaReadOut);
        bind(c);
        final InetSocketAddress to = new InetSocketAddress(remoteAddress, port);
        loop.execute(() -> c.handshake.startActive(to, timeoutNanos, privateData));
    }

    @Override
    public void accept(final ConnectionUpcalls connection, final RequestTransport request,
            final byte[] privateData, final int rdmaReadIn, final int rdmaReadOut) {
        if (!(request instanceof TcpConnection c) || c.transport != transport) {
            throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_CR,
                    "the request does not belong to this IA's transport");
        }
        bind(c);
        c.loop.execute(() -> c.handshake.acceptWith(this, connection, privateData, rdmaReadIn, rdmaReadOut));
    }

    @Override
    public void disconnect(final CloseMode mode) {
        final TcpConnection c = conn;
        if (c != null) {
            c.loop.execute(() -> c.close.localDisconnect(mode));
        }
    }

    @Override
    public void post(final PostedOperation op) {
        final TcpConnection c = conn;
        // Once the connection has ended (its end took the operations it found, ConnectionClose.ended), the EP stays
        // CONNECTED until the end upcall is applied: what is posted meanwhile completes FLUSHED here, at once. Queued
        // first, then the flag read: either the end took the operation or this thread sees the flag (each operation
        // is polled off the queue by one thread only, so it completes once).
        if (op.kind() == DtoOperation.RECEIVE) {
            queues.addRecv(op);
            if (c != null) {
                if (c.close.ended) {
                    queues.flushReceives();
                } else if (c.waitsForReceive()) {
                    c.loop.schedule(c);
                }
            }
            return;
        }
        if (c == null) {
            up.complete(op, DtoStatus.FLUSHED, 0);
            return;
        }
        queues.addRequest(op);
        if (c.close.ended) {
            queues.flushRequests();
            return;
        }
        // The posting thread holds the EP's lock; taking the connection's lock under it is the lock order (ENDPOINT
        // before TRANSPORT), and no thread holds the connection's lock while it waits for the EP's (connection
        // upcalls are made after it is released). So waiting here would be safe; tryLock is a choice of speed, not a
        // guard: when the loop is working on the connection, it writes this request too, and the poster returns.
        if (transport.inlineWrites && !c.loop.inLoop() && !Thread.currentThread().isInterrupted()
                && c.lock.tryLock()) {
            try {
                c.out.inlineFlush();
            } finally {
                c.unlock();
            }
        } else {
            c.loop.schedule(c);
        }
    }

    @Override
    public void reset() {
        final TcpConnection old = conn;
        if (old != null) {
            // the kit made the EP DISCONNECTED without this connection's end (an ABRUPT disconnect that outlasted
            // dat4j.kit.abruptDisconnectMillis): end it now, before the EP can connect again (see AbruptResetTest)
            old.close.detach(this);
        }
        bind(null);
    }

    /** Binds the EP to a connection (or none) and tells its DTO EVDs which I/O loop feeds them. */
    private synchronized void bind(final TcpConnection c) {
        final TcpConnection old = conn;
        if (old != null) {
            sources(old.loop, false);
        }
        conn = c;
        if (c != null) {
            sources(c.loop, true);
        }
    }

    private void sources(final IoLoop loop, final boolean attach) {
        source(up.recvSink(), loop, attach);
        final EventSink req = up.requestSink();
        if (req != up.recvSink()) {
            source(req, loop, attach);
        }
    }

    private static void source(final EventSink evd, final IoLoop loop, final boolean attach) {
        if (evd != null && evd.completionSource() instanceof TcpCompletionSource s) {
            if (attach) {
                s.attach(loop);
            } else {
                s.detach(loop);
            }
        }
    }

    @Override
    public void close() {
        final TcpConnection c = conn;
        if (c != null) {
            c.loop.executeAndWait(() -> c.close.terminate(ConnectionEnd.SILENT, "EP freed", false),
                    TcpTransport.WAIT_MILLIS);
        }
        queues.clear();
        if (c != null) {
            bind(null);
        }
    }

    @Override
    public void sharedReceivePosted() {
        final TcpConnection c = conn;
        if (c != null && c.waitsForReceive()) {
            c.loop.schedule(c);
        }
    }
}
