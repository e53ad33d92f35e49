package io.dat4j.jcstress;

import io.dat4j.DtoStatus;
import io.dat4j.EventSlot;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * Completion ordering with the consumer taking events meanwhile: receives 1, 2 and 3 are outstanding; one transport
 * thread completes 3 and then 1, another completes 2 and then dequeues once, as a consumer polling its recv EVD.
 * Completion 3 is held back until 1 and 2 are done; the events reach the EVD as 1, 2, 3 whichever completion comes
 * last, and the consumer, if it takes one, takes 1.
 *
 * <p>Result: the cookie the consumer took (0 when the EVD was empty), then all cookies taken in order (the
 * consumer's and the arbiter's; 0 where missing), and the number of events.
 */
@JCStressTest
@Description("EP operation queue: completions out of order on two threads and a consumer; posting order, each once")
@Outcome(id = {"0, 1, 2, 3, 3", "1, 1, 2, 3, 3"}, expect = Expect.ACCEPTABLE,
        desc = "the consumer took nothing yet, or the first; all three in posting order")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event out of order, lost or duplicated")
@State
public class CompletionConsumerTest {

    private final Rig.PostedEndpoint ep = Rig.endpointWithReceives(1, 2, 3);
    private final EventSlot consumerSlot = new EventSlot();
    private long consumerTook;

    @Actor
    public void transportA() {
        ep.upcalls().complete(ep.ops().get(2), DtoStatus.SUCCESS, 0);
        ep.upcalls().complete(ep.ops().get(0), DtoStatus.SUCCESS, 0);
    }

    @Actor
    public void transportB() {
        ep.upcalls().complete(ep.ops().get(1), DtoStatus.SUCCESS, 0);
        if (ep.evd().dequeue(consumerSlot)) {
            consumerTook = consumerSlot.cookie();
        }
    }

    @Arbiter
    public void arbiter(final IIIII_Result r) {
        final long[] cookies = new long[8];
        int first = 0;
        if (consumerTook != 0) {
            cookies[1] = consumerTook;
            first = 1;
        }
        Arbiters.drainCookies(ep.evd(), new EventSlot(), cookies, first);
        r.r1 = (int) consumerTook;
        r.r2 = (int) cookies[1];
        r.r3 = (int) cookies[2];
        r.r4 = (int) cookies[3];
        r.r5 = (int) cookies[0];
        ep.close();
    }
}
