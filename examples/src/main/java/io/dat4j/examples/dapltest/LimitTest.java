package io.dat4j.examples.dapltest;

import io.dat4j.CloseMode;
import io.dat4j.ConsumerNotifier;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.StatusType;
import io.dat4j.examples.dapltest.LimitCommand.Limit;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Set;

/**
 * The limit test ({@code dapl_limit.c}, {@code -T L}), client only: for each limit asked for, it builds {@code -w}
 * sets of the objects that come before the one under test ({IA, PZ, CNO, EVD, EP, LMR}, in that order), then creates
 * the object under test until creation fails or {@code -m} were made ({@link LimitExhaust}), prints how many, frees
 * them and the sets. An error while building the sets stops the whole test ("error occurs, can not continue with
 * limit test"); running out is the expected outcome, not an error.
 *
 * <p>Not thread safe: one thread.
 */
final class LimitTest {

    static final String MODULE = "LimitTest";
    /** {@code DFLT_QLEN}: the connection EVDs' length. */
    static final int DFLT_QLEN = 10;
    /** {@code DFLT_DTO_QLEN}: the sets' EVD length. */
    static final int DFLT_DTO_QLEN = 1024;
    /** {@code DFLT_BUFFSZ}: the LMRs' size. */
    static final int DFLT_BUFFSZ = 4096;
    /** {@code CONN_QUAL0}: the first qualifier of the PSP and RSP limits. */
    static final long CONN_QUAL0 = 0xAffab1eL;
    private static final String STAR = "**********************************************************************";
    /** The sets' EVDs: DTO, CR and RMR bind, no async. */
    static final Set<EventStream> SET_FLAGS = Set.of(EventStream.DTO, EventStream.CR, EventStream.RMR_BIND);

    /** One set of objects ({@code Obj_Set}). */
    static final class ObjSet {
        InterfaceAdapter ia;
        ProtectionZone pz;
        ConsumerNotifier cno;
        EventDispatcher evd;
        /** C makes one connection EVD, on the first set's IA, for every set's EPs; dat4j refuses an EVD of another
         *  IA ({@code INVALID_HANDLE_EVD_CONN}), so each set has its own. */
        EventDispatcher connEvd;
        Endpoint ep;
        LocalMemoryRegion lmr;
        Arena lmrArena;
        MemorySegment lmrBuffer;
    }

    final Log log;
    final LimitCommand cmd;
    ObjSet[] sets;
    /** {@code retval}: false until the test under way ran to its end. */
    boolean retval;

    private LimitTest(final Log log, final LimitCommand cmd) {
        this.log = log;
        this.cmd = cmd;
    }

    /**
     * {@code DT_cs_Limit}: runs the limits asked for, in C's order.
     *
     * @param log where the output goes
     * @param cmd the command
     * @return success, or {@code INSUFFICIENT_RESOURCES} after an error
     */
    static DatStatus run(final Log log, final LimitCommand cmd) {
        for (final Limit l : Limit.values()) {
            if (!cmd.tests.contains(l)) {
                continue;
            }
            log.printf("%s\n", STAR);
            log.printf("%s\n", "Limitation Test                      " + l.word + "\nDescription:  " + description(l));
            if (!new LimitTest(log, cmd).test(l)) {
                log.printf("error occurs, can not continue with limit test\n");
                log.printf("%s\n", STAR);
                return DatStatus.error(StatusType.INSUFFICIENT_RESOURCES, null);
            }
            log.printf("%s\n", STAR);
        }
        return DatStatus.SUCCESS;
    }

    private static String description(final Limit l) {
        return switch (l) {
            case IA -> "Test max num of opens for the same physical IA";
            case PZ -> "Test max num of PZs that are supported by an IA";
            case CNO -> "Test max num of CNOs that are supported by an IA";
            case EVD -> "Test max num of EVDs that are supported by an IA";
            case EP -> "Test max num of EPs that are supported by an IA";
            case RSP -> "Test max num of RSPs that are supported by an IA";
            case PSP -> "Test max num of PSPs that are supported by an IA";
            case LMR -> "Test max num of LMRs that are supported by an IA";
            case RPOST -> "Test max num of receive buffers posted to an EP";
            case SIZE_LMR -> "Test max size of LMRs that are supported by an IA";
        };
    }

    /** {@code limit_test}: the sets up to {@code depth}, the limit itself, the clean-up. */
    private boolean test(final Limit depth) {
        if (depth.ordinal() > Limit.IA.ordinal()) {
            sets = new ObjSet[cmd.width];
            for (int w = 0; w < sets.length; w++) {
                sets[w] = new ObjSet();
            }
        }
        try {
            if (build(depth)) {
                final LimitExhaust x = new LimitExhaust(this);
                switch (depth) {
                    case IA -> x.ia();
                    case PZ -> x.pz();
                    case CNO -> x.cno();
                    case EVD -> x.evd();
                    case EP -> x.ep();
                    case RSP -> x.rsp();
                    case PSP -> x.psp();
                    case LMR -> x.lmr();
                    case RPOST -> x.rpost();
                    case SIZE_LMR -> x.sizeLmr();
                }
                log.debugf("%s: Limit Testing Completed - %s\n", MODULE, retval ? "Successfully" : "with errors");
            }
        } finally {
            log.debugf("%s: Cleaning up ...\n", MODULE);
            cleanUp(depth);
            log.debugf("%s: testing and cleanup complete.\n", MODULE);
        }
        return retval;
    }

    /** Builds the sets' objects that come before {@code depth}; false after a failure (printed). */
    private boolean build(final Limit depth) {
        final int d = depth.ordinal();
        if (d > Limit.IA.ordinal()) {
            log.debugf("%s: dat_ia_open X %d\n", MODULE, cmd.width);
            for (int w = 0; w < sets.length; w++) {
                try {
                    sets[w].ia = Dat.openInterfaceAdapter(cmd.deviceName, DFLT_QLEN);
                } catch (final DatException e) {
                    log.printf("%s: dat_ia_open (%s) #%d fails: %s\n", MODULE, cmd.deviceName, w + 1, Log.ret(e));
                    return false;
                }
            }
        }
        if (d > Limit.PZ.ordinal()) {
            log.debugf("%s: dat_pz_create X %d\n", MODULE, cmd.width);
            for (int w = 0; w < sets.length; w++) {
                try {
                    sets[w].pz = sets[w].ia.createProtectionZone();
                } catch (final DatException e) {
                    log.printf("%s: dat_pz_create #%d fails: %s\n", MODULE, w + 1, Log.ret(e));
                    return false;
                }
            }
        }
        if (d > Limit.CNO.ordinal() && !buildCnos()) {
            return false;
        }
        if (d > Limit.EVD.ordinal() && !buildEvds()) {
            return false;
        }
        if (d > Limit.EP.ordinal()) {
            log.debugf("%s: dat_ep_create X %d\n", MODULE, cmd.width);
            for (int w = 0; w < sets.length; w++) {
                try {
                    sets[w].ep = sets[w].ia.createEndpoint(sets[w].pz, sets[w].evd, sets[w].evd, sets[w].connEvd,
                            null);
                } catch (final DatException e) {
                    log.printf("%s: dat_ep_create #%d fails: %s\n", MODULE, w + 1, Log.ret(e));
                    return false;
                }
            }
        }
        return d <= Limit.LMR.ordinal() || buildLmrs();
    }

    private boolean buildCnos() {
        log.debugf("%s: dat_cno_create X %d\n", MODULE, cmd.width);
        for (int w = 0; w < sets.length; w++) {
            try {
                sets[w].cno = sets[w].ia.createConsumerNotifier();
            } catch (final DatException e) {
                if (e.type() == StatusType.NOT_IMPLEMENTED) {
                    log.printf("%s: dat_cno_create unimplemented\n", MODULE);
                    break;
                }
                log.printf("%s: dat_cno_create #%d fails: %s\n", MODULE, w + 1, Log.ret(e));
                return false;
            }
        }
        return true;
    }

    private boolean buildEvds() {
        log.debugf("%s: dat_evd_create X %d\n", MODULE, cmd.width);
        for (int w = 0; w < sets.length; w++) {
            try {
                sets[w].connEvd = sets[w].ia.createEventDispatcher(DFLT_QLEN, null, Set.of(EventStream.CONNECTION));
            } catch (final DatException e) {
                log.printf("%s: conn dat_evd_create #%d fails: %s\n", MODULE, w + 1, Log.ret(e));
                return false;
            }
        }
        for (int w = 0; w < sets.length; w++) {
            try {
                /* C names the set's CNO and then does not pass it on */
                sets[w].evd = sets[w].ia.createEventDispatcher(DFLT_DTO_QLEN, null, SET_FLAGS);
            } catch (final DatException e) {
                log.printf("%s: dat_evd_create #%d fails: %s\n", MODULE, w + 1, Log.ret(e));
                return false;
            }
        }
        return true;
    }

    private boolean buildLmrs() {
        log.debugf("%s: dat_lmr_create X %d\n", MODULE, cmd.width);
        for (int w = 0; w < sets.length; w++) {
            final ObjSet s = sets[w];
            s.lmrArena = Arena.ofShared();
            s.lmrBuffer = s.lmrArena.allocate(DFLT_BUFFSZ);
            try {
                s.lmr = s.ia.createLocalMemoryRegion(s.pz, s.lmrBuffer, MemoryPrivilege.ALL);
            } catch (final DatException e) {
                log.printf("%s: dat_lmr_create #%d fails: %s\n", MODULE, w + 1, Log.ret(e));
                return false;
            }
            if (s.lmr.registeredAddress() > s.lmrBuffer.address() || s.lmr.registeredSize()
                    < DFLT_BUFFSZ + (s.lmrBuffer.address() - s.lmr.registeredAddress())) {
                log.printf("%s: dat_lmr_create bogus outputs in: 0x%x, %x out 0x%x, %x\n", MODULE,
                        s.lmrBuffer.address(), DFLT_BUFFSZ, s.lmr.registeredAddress(), s.lmr.registeredSize());
                return false;
            }
        }
        return true;
    }

    /** Frees the sets' objects, the last made first; a failure makes the test fail. */
    private void cleanUp(final Limit depth) {
        if (sets == null) {
            return;
        }
        final int d = depth.ordinal();
        for (final ObjSet s : sets) {
            if (d > Limit.LMR.ordinal()) {
                if (s.lmr != null) {
                    free(s.lmr, "dat_lmr_free");
                }
                if (s.lmrArena != null && (s.lmr == null || s.lmr.isClosed())) {
                    s.lmrArena.close();
                }
            }
        }
        if (d > Limit.EP.ordinal()) {
            for (final ObjSet s : sets) {
                free(s.ep, "dat_ep_free");
            }
        }
        if (d > Limit.EVD.ordinal()) {
            for (final ObjSet s : sets) {
                if (s.connEvd != null) {
                    try {
                        s.connEvd.close();
                    } catch (final DatException e) {
                        /* C ignores this one */
                    }
                }
            }
            for (final ObjSet s : sets) {
                free(s.evd, "dat_evd_free");
            }
        }
        if (d > Limit.CNO.ordinal()) {
            for (final ObjSet s : sets) {
                free(s.cno, "dat_cno_free");
            }
        }
        if (d > Limit.PZ.ordinal()) {
            for (final ObjSet s : sets) {
                free(s.pz, "dat_pz_free");
            }
        }
        for (final ObjSet s : sets) {
            if (s.ia != null && !closeIa(s.ia, "error")) {
                retval = false;
            }
        }
    }

    private void free(final io.dat4j.Handle h, final String what) {
        if (!log.free(h, MODULE + ": " + what + " fails")) {
            retval = false;
        }
    }

    /**
     * Closes an IA gracefully, abruptly if that fails.
     *
     * @param what "error" or "fails", as C words the two places
     * @return false if the graceful close failed
     */
    boolean closeIa(final InterfaceAdapter ia, final String what) {
        try {
            ia.close(CloseMode.GRACEFUL);
            return true;
        } catch (final DatException e) {
            log.printf("%s: dat_ia_close (graceful) %s: %s\n", MODULE, what, Log.ret(e));
            try {
                ia.close(CloseMode.ABRUPT);
            } catch (final DatException e2) {
                log.printf("%s: dat_ia_close (abrupt) %s: %s\n", MODULE, what, Log.ret(e2));
            }
            return false;
        }
    }
}
