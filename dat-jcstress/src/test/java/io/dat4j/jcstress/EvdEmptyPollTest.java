package io.dat4j.jcstress;

import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The EVD's empty check without its lock: {@code size()} and an empty {@code dequeue} read the ring's count (written
 * with release under the lock, read with acquire) and take no lock. A producer posts an event and then raises a
 * flag; the consumer reads the flag, then {@code size()}, then dequeues. A consumer that saw the flag must see the
 * event (the post happened-before it), and one that saw the event counted must take it: the lock-free read may only
 * miss a post that is concurrent with it.
 *
 * <p>Result: the flag the consumer saw, the size it saw, 1 if its dequeue took the event.
 */
@JCStressTest
@Description("EVD empty check without the lock: a post the consumer knows of is never missed")
@Outcome(id = {"0, 0, 0", "0, 0, 1", "0, 1, 1", "1, 1, 1"}, expect = Expect.ACCEPTABLE,
        desc = "the event seen once the consumer knew of it, or caught while it was being posted")
@Outcome(expect = Expect.FORBIDDEN, desc = "the consumer knew of the post (flag, or size) and found the EVD empty")
@State
public class EvdEmptyPollTest {

    private final EventDispatcher evd = Rig.evd(2);
    private final EventSlot slot = new EventSlot();
    private volatile int posted;

    @Actor
    public void producer() {
        evd.postSoftwareEvent(1);
        posted = 1;
    }

    @Actor
    public void consumer(final III_Result r) {
        r.r1 = posted;
        r.r2 = evd.size();
        r.r3 = evd.dequeue(slot) ? 1 : 0;
    }

    @Arbiter
    public void arbiter() {
        evd.close();
    }
}
