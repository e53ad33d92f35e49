package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmUpTest {

    /** A simulated run: every operation takes {@code opNanos}; chunk i compiles jit[i] ms and reports figure[i]. */
    private static final class Sim {
        final long opNanos;
        final long[] jit;
        final double[] figure;
        final List<Integer> counts = new ArrayList<>();
        long now;
        long compiled;

        Sim(final long opNanos, final long[] jit, final double[] figure) {
            this.opNanos = opNanos;
            this.jit = jit;
            this.figure = figure;
        }

        double chunk(final int count) {
            final int i = Math.min(counts.size(), figure.length - 1);
            counts.add(count);
            now += count * opNanos;
            compiled += jit[Math.min(i, jit.length - 1)];
            return figure[i];
        }

        WarmUp.Outcome run(final int first, final long limitNanos) {
            return WarmUp.settle(first, limitNanos, this::chunk, () -> compiled, () -> now);
        }
    }

    @Test
    void shouldStopAtTheFirstQuietChunkWhoseFigureIsSteady() {
        // 10 us per op; chunks compile 400, 50, 0, 0, 0, 0 ms; medians 30, 12, 11.8, 10, 9.9, 9.8 us
        final Sim s = new Sim(10_000, new long[] {400, 50, 0, 0, 0, 0},
                new double[] {30, 12, 11.8, 10, 9.9, 9.8});
        final WarmUp.Outcome o = s.run(10_000, 60_000_000_000L);
        assertTrue(o.settled());
        assertEquals(6, o.chunks(), "chunk 2 compiled 50 ms of 250; chunk 3 is quiet and steady, chunk 4 moved by"
                + " 15 %; chunks 5 and 6 are quiet and steady in a row");
        assertEquals(s.counts.stream().mapToLong(Integer::longValue).sum(), o.operations());
        assertEquals(10_000, s.counts.get(0));
        assertEquals(25_000, s.counts.get(1), "later chunks last about 0.25 s");
    }

    @Test
    void shouldNotCallAQuietButMovingFigureSettled() {
        // the peer still compiles: this JVM is quiet, the median keeps falling by 10 % a chunk
        final double[] f = new double[40];
        for (int i = 0; i < f.length; i++) {
            f[i] = 100 * Math.pow(0.9, i);
        }
        final Sim s = new Sim(10_000, new long[] {0}, f);
        final WarmUp.Outcome o = s.run(1_000, 2_000_000_000L);
        assertFalse(o.settled());
        assertTrue(s.now >= 2_000_000_000L, "ran until the limit");
        assertTrue(s.now < 2_500_000_000L, "and stopped within a chunk of it");
    }

    @Test
    void shouldNotCallASteadyFigureSettledWhileThisJvmCompiles() {
        final Sim s = new Sim(10_000, new long[] {100}, new double[] {10});
        final WarmUp.Outcome o = s.run(25_000, 1_000_000_000L);
        assertFalse(o.settled(), "100 ms of compilation in a 250 ms chunk is not quiet");
        assertEquals(4, o.chunks());
    }

    @Test
    void shouldRejectNonsense() {
        final Sim s = new Sim(1, new long[] {0}, new double[] {1});
        assertThrows(IllegalArgumentException.class, () -> s.run(0, 1));
        assertThrows(IllegalArgumentException.class, () -> s.run(1, 0));
    }

    @Test
    void shouldReadThisJvmsCompilationTime() {
        final long a = WarmUp.jitMillis().getAsLong();
        assertTrue(a >= 0);
        assertTrue(WarmUp.jitMillis().getAsLong() >= a);
    }
}
