package io.dat4j.jcstress;

import io.dat4j.kit.ConsumerGate;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The single-thread gate's hand-over at an empty poll ({@link ConsumerGate#idle()}): the consumer holds the gate over
 * two sections with an {@code idle()} between them, as a consumer polling an EVD that finds nothing does, and gives it
 * back only at the end ({@code releaseForWait()}). A transport thread's section runs before the first, between the two
 * (given the gate at {@code idle()}, which takes it back after) or after the second, never overlapping either. The
 * consumer writes 1 then 2 into its plain field and reads the transport thread's after each write; the transport
 * thread writes its own and reads the consumer's.
 *
 * <p>Result: what the consumer read in its first section, what the transport thread read, what the consumer read in
 * its second section.
 */
@JCStressTest
@Description("single-thread gate: idle() hands the gate to a waiting transport thread between two consumer sections")
@Outcome(id = "1, 0, 1", expect = Expect.ACCEPTABLE, desc = "the transport thread's section first")
@Outcome(id = "0, 1, 1", expect = Expect.ACCEPTABLE_INTERESTING,
        desc = "the transport thread's section between the consumer's two: handed over at idle()")
@Outcome(id = "0, 2, 0", expect = Expect.ACCEPTABLE, desc = "the transport thread's section last")
@Outcome(expect = Expect.FORBIDDEN, desc = "a section overlapped another, or did not see the writes of the one"
        + " before it")
@State
public class ConsumerGateIdleHandOverTest {

    private final ConsumerGate gate = ConsumerGate.singleThread();
    private int x;
    private int y;

    @Actor
    public void consumer(final III_Result r) {
        gate.enter();
        x = 1;
        r.r1 = y;
        gate.idle();
        x = 2;
        r.r3 = y;
        gate.releaseForWait();
    }

    @Actor
    public void transportThread(final III_Result r) {
        gate.enterProvider();
        y = 1;
        r.r2 = x;
        gate.exitProvider();
    }
}
