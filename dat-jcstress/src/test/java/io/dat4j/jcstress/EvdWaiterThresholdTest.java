package io.dat4j.jcstress;

import io.dat4j.DatException;
import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;
import io.dat4j.StatusType;
import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The waiter hand-off of an EVD ({@code dat_evd_wait} with a threshold): one thread waits for two events, the other
 * posts two. The waiter must return when the second event is queued and not before: woken by the first post, it would
 * take the first event with nothing more queued ({@code nmore} 0). The kit's spin before parking is 0 here, so the
 * waiter parks. (A lost wake-up would only delay this test until the re-check after its timeout; the termination
 * tests {@link EvdWaiterWakeupTest} and {@link EvdProgressWakeupTest} catch those.)
 *
 * <p>Result: events left after the waiter's take ({@code nmore}; -1 when the wait timed out), the payload it took,
 * events left in the EVD afterwards.
 */
@JCStressTest
@Description("EVD waiter with threshold 2: woken by the second post, never by the first, never lost")
@Outcome(id = "1, 1, 1", expect = Expect.ACCEPTABLE, desc = "woken with both events queued; took the first")
@Outcome(id = "0, 1, 1", expect = Expect.FORBIDDEN, desc = "woken by the first post, below the threshold")
@Outcome(expect = Expect.FORBIDDEN, desc = "woken before the threshold, or took the wrong event")
@State
public class EvdWaiterThresholdTest {

    /** Far beyond any interleaving of this test. */
    static final Duration LONG = Duration.ofSeconds(10);

    private final EventDispatcher evd = Rig.evd(4);
    private final EventSlot slot = new EventSlot();

    @Actor
    public void waiter(final III_Result r) {
        try {
            r.r1 = evd.await(LONG, 2, slot);
            r.r2 = (Integer) slot.payload();
        } catch (final DatException e) {
            if (e.type() != StatusType.TIMEOUT_EXPIRED) {
                throw e;
            }
            r.r1 = -1;
            r.r2 = -1;
        }
    }

    @Actor
    public void poster() {
        evd.postSoftwareEvent(1);
        evd.postSoftwareEvent(2);
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        r.r3 = evd.size();
        evd.close();
    }
}
