package io.dat4j.jcstress.selftest;

import io.dat4j.jcstress.Arbiters;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Self-test of the harness, expected to FAIL: {@code EvdRingProducersTest} run against a copy of the EVD ring's
 * append and take with the EVD's lock left out. Two producers then read the same count, write the same slot and lose
 * an event or count one twice, and the test's FORBIDDEN outcome must be observed. The gate ({@code JcstressGate})
 * requires it: a harness that cannot see this would pass anything.
 */
@JCStressTest
@Description("SELF-TEST (must fail): the EVD ring's producers test on a ring without its lock")
@Outcome(id = "3, 3, 1", expect = Expect.ACCEPTABLE, desc = "one post refused, the other three taken in order")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event lost, duplicated or reordered, or a wrong count")
@State
public class BrokenRingSelfTest {

    private final UnlockedRing ring = new UnlockedRing(3);
    private final boolean[] accepted = new boolean[4];

    @Actor
    public void producerA() {
        accepted[0] = ring.offer(10);
        accepted[1] = ring.offer(11);
    }

    @Actor
    public void producerB() {
        accepted[2] = ring.offer(20);
        accepted[3] = ring.offer(21);
    }

    @Arbiter
    public void consumer(final III_Result r) {
        r.r1 = Arbiters.count(accepted);
        final int[] taken = new int[5];
        int t = 0;
        Integer e;
        while (t < taken.length && (e = ring.poll()) != null) {
            taken[t++] = e;
        }
        r.r2 = t;
        r.r3 = Arbiters.sameAsAccepted(taken, t, new int[] {10, 11, 20, 21}, accepted) && ring.count == 0 ? 1 : 0;
    }

    /** The EVD ring's append and take (KitEventDispatcher.offer, append, drop) with the lock left out: broken. */
    static final class UnlockedRing {
        private final Integer[] items;
        private int head;
        int count;

        UnlockedRing(final int length) {
            items = new Integer[length];
        }

        boolean offer(final Integer item) {
            if (count == items.length) {
                return false;
            }
            int i = head + count;
            if (i >= items.length) {
                i -= items.length;
            }
            items[i] = item;
            count++;
            return true;
        }

        Integer poll() {
            if (count == 0) {
                return null;
            }
            final Integer item = items[head];
            items[head] = null;
            head = head + 1 == items.length ? 0 : head + 1;
            count--;
            return item;
        }
    }
}
