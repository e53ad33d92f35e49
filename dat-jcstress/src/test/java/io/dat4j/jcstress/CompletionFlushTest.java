package io.dat4j.jcstress;

import io.dat4j.DtoStatus;
import io.dat4j.EventSlot;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * A completion racing a flush (the connection went down while the transport finished an operation): receives 1, 2
 * and 3 are outstanding; one thread completes 2 successfully, the other flushes the EP ({@code flush()} upcall).
 * Every cookie reaches the EVD once, in posting order; 1 and 3 FLUSHED, 2 either SUCCESS (the completion came first)
 * or FLUSHED (the flush came first, and the late completion is ignored).
 *
 * <p>Result: the three cookies in order (0 where missing), the status of 2 (1 SUCCESS, 2 FLUSHED, 0 other), and the
 * number of events.
 */
@JCStressTest
@Description("EP operation queue: a completion racing a flush; each cookie once, in order, 2 SUCCESS or FLUSHED")
@Outcome(id = "1, 2, 3, 1, 3", expect = Expect.ACCEPTABLE, desc = "the completion came first")
@Outcome(id = "1, 2, 3, 2, 3", expect = Expect.ACCEPTABLE, desc = "the flush came first; the late completion ignored")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event out of order, lost or duplicated, or a wrong status")
@State
public class CompletionFlushTest {

    private final Rig.PostedEndpoint ep = Rig.endpointWithReceives(1, 2, 3);

    @Actor
    public void transport() {
        ep.upcalls().complete(ep.ops().get(1), DtoStatus.SUCCESS, 0);
    }

    @Actor
    public void connectionDown() {
        ep.upcalls().flush();
    }

    @Arbiter
    public void arbiter(final IIIII_Result r) {
        final EventSlot slot = new EventSlot();
        final long[] cookies = new long[4];
        int n = 0;
        boolean statusesRight = true;
        while (ep.evd().dequeue(slot)) {
            if (n < 3) {
                cookies[n] = slot.cookie();
            }
            n++;
            if (slot.cookie() == 2) {
                r.r4 = slot.status() == DtoStatus.SUCCESS ? 1 : slot.status() == DtoStatus.FLUSHED ? 2 : 0;
            } else if (slot.status() != DtoStatus.FLUSHED) {
                statusesRight = false;
            }
        }
        r.r1 = (int) cookies[0];
        r.r2 = (int) cookies[1];
        r.r3 = statusesRight ? (int) cookies[2] : -1;
        r.r5 = n;
        ep.close();
    }
}
