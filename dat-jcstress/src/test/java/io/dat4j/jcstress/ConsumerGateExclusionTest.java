package io.dat4j.jcstress;

import io.dat4j.kit.ConsumerGate;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The single-thread gate ({@link ConsumerGate}): the consumer's section ({@code enter()} up to
 * {@code releaseForWait()}) and a transport thread's ({@code enterProvider()} to {@code exitProvider()}) never
 * overlap, and each sees the plain writes of the one before it. Each writes its own plain field, then reads the
 * other's (Dekker's pattern): whichever runs first reads 0 and the second reads 1.
 *
 * <p>Result: what the consumer read of the transport thread's field, what the transport thread read of the
 * consumer's.
 */
@JCStressTest
@Description("single-thread gate: consumer section against a transport thread's section, plain fields")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE, desc = "the consumer's section first")
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE, desc = "the transport thread's section first")
@Outcome(id = "1, 1", expect = Expect.FORBIDDEN, desc = "the sections overlapped (both wrote before either read)")
@Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = "neither saw the other's write: the sections overlapped,"
        + " or the gate's hand-over did not order them")
@State
public class ConsumerGateExclusionTest {

    private final ConsumerGate gate = ConsumerGate.singleThread();
    private int x;
    private int y;

    @Actor
    public void consumer(final II_Result r) {
        gate.enter();
        x = 1;
        r.r1 = y;
        gate.releaseForWait();
    }

    @Actor
    public void transportThread(final II_Result r) {
        gate.enterProvider();
        y = 1;
        r.r2 = x;
        gate.exitProvider();
    }
}
