package io.dat4j.jcstress;

import io.dat4j.EventDispatcher;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The EVD ring under two producers and an overflow: two threads post two events each into an EVD of three, so one of
 * the four posts must be refused ({@code DAT_QUEUE_FULL}). The consumer then takes everything. Checks that exactly
 * three posts were accepted, that the consumer takes exactly those three (none lost, none twice, none of the refused
 * one), each producer's events in its own order, and that the ring is empty afterwards.
 *
 * <p>Result: accepted posts, events taken, 1 if the events taken are exactly the accepted ones in each producer's
 * order and the ring is empty afterwards (0 otherwise).
 */
@JCStressTest
@Description("EVD ring: two producers race for the last slot; no event lost, duplicated or reordered")
@Outcome(id = "3, 3, 1", expect = Expect.ACCEPTABLE, desc = "one post refused, the other three taken in order")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event lost, duplicated or reordered, or a wrong count")
@State
public class EvdRingProducersTest {

    private final EventDispatcher evd = Rig.evd(3);
    private final boolean[] accepted = new boolean[4];

    @Actor
    public void producerA() {
        accepted[0] = Arbiters.tryPost(evd, 10);
        accepted[1] = Arbiters.tryPost(evd, 11);
    }

    @Actor
    public void producerB() {
        accepted[2] = Arbiters.tryPost(evd, 20);
        accepted[3] = Arbiters.tryPost(evd, 21);
    }

    @Arbiter
    public void consumer(final III_Result r) {
        r.r1 = Arbiters.count(accepted);
        final int[] taken = new int[5];
        final int t = Arbiters.takePayloads(evd, taken, 0);
        r.r2 = t;
        r.r3 = Arbiters.sameAsAccepted(taken, t, new int[] {10, 11, 20, 21}, accepted) && evd.size() == 0 ? 1 : 0;
        evd.close();
    }
}
