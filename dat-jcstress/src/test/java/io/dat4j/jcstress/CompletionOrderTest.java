package io.dat4j.jcstress;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.EventSlot;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Completion ordering in an EP's operation queue while the consumer posts: receives 1 and 2 are outstanding; the
 * transport completes them out of order (2, then 1) on one thread while the consumer posts receive 3 on another,
 * which the transport completes inside its {@code post} hook (as a transport that finishes an operation at once).
 * Whatever the interleaving of the post's reserve and commit with the completions' in-order drain, the recv EVD gets
 * 1, 2, 3, in posting order, each once.
 *
 * <p>Result: the cookies of the first three events, and the number of events.
 */
@JCStressTest
@Description("EP operation queue: completions out of order and a concurrent post; events in posting order, each once")
@Outcome(id = "1, 2, 1003, 3", expect = Expect.ACCEPTABLE, desc = "posting order, each cookie once")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event out of posting order, lost or duplicated")
@State
public class CompletionOrderTest {

    private final Rig.PostedEndpoint ep = Rig.endpointWithReceives(1, 2);

    @Actor
    public void transport() {
        ep.upcalls().complete(ep.ops().get(1), DtoStatus.SUCCESS, 0);
        ep.upcalls().complete(ep.ops().get(0), DtoStatus.SUCCESS, 0);
    }

    @Actor
    public void consumer() {
        ep.ep().postRecv(List.of(), Rig.INLINE_COOKIE + 3, CompletionFlag.DEFAULT);
    }

    @Arbiter
    public void arbiter(final IIII_Result r) {
        final long[] cookies = Arbiters.drainCookies(ep.evd(), new EventSlot(), new long[8], 0);
        r.r1 = (int) cookies[1];
        r.r2 = (int) cookies[2];
        r.r3 = (int) cookies[3];
        r.r4 = (int) cookies[0];
        ep.close();
    }
}
