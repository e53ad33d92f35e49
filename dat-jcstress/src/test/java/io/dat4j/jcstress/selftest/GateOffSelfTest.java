package io.dat4j.jcstress.selftest;

import io.dat4j.kit.ConsumerGate;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Self-test of the harness, expected to FAIL: {@code ConsumerGateExclusionTest} run on the gate of the multi-threaded
 * mode ({@link ConsumerGate#OFF}, whose every method returns at once). The two sections then overlap, and the test's
 * FORBIDDEN outcomes must be observed. The gate ({@code JcstressGate}) requires it: a harness that cannot see this
 * would pass a gate that excludes nothing.
 */
@JCStressTest
@Description("SELF-TEST (must fail): the single-thread gate's exclusion test on the OFF gate")
@Outcome(id = {"0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = "one section before the other")
@Outcome(id = {"1, 1", "0, 0"}, expect = Expect.FORBIDDEN, desc = "the sections overlapped (no gate)")
@State
public class GateOffSelfTest {

    private final ConsumerGate gate = ConsumerGate.OFF;
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
