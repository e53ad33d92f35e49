package io.dat4j.examples.dapltest;

import io.dat4j.ConnectionRequest;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.EventNumber;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;

/**
 * The performance test's server thread ({@code dapl_performance_server.c}): listens on the test's qualifier with a
 * single-use PSP, accepts, advertises its buffer in a 12-byte sync message and waits for the client's closing sync;
 * then frees everything, counts the client gone and releases the one-performance-test lock.
 */
final class PerformanceServer {

    private PerformanceServer() {
    }

    /**
     * {@code DT_Performance_Test_Server}.
     *
     * @param td the run
     */
    static void run(final TestData td) {
        final Log log = td.log;
        log.debugf("Server: Starting performance test\n");
        final PerformanceTest t = new PerformanceTest(td, td.serverData.ia, null, true);
        boolean connected = false;
        try {
            boolean success = true;
            if (!t.create()) {
                log.printf("Server: Resource Creation Failed\n");
                success = false;
            }
            if (success) {
                connected = connect(t);
                if (!connected) {
                    success = false;
                    log.printf("Server: Connection Failed\n");
                }
            }
            if (success && !exchange(t)) {
                log.printf("Server: Test Failed\n");
            }
        } catch (final RuntimeException e) {
            log.printf("Test[%x]: %s\n", t.basePort, e);
        } finally {
            /* C leaves the server's main thread waiting forever when the test fails before it listens */
            td.ready.countDown();
            t.destroy(connected);
            log.printf("Server: Finished performance test.  Detaching.\n");
            td.serverData.numClients.decrementAndGet();
            td.serverData.perfTestLock.release();
            log.printf("Server: Finished performance test.  Exiting.\n");
        }
    }

    /** {@code DT_Performance_Test_Server_Connect}: a single-use PSP, freed once connected (or not). */
    private static boolean connect(final PerformanceTest t) {
        final Log log = t.log;
        final PublicServicePoint psp;
        try {
            psp = t.ia.createPublicServicePoint(t.basePort, t.creqEvd, ServicePointFlag.CONSUMER);
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_psp_create error: %s\n", t.basePort, Log.ret(e));
            return false;
        }
        /* the server's main thread may now answer the client */
        t.td.ready.countDown();
        log.debugf("Server[%x]: Listen on PSP port 0x%x\n", t.basePort, t.basePort);
        boolean status = false;
        final ConnectionRequest cr = Events.crCheck(log, Events.crWait(log, t.creqEvd), psp, t.basePort, "Server");
        if (cr != null) {
            try {
                cr.accept(t.ep, null);
                status = Events.connWait(log, t.connEvd) == EventNumber.CONNECTION_EVENT_ESTABLISHED;
            } catch (final DatException e) {
                log.printf("Test[%x]: dat_cr_accept error: %s\n", t.basePort, Log.ret(e));
            }
        }
        if (status) {
            log.debugf("Server[%x]: Accept on port 0x%x\n", t.basePort, t.basePort);
        }
        try {
            psp.close();
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_psp_free error: %s\n", t.basePort, Log.ret(e));
            status = false;
        }
        return status;
    }

    /** {@code DT_Performance_Test_Server_Exchange}: sends the buffer's memory info, waits for the closing sync. */
    private static boolean exchange(final PerformanceTest t) {
        final Log log = t.log;
        t.opBp = Bpool.alloc(log, t.ia, t.pz, t.cmd.segSize, t.cmd.numSegs);
        if (t.opBp == null) {
            log.printf("Test[%x]: no memory for buffers (RDMA/RD)\n", t.basePort);
            return false;
        }
        t.rdmaContext = t.opBp.rmrContext();
        t.rdmaAddress = t.opBp.address(0);
        Wire.writeRmi(t.bp.buffer(PerformanceTest.SYNC_SEND), 0, t.rdmaContext, t.rdmaAddress);
        log.debugf("Test[%x]: Sending Sync Msg\n", t.basePort);
        if (!t.bp.postSend(log, t.ep, PerformanceTest.SYNC_SEND, PerformanceTest.SYNC_BUFF_SIZE)) {
            return false;
        }
        DtoCompletionEvent dto = Events.dtoWait(log, t.reqtEvd);
        if (!Events.dtoCheck(log, dto, t.ep, PerformanceTest.SYNC_BUFF_SIZE, t.bp.address(PerformanceTest.SYNC_SEND),
                "Send Sync_Msg")) {
            return false;
        }
        log.debugf("Test[%x]: Waiting for Sync Msg\n", t.basePort);
        dto = Events.dtoWait(log, t.recvEvd);
        if (!Events.dtoCheck(log, dto, t.ep, PerformanceTest.SYNC_BUFF_SIZE, t.bp.address(PerformanceTest.SYNC_RECV),
                "Received Sync_Msg")) {
            return false;
        }
        log.debugf("Test[%x]: Received Sync Msg\n", t.basePort);
        return true;
    }
}
