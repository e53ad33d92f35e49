package io.dat4j.jcstress;

import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.kit.RegisteredRegion;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * An incoming RDMA write against the deregistration of its region: one thread serves a peer's RDMA write as a
 * software transport does ({@code RegionTable.acquire} by {@code rmr_context}, copy, {@code release} in a
 * {@code finally}); the other frees the LMR ({@code dat_lmr_free}). The access either is refused or sees the region
 * registered for the whole copy; the free waits for an access in flight before the transport's
 * {@code deregisterMemory} hook runs; after the free, this LMR is never served by its context again.
 *
 * <p>Contexts are random 32-bit numbers, and a context freed here may be drawn again at once by an LMR that another
 * state registers while this one's arbiter runs (jcstress builds the next states on both threads while the arbiters
 * of the last ones run): a late access by the old context is then served, correctly, by that new LMR, as a verbs
 * rkey is reused after its MR is deregistered. The arbiter therefore asks whether the late access reached this LMR,
 * by its {@code lmr_context} (never reused within an IA).
 *
 * <p>Result: the access (0 refused, 1 served with the region registered throughout, 2 served while or after it was
 * deregistered), 1 if the transport's {@code deregisterMemory} ran while an access was in flight, 1 if an access after
 * the free reached this LMR.
 */
@JCStressTest
@Description("LMR free against an RDMA access: refused, or served before deregistration; never a use after release")
@Outcome(id = "0, 0, 0", expect = Expect.ACCEPTABLE, desc = "the free came first: the access was refused")
@Outcome(id = "1, 0, 0", expect = Expect.ACCEPTABLE, desc = "the access came first: the free waited for it")
@Outcome(expect = Expect.FORBIDDEN, desc = "memory touched after deregistration, deregistered under an access, or"
        + " served after the free")
@State
public class RegionDeregistrationTest {

    private final LocalMemoryRegion lmr = Rig.IA.createLocalMemoryRegion(Rig.PZ, Rig.MEMORY,
            EnumSet.of(MemoryPrivilege.LOCAL_WRITE, MemoryPrivilege.REMOTE_WRITE));
    private final int rmr = lmr.rmrContext();
    private final int lmrContext = lmr.lmrContext();
    private final long address = lmr.registeredAddress();
    private final RegionProbe probe = new RegionProbe();

    public RegionDeregistrationTest() {
        Rig.onDeregistration(lmr, probe::deregistered);
    }

    @Actor
    public void rdmaWrite(final III_Result r) {
        r.r1 = probe.access(Rig.REGIONS.acquire(Rig.TARGET, rmr, address, 8, true));
    }

    @Actor
    public void free() {
        lmr.close();
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        r.r2 = probe.inFlightAtDeregistration ? 1 : 0;
        final RegisteredRegion late = Rig.REGIONS.acquire(Rig.TARGET, rmr, address, 8, true);
        if (late != null) {
            late.release();
        }
        final boolean thisLmr = late != null && late.lmrContext() == lmrContext; // not a new LMR given the context
        r.r3 = !thisLmr && probe.deregistered ? 0 : 1;
    }

    /** What the transport sees of one region: accesses in flight, and its deregistration. */
    static final class RegionProbe {
        volatile boolean inFlight;
        volatile boolean deregistered;
        volatile boolean inFlightAtDeregistration;

        /** The transport's {@code deregisterMemory} hook. */
        void deregistered() {
            inFlightAtDeregistration = inFlight;
            deregistered = true;
        }

        /**
         * Serves an access as a transport does: touch the memory only between a successful acquire and the release.
         *
         * @param region what {@code acquire} returned
         * @return 0 refused, 1 served with the region registered throughout, 2 served while deregistered
         */
        int access(final RegisteredRegion region) {
            if (region == null) {
                return 0;
            }
            try {
                inFlight = true;
                final boolean before = deregistered;
                region.memory().set(ValueLayout.JAVA_LONG, 0, 42L);
                final boolean after = deregistered;
                inFlight = false;
                return before || after ? 2 : 1;
            } finally {
                region.release();
            }
        }
    }
}
