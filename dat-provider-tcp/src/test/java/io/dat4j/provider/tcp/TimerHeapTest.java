package io.dat4j.provider.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The I/O loop's timer heap: timers fire in deadline order, a disarmed timer never fires, re-arming earlier or later
 * moves it, a timer re-armed by its own expiry fires again, and the heap empties. Deadlines are set in the past or far
 * in the future (no timing: a timer is due or it is not).
 */
class TimerHeapTest {

    /** A timer whose expiry records its index and disarms it (as {@link TcpConnection#onTimer()} does). */
    private static TimerHeap.Timer timer(final int i, final List<Integer> fired) {
        final TimerHeap.Timer[] self = new TimerHeap.Timer[1];
        self[0] = new TimerHeap.Timer("t" + i, () -> {
            fired.add(i);
            self[0].deadline = Long.MAX_VALUE;
        });
        return self[0];
    }

    @Property(tries = 200)
    void dueTimersFireInDeadlineOrderAndDisarmedOnesNever(
            @ForAll @Size(min = 1, max = 60) final List<@IntRange(min = 0, max = 1_000_000) Integer> ages,
            @ForAll @Size(max = 60) final List<@IntRange(min = 0, max = 100) Integer> disarm) {
        final long base = System.nanoTime() - 10_000_000_000L;
        final TimerHeap heap = new TimerHeap();
        final List<Integer> fired = new ArrayList<>();
        final List<TimerHeap.Timer> timers = new ArrayList<>();
        for (int i = 0; i < ages.size(); i++) {
            final TimerHeap.Timer t = timer(i, fired);
            t.deadline = base + ages.get(i);
            heap.schedule(t);
            timers.add(t);
        }
        final boolean[] off = new boolean[ages.size()];
        for (final int d : disarm) {
            final int i = d % ages.size();
            off[i] = true;
            timers.get(i).deadline = Long.MAX_VALUE;
        }
        assertEquals(Long.MAX_VALUE, heap.expire());
        assertEquals(0, heap.size());
        long last = Long.MIN_VALUE;
        int expected = 0;
        for (int i = 0; i < off.length; i++) {
            if (!off[i]) {
                expected++;
            }
        }
        assertEquals(expected, fired.size());
        for (final int i : fired) {
            assertTrue(!off[i], "disarmed timer " + i + " fired");
            final long d = ages.get(i);
            assertTrue(d >= last, "timer " + i + " fired out of deadline order");
            last = d;
        }
    }

    @Property(tries = 200)
    void rearmingMovesATimer(
            @ForAll @Size(min = 2, max = 40) final List<@IntRange(min = 0, max = 1) Integer> dueLater) {
        final long now = System.nanoTime();
        final long past = now - 10_000_000_000L;
        final long future = now + 3_600_000_000_000L;
        final TimerHeap heap = new TimerHeap();
        final List<Integer> fired = new ArrayList<>();
        final List<TimerHeap.Timer> timers = new ArrayList<>();
        for (int i = 0; i < dueLater.size(); i++) {
            final TimerHeap.Timer t = timer(i, fired);
            // armed the other way round first, then re-armed: earlier ones move up, later ones are re-keyed lazily
            t.deadline = dueLater.get(i) == 1 ? past : future;
            heap.schedule(t);
            timers.add(t);
        }
        int due = 0;
        for (int i = 0; i < timers.size(); i++) {
            final TimerHeap.Timer t = timers.get(i);
            t.deadline = dueLater.get(i) == 1 ? future : past + i;
            heap.schedule(t);
            if (dueLater.get(i) == 0) {
                due++;
            }
        }
        final long next = heap.expire();
        assertEquals(due, fired.size());
        for (int k = 1; k < fired.size(); k++) {
            assertTrue(fired.get(k - 1) < fired.get(k), "fired out of order: " + fired);
        }
        assertEquals(timers.size() - due, heap.size());
        assertTrue(due == timers.size() ? next == Long.MAX_VALUE : next > 1000, "next wait " + next);
    }

    @Property(tries = 50)
    void aTimerReArmedByItsExpiryStaysInTheHeap(@ForAll @IntRange(min = 1, max = 20) final int n) {
        final TimerHeap heap = new TimerHeap();
        final List<TimerHeap.Timer> timers = new ArrayList<>();
        final int[] count = new int[n];
        for (int i = 0; i < n; i++) {
            final int k = i;
            final TimerHeap.Timer[] self = new TimerHeap.Timer[1];
            self[0] = new TimerHeap.Timer("t" + i, () -> {
                count[k]++;
                self[0].deadline = System.nanoTime() + 3_600_000_000_000L; // as a drain armed by a refusal
                heap.schedule(self[0]);
            });
            self[0].deadline = System.nanoTime() - 1_000_000L * (i + 1);
            heap.schedule(self[0]);
            timers.add(self[0]);
        }
        final long next = heap.expire();
        for (int i = 0; i < n; i++) {
            assertEquals(1, count[i], "timer " + i);
        }
        assertEquals(n, heap.size());
        assertTrue(next > 1000, "next wait " + next);
        for (final TimerHeap.Timer t : timers) {
            t.deadline = Long.MAX_VALUE;
        }
        assertEquals(n, heap.size()); // a disarm does not touch the heap
    }

    @Property(tries = 20)
    void aTimerLeftDueByItsExpiryFiresOncePerCall(@ForAll @IntRange(min = 1, max = 5) final int calls) {
        final TimerHeap heap = new TimerHeap();
        final int[] count = new int[1];
        final TimerHeap.Timer t = new TimerHeap.Timer("stuck", () -> count[0]++); // leaves its deadline past
        t.deadline = System.nanoTime() - 1_000_000L;
        heap.schedule(t);
        for (int k = 1; k <= calls; k++) {
            assertEquals(1, heap.expire(), "wait after call " + k);
            assertEquals(k, count[0]);
        }
    }
}
