package io.dat4j.provider.tcp;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.AdapterUpcalls;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.ServicePointUpcalls;
import io.dat4j.kit.Transport;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.util.concurrent.atomic.AtomicInteger;

/** The transport of one TCP IA: its I/O loops and listeners. Thread safe. */
final class TcpTransport implements Transport {

    /** Listen backlog; large enough for bursts of 1,000 connects. */
    static final int BACKLOG = 4096;
    /** How long a hook waits for an I/O thread, ms. */
    static final long WAIT_MILLIS = 10_000;

    final AdapterUpcalls adapter;
    /** The IA's configuration, built when it opened. */
    final TcpConfig config;
    /** Whether posting threads write small requests themselves ({@link TcpConfig#inlineWrites()}). */
    final boolean inlineWrites;
    /** Whether EVD waiters run the I/O loop themselves ({@link TcpConfig#consumerProgress()}). */
    final boolean consumerProgress;
    final InetAddress bindAddress;
    final int portOffset;
    private final IoLoop[] loops;
    /** The loop of the next connection: from loop 1 on, so that a first connection does not share the listeners'. */
    private final AtomicInteger next = new AtomicInteger(1);

    TcpTransport(final AdapterUpcalls adapter, final String iaName, final TcpConfig config) {
        this.adapter = adapter;
        this.config = config;
        this.inlineWrites = config.inlineWrites();
        this.consumerProgress = config.consumerProgress();
        this.bindAddress = config.bind();
        this.portOffset = config.portOffset();
        this.loops = new IoLoop[config.ioThreads()];
        try {
            for (int i = 0; i < loops.length; i++) {
                loops[i] = new IoLoop("dat4j-tcp-" + iaName + "-io-" + i, i, config);
            }
        } catch (final IOException e) {
            for (final IoLoop l : loops) {
                if (l != null) {
                    l.stop(0);
                }
            }
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "cannot open a selector: " + e, e);
        }
        for (final IoLoop l : loops) {
            l.start();
        }
    }

    IoLoop loop(final int index) {
        return loops[index];
    }

    /**
     * {@return the loop of a new connection}, round robin starting at loop 1: listeners live on loop 0, and a
     * connection alone on its loop lets its waiting consumer wait in one recv ({@link IoLoop#recvRound}).
     */
    IoLoop nextLoop() {
        return loops[Math.floorMod(next.getAndIncrement(), loops.length)];
    }

    /** {@return the TCP port of a qualifier} or throws INVALID_PARAMETER with the given argument number */
    int port(final long qualifier, final int arg) {
        final long port = qualifier + portOffset;
        if (qualifier < 1 || port < 1 || port > 65535) {
            throw new DatException(StatusType.INVALID_PARAMETER,
                    arg == 2 ? StatusSubtype.INVALID_ARG2 : StatusSubtype.INVALID_ARG3,
                    "connection qualifier " + qualifier + " (+ port offset " + portOffset
                            + ") is not a TCP port 1..65535");
        }
        return (int) port;
    }

    @Override
    public ListenerTransport listen(final long connectionQualifier, final ServicePointUpcalls servicePoint) {
        return bind(port(connectionQualifier, 2), servicePoint);
    }

    @Override
    public ListenerTransport listenAny(final ServicePointUpcalls servicePoint) {
        return bind(0, servicePoint);
    }

    private ListenerTransport bind(final int port, final ServicePointUpcalls sp) {
        final ServerSocketChannel ssc;
        try {
            ssc = ServerSocketChannel.open();
        } catch (final IOException e) {
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "cannot open a server socket: " + e, e);
        }
        try {
            ssc.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            ssc.configureBlocking(false);
            final InetSocketAddress at = bindAddress.isAnyLocalAddress() ? new InetSocketAddress(port)
                    : new InetSocketAddress(bindAddress, port);
            ssc.bind(at, BACKLOG);
        } catch (final BindException e) {
            close(ssc);
            throw new DatException(StatusType.CONN_QUAL_IN_USE, null,
                    "TCP port " + port + " on " + bindAddress.getHostAddress() + " is in use: " + e.getMessage());
        } catch (final IOException e) {
            close(ssc);
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "cannot listen on port " + port + ": "
                    + e, e);
        }
        final int actual = ssc.socket().getLocalPort();
        final TcpListener l = new TcpListener(this, loops[0], ssc, actual - (long) portOffset, sp);
        final DatException[] err = new DatException[1];
        final boolean done = loops[0].executeAndWait(() -> {
            try {
                ssc.register(loops[0].selector(), java.nio.channels.SelectionKey.OP_ACCEPT, l);
            } catch (final IOException e) {
                err[0] = new DatException(StatusType.INTERNAL_ERROR, null, "cannot register listener: " + e, e);
            }
        }, WAIT_MILLIS);
        if (!done || err[0] != null) {
            close(ssc);
            throw err[0] != null ? err[0] : new DatException(StatusType.INTERNAL_ERROR, null,
                    "the I/O thread did not answer");
        }
        return l;
    }

    private static void close(final ServerSocketChannel ssc) {
        try {
            ssc.close();
        } catch (final IOException e) {
            // nothing to do
        }
    }

    @Override
    public EndpointTransport createEndpoint(final EndpointUpcalls endpoint) {
        return new TcpEndpoint(this, endpoint);
    }

    @Override
    public CompletionSource createCompletionSource(final EventSink dispatcher) {
        return new TcpCompletionSource(this, loops.length);
    }

    @Override
    public Object registerMemory(final RegisteredRegion region) {
        return null;
    }

    @Override
    public void deregisterMemory(final RegisteredRegion region) {
        // nothing: remote access is checked against the kit's region table
    }

    @Override
    public void close() {
        for (final IoLoop l : loops) {
            l.stop(WAIT_MILLIS);
        }
    }

    boolean threadsStopped() {
        for (final IoLoop l : loops) {
            if (l.isAlive()) {
                return false;
            }
        }
        return true;
    }
}
