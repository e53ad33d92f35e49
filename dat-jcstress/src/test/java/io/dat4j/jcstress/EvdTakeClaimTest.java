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
 * The EVD's take claim: two consumers take with {@code dequeue(EventSlot)} (no EVD lock: the ring's claim, a
 * compare-and-set) while one of them also posts, across the wrap of the ring. An EVD of two holds events 1 and 2
 * (full, its head off slot 0); consumer A takes one and then posts 3, consumer B takes two. Every event is taken
 * once, each consumer's in posting order, and A's post fits whenever A took an event first (the slot A freed is the
 * posting side's once A's take returned).
 *
 * <p>Result: events A took, events B took, 1 if all taken (with what is left) are exactly 1, 2 and 3, each once, each
 * consumer's in order, 3 accepted when A took one (0 otherwise).
 */
@JCStressTest
@Description("EVD take claim: two consumers without the EVD lock and a post; each event once, in order, room seen")
@Outcome(id = {"0, 2, 1", "1, 1, 1", "1, 2, 1"}, expect = Expect.ACCEPTABLE,
        desc = "the events split between the consumers, each once, in order; the post fits")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event lost, taken twice or out of order, a consumer that found the"
        + " ring empty while it held an event, or A's post refused after A freed a slot")
@State
public class EvdTakeClaimTest {

    private final EventDispatcher evd = Rig.evdWithHeadOffZero();
    private final EventSlot slotA = new EventSlot();
    private final EventSlot slotB = new EventSlot();
    private final int[] takenA = new int[2];
    private final int[] takenB = new int[2];
    private int countA;
    private int countB;
    private boolean accepted3;

    public EvdTakeClaimTest() {
        evd.postSoftwareEvent(2);
    }

    @Actor
    public void takeThenPost() {
        if (evd.dequeue(slotA)) {
            takenA[countA++] = (Integer) slotA.payload();
        }
        accepted3 = Arbiters.tryPost(evd, 3);
    }

    @Actor
    public void takeTwice() {
        for (int i = 0; i < 2; i++) {
            if (evd.dequeue(slotB)) {
                takenB[countB++] = (Integer) slotB.payload();
            }
        }
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        r.r1 = countA;
        r.r2 = countB;
        final int[] all = new int[8];
        int t = 0;
        for (int i = 0; i < countA; i++) {
            all[t++] = takenA[i];
        }
        for (int i = 0; i < countB; i++) {
            all[t++] = takenB[i];
        }
        t = Arbiters.takePayloads(evd, all, t);
        java.util.Arrays.sort(all, 0, t);
        final boolean inOrder = countB < 2 || takenB[0] < takenB[1];
        final boolean roomSeen = countA == 0 || accepted3;
        r.r3 = inOrder && roomSeen && Arbiters.sameAsAccepted(all, t, new int[] {1, 2, 3},
                new boolean[] {true, true, accepted3}) ? 1 : 0;
        evd.close();
    }
}
