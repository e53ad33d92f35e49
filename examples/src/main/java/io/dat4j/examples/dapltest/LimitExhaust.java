package io.dat4j.examples.dapltest;

import io.dat4j.CompletionFlag;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.ReservedServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The exhaustion loops of the limit test ({@code limit_test}, one branch per limit): create the object under test
 * round-robin over the sets until creation fails or {@code -m} were made, print how many, free them in creation
 * order. Creation failing is the expected end and prints why; a failed free fails the test.
 *
 * <p>Not thread safe: one thread.
 */
final class LimitExhaust {

    private static final String MODULE = LimitTest.MODULE;

    private final LimitTest t;
    private final Log log;
    private final LimitCommand cmd;

    LimitExhaust(final LimitTest t) {
        this.t = t;
        this.log = t.log;
        this.cmd = t.cmd;
    }

    private LimitTest.ObjSet set(final int w) {
        return t.sets[w % cmd.width];
    }

    /** A creation, which may fail with a {@link DatException}. */
    private interface Create<H> {
        H create(int w);
    }

    /**
     * The common loop: creates until failure or the maximum, prints "{@code <what>s created: n}", frees.
     *
     * @param what the object's name in the count line ("PZ")
     * @param call the C function in the failure line ("dat_pz_create")
     * @param create makes object {@code w}
     * @return the objects made
     */
    private <H extends Handle> List<H> exhaust(final String what, final String call, final Create<H> create) {
        log.debugf("%s: Exhausting %s\n", MODULE, call);
        final List<H> made = new ArrayList<>();
        int w;
        for (w = 0; Integer.compareUnsigned(w, cmd.maximum) < 0; w++) {
            try {
                made.add(create.create(w));
            } catch (final DatException e) {
                if (!"CNO".equals(what) || e.type() != StatusType.NOT_IMPLEMENTED) {
                    log.printf("%s: %s #%d fails: %s\n", MODULE, call, w + 1, Log.ret(e));
                } else {
                    log.printf("%s: dat_cno_create unimplemented\n", MODULE);
                }
                break;
            }
        }
        log.printf("%s: %ss created: %d\n", MODULE, what, w);
        t.retval = true;
        return made;
    }

    private void freeAll(final List<? extends Handle> made, final String call) {
        for (final Handle h : made) {
            if (!log.free(h, MODULE + ": " + call + " fails")) {
                t.retval = false;
            }
        }
    }

    void ia() {
        log.debugf("%s: Exhausting dat_ia_open\n", MODULE);
        final List<InterfaceAdapter> made = new ArrayList<>();
        int w;
        for (w = 0; Integer.compareUnsigned(w, cmd.maximum) < 0; w++) {
            try {
                made.add(Dat.openInterfaceAdapter(cmd.deviceName, LimitTest.DFLT_QLEN));
            } catch (final DatException e) {
                log.printf("%s: dat_ia_open (%s) #%d fails: %s\n", MODULE, cmd.deviceName, w + 1, Log.ret(e));
                break;
            }
        }
        log.printf("%s: IAs opened: %d\n", MODULE, w);
        t.retval = true;
        for (final InterfaceAdapter ia : made) {
            if (!t.closeIa(ia, "fails")) {
                t.retval = false;
            }
        }
    }

    void pz() {
        freeAll(exhaust("PZ", "dat_pz_create", w -> set(w).ia.createProtectionZone()), "dat_pz_free");
    }

    void cno() {
        freeAll(exhaust("CNO", "dat_cno_create", w -> set(w).ia.createConsumerNotifier()), "dat_cno_free");
    }

    void evd() {
        /* the connection EVD that a set's EP would use, made (and freed) here too; its failure is only printed */
        EventDispatcher conn = null;
        try {
            conn = t.sets[0].ia.createEventDispatcher(LimitTest.DFLT_QLEN, null, Set.of(EventStream.CONNECTION));
        } catch (final DatException e) {
            log.printf("%s: conn dat_evd_create #%d fails: %s\n", MODULE, 1, Log.ret(e));
        }
        final List<EventDispatcher> made = exhaust("EVD", "dat_evd_create",
                w -> set(w).ia.createEventDispatcher(LimitTest.DFLT_QLEN, null, LimitTest.SET_FLAGS));
        if (conn != null) {
            try {
                conn.close();
            } catch (final DatException e) {
                /* C ignores this one */
            }
        }
        freeAll(made, "dat_evd_free");
    }

    void ep() {
        freeAll(exhaust("EP", "dat_ep_create",
                w -> set(w).ia.createEndpoint(set(w).pz, set(w).evd, set(w).evd, set(w).connEvd, null)),
                "dat_ep_free");
    }

    void rsp() {
        log.debugf("%s: Exhausting dat_rsp_create\n", MODULE);
        final List<ReservedServicePoint> rsps = new ArrayList<>();
        final List<Endpoint> eps = new ArrayList<>();
        int w;
        for (w = 0; Integer.compareUnsigned(w, cmd.maximum) < 0; w++) {
            final Endpoint ep;
            try {
                ep = set(w).ia.createEndpoint(set(w).pz, set(w).evd, set(w).evd, set(w).connEvd, null);
            } catch (final DatException e) {
                log.printf("%s: dat_ep_create #%d fails: %s testing RSPs\n", MODULE, w + 1, Log.ret(e));
                break;
            }
            try {
                rsps.add(set(w).ia.createReservedServicePoint(LimitTest.CONN_QUAL0 + w, ep, set(w).evd));
                eps.add(ep);
            } catch (final DatException e) {
                if (e.type() == StatusType.NOT_IMPLEMENTED) {
                    log.printf("%s: dat_rsp_create unimplemented\n", MODULE);
                } else {
                    log.printf("%s: dat_rsp_create #%d fails: %s\n", MODULE, w + 1, Log.ret(e));
                }
                /* nobody else frees this EP */
                try {
                    ep.close();
                } catch (final DatException e2) {
                    log.printf("%s: dat_ep_free (internal cleanup @ #%d) fails: %s\n", MODULE, w + 1, Log.ret(e2));
                }
                break;
            }
        }
        log.printf("%s: RSPs created: %d\n", MODULE, w);
        t.retval = true;
        for (int i = 0; i < rsps.size(); i++) {
            try {
                rsps.get(i).close();
            } catch (final DatException e) {
                log.printf("%s: dat_rsp_free fails: %s\n", MODULE, Log.ret(e));
                t.retval = false;
            }
            try {
                eps.get(i).close();
            } catch (final DatException e) {
                log.printf("%s: dat_ep_free fails: %s for RSPs\n", MODULE, Log.ret(e));
                t.retval = false;
            }
        }
    }

    void psp() {
        freeAll(exhaust("PSP", "dat_psp_create", w -> set(w).ia.createPublicServicePoint(LimitTest.CONN_QUAL0 + w,
                set(w).evd, ServicePointFlag.CONSUMER)), "dat_psp_free");
    }

    void lmr() {
        log.debugf("%s: Exhausting dat_lmr_create\n", MODULE);
        final List<Bpool> made = new ArrayList<>();
        int w;
        for (w = 0; Integer.compareUnsigned(w, cmd.maximum) < 0; w++) {
            /* a pool each: distinct registrations, not one buffer bound again and again */
            final Bpool b = Bpool.alloc(log, set(w).ia, set(w).pz, LimitTest.DFLT_BUFFSZ, 1);
            if (b == null) {
                log.printf("%s: LMRs created: %d\n", MODULE, w);
                break;
            }
            made.add(b);
        }
        log.printf("%s: LMRs created: %d\n", MODULE, w);
        t.retval = true;
        for (final Bpool b : made) {
            b.destroy(log);
        }
    }

    void rpost() {
        log.debugf("%s: Exhausting posting of recv buffers\n", MODULE);
        boolean done = false;
        int w;
        for (w = 0; Integer.compareUnsigned(w, cmd.maximum) < 0 && !done; w++) {
            for (int i = 0; i < cmd.width; i++) {
                final LimitTest.ObjSet s = t.sets[i];
                log.printf("%s: dat_ep_post_recv #%d\n", MODULE, w * cmd.width + i + 1);
                try {
                    s.ep.postRecv(List.of(new LocalMemoryTriplet(s.lmr.lmrContext(), s.lmrBuffer.address(),
                            LimitTest.DFLT_BUFFSZ)), s.lmrBuffer.address(), CompletionFlag.DEFAULT);
                } catch (final DatException e) {
                    log.printf("%s: dat_ep_post_recv fails: %s\n", MODULE, Log.ret(e));
                    log.printf("%s: recv buffers posted per EP: %d\n\t\t (total posted: %d)\n", MODULE, w,
                            w * cmd.width + i);
                    done = true;
                    break;
                }
            }
        }
        t.retval = true;
        log.printf("%s: recv buffers posted per EP: %d\n\t\t (total posted: %d)\n", MODULE, w, w * cmd.width);
        for (final LimitTest.ObjSet s : t.sets) {
            /* a reset of the unconnected EP should flush the receives */
            try {
                s.ep.reset();
                while (s.evd.poll() != null) {
                    continue;
                }
            } catch (final DatException e) {
                log.printf("%s: dat_ep_disconnect (abrupt) fails: %s\n", MODULE, Log.ret(e));
                t.retval = false;
            }
        }
    }

    void sizeLmr() {
        int last = 0;
        int size = LimitTest.DFLT_BUFFSZ;
        final LimitTest.ObjSet s = t.sets[0];
        for (;;) {
            final Bpool b = Bpool.alloc(log, s.ia, s.pz, size, 1);
            if (b == null) {
                log.printf("%s: Largest LMR was 0x%x bytes\n\t (failed attempting 0x%x bytes)\n", MODULE, last, size);
                break;
            } else if (!b.destroy(log)) {
                log.printf("%s: Largest LMR was 0x%x bytes\n", MODULE, size);
                break;
            }
            last = size;
            size <<= 1;
            if (size < last) {
                /* a C int: past 1 GiB it wraps */
                log.printf("%s: LMR of 0x%x bytes OK - %s\n", MODULE, last, "stopping now.");
                break;
            }
        }
        t.retval = true;
    }
}
