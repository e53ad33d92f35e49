package io.dat4j.examples.dapltest;

import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.StatusType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;

/**
 * The cases of the {@code mem} and {@code connmgt} features ({@code dapl_fft_mem.c}, {@code dapl_fft_connmgt.c}):
 * registering 1 KiB (once, or twice with a free between), registering 0 bytes ({@code LENGTH_ERROR}), and a CR EVD's
 * wait running out after 10 ms and after 0. C's "null pz" and "null lmr_handle" cases do what its code does: the
 * first registers normally, the second registers nothing.
 */
final class FftMemConnCases {

    /** {@code BUFFSIZE}. */
    private static final int BUFFSIZE = 1024;

    private final FftTest t;
    private final Log log;

    FftMemConnCases(final FftTest t) {
        this.t = t;
        this.log = t.log;
    }

    /**
     * {@code DT_mem_caseN} and {@code DT_mem_generic}.
     *
     * @param flag the case: 0 register, 1 register twice, 2 zero bytes, 3 and 4 as C's code does
     * @return the verdict
     */
    int mem(final int flag) {
        switch (flag) {
            case 0 -> {
                log.printf("\tDescription: Test if we can register typical size of memory\n");
                log.printf("\tthen deregister it.\n");
            }
            case 1 -> {
                log.printf("\tDescription: Test if we can register typical size of memory\n");
                log.printf("\tderegister, then register it again.\n");
            }
            case 2 -> log.printf("\tDescription: Try to register memory with memory size 0\n");
            case 3 -> log.printf("\tDescription: Try to register memory with null pz\n");
            default -> log.printf("\tDescription: Try to deregister memory with null lmr_handle\n");
        }
        final int res = 1;
        LocalMemoryRegion lmr = null;
        final Arena arena = Arena.ofShared();
        final FftTest.Connection conn = t.initClient();
        try {
            t.assertTrue(conn.ia != null, "NULL != conn.ia_handle");
            final MemorySegment buffer = arena.allocate(flag == 2 ? 0 : BUFFSIZE);
            if (flag != 4) {
                log.printf("Registering memory\n");
                lmr = t.call(() -> conn.ia.createLocalMemoryRegion(conn.pz, buffer, MemoryPrivilege.ALL));
                final StatusType expect = flag == 2 ? StatusType.LENGTH_ERROR : StatusType.SUCCESS;
                t.assertDat(t.rc.type() == expect, "DAT_GET_TYPE(rc) == expect");
            }
            if (flag == 1) {
                if (lmr != null) {
                    t.run(lmr::close);
                    t.assertDat(t.ok(), "rc == DAT_SUCCESS");
                }
                lmr = null;
                lmr = t.call(() -> conn.ia.createLocalMemoryRegion(conn.pz, buffer, MemoryPrivilege.ALL));
                t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            }
        } catch (final FftTest.Abort a) {
            /* cleanup */
        }
        if (lmr != null) {
            t.run(lmr::close);
            if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
                return 0;
            }
        }
        t.rc = t.destroy(conn);
        if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
            return 0;
        }
        if (lmr == null || lmr.isClosed()) {
            arena.close();
        }
        return res;
    }

    /**
     * {@code DT_connmgt_case0} and {@code case1}: a wait on the CR EVD of a listening server, where nobody connects.
     *
     * @param micros the timeout, microseconds: 10000 or 0
     * @return the verdict
     */
    int connmgt(final long micros) {
        if (micros != 0) {
            log.printf("\tDescription: Ensure time in dat_evd_wait works correctly\n");
        } else {
            log.printf("\tDescription: Attempt to use timeout of 0 in dat_evd_wait\n");
        }
        final FftTest.Connection conn = t.initServer();
        try {
            t.assertTrue(conn.ia != null, "NULL != conn.ia_handle");
            t.call(() -> conn.crEvd.await(Duration.ofNanos(micros * 1000)));
            t.assertDat(t.is(StatusType.TIMEOUT_EXPIRED), "DAT_GET_TYPE(rc) == DAT_TIMEOUT_EXPIRED");
        } catch (final FftTest.Abort a) {
            /* cleanup */
        }
        t.rc = t.destroy(conn);
        if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
            return 0;
        }
        return 1;
    }
}
