package io.dat4j.jcstress;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.EventSlot;
import io.dat4j.kit.ConnectionUpcalls;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * A completion racing a flush (the connection went down while the transport finished an operation), and the queue
 * slots posted again at once: receives 1, 2 and 3 fill an EP's receive queue of 3; one thread completes 2
 * successfully, the other flushes the EP (the {@code flush()} upcall of the connection the EP's connect began) and
 * posts receives 4 and 5, which take the slots of 1 and 2. Every cookie reaches the EVD once, in posting order; 1 and
 * 3 FLUSHED, 2 either SUCCESS (the completion came first) or FLUSHED (the flush came first, and the late completion is
 * ignored); the late completion never completes 5, the receive posted in 2's slot since (the arbiter flushes 4 and
 * 5, and both must be FLUSHED).
 *
 * <p>Result: the first three cookies in order (0 where missing; the third -1 when a status other than 2's is wrong or
 * 4 and 5 do not follow), the status of 2 (1 SUCCESS, 2 FLUSHED, 0 other), and the number of events.
 */
@JCStressTest
@Description("EP operation queue: a completion racing a flush and reposts; each cookie once, in order, 2 SUCCESS or"
        + " FLUSHED, the reposts untouched")
@Outcome(id = "1, 2, 3, 1, 5", expect = Expect.ACCEPTABLE, desc = "the completion came first")
@Outcome(id = "1, 2, 3, 2, 5", expect = Expect.ACCEPTABLE, desc = "the flush came first; the late completion ignored")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event out of order, lost or duplicated, a wrong status, or the late"
        + " completion applied to a receive posted since")
@State
public class CompletionFlushTest {

    private final Rig.PostedEndpoint ep = Rig.endpointWithDepth(3, 1, 2, 3);
    private final ConnectionUpcalls connection = Rig.connect(ep.ep());

    @Actor
    public void transport() {
        ep.upcalls().complete(ep.ops().get(1), DtoStatus.SUCCESS, 0);
    }

    @Actor
    public void connectionDown() {
        connection.flush();
        ep.ep().postRecv(List.of(), 4, CompletionFlag.DEFAULT);
        ep.ep().postRecv(List.of(), 5, CompletionFlag.DEFAULT);
    }

    @Arbiter
    public void arbiter(final IIIII_Result r) {
        connection.flush(); // 4 and 5, unless a late completion took one
        final EventSlot slot = new EventSlot();
        final long[] cookies = new long[5];
        int n = 0;
        boolean statusesRight = true;
        while (ep.evd().dequeue(slot)) {
            if (n < cookies.length) {
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
        r.r3 = statusesRight && cookies[3] == 4 && cookies[4] == 5 ? (int) cookies[2] : -1;
        r.r5 = n;
        ep.close();
    }
}
