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
 * Reap and repost on an EP's operation queue: a receive queue of one holds receive 1; the transport completes it
 * while the consumer takes an event and then posts receive 2. A consumer that took the event of 1 must find its slot
 * free (C programs repost what they reaped into a queue sized for exactly that): the completing side frees the slot
 * before it posts the event. Without that order the post is refused although the event was taken.
 *
 * <p>Result: 1 if the consumer took the event of 1, 1 if its post of 2 was accepted, 1 if the events are 1 and the
 * accepted post, in order, each once (0 otherwise).
 */
@JCStressTest
@Description("EP operation queue: the slot of a completion is free once its event can be taken")
@Outcome(id = {"0, 0, 1", "0, 1, 1", "1, 1, 1"}, expect = Expect.ACCEPTABLE,
        desc = "the post fits whenever the event was taken first; events in order, each once")
@Outcome(expect = Expect.FORBIDDEN, desc = "the consumer took the event of 1 and its repost was refused, or an event"
        + " lost, duplicated or out of order")
@State
public class OperationQueueRepostTest {

    private final Rig.PostedEndpoint ep = Rig.endpointWithDepth(1, 1);
    private final List<PostedOperation> posted = new ArrayList<>(1);
    private final EventSlot slot = new EventSlot();
    private int took;
    private int accepted;

    @Actor
    public void transport() {
        ep.upcalls().complete(ep.ops().get(0), DtoStatus.SUCCESS, 0);
    }

    @Actor
    public void consumer() {
        took = ep.evd().dequeue(slot) && slot.cookie() == 1 ? 1 : 0;
        accepted = Rig.tryPostRecv(ep.ep(), 2, posted) ? 1 : 0;
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        for (final PostedOperation op : posted) {
            ep.upcalls().complete(op, DtoStatus.SUCCESS, 0);
        }
        final long[] cookies = Arbiters.drainCookies(ep.evd(), new EventSlot(), new long[8], took);
        if (took == 1) {
            cookies[1] = 1;
        }
        final int n = (int) cookies[0];
        boolean same = n == 1 + accepted && cookies[1] == 1;
        if (same && accepted == 1) {
            same = cookies[2] == 2;
        }
        r.r1 = took;
        r.r2 = accepted;
        r.r3 = same ? 1 : 0;
        ep.close();
    }
}
