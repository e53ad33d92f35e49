package io.dat4j.tools;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.IntToDoubleFunction;
import java.util.function.LongSupplier;

/**
 * Warm-up that lasts until the JIT has settled, for {@code dat perf --settle}. A fixed count of warm-up operations is
 * too short on a loaded machine (C2 still compiles while the first size is timed) and wasteful on an idle one; this
 * runs untimed chunks of about {@link #CHUNK_NANOS} each until {@link #STREAK} chunks in a row in which this JVM
 * compiled for at most 1 % of the chunk's time (at least {@link #QUIET_MILLIS} ms) and whose figure (median round
 * trip, or time per operation) is within {@link #STEADY} of the chunk before. The peer's JVM is not visible here; its
 * compilation shows in the figure only, which is why both conditions are needed, and twice in a row: two chunks
 * slowed alike by a compiling peer look steady once.
 */
final class WarmUp {

    /** A chunk's target duration. */
    static final long CHUNK_NANOS = 250_000_000L;
    /** Largest relative change of the figure between two chunks that counts as steady. */
    static final double STEADY = 0.05;
    /** Compilation time per chunk (ms) that always counts as quiet: the MXBean's resolution. */
    static final long QUIET_MILLIS = 2;
    /** Consecutive quiet and steady chunks that end the warm-up. */
    static final int STREAK = 2;
    /** Largest chunk, in operations. */
    static final int MAX_CHUNK = 1 << 22;

    /**
     * What a settling warm-up did.
     *
     * @param operations untimed operations run
     * @param chunks chunks run
     * @param settled whether the conditions were met before the time limit
     */
    record Outcome(long operations, int chunks, boolean settled) {
    }

    private WarmUp() {
    }

    /** {@return this JVM's total compilation time in ms, or a constant when the JVM does not report it} */
    static LongSupplier jitMillis() {
        final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return () -> 0L;
        }
        return jit::getTotalCompilationTime;
    }

    /**
     * Runs chunks until the JIT is quiet and the figure steady, or until {@code limitNanos} have passed.
     *
     * @param first operations of the first chunk (later chunks are sized to last about {@link #CHUNK_NANOS})
     * @param limitNanos the most time to spend
     * @param chunk runs that many operations untimed and returns their figure (lower is better, positive)
     * @param jitMillis the JVM's total compilation time in ms
     * @param clock nanosecond clock
     * @return what was done
     */
    static Outcome settle(final int first, final long limitNanos, final IntToDoubleFunction chunk,
            final LongSupplier jitMillis, final LongSupplier clock) {
        if (first < 1 || limitNanos <= 0) {
            throw new IllegalArgumentException("first chunk " + first + " and limit " + limitNanos
                    + " ns must be positive");
        }
        final long start = clock.getAsLong();
        int count = first;
        long operations = 0;
        int chunks = 0;
        double previous = Double.NaN;
        int streak = 0;
        while (true) {
            final long c0 = jitMillis.getAsLong();
            final long t0 = clock.getAsLong();
            final double figure = chunk.applyAsDouble(count);
            final long t1 = clock.getAsLong();
            final long compiled = jitMillis.getAsLong() - c0;
            operations += count;
            chunks++;
            final long took = Math.max(1, t1 - t0);
            final boolean quiet = compiled <= Math.max(QUIET_MILLIS, took / 100 / 1_000_000);
            final boolean steady = previous > 0 && Math.abs(figure - previous) <= STEADY * previous;
            streak = quiet && steady ? streak + 1 : 0;
            if (streak == STREAK) {
                return new Outcome(operations, chunks, true);
            }
            if (t1 - start >= limitNanos) {
                return new Outcome(operations, chunks, false);
            }
            previous = figure;
            final double scaled = (double) count * CHUNK_NANOS / took;
            count = (int) Math.clamp(Math.round(scaled), Math.min(first, 100), MAX_CHUNK);
        }
    }
}
