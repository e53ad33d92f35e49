package io.dat4j.jcstress;

import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.StatusType;
import java.util.EnumSet;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Two threads change the CNO of one EVD at once ({@code dat_evd_modify_cno}), from A to B and from A to none. Each
 * CNO must stay counted exactly as often as an EVD names it: afterwards (the EVD freed), each takes a new EVD and
 * frees. Each result is 0 when its CNO did, 1 when an open CNO refused a new EVD as freed (uncounted twice), 2 when
 * its free was refused with CNO_IN_USE (left counted).
 */
@JCStressTest
@Description("two dat_evd_modify_cno calls at once count each CNO once")
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE, desc = "each CNO counted once per EVD that names it")
@Outcome(expect = Expect.FORBIDDEN, desc = "a CNO uncounted twice or left counted")
@State
public class EvdNotifierChangeTest {

    private final ConsumerNotifier a = Rig.IA.createConsumerNotifier();
    private final ConsumerNotifier b = Rig.IA.createConsumerNotifier();
    private final EventDispatcher evd = Rig.IA.createEventDispatcher(1, a, EnumSet.of(EventStream.SOFTWARE));

    @Actor
    public void toB() {
        evd.modifyNotifier(b);
    }

    @Actor
    public void toNone() {
        evd.modifyNotifier(null);
    }

    @Arbiter
    public void arbiter(final II_Result r) {
        evd.close();
        r.r1 = outcome(a);
        r.r2 = outcome(b);
    }

    /** {@return 0 if the CNO takes a new EVD and frees, 1 if refused as freed, 2 if its free is refused} */
    static int outcome(final ConsumerNotifier cno) {
        try {
            Rig.IA.createEventDispatcher(1, cno, EnumSet.of(EventStream.SOFTWARE)).close();
        } catch (final DatException e) {
            if (e.type() != StatusType.INVALID_HANDLE) {
                throw e;
            }
            cno.close();
            return 1;
        }
        try {
            cno.close();
            return 0;
        } catch (final DatException e) {
            if (e.type() != StatusType.INVALID_STATE) {
                throw e;
            }
            return 2;
        }
    }
}
