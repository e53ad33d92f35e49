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
import java.util.Locale;

/**
 * The baseline the TCP provider is measured against: a plain Java NIO {@link SocketChannel} ping-pong and stream
 * between two processes, with TCP_NODELAY and direct buffers, the best a Java program does on sockets without DAT.
 * It prints the same JSON shapes as {@code dat perf lat|bw --json}, so the two can be compared row by row.
 *
 * <pre>
 * java -cp ... io.dat4j.benchmarks.NioBaseline server PORT
 * java -cp ... io.dat4j.benchmarks.NioBaseline lat HOST PORT SIZES ITERATIONS [spin]
 * java -cp ... io.dat4j.benchmarks.NioBaseline bw HOST PORT SIZES ITERATIONS
 * </pre>
 *
 * <p>With {@code -Dsettle=SECONDS} the client warms up as {@code dat perf --settle} does (same rule: chunks of about
 * 0.25 s until two in a row in which this JVM compiled for at most 1 % of the time and whose median round trip, or
 * time per message, is within 5 % of the chunk before), so that both sides of a comparison are timed after their JIT
 * settled; without it, latency warms up with {@value #WARMUP} round trips and bandwidth not at all.
 * The server serves one client run and exits. {@code spin} makes both sides busy-poll non-blocking channels.
 */
public final class NioBaseline {

    private static final int WARMUP = 2_000;
    private static final long SETTLE_NANOS = Long.getLong("settle", 0) * 1_000_000_000L;
    private static final long CHUNK_NANOS = 250_000_000L;

    private NioBaseline() {
    }

    /**
     * Entry point.
     *
     * @param args see the class comment
     * @throws IOException on socket failure
     */
    public static void main(final String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: server PORT | lat HOST PORT SIZES ITER [spin] | bw HOST PORT SIZES ITER");
            System.exit(2);
        }
        switch (args[0]) {
            case "server" -> serve(Integer.parseInt(args[1]));
            case "lat" -> latency(args[1], Integer.parseInt(args[2]), sizes(args[3]), Integer.parseInt(args[4]),
                    args.length > 5 && args[5].equals("spin"), System.out);
            case "bw" -> bandwidth(args[1], Integer.parseInt(args[2]), sizes(args[3]), Integer.parseInt(args[4]),
                    System.out);
            default -> {
                System.err.println("unknown mode " + args[0]);
                System.exit(2);
            }
        }
    }

    private static int[] sizes(final String s) {
        return Arrays.stream(s.split(",")).mapToInt(Integer::parseInt).toArray();
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
                try {
                    Thread.sleep(50);
                } catch (final InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
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
            final boolean spin, final PrintStream out) throws IOException {
        final List<String> rows = new ArrayList<>();
        try (SocketChannel ch = connect(host, port)) {
            for (final int size : sizes) {
                final ByteBuffer buf = ByteBuffer.allocateDirect(Math.max(1, size));
                final long warmup = SETTLE_NANOS > 0
                        ? settle(k -> pct(pingPong(ch, buf, size, k, spin), 0.50))
                        : pingPong(ch, buf, size, WARMUP, spin).length;
                final long[] rtt = pingPong(ch, buf, size, iterations, spin);
                rows.add(String.format(Locale.ROOT,
                        "{\"op\": \"send\", \"size\": %d, \"iterations\": %d, \"rtt_p50_us\": %.3f, "
                                + "\"rtt_p99_us\": %.3f, \"rtt_p999_us\": %.3f, \"rtt_max_us\": %.3f, "
                                + "\"warmup\": %d, \"baseline\": \"nio%s\"}",
                        size, iterations, pct(rtt, 0.50), pct(rtt, 0.99), pct(rtt, 0.999),
                        rtt[rtt.length - 1] / 1000.0, warmup, spin ? "-spin" : ""));
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

    /** One warm-up chunk of {@code count} operations; returns its figure (lower is better). */
    private interface Chunk {
        double run(int count) throws IOException;
    }

    /**
     * Warms up by {@code dat perf --settle}'s rule (see the class comment), at most {@code -Dsettle} seconds.
     *
     * @return the warm-up operations run
     */
    private static long settle(final Chunk chunk) throws IOException {
        final java.lang.management.CompilationMXBean jit = java.lang.management.ManagementFactory
                .getCompilationMXBean();
        final long start = System.nanoTime();
        int count = WARMUP;
        long operations = 0;
        double previous = Double.NaN;
        int streak = 0;
        while (true) {
            final long c0 = jit.getTotalCompilationTime();
            final long t0 = System.nanoTime();
            final double figure = chunk.run(count);
            final long t1 = System.nanoTime();
            final long compiled = jit.getTotalCompilationTime() - c0;
            operations += count;
            final long took = Math.max(1, t1 - t0);
            final boolean settled = compiled <= Math.max(2, took / 100 / 1_000_000) && previous > 0
                    && Math.abs(figure - previous) <= 0.05 * previous;
            streak = settled ? streak + 1 : 0;
            if (streak == 2) {
                return operations;
            }
            if (t1 - start >= SETTLE_NANOS) {
                System.err.println("NioBaseline: not settled after " + SETTLE_NANOS / 1_000_000_000L + " s");
                return operations;
            }
            previous = figure;
            count = (int) Math.clamp(Math.round((double) count * CHUNK_NANOS / took), 100L, 1L << 22);
        }
    }

    static void bandwidth(final String host, final int port, final int[] sizes, final int iterations,
            final PrintStream out) throws IOException {
        final List<String> rows = new ArrayList<>();
        try (SocketChannel ch = connect(host, port)) {
            for (final int size : sizes) {
                final ByteBuffer buf = ByteBuffer.allocateDirect(Math.max(1, size));
                final long warmup = SETTLE_NANOS > 0
                        ? settle(k -> (double) stream(ch, buf, size, k) / k) : 0;
                final double secs = stream(ch, buf, size, iterations) / 1e9;
                rows.add(String.format(Locale.ROOT,
                        "{\"op\": \"send\", \"size\": %d, \"iterations\": %d, \"gbit_per_s\": %.4f, "
                                + "\"msg_per_s\": %.1f, \"warmup\": %d, \"baseline\": \"nio\"}",
                        size, iterations, (double) size * iterations * 8 / secs / 1e9, iterations / secs, warmup));
            }
        }
        out.println("[" + String.join(",\n ", rows) + "]");
    }

    private static double pct(final long[] sorted, final double p) {
        final int i = (int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
        return sorted[Math.max(0, i)] / 1000.0;
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
