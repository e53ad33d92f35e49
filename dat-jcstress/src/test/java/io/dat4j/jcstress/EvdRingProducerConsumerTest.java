package io.dat4j.jcstress;

import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The EVD ring with a producer and a consumer at once, across the wrap of the ring: an EVD of two holds one event
 * (its head is not at slot 0); one thread posts two more (the second may find the ring full), the other takes two
 * (the first always finds the queued event; the second may find the ring empty). Whatever the interleaving, the
 * consumer and the arbiter together take exactly the first event and the accepted posts, in posting order, each
 * once. A refused post means the ring held the first event and the second when it came, so the consumer then takes
 * both: "1, 1, 1" cannot happen.
 *
 * <p>Result: events the consumer took, posts accepted, 1 if all events taken are exactly the queued and accepted
 * ones in order (0 otherwise).
 */
@JCStressTest
@Description("EVD ring: one producer, one consumer, across the wrap; FIFO, nothing lost or taken twice")
@Outcome(id = {"1, 2, 1", "2, 1, 1", "2, 2, 1"}, expect = Expect.ACCEPTABLE,
        desc = "the consumer took the queued event and maybe one more; one or two posts fit; everything in order")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event lost, duplicated or out of order, or the consumer found the"
        + " ring empty while it held an event")
@State
public class EvdRingProducerConsumerTest {

    private final EventDispatcher evd = Rig.evdWithHeadOffZero();
    private final EventSlot consumerSlot = new EventSlot();
    private final int[] taken = new int[6];
    private int consumerTook;
    private final boolean[] accepted = {true, false, false};

    @Actor
    public void producer() {
        accepted[1] = Arbiters.tryPost(evd, 2);
        accepted[2] = Arbiters.tryPost(evd, 3);
    }

    @Actor
    public void consumer() {
        int t = 0;
        for (int i = 0; i < 2; i++) {
            if (evd.dequeue(consumerSlot)) {
                taken[t++] = (Integer) consumerSlot.payload();
            }
        }
        consumerTook = t;
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        final int t = Arbiters.takePayloads(evd, taken, consumerTook);
        r.r1 = consumerTook;
        r.r2 = (accepted[1] ? 1 : 0) + (accepted[2] ? 1 : 0);
        // one producer (payload / 10 == 0): the events taken must be the accepted ones in posting order
        r.r3 = Arbiters.sameAsAccepted(taken, t, new int[] {1, 2, 3}, accepted) ? 1 : 0;
        evd.close();
    }
}
