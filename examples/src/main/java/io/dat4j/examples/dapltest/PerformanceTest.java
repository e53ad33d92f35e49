package io.dat4j.examples.dapltest;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.ProtectionZone;
import io.dat4j.RemoteMemoryTriplet;
import java.net.InetAddress;
import java.util.List;
import java.util.Set;

/**
 * The performance test's objects and its posting and reaping ({@code Performance_Test_t},
 * {@code dapl_performance_util.c}): one EP whose request queue and EVD hold the pipeline (the least of {@code -i},
 * {@code -p}, the IA's DTOs per EP and EVD length, and for reads its RDMA reads per EP), a pool of two 12-byte sync
 * buffers, and the one operation's buffers. The client RDMA-reads or -writes the server's buffer; the server only
 * listens, advertises the buffer and waits for the client's closing sync.
 *
 * <p>Not thread safe: owned by the test's thread.
 */
final class PerformanceTest {

    /** Buffer indices and size of the sync pool. */
    static final int SYNC_SEND = 0;
    static final int SYNC_RECV = 1;
    static final int SYNC_BUFF_SIZE = Wire.RMI_SIZE;
    /** {@code DT_PERF_DFLT_EVD_LENGTH}. */
    private static final int DFLT_EVD_LENGTH = 8;

    final TestData td;
    final Log log;
    final PerformanceCommand cmd;
    final InetAddress remote;
    final long basePort;
    final InterfaceAdapter ia;
    final boolean isServer;
    InterfaceAdapterAttributes iaAttr;
    ProtectionZone pz;
    EventDispatcher reqtEvd;
    EventDispatcher recvEvd;
    EventDispatcher connEvd;
    EventDispatcher creqEvd;
    Endpoint ep;
    int pipelineLen;
    Bpool bp;
    /* the operation */
    Bpool opBp;
    int rdmaContext;
    long rdmaAddress;
    private LocalMemoryTriplet[] iov;

    PerformanceTest(final TestData td, final InterfaceAdapter ia, final InetAddress remote, final boolean isServer) {
        this.td = td;
        this.log = td.log;
        this.cmd = td.performance;
        this.remote = remote;
        this.basePort = Integer.toUnsignedLong(td.serverInfo.firstPortNumber());
        this.ia = ia;
        this.isServer = isServer;
    }

    /** {@code DT_Performance_Test_Create}; false after printing what failed (the objects made so far stay). */
    boolean create() {
        try {
            iaAttr = ia.attributes();
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_ia_query error: %s\n", basePort, Log.ret(e));
            return false;
        }
        long pipeline = Math.min(Integer.toUnsignedLong(cmd.numIterations), Integer.toUnsignedLong(cmd.pipelineLen));
        pipeline = Math.min(pipeline, Math.min(iaAttr.maxDtoPerEndpoint(), iaAttr.maxEventDispatcherQueueLength()));
        if (cmd.transferType == TransactionCommand.RDMA_READ) {
            pipeline = Math.min(pipeline, iaAttr.maxRdmaReadPerEndpointIn());
        }
        pipelineLen = (int) pipeline;
        try {
            pz = ia.createProtectionZone();
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_pz_create error: %s\n", basePort, Log.ret(e));
            return false;
        }
        recvEvd = evd(DFLT_EVD_LENGTH, Set.of(EventStream.DTO), "recv");
        reqtEvd = recvEvd == null ? null : evd(pipelineLen, Set.of(EventStream.DTO, EventStream.RMR_BIND), "request");
        if (reqtEvd == null) {
            return false;
        }
        if (isServer) {
            creqEvd = evd(DFLT_EVD_LENGTH, Set.of(EventStream.CR), "cr");
            if (creqEvd == null) {
                return false;
            }
        }
        connEvd = evd(DFLT_EVD_LENGTH, Set.of(EventStream.CONNECTION), "conn");
        if (connEvd == null) {
            return false;
        }
        try {
            ep = ia.createEndpoint(pz, recvEvd, reqtEvd, connEvd,
                    td.epAttr.toBuilder().maxRequestDtos(pipelineLen).build());
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_ep_create error: %s\n", basePort, Log.ret(e));
            return false;
        }
        bp = Bpool.alloc(log, ia, pz, SYNC_BUFF_SIZE, 2);
        if (bp == null) {
            log.printf("Test[%x]: no memory for remote memory buffers\n", basePort);
            return false;
        }
        return bp.postRecv(log, ep, SYNC_RECV, SYNC_BUFF_SIZE);
    }

    private EventDispatcher evd(final int length, final Set<EventStream> streams, final String what) {
        try {
            return ia.createEventDispatcher(length, null, streams);
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_evd_create (%s) error: %s\n", basePort, what, Log.ret(e));
            return null;
        }
    }

    /**
     * {@code DT_Performance_Test_Destroy}: frees the buffers, disconnects abruptly and frees the EP that the
     * DISCONNECTED event names, then the EVDs and the PZ. C waits for that event even when the test never
     * connected, and hangs there (its own comment says so); the port waits only after a connection.
     *
     * @param connected whether the EP ever connected
     */
    void destroy(final boolean connected) {
        if (opBp != null && !opBp.destroy(log)) {
            log.printf("Test[%x]: Warning: Bpool destroy fails\n", basePort);
        }
        if (bp != null && !bp.destroy(log)) {
            log.printf("Test[%x]: Warning: Bpool destroy fails\n", basePort);
        }
        Endpoint toFree = null;
        if (ep != null) {
            try {
                ep.disconnect(CloseMode.ABRUPT);
                final ConnectionEvent ce = connected ? Events.discoWait(log, connEvd) : null;
                if (connected && ce == null) {
                    log.printf("Test[%x]: bad disconnect event\n", basePort);
                }
                toFree = connected ? (ce == null ? null : ce.endpoint()) : ep;
            } catch (final DatException e) {
                log.printf("Test[%x]: Warning: dat_ep_disconnect error %s\n", basePort, Log.ret(e));
            }
        }
        free(toFree, "dat_ep_free error");
        free(connEvd, "dat_evd_free (conn) error");
        free(creqEvd, "dat_evd_free (creq) error");
        free(reqtEvd, "dat_evd_free (reqt) error");
        free(recvEvd, "dat_evd_free (recv) error");
        free(pz, "dat_pz_free error");
        log.debugf("Test[%x]: cleanup is done\n", basePort);
    }

    private void free(final Handle h, final String what) {
        log.free(h, String.format("Test[%x]: %s", basePort, what));
    }

    /** {@return the local segments of the operation, made once} */
    List<LocalMemoryTriplet> iov() {
        if (iov == null) {
            iov = opBp.triplets(cmd.numSegs, cmd.segSize).toArray(LocalMemoryTriplet[]::new);
        }
        return List.of(iov);
    }

    /** {@return the server's buffer} */
    RemoteMemoryTriplet remoteTriplet() {
        return new RemoteMemoryTriplet(rdmaContext, rdmaAddress, Integer.toUnsignedLong(cmd.segSize * cmd.numSegs));
    }

    /** Posts the RDMA operation once (cookie 0); false if the post failed (C prints nothing). */
    boolean post() {
        try {
            if (cmd.transferType == TransactionCommand.RDMA_WRITE) {
                ep.postRdmaWrite(iov(), 0, remoteTriplet(), CompletionFlag.DEFAULT);
            } else {
                ep.postRdmaRead(iov(), 0, remoteTriplet(), CompletionFlag.DEFAULT);
            }
            return true;
        } catch (final DatException e) {
            return false;
        }
    }

    /** {@code DT_performance_post_rdma_op}: posts once and records the time the post took. */
    boolean postTimed(final PerformanceStats stats) {
        final double pre = PerformanceStats.now();
        final boolean ok = post();
        final double took = PerformanceStats.now() - pre;
        stats.bytes += Integer.toUnsignedLong(cmd.segSize * cmd.numSegs);
        if (ok) {
            stats.posts.record(took);
        }
        return ok;
    }

    /**
     * {@code DT_performance_reap}: one completion, waiting or polling by {@code -m}; the time of the wait or of the
     * dequeue that found it is recorded. The completion's status is not looked at, as in C.
     *
     * @return the completions reaped, 0 after a failure (printed)
     */
    int reap(final PerformanceStats stats) {
        if (cmd.mode == PerformanceCommand.BLOCKING) {
            final double pre = PerformanceStats.now();
            final Event e;
            try {
                e = reqtEvd.await(EventDispatcher.INFINITE);
            } catch (final DatException x) {
                log.printf("Test Error: dapl_event_dequeue failed: %s\n", Log.ret(x));
                return 0;
            }
            return reaped(stats, e, PerformanceStats.now() - pre) ? 1 : 0;
        }
        for (;;) {
            final double pre = PerformanceStats.now();
            final Event e;
            try {
                e = reqtEvd.poll();
            } catch (final DatException x) {
                log.printf("Test Error: dapl_event_dequeue failed: %s\n", Log.ret(x));
                return 0;
            }
            final double took = PerformanceStats.now() - pre;
            if (e != null) {
                return reaped(stats, e, took) ? 1 : 0;
            }
        }
    }

    private boolean reaped(final PerformanceStats stats, final Event e, final double took) {
        if (e instanceof DtoCompletionEvent) {
            stats.reaps.record(took);
            return true;
        }
        log.printf("Warning: dapl_performance_wait swallowing %s event\n", Events.name(e.number()));
        return false;
    }
}
