package io.dat4j.jcstress;

import io.dat4j.DtoStatus;
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
 * Two EPs complete into one EVD, whose lock is the completing side of both their receive queues (one lock per
 * completion: "Threading and locks" in docs/provider-kit.md): one transport thread completes EP A's receives 2 then 1
 * (out of order: 2 waits for 1) and EP B's 11, the other completes B's 12 and then takes what the EVD holds; the
 * arbiter takes the rest. Every cookie reaches the EVD once, each EP's in its posting order.
 *
 * <p>Result: 1 when A's events came as 1 then 2, each once (0 otherwise); the same for B's 11 then 12; the number of
 * events.
 */
@JCStressTest
@Description("Two EP queues completing into one EVD under its lock, a consumer taking at once: each cookie once, each"
        + " EP's in order")
@Outcome(id = "1, 1, 4", expect = Expect.ACCEPTABLE, desc = "all four, each EP's in order")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event lost, duplicated or out of its EP's order")
@State
public class SharedEvdCompletionTest {

    private final EventDispatcher evd = Rig.evd(8);
    private final Rig.PostedEndpoint a = Rig.endpointOn(evd, 1, 2);
    private final Rig.PostedEndpoint b = Rig.endpointOn(evd, 11, 12);
    private final long[] seen = new long[8];
    private int count;
    private final long[] seenByConsumer = new long[8];
    private int consumerCount;

    @Actor
    public void transportA() {
        a.upcalls().complete(a.ops().get(1), DtoStatus.SUCCESS, 0);
        a.upcalls().complete(a.ops().get(0), DtoStatus.SUCCESS, 0);
        b.upcalls().complete(b.ops().get(0), DtoStatus.SUCCESS, 0);
    }

    @Actor
    public void transportBAndConsumer() {
        b.upcalls().complete(b.ops().get(1), DtoStatus.SUCCESS, 0);
        final EventSlot slot = new EventSlot();
        while (consumerCount < seenByConsumer.length && evd.dequeue(slot)) {
            seenByConsumer[consumerCount++] = slot.cookie();
        }
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        for (int i = 0; i < consumerCount; i++) {
            seen[count++] = seenByConsumer[i];
        }
        final EventSlot slot = new EventSlot();
        while (evd.dequeue(slot)) {
            if (count < seen.length) {
                seen[count] = slot.cookie();
            }
            count++;
        }
        r.r1 = inOrder(1, 2) ? 1 : 0;
        r.r2 = inOrder(11, 12) ? 1 : 0;
        r.r3 = count;
        a.ep().close();
        b.ep().close();
        evd.close();
    }

    /** {@return true if {@code first} and {@code second} were each seen once, first before second} */
    private boolean inOrder(final long first, final long second) {
        int at1 = -1;
        int at2 = -1;
        for (int i = 0; i < Math.min(count, seen.length); i++) {
            if (seen[i] == first) {
                if (at1 >= 0) {
                    return false;
                }
                at1 = i;
            } else if (seen[i] == second) {
                if (at2 >= 0) {
                    return false;
                }
                at2 = i;
            }
        }
        return at1 >= 0 && at2 > at1;
    }
}
