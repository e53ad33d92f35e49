package io.dat4j.jcstress;

import io.dat4j.DtoStatus;
import io.dat4j.EventSlot;
import io.dat4j.kit.PostedOperation;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The two sides of an EP's operation queue handing slots over: the posting side takes no lock of its own (the EP's
 * lock serialises posters), the completing side retires descriptors under the queue's lock and publishes the freed
 * slots. A receive queue of two holds receives 1 and 2 (both slots in use); the transport completes 1 then 2 while
 * the consumer tries to post 3 and 4, which fit only into slots the completions have freed, reusing the descriptors
 * of 1 and 2. Whatever the interleaving, a post never takes a slot whose descriptor is still outstanding (the
 * transport's completion of 1 or 2 would then complete 3 or 4), and the events are 1, 2 and the accepted posts, in
 * posting order, each once. The arbiter completes the accepted posts.
 *
 * <p>Result: which posts were accepted (1: cookie 3, 2: cookie 4), the number of events, 1 if the events are exactly
 * 1, 2 and the accepted posts in order (0 otherwise).
 */
@JCStressTest
@Description("EP operation queue: posts into slots a concurrent completion frees; no outstanding descriptor reused")
@Outcome(id = {"0, 2, 1", "1, 3, 1", "2, 3, 1", "3, 4, 1"}, expect = Expect.ACCEPTABLE,
        desc = "each post fits only where a completion freed a slot; events in posting order, each once")
@Outcome(expect = Expect.FORBIDDEN, desc = "a post took a slot still outstanding, or an event lost, duplicated or"
        + " out of order")
@State
public class OperationQueueReuseTest {

    private final Rig.PostedEndpoint ep = Rig.endpointWithDepth(2, 1, 2);
    private final List<PostedOperation> posted = new ArrayList<>(2);
    private int accepted;

    @Actor
    public void transport() {
        ep.upcalls().complete(ep.ops().get(0), DtoStatus.SUCCESS, 0);
        ep.upcalls().complete(ep.ops().get(1), DtoStatus.SUCCESS, 0);
    }

    @Actor
    public void consumer() {
        int a = Rig.tryPostRecv(ep.ep(), 3, posted) ? 1 : 0;
        a |= Rig.tryPostRecv(ep.ep(), 4, posted) ? 2 : 0;
        accepted = a;
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        for (final PostedOperation op : posted) {
            ep.upcalls().complete(op, DtoStatus.SUCCESS, 0);
        }
        final long[] cookies = Arbiters.drainCookies(ep.evd(), new EventSlot(), new long[8], 0);
        final int n = (int) cookies[0];
        final long[] expected = new long[4];
        int e = 0;
        expected[e++] = 1;
        expected[e++] = 2;
        if ((accepted & 1) != 0) {
            expected[e++] = 3;
        }
        if ((accepted & 2) != 0) {
            expected[e++] = 4;
        }
        boolean same = n == e;
        for (int i = 0; same && i < e; i++) {
            same = cookies[i + 1] == expected[i];
        }
        r.r1 = accepted;
        r.r2 = n;
        r.r3 = same ? 1 : 0;
        ep.close();
    }
}
