package io.dat4j.jcstress;

import io.dat4j.DtoStatus;
import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * No lost wake-up when a transport completes into the EVD under the EVD's own lock (the completing side of the EP's
 * receive queue is that lock, and the waiter's unpark follows once it is released): a thread waits with no timeout
 * for two events while the transport completes receives 2 and then 1 (2 waits for 1; 1's completion posts both). A
 * waiter still parked when both events are queued is STALE (jcstress waits 30 s for it).
 */
@JCStressTest(Mode.Termination)
@Description("EVD waiter with no timeout, threshold 2, against DTO completions made under the EVD's lock")
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "woken once both completions were posted")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "lost wake-up: parked forever with both events queued")
@State
public class SharedEvdWakeupTest {

    private final Rig.PostedEndpoint ep = Rig.endpointWithReceives(1, 2);

    @Actor
    public void waiter() {
        try {
            ep.evd().await(EventDispatcher.INFINITE, 2, new EventSlot());
        } finally {
            ep.close();
        }
    }

    @Signal
    public void transport() {
        ep.upcalls().complete(ep.ops().get(1), DtoStatus.SUCCESS, 0);
        ep.upcalls().complete(ep.ops().get(0), DtoStatus.SUCCESS, 0);
    }
}
