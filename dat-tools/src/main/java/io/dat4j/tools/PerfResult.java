package io.dat4j.tools;

import java.util.LinkedHashMap;
import java.util.Map;

/** One measured point of a perf run: an operation at a message size. */
sealed interface PerfResult permits PerfResult.LatencyResult, PerfResult.BandwidthResult {

    /** {@return the operation} */
    PerfOp op();

    /** {@return the message size in bytes} */
    long size();

    /** {@return the measured iterations} */
    long iterations();

    /** {@return the untimed operations (warm-up) run before this point's measured ones} */
    long warmup();

    /**
     * {@return this point with {@code operations} untimed warm-up operations recorded}
     *
     * @param operations warm-up operations
     */
    PerfResult warmedUp(long operations);

    /** {@return the fields in output order, as written to JSON and CSV} */
    Map<String, Object> fields();

    /**
     * A latency point: round-trip statistics. One-way latency, as perftest reports it, is half the round trip.
     *
     * @param op the operation
     * @param size bytes per message
     * @param iterations measured round trips
     * @param rtt the round-trip statistics
     * @param warmup untimed round trips before the measured ones
     */
    record LatencyResult(PerfOp op, long size, long iterations, Stats.Latency rtt, long warmup)
            implements PerfResult {
        @Override
        public LatencyResult warmedUp(final long operations) {
            return new LatencyResult(op, size, iterations, rtt, operations);
        }

        @Override
        public Map<String, Object> fields() {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("op", op.label());
            m.put("size", size);
            m.put("iterations", iterations);
            m.put("rtt_p50_us", round3(rtt.p50Us()));
            m.put("rtt_p99_us", round3(rtt.p99Us()));
            m.put("rtt_p999_us", round3(rtt.p999Us()));
            m.put("rtt_max_us", round3(rtt.maxUs()));
            m.put("rtt_min_us", round3(rtt.minUs()));
            m.put("rtt_avg_us", round3(rtt.avgUs()));
            m.put("one_way_p50_us", round3(rtt.p50Us() / 2));
            m.put("warmup", warmup);
            return m;
        }
    }

    /**
     * A bandwidth point: {@code iterations} messages of {@code size} bytes in {@code nanos}.
     *
     * @param op the operation
     * @param size bytes per message
     * @param iterations messages
     * @param nanos elapsed time from the first post to the last completion
     * @param warmup untimed operations before the measured ones
     * @param depth operations in flight ({@code --depth}, bounded by the EP's); 0: not recorded
     * @param rxDepth sends: the receives the server kept posted, the sender's credit; 0: not recorded (or not a send)
     */
    record BandwidthResult(PerfOp op, long size, long iterations, long nanos, long warmup, int depth, int rxDepth)
            implements PerfResult {

        /** A point without its depths. */
        BandwidthResult(final PerfOp op, final long size, final long iterations, final long nanos,
                final long warmup) {
            this(op, size, iterations, nanos, warmup, 0, 0);
        }

        @Override
        public BandwidthResult warmedUp(final long operations) {
            return new BandwidthResult(op, size, iterations, nanos, operations, depth, rxDepth);
        }

        /** {@return gigabits (10^9) per second} */
        double gbitPerSecond() {
            return Stats.gbitPerSecond(size, iterations, nanos);
        }

        /** {@return messages per second} */
        double messagesPerSecond() {
            return Stats.messagesPerSecond(iterations, nanos);
        }

        @Override
        public Map<String, Object> fields() {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("op", op.label());
            m.put("size", size);
            m.put("iterations", iterations);
            m.put("gbit_per_s", Math.rint(gbitPerSecond() * 1e6) / 1e6);
            m.put("msg_per_s", Math.rint(messagesPerSecond()));
            m.put("elapsed_us", round3(nanos / 1_000.0));
            m.put("warmup", warmup);
            if (depth > 0) {
                m.put("depth", depth);
                m.put("rx_depth", rxDepth);
            }
            return m;
        }
    }

    private static double round3(final double v) {
        return Math.rint(v * 1000.0) / 1000.0;
    }
}
