package io.dat4j.provider.tcp;

import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.ServicePointUpcalls;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import org.apache.logging.log4j.Logger;

/** A listening socket behind a PSP or RSP; accepts on its loop and hands connections to the IA's loops. */
final class TcpListener implements ListenerTransport {

    private static final Logger LOG = Logging.logger(TcpListener.class);

    private final TcpTransport transport;
    private final IoLoop loop;
    private final ServerSocketChannel channel;
    private final long qualifier;
    private final ServicePointUpcalls sp;
    private volatile boolean closed;

    TcpListener(final TcpTransport transport, final IoLoop loop, final ServerSocketChannel channel,
            final long qualifier, final ServicePointUpcalls sp) {
        this.transport = transport;
        this.loop = loop;
        this.channel = channel;
        this.qualifier = qualifier;
        this.sp = sp;
    }

    @Override
    public long connectionQualifier() {
        return qualifier;
    }

    void onAcceptable() {
        while (!closed) {
            final SocketChannel s;
            try {
                s = channel.accept();
            } catch (final IOException e) {
                // (out of descriptors under a flood of connections, for one: rate-limited, no stack trace)
                sp.remoteFaults().warn("accept on port " + qualifier + " failed: " + e);
                return;
            }
            if (s == null) {
                return;
            }
            try {
                s.configureBlocking(false);
                s.setOption(StandardSocketOptions.TCP_NODELAY, true);
            } catch (final IOException e) {
                LOG.debug("configuring an accepted socket failed", e);
                try {
                    s.close();
                } catch (final IOException x) {
                    // nothing to do
                }
                continue;
            }
            final IoLoop target = transport.nextLoop();
            final TcpConnection c = new TcpConnection(transport, target, s, sp);
            target.execute(c.handshake::startPassive);
        }
    }

    void closeNow() {
        closed = true;
        try {
            channel.close();
            if (loop.inLoop()) {
                loop.deregisterCancelledKeys();
            }
        } catch (final IOException e) {
            LOG.debug("closing listener", e);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        loop.executeAndWait(this::closeNow, TcpTransport.WAIT_MILLIS);
        closed = true;
    }

    @Override
    public String toString() {
        return "listener(qual=" + qualifier + ")";
    }
}
