package io.dat4j.jcstress;

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
 * No lost wake-up of an EVD's waiter: a thread waits with no timeout for two events while the signal posts them, as
 * the waiter is registering, checking the ring or parking. If the post finds no waiter yet, the waiter's check must
 * find the events; if it finds the waiter, its unpark must not be lost, even when it comes before the park. A waiter
 * still parked when both events are queued is STALE (jcstress waits 30 s for it).
 */
@JCStressTest(Mode.Termination)
@Description("EVD waiter with no timeout, threshold 2: the posts of another thread always wake it")
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "woken by the second post")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "lost wake-up: parked forever with both events queued")
@State
public class EvdWaiterWakeupTest {

    private final EventDispatcher evd = Rig.evd(4);

    @Actor
    public void waiter() {
        try {
            evd.await(EventDispatcher.INFINITE, 2, new EventSlot());
        } finally {
            evd.close();
        }
    }

    @Signal
    public void poster() {
        evd.postSoftwareEvent(1);
        evd.postSoftwareEvent(2);
    }
}
