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
 * The hand-off between an EVD's take and a completion that waits for room (a DTO keeps its queue slot until its
 * event has entered the EVD, as libdapl keeps a cookie until the work completion leaves the CQ). An EVD of one holds
 * the event of receive 1; the transport completes receive 2 while the consumer takes the event of 1. Either the
 * completion finds the entry free and posts its event, or it begins to wait and the consumer, after its take, finds
 * it waiting and moves it in: one of the two sees the other (the queue publishes that it waits and then reads the
 * ring's taken count; the taker publishes the count and then reads whether a queue waits). Without that, the event of
 * 2 would wait, its slot held, in an EVD with room, until some later take.
 *
 * <p>Result: 1 if the consumer took the event of 1; the events in the EVD once both are done, read without taking
 * (1: the event of 2 entered); 1 if the event of 2 is then taken once and both receive slots are free again.
 */
@JCStressTest
@Description("EVD backlog: a completion that waits for room and a take that makes room; one sees the other")
@Outcome(id = "1, 1, 1", expect = Expect.ACCEPTABLE, desc = "the event of 2 entered the EVD, once; slots free")
@Outcome(expect = Expect.FORBIDDEN, desc = "the event of 2 left waiting in an EVD with room (a lost hand-off), "
        + "lost, taken twice, or a slot still held")
@State
public class EvdBacklogHandOffTest {

    private final Rig.PostedEndpoint ep = Rig.endpointWithEvd(1, 2, 1, 2);
    private final EventSlot slot = new EventSlot();
    private int took;

    public EvdBacklogHandOffTest() {
        ep.upcalls().complete(ep.ops().get(0), DtoStatus.SUCCESS, 0); // the EVD of one is full
    }

    @Actor
    public void transport() {
        ep.upcalls().complete(ep.ops().get(1), DtoStatus.SUCCESS, 0);
    }

    @Actor
    public void consumer() {
        took = ep.evd().dequeue(slot) && slot.cookie() == 1 ? 1 : 0;
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        r.r1 = took;
        r.r2 = ep.evd().size();
        final long[] cookies = Arbiters.drainCookies(ep.evd(), new EventSlot(), new long[4], 0);
        final List<PostedOperation> posted = new ArrayList<>(2);
        final boolean free = Rig.tryPostRecv(ep.ep(), 3, posted) && Rig.tryPostRecv(ep.ep(), 4, posted);
        r.r3 = cookies[0] == 1 && cookies[1] == 2 && free ? 1 : 0;
        ep.close();
    }
}
