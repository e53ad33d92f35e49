package io.dat4j.examples.dapltest;

import io.dat4j.CloseMode;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The function feature tests ({@code dapl_fft_*.c}, {@code -T F}), client only: the cases of one feature, each between
 * two rows of stars, with a {@code Result:} line. The assertions print {@code <check> failed in file <file>, line
 * <n>} (the Java source's file and line where C names its own) and, for a DAT call, {@code Error = <status>}; a failed
 * assertion jumps to the case's clean-up. The verdict is C's: most cases start as PASS and only some paths make them
 * FAIL, so a case whose setup fails still prints PASS after its assertion lines, exactly as C does.
 *
 * <p>Not thread safe: one thread.
 */
final class FftTest {

    /** {@code DEFAULT_QUEUE_LEN}. */
    static final int QLEN = 10;
    private static final String STARS = "*********************************************************************";
    private static final Set<String> HELPERS = Set.of("assertDat", "assertTrue", "clean", "fail", "where");

    /** A failed assertion: C's {@code goto cleanup}. */
    static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort() {
            super(null, null, false, false);
        }
    }

    /** The objects of {@code FFT_Connection_t}. */
    static final class Connection {
        InterfaceAdapter ia;
        ProtectionZone pz;
        PublicServicePoint psp;
        Endpoint ep;
        EventDispatcher crEvd;
        EventDispatcher connEvd;
        EventDispatcher sendEvd;
        EventDispatcher recvEvd;
        Bpool bpool;
    }

    final Log log;
    final Params params;
    final FftCommand cmd;
    /** The status of the last DAT call, what C's {@code rc} holds. */
    DatStatus rc = DatStatus.SUCCESS;

    private FftTest(final Log log, final Params params) {
        this.log = log;
        this.params = params;
        this.cmd = params.fft;
    }

    /**
     * {@code DT_cs_FFT}.
     *
     * @param log where the output goes
     * @param params the command line
     * @return success (C reports the cases' results in the output only)
     */
    static DatStatus run(final Log log, final Params params) {
        final FftTest t = new FftTest(log, params);
        final FftCases c = new FftCases(t);
        final FftMemConnCases m = new FftMemConnCases(t);
        final FftQueryCases q = new FftQueryCases(t);
        switch (t.cmd.feature) {
            case HWCONN -> t.cases("\t\t", "Hardware connection        ", "next stage to develop",
                    c::hwconn0, c::hwconn1, c::hwconn2, c::hwconn3);
            case ENDPOINT -> t.cases("\t\t", "EndPoint management           ", null,
                    c::endpoint0, c::endpoint1, c::endpoint2);
            case PTAGMGT -> t.cases("\t\t", "Protection Zone management         ", null, c::pz0, c::pz1, c::pz2);
            case MEMMGT -> t.cases("\t\t", "Memory register/deregister       ", null,
                    () -> m.mem(0), () -> m.mem(1), () -> m.mem(2), () -> m.mem(3), () -> m.mem(4));
            case CONNMGT -> t.cases("\t\t    ", "Connect Management (Server side)     ", null,
                    () -> m.connmgt(10_000), () -> m.connmgt(0));
            case QUERYINFO -> t.queryCases(q);
        }
        return DatStatus.SUCCESS;
    }

    /**
     * Runs the chosen cases of a feature with C's frame around each.
     *
     * @param indent what precedes the stars and the title
     * @param title the feature's title and its padding
     * @param minus2 the verdict of -2, or null for "not support or next stage to develop"
     * @param cases the cases
     */
    private void cases(final String indent, final String title, final String minus2, final IntSupplier... cases) {
        for (int i = 0; i < cmd.size(); i++) {
            if (!cmd.cases[i]) {
                continue;
            }
            log.printf("%s%s\n", indent, STARS);
            log.printf("%sFunction feature: %scase: %d\n", indent, title, i);
            final int res = run(cases[i]);
            switch (res) {
                case 1 -> log.printf("Result: PASS\n");
                case 0 -> log.printf("Result: FAIL\n");
                case -1 -> log.printf("Result: use other test tool\n");
                case -2 -> log.printf("Result: %s\n", minus2 == null ? "not support or next stage to develop" : minus2);
                default -> {
                    /* no verdict */
                }
            }
            log.printf("%s%s\n", indent, STARS);
        }
    }

    private void queryCases(final FftQueryCases q) {
        for (int i = 0; i < cmd.size(); i++) {
            if (!cmd.cases[i]) {
                continue;
            }
            log.printf("%s\n", STARS);
            log.printf("Function feature: Queryinfo                                  case: %d\n", i);
            final int n = i;
            final int res = run(() -> q.test(n));
            switch (res) {
                case 1 -> log.printf("Result: PASS\n");
                case 0 -> log.printf("Result: FAIL\n");
                case -1 -> log.printf("Result: UNSUPP\n");
                default -> {
                    /* no verdict */
                }
            }
            log.printf("%s\n", STARS);
        }
    }

    private int run(final IntSupplier c) {
        rc = DatStatus.SUCCESS;
        try {
            return c.getAsInt();
        } catch (final RuntimeException e) {
            log.printf("unexpected %s\n", e);
            return 0;
        }
    }

    /* the assertions of dapl_fft_util.h */

    /** {@code DT_assert_dat}: prints the check and the status, then aborts the case's body. */
    void assertDat(final boolean ok, final String expr) {
        if (!ok) {
            fail(expr);
            log.printf("Error = %d, %s\n", rc.raw(), Log.ret(rc));
            throw new Abort();
        }
    }

    /** {@code DT_assert}: prints the check, then aborts the case's body. */
    void assertTrue(final boolean ok, final String expr) {
        if (!ok) {
            fail(expr);
            throw new Abort();
        }
    }

    /** {@code DT_assert_clean}: prints the check and the status; false (C returns 0 from the case) if it failed. */
    boolean clean(final boolean ok, final String expr) {
        if (!ok) {
            fail(expr);
            log.printf("Error = %d, %s\n", rc.raw(), Log.ret(rc));
            return false;
        }
        return true;
    }

    private void fail(final String expr) {
        final StackWalker.StackFrame f = where();
        log.printf("%s failed in file %s, line %d\n", expr, f.getFileName(), f.getLineNumber());
    }

    private static StackWalker.StackFrame where() {
        return StackWalker.getInstance().walk(s -> s.filter(f -> !(f.getClassName().equals(FftTest.class.getName())
                && HELPERS.contains(f.getMethodName()))).findFirst()).orElseThrow();
    }

    /** Runs a DAT call and keeps its status in {@link #rc}; {@return its result, null when it failed} */
    <T> T call(final Supplier<T> s) {
        try {
            final T v = s.get();
            rc = DatStatus.SUCCESS;
            return v;
        } catch (final DatException e) {
            rc = e.status();
            return null;
        }
    }

    /** Runs a DAT call without a result and keeps its status in {@link #rc}; {@return true if it succeeded} */
    boolean run(final Runnable r) {
        return call(() -> {
            r.run();
            return Boolean.TRUE;
        }) != null;
    }

    /** {@return true if {@link #rc} is {@code DAT_SUCCESS}} */
    boolean ok() {
        return rc.raw() == 0;
    }

    /** {@return true if {@link #rc}'s type is {@code type}} */
    boolean is(final StatusType type) {
        return rc.type() == type;
    }

    /** {@code DT_ia_open}: the IA with an async EVD of {@value #QLEN}. */
    InterfaceAdapter openIa(final String name) {
        return call(() -> Dat.openInterfaceAdapter(name, QLEN));
    }

    /**
     * {@code DT_ep_create}: the CR, connection, send and receive EVDs and an EP with default attributes, into
     * {@code c}; {@return false after printing what failed}
     */
    boolean createEp(final Connection c) {
        c.crEvd = evd(c.ia, Set.of(EventStream.CR));
        c.connEvd = c.crEvd == null ? null : evd(c.ia, Set.of(EventStream.CONNECTION));
        c.sendEvd = c.connEvd == null ? null : evd(c.ia, Set.of(EventStream.DTO, EventStream.RMR_BIND));
        c.recvEvd = c.sendEvd == null ? null : evd(c.ia, Set.of(EventStream.DTO));
        if (c.recvEvd == null) {
            return false;
        }
        c.ep = call(() -> c.ia.createEndpoint(c.pz, c.recvEvd, c.sendEvd, c.connEvd, null));
        if (c.ep == null) {
            log.printf("dat_ep_create failed %s\n", Log.ret(rc));
            return false;
        }
        return true;
    }

    private EventDispatcher evd(final InterfaceAdapter ia, final Set<EventStream> streams) {
        final EventDispatcher e = call(() -> ia.createEventDispatcher(QLEN, null, streams));
        if (e == null) {
            log.printf("dat_evd_create failed %s\n", Log.ret(rc));
        }
        return e;
    }

    /** {@code DT_fft_init_client}: IA, PZ, EP and EVDs. */
    Connection initClient() {
        return init(false);
    }

    /** {@code DT_fft_init_server}: {@link #initClient}'s objects, a PSP on the server port, two 8 KiB buffers. */
    Connection initServer() {
        return init(true);
    }

    private Connection init(final boolean server) {
        final Connection c = new Connection();
        try {
            c.ia = openIa(cmd.deviceName);
            assertDat(ok(), "rc == DAT_SUCCESS");
            c.pz = call(() -> c.ia.createProtectionZone());
            assertDat(ok(), "rc == DAT_SUCCESS");
            createEp(c);
            assertDat(ok(), "rc == DAT_SUCCESS");
            if (server) {
                c.psp = call(() -> c.ia.createPublicServicePoint(params.serverPort, c.crEvd,
                        ServicePointFlag.CONSUMER));
                assertDat(ok(), "rc == DAT_SUCCESS");
                c.bpool = Bpool.alloc(log, c.ia, c.pz, 8192, 2);
                assertTrue(c.bpool != null, "conn->bpool");
            }
        } catch (final Abort a) {
            /* cleanup: the caller frees what was made */
        }
        return c;
    }

    /**
     * {@code DT_fft_destroy_conn_struct}: frees what the init made. C returns 0 (success) from a failed clean-up
     * assertion, so only the printed lines tell.
     *
     * @return the status of the last free
     */
    DatStatus destroy(final Connection c) {
        rc = DatStatus.SUCCESS;
        if (c.ep != null) {
            run(c.ep::close);
            if (!clean(ok(), "rc == DAT_SUCCESS")) {
                return DatStatus.SUCCESS;
            }
        }
        if (c.bpool != null) {
            c.bpool.destroy(log);
        }
        for (final io.dat4j.Handle h : new io.dat4j.Handle[] {c.psp, c.crEvd, c.connEvd, c.sendEvd, c.recvEvd,
            c.pz}) {
            if (h != null) {
                run(h::close);
                if (!clean(ok(), "rc == DAT_SUCCESS")) {
                    return DatStatus.SUCCESS;
                }
            }
        }
        if (c.ia != null) {
            run(() -> c.ia.close(CloseMode.ABRUPT));
            if (!clean(ok(), "rc == DAT_SUCCESS")) {
                return DatStatus.SUCCESS;
            }
        }
        return rc;
    }
}
