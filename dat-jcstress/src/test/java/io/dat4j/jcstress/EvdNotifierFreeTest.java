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
 * One thread changes an EVD's CNO from A to B ({@code dat_evd_modify_cno}) while another frees the EVD. Afterwards
 * neither CNO may stay counted for the freed EVD, nor be uncounted twice: each takes a new EVD and frees (results as
 * {@link EvdNotifierChangeTest}: 0 fine, 1 refused as freed, 2 free refused with CNO_IN_USE). The change either
 * happened before the free or fails with INVALID_HANDLE.
 */
@JCStressTest
@Description("dat_evd_modify_cno against dat_evd_free leaves no CNO counted")
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE, desc = "no CNO counted for the freed EVD")
@Outcome(expect = Expect.FORBIDDEN, desc = "a CNO left counted for the freed EVD, or uncounted twice")
@State
public class EvdNotifierFreeTest {

    private final ConsumerNotifier a = Rig.IA.createConsumerNotifier();
    private final ConsumerNotifier b = Rig.IA.createConsumerNotifier();
    private final EventDispatcher evd = Rig.IA.createEventDispatcher(1, a, EnumSet.of(EventStream.SOFTWARE));

    @Actor
    public void change() {
        try {
            evd.modifyNotifier(b);
        } catch (final DatException e) {
            if (e.type() != StatusType.INVALID_HANDLE) {
                throw e;
            }
        }
    }

    @Actor
    public void free() {
        evd.close();
    }

    @Arbiter
    public void arbiter(final II_Result r) {
        r.r1 = EvdNotifierChangeTest.outcome(a);
        r.r2 = EvdNotifierChangeTest.outcome(b);
    }
}
