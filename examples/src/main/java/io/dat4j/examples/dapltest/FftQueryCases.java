package io.dat4j.examples.dapltest;

import io.dat4j.CloseMode;
import io.dat4j.ConsumerNotifier;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryRegion;
import io.dat4j.ReservedServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.lang.foreign.Arena;
import java.util.Set;

/**
 * The cases of the {@code queryinfo} feature ({@code dapl_fft_queryinfo.c}): the query of each kind of object
 * succeeds, and fails as it must. Java has a query for every object (its accessors, which fail with
 * {@code INVALID_HANDLE} once the object is freed), but cannot pass C's NULL result pointer or a handle of the wrong
 * kind: the {@code INVALID_HANDLE} cases query an object of the right kind that is closed, and the
 * {@code INVALID_PARAMETER} cases, which have no Java form, print {@code Result: UNSUPP} (the verdict C gives its
 * CR case, which it tests elsewhere).
 */
final class FftQueryCases {

    private enum Query { CNO, CR, EP, EVD, IA, LMR, RMR, PSP, RSP, PZ }

    private final FftTest t;
    private final Log log;

    FftQueryCases(final FftTest t) {
        this.t = t;
        this.log = t.log;
    }

    /**
     * {@code DT_queryinfo_caseN}.
     *
     * @param n the case, 0 to 17
     * @return the verdict
     */
    int test(final int n) {
        return switch (n) {
            case 0 -> ok("IA", Query.IA, true);
            case 1 -> ok("CNO", Query.CNO, true);
            case 2 -> ok("EVD", Query.EVD, true);
            case 3 -> ok("PSP", Query.PSP, true);
            case 4 -> ok("RSP", Query.RSP, true);
            case 5 -> ok("CR", Query.CR, true);
            case 6 -> ok("EP", Query.EP, true);
            case 7 -> ok("PZ", Query.PZ, false);
            case 8 -> ok("LMR", Query.LMR, false);
            case 9 -> ok("RMR", Query.RMR, false);
            case 10 -> bad("IA", Query.IA, StatusType.INVALID_PARAMETER);
            case 11 -> bad("IA", Query.IA, StatusType.INVALID_HANDLE);
            case 12 -> bad("CNO", Query.CNO, StatusType.INVALID_PARAMETER);
            case 13 -> bad("CNO", Query.CNO, StatusType.INVALID_HANDLE);
            case 14 -> bad("EVD", Query.EVD, StatusType.INVALID_PARAMETER);
            case 15 -> bad("EVD", Query.EVD, StatusType.INVALID_HANDLE);
            case 16 -> bad("PSP", Query.PSP, StatusType.INVALID_PARAMETER);
            default -> bad("PSP", Query.PSP, StatusType.INVALID_HANDLE);
        };
    }

    private int ok(final String what, final Query q, final boolean oneLine) {
        if (oneLine) {
            log.printf("Description: Verify %s Querying information is successful using\nDAT_%s_QUERY.\n", what,
                    what);
        } else {
            log.printf("Description: Verify %s Querying information is successful using\n", what);
            log.printf("DAT_%s_QUERY\n", what);
        }
        return basic(q, StatusType.SUCCESS);
    }

    private int bad(final String what, final Query q, final StatusType wanted) {
        final boolean param = wanted == StatusType.INVALID_PARAMETER;
        log.printf("Description: Verify %s Querying fails with DAT_%s when\n", what, wanted.name());
        log.printf("passing %s to DAT_%s_QUERY\n", param ? "a bad parameter" : "an invalid handle", what);
        return basic(q, wanted);
    }

    /** The objects one case makes, freed in C's order. */
    private static final class Objects {
        InterfaceAdapter ia;
        ProtectionZone pz;
        EventDispatcher send;
        EventDispatcher recv;
        EventDispatcher conn;
        EventDispatcher cr;
        Endpoint ep;
        ConsumerNotifier cno;
        PublicServicePoint psp;
        ReservedServicePoint rsp;
        LocalMemoryRegion lmr;
        RemoteMemoryRegion rmr;
        Arena arena;
    }

    /** {@code DT_queryinfo_basic}. */
    private int basic(final Query q, final StatusType wanted) {
        int res = 1;
        final Objects o = new Objects();
        try {
            o.ia = t.openIa(t.cmd.deviceName);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            if (Set.of(Query.EVD, Query.RMR, Query.LMR, Query.EP, Query.RSP, Query.PZ).contains(q)) {
                o.pz = t.call(o.ia::createProtectionZone);
                t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            }
            if (q == Query.EP || q == Query.RSP) {
                o.send = evd(o.ia, Set.of(EventStream.DTO, EventStream.RMR_BIND));
                o.recv = evd(o.ia, Set.of(EventStream.DTO));
                o.conn = evd(o.ia, Set.of(EventStream.CONNECTION));
                o.ep = t.call(() -> o.ia.createEndpoint(o.pz, o.recv, o.send, o.conn, null));
                t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            }
            if (q == Query.PSP || q == Query.RSP) {
                o.cr = evd(o.ia, Set.of(EventStream.CR));
            }
            if (wanted == StatusType.INVALID_PARAMETER) {
                /* C passes NULL for the result: Java has no such call */
                res = -1;
            } else {
                res = query(q, o, wanted == StatusType.INVALID_HANDLE);
            }
            if (res != -1 || q == Query.CR) {
                t.assertDat(t.rc.type() == wanted, "DAT_GET_TYPE(rc) == result_wanted");
            }
        } catch (final FftTest.Abort a) {
            /* cleanup */
        }
        for (final Handle h : new Handle[] {o.rsp, o.ep, o.send, o.recv, o.conn, o.lmr, o.rmr, o.cno, o.psp, o.cr,
            o.pz}) {
            if (h != null) {
                t.run(h::close);
                if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
                    return 0;
                }
            }
        }
        if (o.arena != null) {
            o.arena.close();
        }
        if (o.ia != null) {
            t.run(() -> o.ia.close(CloseMode.ABRUPT));
            if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
                return 0;
            }
        }
        return res;
    }

    private EventDispatcher evd(final InterfaceAdapter ia, final Set<EventStream> streams) {
        final EventDispatcher e = t.call(() -> ia.createEventDispatcher(FftTest.QLEN, null, streams));
        t.assertDat(t.ok(), "rc == DAT_SUCCESS");
        return e;
    }

    /** Makes the object under test and queries it (closed first when {@code closed}); {@return the verdict so far} */
    private int query(final Query q, final Objects o, final boolean closed) {
        switch (q) {
            case IA -> {
                if (closed) {
                    /* another IA, closed: the case's own stays open for the clean-up */
                    final InterfaceAdapter other = t.openIa(t.cmd.deviceName);
                    t.assertDat(t.ok(), "rc == DAT_SUCCESS");
                    other.close(CloseMode.ABRUPT);
                    t.run(() -> attributes(other));
                } else {
                    t.run(() -> attributes(o.ia));
                }
            }
            case CNO -> {
                o.cno = t.call(o.ia::createConsumerNotifier);
                t.assertDat(t.ok(), "rc == DAT_SUCCESS");
                if (closed) {
                    o.cno.close();
                }
                t.run(o.cno::interfaceAdapter);
            }
            case EVD -> {
                final EventDispatcher async = o.ia.asyncEventDispatcher();
                if (closed) {
                    final EventDispatcher other = t.call(() -> o.ia.createEventDispatcher(FftTest.QLEN, null,
                            Set.of(EventStream.DTO)));
                    t.assertDat(t.ok(), "rc == DAT_SUCCESS");
                    other.close();
                    t.run(other::query);
                } else {
                    t.run(async::query);
                }
            }
            case PSP -> {
                o.psp = t.call(() -> o.ia.createPublicServicePoint(t.params.serverPort, o.cr,
                        ServicePointFlag.PROVIDER));
                t.assertDat(t.ok(), "rc == DAT_SUCCESS");
                if (closed) {
                    o.psp.close();
                }
                final PublicServicePoint p = o.psp;
                t.run(() -> {
                    p.interfaceAdapter();
                    p.flag();
                    p.eventDispatcher();
                });
            }
            case RSP -> {
                o.rsp = t.call(() -> o.ia.createReservedServicePoint(t.params.serverPort, o.ep, o.cr));
                t.assertDat(t.ok(), "rc == DAT_SUCCESS");
                final ReservedServicePoint r = o.rsp;
                t.run(() -> {
                    r.interfaceAdapter();
                    r.endpoint();
                });
            }
            case CR -> {
                /* tested with the connection management, C says */
                return -1;
            }
            case EP -> t.run(o.ep::query);
            case PZ -> t.run(o.pz::interfaceAdapter);
            case LMR -> {
                o.arena = Arena.ofShared();
                o.lmr = t.call(() -> o.ia.createLocalMemoryRegion(o.pz, o.arena.allocate(1024), MemoryPrivilege.ALL));
                t.assertDat(t.ok(), "rc == DAT_SUCCESS");
                final LocalMemoryRegion l = o.lmr;
                t.run(() -> {
                    l.protectionZone();
                    l.segment();
                });
            }
            case RMR -> {
                o.rmr = t.call(() -> o.ia.createRemoteMemoryRegion(o.pz));
                t.assertDat(t.ok(), "rc == DAT_SUCCESS");
                t.run(o.rmr::protectionZone);
            }
        }
        return 1;
    }

    /** {@code dat_ia_query}: both attribute sets. */
    private static void attributes(final InterfaceAdapter ia) {
        ia.attributes();
        ia.providerAttributes();
    }
}
