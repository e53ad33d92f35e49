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
 * The EVD ring moved while a producer posts ({@code dat_evd_resize}): an EVD of two holds one event, with its head
 * off slot 0; one thread posts two more, the other resizes the EVD to four. The resize copies the queued events into
 * a new ring; a post lands in the old ring before the copy or in the new one after it, never in between, and the
 * second post fits exactly when the resize came first. The consumer then takes the queued event and every accepted
 * post, in order, each once.
 *
 * <p>Result: posts accepted, the queue length afterwards, 1 if the events taken are exactly the queued and accepted
 * ones in order (0 otherwise).
 */
@JCStressTest
@Description("EVD resize against a producer: no event lost, duplicated or reordered by the move")
@Outcome(id = {"1, 4, 1", "2, 4, 1"}, expect = Expect.ACCEPTABLE,
        desc = "the second post found the old ring full, or the resized one with room; everything in order")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event lost, duplicated or out of order, or the resize lost")
@State
public class EvdResizeTest {

    private final EventDispatcher evd = Rig.evdWithHeadOffZero();
    private final boolean[] accepted = {true, false, false};

    @Actor
    public void producer() {
        accepted[1] = Arbiters.tryPost(evd, 2);
        accepted[2] = Arbiters.tryPost(evd, 3);
    }

    @Actor
    public void resize() {
        evd.resize(4);
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        r.r1 = (accepted[1] ? 1 : 0) + (accepted[2] ? 1 : 0);
        r.r2 = evd.query().queueLength();
        final int[] taken = new int[6];
        final int t = Arbiters.takePayloads(evd, taken, 0);
        r.r3 = Arbiters.sameAsAccepted(taken, t, new int[] {1, 2, 3}, accepted) ? 1 : 0;
        evd.close();
    }
}
