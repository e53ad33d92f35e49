package io.dat4j.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The baseline the TCP provider is measured against: a plain Java NIO {@link SocketChannel} ping-pong and stream
 * between two processes, with TCP_NODELAY and direct buffers, the best a Java program does on sockets without DAT.
 * It prints the same JSON shapes as {@code dat perf lat|bw --json}, so the two can be compared row by row.
 *
 * <pre>
 * java -cp ... io.dat4j.benchmarks.NioBaseline server PORT
 * java -cp ... io.dat4j.benchmarks.NioBaseline lat HOST PORT SIZES ITERATIONS [spin]
 * java -cp ... io.dat4j.benchmarks.NioBaseline bw HOST PORT SIZES ITERATIONS [BYTES]
 * </pre>
 *
 * <p>A stream runs ITERATIONS messages per size, or more where that moves fewer than BYTES (as {@code dat perf bw -n
 * ITERATIONS --bytes BYTES}).
 *
 * <p>Warm-up: see {@link PeerSupport} ({@code -Dsettle=SECONDS}, the rule of {@code dat perf --settle}), so that both
 * sides of a comparison are timed after their JIT settled. The server serves one client run and exits. {@code spin}
 * makes both sides busy-poll non-blocking channels.
 */
public final class NioBaseline {

    private NioBaseline() {
    }

    /**
     * Entry point.
     *
     * @param args see the class comment
     * @throws Exception on socket failure
     */
    public static void main(final String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: server PORT | lat HOST PORT SIZES ITER [spin] | bw HOST PORT SIZES ITER [BYTES]");
            System.exit(2);
        }
        switch (args[0]) {
            case "server" -> serve(Integer.parseInt(args[1]));
            case "lat" -> latency(args[1], Integer.parseInt(args[2]), PeerSupport.sizes(args[3]),
                    Integer.parseInt(args[4]), args.length > 5 && args[5].equals("spin"), System.out);
            case "bw" -> bandwidth(args[1], Integer.parseInt(args[2]), PeerSupport.sizes(args[3]),
                    Integer.parseInt(args[4]), args.length > 5 ? Long.parseLong(args[5]) : 0, System.out);
            default -> {
                System.err.println("unknown mode " + args[0]);
                System.exit(2);
            }
        }
    }

    /* Protocol: client sends a 13-byte header {mode(1) size(4) count(4) spin(4)}; then per mode:
       lat: count ping-pongs of size bytes (a warm-up is a header of its own); bw: count messages of size bytes, then a 1-byte ack. */
    private static void serve(final int port) throws IOException {
        try (ServerSocketChannel ss = ServerSocketChannel.open()) {
            ss.bind(new InetSocketAddress(port));
            try (SocketChannel ch = ss.accept()) {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                final ByteBuffer hdr = ByteBuffer.allocateDirect(13);
                while (true) {
                    hdr.clear();
                    if (!readFully(ch, hdr, false)) {
                        return;
                    }
                    hdr.flip();
                    final byte mode = hdr.get();
                    final int size = hdr.getInt();
                    final int count = hdr.getInt();
                    final boolean spin = hdr.getInt() != 0;
                    final ByteBuffer buf = ByteBuffer.allocateDirect(Math.max(1, size));
                    ch.configureBlocking(!spin);
                    if (mode == 'L') {
                        for (int i = 0; i < count; i++) {
                            buf.clear().limit(size);
                            readFully(ch, buf, spin);
                            buf.flip();
                            writeFully(ch, buf);
                        }
                    } else {
                        for (int i = 0; i < count; i++) {
                            buf.clear().limit(size);
                            readFully(ch, buf, spin);
                        }
                        buf.clear().limit(1);
                        writeFully(ch, buf);
                    }
                    ch.configureBlocking(true);
                }
            }
        }
    }

    private static SocketChannel connect(final String host, final int port) throws IOException {
        IOException last = null;
        for (int i = 0; i < 100; i++) {
            try {
                final SocketChannel ch = SocketChannel.open(new InetSocketAddress(host, port));
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                return ch;
            } catch (final IOException e) {
                last = e;
                PeerSupport.backOff(e);
            }
        }
        throw last;
    }

    private static void header(final SocketChannel ch, final char mode, final int size, final int count,
            final boolean spin) throws IOException {
        final ByteBuffer hdr = ByteBuffer.allocateDirect(13);
        hdr.put((byte) mode).putInt(size).putInt(count).putInt(spin ? 1 : 0).flip();
        ch.configureBlocking(true);
        writeFully(ch, hdr);
        ch.configureBlocking(!spin);
    }

    static void latency(final String host, final int port, final int[] sizes, final int iterations,
            final boolean spin, final PrintStream out) throws Exception {
        final List<String> rows = new ArrayList<>();
        try (SocketChannel ch = connect(host, port)) {
            for (final int size : sizes) {
                final ByteBuffer buf = ByteBuffer.allocateDirect(Math.max(1, size));
                final long warmup = PeerSupport.warmLatency("NioBaseline", k -> pingPong(ch, buf, size, k, spin));
                final long[] rtt = pingPong(ch, buf, size, iterations, spin);
                rows.add(PeerSupport.latencyRow("send", size, rtt, warmup, spin ? "nio-spin" : "nio"));
            }
        }
        out.println("[" + String.join(",\n ", rows) + "]");
    }

    /** {@return the sorted round-trip times of {@code count} ping-pongs, which the server is told to echo} */
    private static long[] pingPong(final SocketChannel ch, final ByteBuffer buf, final int size, final int count,
            final boolean spin) throws IOException {
        header(ch, 'L', size, count, spin);
        final long[] rtt = new long[count];
        for (int i = 0; i < count; i++) {
            buf.clear().limit(size);
            final long t0 = System.nanoTime();
            writeFully(ch, buf);
            buf.clear().limit(size);
            readFully(ch, buf, spin);
            rtt[i] = System.nanoTime() - t0;
        }
        Arrays.sort(rtt);
        return rtt;
    }

    /** {@return the nanoseconds that {@code count} messages took, up to the server's 1-byte acknowledgement} */
    private static long stream(final SocketChannel ch, final ByteBuffer buf, final int size, final int count)
            throws IOException {
        header(ch, 'B', size, count, false);
        final long t0 = System.nanoTime();
        for (int i = 0; i < count; i++) {
            buf.clear().limit(size);
            writeFully(ch, buf);
        }
        buf.clear().limit(1);
        readFully(ch, buf, false);
        return System.nanoTime() - t0;
    }

    static void bandwidth(final String host, final int port, final int[] sizes, final int iterations,
            final long bytes, final PrintStream out) throws Exception {
        final List<String> rows = new ArrayList<>();
        try (SocketChannel ch = connect(host, port)) {
            for (final int size : sizes) {
                final ByteBuffer buf = ByteBuffer.allocateDirect(Math.max(1, size));
                final long warmup = PeerSupport.warmStream("NioBaseline", k -> stream(ch, buf, size, k));
                final int n = PeerSupport.streamCount(size, iterations, bytes);
                rows.add(PeerSupport.bandwidthRow("send", size, n, stream(ch, buf, size, n), warmup, "nio"));
            }
        }
        out.println("[" + String.join(",\n ", rows) + "]");
    }

    private static boolean readFully(final SocketChannel ch, final ByteBuffer b, final boolean spin)
            throws IOException {
        while (b.hasRemaining()) {
            final int n = ch.read(b);
            if (n < 0) {
                return false;
            }
            if (n == 0 && spin) {
                Thread.onSpinWait();
            }
        }
        return true;
    }

    private static void writeFully(final SocketChannel ch, final ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            if (ch.write(b) == 0) {
                Thread.onSpinWait();
            }
        }
    }
}
