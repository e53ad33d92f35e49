package io.dat4j.jcstress.selftest;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Self-test of the harness, expected to FAIL: {@code RegionDeregistrationTest}'s outcomes on a copy of the region
 * guard ({@code KitRegion.acquire}, {@code KitMemoryRegion.close}) whose acquire checks the revoked flag before it
 * counts itself as a user (check, then act) instead of after. A free between the check and the count sees no user
 * and deregisters, and the access then touches a deregistered region: the FORBIDDEN outcome "2, ...".
 */
@JCStressTest
@Description("SELF-TEST (must fail): the region test on a guard that checks before it counts")
@Outcome(id = "0, 0, 0", expect = Expect.ACCEPTABLE, desc = "the free came first: the access was refused")
@Outcome(id = "1, 0, 0", expect = Expect.ACCEPTABLE, desc = "the access came first: the free waited for it")
@Outcome(expect = Expect.FORBIDDEN, desc = "memory touched after deregistration, deregistered under an access, or"
        + " served after the free")
@State
public class BrokenRegionGuardSelfTest {

    private final AtomicInteger users = new AtomicInteger();
    private volatile boolean revoked;
    private volatile boolean inFlight;
    private volatile boolean deregistered;
    private volatile boolean inFlightAtDeregistration;

    private boolean acquire() {
        if (revoked) { // broken: checked before counting, so a free in between sees no user
            return false;
        }
        users.incrementAndGet();
        return true;
    }

    @Actor
    public void rdmaWrite(final III_Result r) {
        if (!acquire()) {
            r.r1 = 0;
            return;
        }
        try {
            inFlight = true;
            final boolean before = deregistered;
            final boolean after = deregistered;
            inFlight = false;
            r.r1 = before || after ? 2 : 1;
        } finally {
            users.decrementAndGet();
        }
    }

    @Actor
    public void free() {
        revoked = true;
        while (users.get() > 0) {
            Thread.onSpinWait();
        }
        inFlightAtDeregistration = inFlight;
        deregistered = true;
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        r.r2 = inFlightAtDeregistration ? 1 : 0;
        r.r3 = acquire() ? 1 : 0;
    }
}
