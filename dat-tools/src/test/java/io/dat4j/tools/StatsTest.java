package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StatsTest {

    private static long[] oneTo(final int n) {
        final long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = i + 1;
        }
        return a;
    }

    @Test
    @DisplayName("nearest-rank percentiles of 1..100")
    void shouldTakeNearestRankPercentiles() {
        final long[] s = oneTo(100);
        assertEquals(50, Stats.percentile(s, 50));
        assertEquals(99, Stats.percentile(s, 99));
        assertEquals(100, Stats.percentile(s, 99.9));
        assertEquals(100, Stats.percentile(s, 100));
        assertEquals(1, Stats.percentile(s, 0.5));
        assertEquals(1, Stats.percentile(s, 1));
        assertEquals(2, Stats.percentile(s, 1.5));
    }

    @Test
    void shouldResolveP999OnlyWithEnoughSamples() {
        final long[] s = oneTo(2000);
        assertEquals(1998, Stats.percentile(s, 99.9));
        assertEquals(1000, Stats.percentile(s, 50));
        assertEquals(1980, Stats.percentile(s, 99));
    }

    @Test
    void shouldSummariseUnsortedNanosInMicroseconds() {
        final long[] rtt = {5_000, 1_000, 3_000, 2_000, 4_000};
        final Stats.Latency l = Stats.latency(rtt);
        assertEquals(5, l.samples());
        assertEquals(1.0, l.minUs());
        assertEquals(3.0, l.avgUs());
        assertEquals(3.0, l.p50Us());
        assertEquals(5.0, l.p99Us());
        assertEquals(5.0, l.p999Us());
        assertEquals(5.0, l.maxUs());
        assertEquals(5_000, rtt[0], "the input is not reordered");
    }

    @Test
    void shouldSummariseOneSample() {
        final Stats.Latency l = Stats.latency(new long[] {7_500});
        assertEquals(7.5, l.p50Us());
        assertEquals(7.5, l.p999Us());
    }

    @Test
    void shouldRefuseBadPercentilesAndEmptySamples() {
        assertThrows(IllegalArgumentException.class, () -> Stats.percentile(new long[0], 50));
        assertThrows(IllegalArgumentException.class, () -> Stats.percentile(oneTo(3), 0));
        assertThrows(IllegalArgumentException.class, () -> Stats.percentile(oneTo(3), 100.5));
        assertThrows(IllegalArgumentException.class, () -> Stats.percentile(oneTo(3), Double.NaN));
    }

    @Test
    void shouldComputeRates() {
        // 1000 messages of 1000 bytes in 1 ms: 8e6 bits in 1e-3 s = 8 Gbit/s, 1e6 msg/s
        assertEquals(8.0, Stats.gbitPerSecond(1000, 1000, 1_000_000), 1e-12);
        assertEquals(1_000_000.0, Stats.messagesPerSecond(1000, 1_000_000), 1e-6);
        assertEquals(0.000512, Stats.gbitPerSecond(64, 1, 1_000_000), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> Stats.gbitPerSecond(1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> Stats.messagesPerSecond(1, -5));
    }
}
