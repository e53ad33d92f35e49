package io.dat4j.jcstress;

import io.dat4j.DatException;
import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;
import io.dat4j.StatusType;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Every blocking call is released by close(): a thread waits on an empty EVD with no timeout while another frees the
 * EVD, as the waiter registers, checks the ring or parks. The waiter must leave with {@code DAT_ABORT} (freed while
 * waiting) or, if the free came before its call, with {@code DAT_INVALID_HANDLE}; never stay parked. Anything but a
 * {@link DatException} of those two types is an ERROR outcome.
 */
@JCStressTest(Mode.Termination)
@Description("EVD free releases a waiter with no timeout, whenever it comes")
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "the waiter left with ABORT or INVALID_HANDLE")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "the waiter stayed parked on a freed EVD")
@Outcome(id = "ERROR", expect = Expect.FORBIDDEN, desc = "the waiter left another way")
@State
public class EvdCloseReleasesWaiterTest {

    private final EventDispatcher evd = Rig.evd(4);

    @Actor
    public void waiter() {
        try {
            evd.await(EventDispatcher.INFINITE, 1, new EventSlot());
        } catch (final DatException e) {
            if (e.type() == StatusType.ABORT || e.type() == StatusType.INVALID_HANDLE) {
                return;
            }
            throw e;
        }
        throw new IllegalStateException("await returned an event from an EVD nobody posted to");
    }

    @Signal
    public void free() {
        evd.close();
    }
}
