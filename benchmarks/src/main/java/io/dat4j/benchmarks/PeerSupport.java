package io.dat4j.benchmarks;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * What the Java peers of {@code scripts/bench-peers.sh} share ({@link NioBaseline}, {@link JucxPeer},
 * {@link AeronIpcPeer}): the warm-up rule of {@code dat perf --settle}, nearest-rank percentiles, and the JSON rows of
 * {@code dat perf lat|bw --json}, so that every client prints rows the script compares with dat4j's one to one.
 *
 * <p>Warm-up: with {@code -Dsettle=SECONDS} a client warms each size up in chunks of about 0.25 s until two chunks in
 * a row in which this JVM compiled for at most 1 % of the time and whose figure (median round trip, or time per
 * message) is within 5 % of the chunk before, at most SECONDS; without it, {@value #WARMUP} round trips (latency) or
 * nothing (streams).
 */
final class PeerSupport {

    /** Round trips of the fixed warm-up when {@code -Dsettle} is not given. */
    static final int WARMUP = 2_000;

    private static final long CHUNK_NANOS = 250_000_000L;

    private PeerSupport() {
    }

    /** {@return the settle limit from {@code -Dsettle=SECONDS}, 0 when off} */
    static long settleNanos() {
        return Long.getLong("settle", 0) * 1_000_000_000L;
    }

    /** One warm-up chunk of {@code count} operations; returns its figure (lower is better). */
    interface Chunk {
        /**
         * Runs the chunk.
         *
         * @param count operations to run
         * @return the chunk's figure, lower is better
         * @throws Exception when the peer fails
         */
        double run(int count) throws Exception;
    }

    /**
     * Warms up by the settle rule of the class comment, at most {@code limitNanos}.
     *
     * @param who the program, for the message when it did not settle
     * @param limitNanos the time limit
     * @param chunk runs one chunk
     * @return the warm-up operations run
     * @throws Exception when a chunk fails
     */
    static long settle(final String who, final long limitNanos, final Chunk chunk) throws Exception {
        final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
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
            if (t1 - start >= limitNanos) {
                System.err.println(who + ": not settled after " + limitNanos / 1_000_000_000L + " s");
                return operations;
            }
            previous = figure;
            count = (int) Math.clamp(Math.round((double) count * CHUNK_NANOS / took), 100L, 1L << 22);
        }
    }

    /**
     * Warms a latency measurement up: settled when {@code -Dsettle} is set, else {@value #WARMUP} round trips.
     *
     * @param who the program, for messages
     * @param pingPong runs {@code count} round trips and returns their sorted times in nanoseconds
     * @return the warm-up round trips run
     * @throws Exception when the peer fails
     */
    static long warmLatency(final String who, final RoundTrips pingPong) throws Exception {
        final long limit = settleNanos();
        if (limit > 0) {
            return settle(who, limit, k -> pct(pingPong.run(k), 0.50));
        }
        return pingPong.run(WARMUP).length;
    }

    /** Runs round trips. */
    interface RoundTrips {
        /**
         * Runs {@code count} round trips.
         *
         * @param count round trips
         * @return their times in nanoseconds, sorted
         * @throws Exception when the peer fails
         */
        long[] run(int count) throws Exception;
    }

    /** Runs a stream. */
    interface Stream {
        /**
         * Moves {@code count} messages.
         *
         * @param count messages
         * @return the nanoseconds it took
         * @throws Exception when the peer fails
         */
        long run(int count) throws Exception;
    }

    /**
     * Warms a stream up: settled when {@code -Dsettle} is set, else not at all.
     *
     * @param who the program, for messages
     * @param stream moves {@code count} messages and returns the nanoseconds it took
     * @return the warm-up messages moved
     * @throws Exception when the peer fails
     */
    static long warmStream(final String who, final Stream stream) throws Exception {
        final long limit = settleNanos();
        return limit > 0 ? settle(who, limit, k -> (double) stream.run(k) / k) : 0;
    }

    /**
     * {@return the nearest-rank percentile {@code p} of sorted nanoseconds, in microseconds}
     *
     * @param sorted the sorted times
     * @param p the rank, 0..1
     */
    static double pct(final long[] sorted, final double p) {
        final int i = (int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
        return sorted[Math.max(0, i)] / 1000.0;
    }

    /**
     * {@return sizes from a comma-separated list}
     *
     * @param s the list
     * @throws IllegalArgumentException when a size is not a positive number
     */
    static int[] sizes(final String s) {
        final int[] sizes = Arrays.stream(s.split(",")).mapToInt(Integer::parseInt).toArray();
        for (final int size : sizes) {
            if (size <= 0) {
                throw new IllegalArgumentException("sizes must be positive: " + s);
            }
        }
        return sizes;
    }

    /**
     * {@return the messages a stream of {@code size}-byte messages runs: at least {@code iterations}, and enough to move
     * {@code bytes} (0: no byte goal), as {@code dat perf bw -n N --bytes B}}
     *
     * @param size message size
     * @param iterations the least number of messages
     * @param bytes the bytes to move at least
     */
    static int streamCount(final int size, final int iterations, final long bytes) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(iterations, bytes / size));
    }

    /**
     * {@return a latency row as {@code dat perf lat --json} prints it}
     *
     * @param op the operation ({@code send}, {@code rdma_write})
     * @param size message size in bytes
     * @param sorted the measured round trips in nanoseconds, sorted
     * @param warmup warm-up round trips run before
     * @param peer the peer's name ({@code baseline} field)
     */
    static String latencyRow(final String op, final int size, final long[] sorted, final long warmup,
            final String peer) {
        long sum = 0;
        for (final long t : sorted) {
            sum += t;
        }
        return String.format(Locale.ROOT,
                "{\"op\": \"%s\", \"size\": %d, \"iterations\": %d, \"rtt_p50_us\": %.3f, \"rtt_p99_us\": %.3f, "
                        + "\"rtt_p999_us\": %.3f, \"rtt_max_us\": %.3f, \"rtt_min_us\": %.3f, \"rtt_avg_us\": %.3f, "
                        + "\"warmup\": %d, \"baseline\": \"%s\"}",
                op, size, sorted.length, pct(sorted, 0.50), pct(sorted, 0.99), pct(sorted, 0.999),
                sorted[sorted.length - 1] / 1000.0, sorted[0] / 1000.0, sum / 1000.0 / sorted.length, warmup, peer);
    }

    /**
     * {@return a bandwidth row as {@code dat perf bw --json} prints it}
     *
     * @param op the operation
     * @param size message size in bytes
     * @param count messages moved
     * @param nanos the time they took
     * @param warmup warm-up messages moved before
     * @param peer the peer's name ({@code baseline} field)
     */
    static String bandwidthRow(final String op, final int size, final int count, final long nanos, final long warmup,
            final String peer) {
        final double secs = Math.max(1, nanos) / 1e9;
        return String.format(Locale.ROOT,
                "{\"op\": \"%s\", \"size\": %d, \"iterations\": %d, \"gbit_per_s\": %.4f, \"msg_per_s\": %.1f, "
                        + "\"elapsed_us\": %.3f, \"warmup\": %d, \"baseline\": \"%s\"}",
                op, size, count, (double) size * count * 8 / secs / 1e9, count / secs, nanos / 1000.0, warmup, peer);
    }

    /**
     * Sleeps a little between connection attempts.
     *
     * @param e the failure of the last attempt, rethrown when interrupted
     * @throws IOException when interrupted
     */
    static void backOff(final IOException e) throws IOException {
        try {
            Thread.sleep(50);
        } catch (final InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw e;
        }
    }
}
