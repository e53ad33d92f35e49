package io.dat4j.tools;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;

/**
 * Statistics over measured samples: nearest-rank percentiles of round-trip times, and rates.
 */
final class Stats {

    private static final double NANOS_PER_MICRO = 1_000.0;
    private static final double NANOS_PER_SECOND = 1_000_000_000.0;

    private Stats() {
    }

    /**
     * {@return the nearest-rank percentile of sorted samples}: the smallest sample such that at least {@code p}
     * percent of the samples are at or below it (the definition perftest's percentiles follow)
     *
     * @param sorted samples in ascending order, at least one
     * @param p the percentile, above 0 and at most 100
     */
    static long percentile(final long[] sorted, final double p) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        if (!(p > 0.0 && p <= 100.0)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
        }
        // exact decimal arithmetic: 99.9 % of 2000 is rank 1998, not 1999 as 99.9 / 100.0 * 2000 rounds up to
        final int rank = BigDecimal.valueOf(p).multiply(BigDecimal.valueOf(sorted.length))
                .divide(BigDecimal.valueOf(100), 0, RoundingMode.CEILING).intValueExact();
        return sorted[Math.max(rank, 1) - 1];
    }

    /**
     * Summarises round-trip samples.
     *
     * @param rttNanos the round-trip times in nanoseconds, in any order (not modified)
     * @return the summary in microseconds
     */
    static Latency latency(final long[] rttNanos) {
        final long[] s = rttNanos.clone();
        Arrays.sort(s);
        double sum = 0;
        for (final long v : s) {
            sum += v;
        }
        return new Latency(s.length, s[0] / NANOS_PER_MICRO, sum / s.length / NANOS_PER_MICRO,
                percentile(s, 50) / NANOS_PER_MICRO, percentile(s, 99) / NANOS_PER_MICRO,
                percentile(s, 99.9) / NANOS_PER_MICRO, s[s.length - 1] / NANOS_PER_MICRO);
    }

    /**
     * {@return gigabits per second (10^9 bits) for {@code messages} of {@code size} bytes in {@code nanos}}
     *
     * @param size message size in bytes
     * @param messages number of messages
     * @param nanos elapsed time, positive
     */
    static double gbitPerSecond(final long size, final long messages, final long nanos) {
        checkElapsed(nanos);
        return (double) size * messages * 8.0 / nanos;
    }

    /**
     * {@return messages per second}
     *
     * @param messages number of messages
     * @param nanos elapsed time, positive
     */
    static double messagesPerSecond(final long messages, final long nanos) {
        checkElapsed(nanos);
        return messages * NANOS_PER_SECOND / nanos;
    }

    private static void checkElapsed(final long nanos) {
        if (nanos <= 0) {
            throw new IllegalArgumentException("elapsed time must be positive, was " + nanos + " ns");
        }
    }

    /**
     * Round-trip statistics in microseconds.
     *
     * @param samples number of samples
     * @param minUs smallest
     * @param avgUs mean
     * @param p50Us median
     * @param p99Us 99th percentile
     * @param p999Us 99.9th percentile
     * @param maxUs largest
     */
    record Latency(int samples, double minUs, double avgUs, double p50Us, double p99Us, double p999Us,
            double maxUs) {
    }
}
