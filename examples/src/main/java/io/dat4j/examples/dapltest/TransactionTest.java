package io.dat4j.examples.dapltest;

import io.dat4j.CloseMode;
import io.dat4j.ConnectFlag;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestParameters;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.ServicePointFlag;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * One thread of the transaction test ({@code Transaction_Test_t}, {@code DT_Transaction_Main}), the same code on both
 * sides: for each of its EPs it creates the EVDs and the EP, listens (server: a PSP, or an RSP with {@code -r}, on
 * {@code base + i}) or connects (client, with C's 30 bytes of private data), allocates the operations' buffers and
 * exchanges their {@code RemoteMemoryInfo} (the client sends first), then runs {@link TransactionRun} and tears
 * everything down. {@link #client} and {@link #server} start the threads of one test.
 *
 * <p>Threads: each instance is owned by its thread; the threads of one test share the {@link TestData}.
 */
final class TransactionTest {

    /** Buffer indices of the per-EP pool. */
    static final int RMI_SEND = 0;
    static final int RMI_RECV = 1;
    static final int SYNC_SEND = 2;
    static final int SYNC_RECV = 3;
    static final int FINAL_SYNC_SEND = 4;
    static final int FINAL_SYNC_RECV = 5;
    /** {@code SYNC_BUFF_SIZE}: the sync messages that say "go" to the other side. */
    static final int SYNC_BUFF_SIZE = 64;
    /** {@code DFLT_QLEN}: the least EVD length. */
    private static final int DFLT_QLEN = 8;
    /** The connect private data the server checks. */
    static final byte[] PRIVATE_DATA = "DAPL and RDMA rule! Test 4321.".getBytes(StandardCharsets.US_ASCII);

    /** One operation on one EP ({@code Transaction_Test_Op_t}). */
    static final class Op {
        boolean serverInitiated;
        int transferType;
        int numSegs;
        int segSize;
        boolean reapSendOnRecv;
        Bpool bp;
        int rdmaContext;
        long rdmaAddress;
    }

    /** One EP and what belongs to it ({@code Ep_Context_t}). */
    static final class EpContext {
        io.dat4j.Endpoint ep;
        long iaPort;
        Bpool bp;
        Op[] op;
        io.dat4j.ReservedServicePoint rsp;
        io.dat4j.PublicServicePoint psp;
        EventDispatcher recvEvd;
        EventDispatcher reqtEvd;
        EventDispatcher connEvd;
        EventDispatcher creqEvd;
    }

    final TestData td;
    final Log log;
    final boolean isServer;
    final InterfaceAdapter ia;
    final TransactionCommand cmd;
    final InetAddress remote;
    final long basePort;
    final int evdLength;
    ProtectionZone pz;
    EpContext[] ctx;
    /* statistics, C's unsigned int */
    int bytesSend;
    int bytesRecv;
    int bytesRdmaRead;
    int bytesRdmaWrite;
    long startTime;
    long endTime;
    private boolean reportedReady;

    private TransactionTest(final TestData td, final InterfaceAdapter ia, final boolean isServer, final long port,
            final InetAddress remote) {
        this.td = td;
        this.log = td.log;
        this.isServer = isServer;
        this.ia = ia;
        this.cmd = td.transaction;
        this.remote = remote;
        this.basePort = port;
        this.evdLength = Math.max(DFLT_QLEN, cmd.epsPerThread * cmd.numOps());
    }

    /**
     * {@code DT_Transaction_Test_Client}: starts the client threads, waits for them, prints the statistics.
     *
     * @param td the run
     * @param ia the client's IA
     * @param remote the server's address
     * @return success (C reports a failed thread only in its output)
     */
    static DatStatus client(final TestData td, final InterfaceAdapter ia, final InetAddress remote) {
        final TransactionCommand cmd = td.transaction;
        td.clientStats = new TransactionStats(cmd.numThreads * cmd.epsPerThread);
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < cmd.numThreads; i++) {
            final long port = Integer.toUnsignedLong(td.serverInfo.firstPortNumber()) + (long) i * cmd.epsPerThread;
            td.log.debugf("Client: Starting Client side of test\n");
            threads.add(start(new TransactionTest(td, ia, false, port, remote)));
        }
        join(threads);
        td.clientStats.print(td.log, cmd.numThreads, cmd.epsPerThread);
        return DatStatus.SUCCESS;
    }

    /**
     * {@code DT_Transaction_Test_Server}: the server's thread for one client; starts the test threads, waits for
     * them, and counts the client gone.
     *
     * @param td the run
     */
    static void server(final TestData td) {
        final TransactionCommand cmd = td.transaction;
        td.countdown(cmd.numThreads);
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < cmd.numThreads; i++) {
            final long port = Integer.toUnsignedLong(td.serverInfo.firstPortNumber()) + (long) i * cmd.epsPerThread;
            threads.add(start(new TransactionTest(td, td.serverData.ia, true, port, null)));
        }
        join(threads);
        td.serverData.numClients.decrementAndGet();
        td.log.printf("Server: Transaction Test Finished for this client\n");
    }

    private static Thread start(final TransactionTest t) {
        return Thread.ofPlatform().name("dapltest-transaction-" + (t.isServer ? "server-" : "client-") + t.basePort)
                .start(t::main);
    }

    private static void join(final List<Thread> threads) {
        for (final Thread t : threads) {
            boolean done = false;
            while (!done) {
                try {
                    t.join();
                    done = true;
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** {@code DT_Transaction_Main}. */
    private void main() {
        boolean success = false;
        try {
            if (setUp() && connectAll()) {
                if (cmd.debug) {
                    print();
                }
                success = new TransactionRun(this).run();
            }
        } catch (final RuntimeException e) {
            log.printf("Test[%x]: %s\n", basePort, e);
        } finally {
            readyOnce();
            cleanUp(success);
        }
    }

    /** Tells the server's main thread that this thread listens (C: only on success; the port never leaves it hung). */
    private void readyOnce() {
        if (isServer && !reportedReady) {
            reportedReady = true;
            td.countDownReady();
        }
    }

    /** Creates the PZ and, per EP, the EVDs, the EP, the memory info pool with its receives posted, the listener. */
    private boolean setUp() {
        try {
            pz = ia.createProtectionZone();
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_pz_create error: %s\n", basePort, Log.ret(e));
            return false;
        }
        ctx = new EpContext[cmd.epsPerThread];
        for (int i = 0; i < ctx.length; i++) {
            final EpContext c = new EpContext();
            ctx[i] = c;
            c.recvEvd = evd(Set.of(EventStream.DTO), "recv");
            c.reqtEvd = c.recvEvd == null ? null : evd(Set.of(EventStream.DTO, EventStream.RMR_BIND), "request");
            if (c.reqtEvd == null) {
                return false;
            }
            if (td.localIsServer) {
                c.creqEvd = evd(Set.of(EventStream.CR), "cr");
                if (c.creqEvd == null) {
                    return false;
                }
            }
            c.connEvd = evd(Set.of(EventStream.CONNECTION), "conn");
            if (c.connEvd == null) {
                return false;
            }
            /* the WQs must hold the operations plus the memory info and the two sync receives */
            final EndpointAttributes.Builder b = td.epAttr.toBuilder();
            if (td.epAttr.maxRecvDtos() < cmd.numOps() + 3) {
                b.maxRecvDtos(cmd.numOps() + 3);
            }
            if (td.epAttr.maxRequestDtos() < cmd.numOps() + 3) {
                b.maxRequestDtos(cmd.numOps() + 3);
            }
            try {
                c.ep = ia.createEndpoint(pz, c.recvEvd, c.reqtEvd, c.connEvd, b.build());
            } catch (final DatException e) {
                log.printf("Test[%x]: dat_ep_create #%d error: %s\n", basePort, i, Log.ret(e));
                return false;
            }
            c.bp = Bpool.alloc(log, ia, pz, Wire.RMI_BUFFER_SIZE, 6);
            if (c.bp == null) {
                log.printf("Test[%x]: no memory for remote memory buffers\n", basePort);
                return false;
            }
            if (!c.bp.postRecv(log, c.ep, RMI_RECV, Wire.RMI_BUFFER_SIZE)
                    || !c.bp.postRecv(log, c.ep, SYNC_RECV, SYNC_BUFF_SIZE)) {
                return false;
            }
            c.iaPort = basePort + i;
            if (td.localIsServer && !listen(c, i)) {
                return false;
            }
        }
        /* the server's main thread may now answer the client */
        readyOnce();
        return true;
    }

    private EventDispatcher evd(final Set<EventStream> streams, final String what) {
        try {
            return ia.createEventDispatcher(evdLength, null, streams);
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_evd_create (%s) error: %s\n", basePort, what, Log.ret(e));
            return null;
        }
    }

    private boolean listen(final EpContext c, final int i) {
        try {
            if (cmd.useRsp) {
                c.rsp = ia.createReservedServicePoint(c.iaPort, c.ep, c.creqEvd);
            } else {
                c.psp = ia.createPublicServicePoint(c.iaPort, c.creqEvd, ServicePointFlag.CONSUMER);
                log.debugf("Server[%x]: Listen #%d on PSP port 0x%x\n", basePort, i, c.iaPort);
            }
            return true;
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_%s_create #%d error: %s\n", basePort, cmd.useRsp ? "rsp" : "psp", i,
                    Log.ret(e));
            return false;
        }
    }

    /** Per EP: accepts or connects, allocates the operations' buffers, exchanges the memory info. */
    private boolean connectAll() {
        for (int i = 0; i < ctx.length; i++) {
            final EpContext c = ctx[i];
            if (td.localIsServer ? !accept(c, i) : !connect(c, i)) {
                return false;
            }
            c.op = new Op[cmd.numOps()];
            for (int j = 0; j < c.op.length; j++) {
                final TransactionCommand.Op src = cmd.ops.get(j);
                final Op op = new Op();
                op.serverInitiated = src.serverInitiated;
                op.transferType = src.transferType;
                op.numSegs = src.numSegs;
                op.segSize = src.segSize;
                op.reapSendOnRecv = src.reapSendOnRecv;
                c.op[j] = op;
            }
            if (!exchangeMemoryInfo(c)) {
                return false;
            }
        }
        return true;
    }

    private boolean accept(final EpContext c, final int i) {
        final ConnectionRequest cr = Events.crCheck(log, Events.crWait(log, c.creqEvd),
                cmd.useRsp ? c.rsp : c.psp, c.iaPort, "Server");
        if (cr == null) {
            return false;
        }
        try {
            final ConnectionRequestParameters p = cr.query();
            final byte[] pd = p.privateData().toByteArray();
            if (pd.length < PRIVATE_DATA.length
                    || !Arrays.equals(pd, 0, PRIVATE_DATA.length, PRIVATE_DATA, 0, PRIVATE_DATA.length)) {
                log.printf("--Private Data mismatch!\n");
            } else {
                int n = 0;
                while (n < pd.length && pd[n] != 0) {
                    n++;
                }
                log.debugf("--Private Data: %d: <%s>\n", pd.length, new String(pd, 0, n, StandardCharsets.US_ASCII));
            }
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_cr_query #%d error: %s\n", basePort, i, Log.ret(e));
        }
        try {
            /* an RSP's request already names its EP */
            cr.accept(cmd.useRsp ? null : c.ep, null);
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_cr_accept #%d error: %s\n", basePort, i, Log.ret(e));
            return false;
        }
        if (Events.connWait(log, c.connEvd) != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            return false;
        }
        /* throw away the single-use service point */
        try {
            if (cmd.useRsp) {
                c.rsp.close();
                c.rsp = null;
            } else {
                c.psp.close();
                c.psp = null;
            }
        } catch (final DatException e) {
            log.printf("Test[%x]: dat_%s_free #%d error: %s\n", basePort, cmd.useRsp ? "rsp" : "psp", i, Log.ret(e));
            return false;
        }
        log.debugf("Server[%x]: Accept #%d on port 0x%x\n", basePort, i, c.iaPort);
        return true;
    }

    private boolean connect(final EpContext c, final int i) {
        log.debugf("Client[%x]: Connect #%d on port 0x%x\n", basePort, i, c.iaPort);
        int retries = 0;
        for (;;) {
            try {
                c.ep.connect(remote, c.iaPort, EventDispatcher.INFINITE, PRIVATE_DATA, td.params.reliability,
                        ConnectFlag.DEFAULT);
            } catch (final DatException e) {
                log.printf("Test[%x]: dat_ep_connect #%d error: %s (0x%x)\n", basePort, i, Log.ret(e), e.raw());
                return false;
            }
            final EventNumber n = Events.connWait(log, c.connEvd);
            if (n == EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                break;
            }
            if (n != EventNumber.CONNECTION_EVENT_PEER_REJECTED) {
                return false;
            }
            Server.sleep(1000);
            try {
                c.ep.reset();
            } catch (final DatException e) {
                log.debugf("Client[%x]: dat_ep_reset: %s\n", basePort, Log.ret(e));
            }
            int drained = 0;
            do {
                drained++;
            } while (c.recvEvd.poll() != null);
            if (drained > 1 && (!c.bp.postRecv(log, c.ep, RMI_RECV, Wire.RMI_BUFFER_SIZE)
                    || !c.bp.postRecv(log, c.ep, SYNC_RECV, SYNC_BUFF_SIZE))) {
                return false;
            }
            log.printf("Client[%x]: retrying connection...\n", basePort);
            retries++;
            if (retries >= Client.MAX_CONN_RETRY) {
                return false;
            }
        }
        log.debugf("Client[%x]: Got Connection #%d\n", basePort, i);
        return true;
    }

    /** Allocates the operations' buffers and swaps {@code RemoteMemoryInfo} with the peer, the client first. */
    private boolean exchangeMemoryInfo(final EpContext c) {
        for (int j = 0; j < c.op.length; j++) {
            final Op op = c.op[j];
            final boolean us = isServer == op.serverInitiated;
            op.rdmaContext = 0;
            op.rdmaAddress = 0;
            op.bp = Bpool.alloc(log, ia, pz, op.segSize, op.numSegs);
            if (op.bp == null) {
                log.printf("Test[%x]: no memory for buffers (%s)\n", basePort,
                        op.transferType == TransactionCommand.RDMA_READ ? "RDMA/RD"
                                : op.transferType == TransactionCommand.RDMA_WRITE ? "RDMA/WR" : "S/R");
                return false;
            }
            if (!us && op.transferType != TransactionCommand.SEND_RECV) {
                /* the peer reads or writes this one */
                op.rdmaContext = op.bp.rmrContext();
                op.rdmaAddress = op.bp.address(0);
            }
        }
        final var rmi = c.bp.buffer(RMI_SEND);
        rmi.fill((byte) 0);
        for (int j = 0; j < c.op.length; j++) {
            Wire.writeRmi(rmi, j, c.op[j].rdmaContext, c.op[j].rdmaAddress);
        }
        log.debugf("Test[%x]: Sending %s Memory Info\n", basePort, isServer ? "Server" : "Client");
        /* the client sends first (iWARP MPA's connection startup rules) */
        if (!isServer && !sendMemoryInfo(c)) {
            return false;
        }
        log.debugf("Test[%x]: Waiting for %s Memory Info\n", basePort, isServer ? "Client" : "Server");
        final DtoCompletionEvent dto = Events.dtoWait(log, c.recvEvd);
        if (!Events.dtoCheck(log, dto, c.ep, Wire.RMI_BUFFER_SIZE, c.bp.address(RMI_RECV),
                isServer ? "Client_Mem_Info_Recv" : "Server_Mem_Info_Recv")) {
            return false;
        }
        if (isServer && !sendMemoryInfo(c)) {
            return false;
        }
        log.debugf("Test[%x]: Memory Info received \n", basePort);
        final var got = c.bp.buffer(RMI_RECV);
        for (int j = 0; j < c.op.length; j++) {
            final Op op = c.op[j];
            if (isServer == op.serverInitiated && op.transferType != TransactionCommand.SEND_RECV) {
                op.rdmaContext = Wire.rmiContext(got, j);
                op.rdmaAddress = Wire.rmiAddress(got, j);
            }
        }
        return true;
    }

    private boolean sendMemoryInfo(final EpContext c) {
        if (!c.bp.postSend(log, c.ep, RMI_SEND, Wire.RMI_BUFFER_SIZE)) {
            return false;
        }
        final DtoCompletionEvent dto = Events.dtoWait(log, c.reqtEvd);
        /* C's names, swapped as they are */
        return Events.dtoCheck(log, dto, c.ep, Wire.RMI_BUFFER_SIZE, c.bp.address(RMI_SEND),
                isServer ? "Client_Mem_Info_Send" : "Server_Mem_Info_Send");
    }

    /** {@code DT_Print_Transaction_Test}, for a debugging run. */
    private void print() {
        log.printf("-------------------------------------\n");
        log.printf("TransTest.is_server              : %d\n", isServer ? 1 : 0);
        log.printf("TransTest.remote_little_endian   : %d\n", 1);
        log.printf("TransTest.base_port              : %x\n", basePort);
        log.printf("TransTest.pz_handle              : %s\n", pz);
        log.printf("TransTest.bytes_send             : %d\n", bytesSend);
        log.printf("TransTest.bytes_recv             : %d\n", bytesRecv);
        log.printf("TransTest.bytes_rdma_read        : %d\n", bytesRdmaRead);
        log.printf("TransTest.bytes_rdma_write       : %d\n", bytesRdmaWrite);
    }

    /** Frees per EP the buffers, the EP (disconnected abruptly; after a run, DISCONNECTED awaited) and EVDs. */
    private void cleanUp(final boolean success) {
        if (ctx != null) {
            for (int i = 0; i < ctx.length; i++) {
                final EpContext c = ctx[i];
                if (c == null) {
                    continue;
                }
                if (c.op != null) {
                    for (final Op op : c.op) {
                        if (op != null && op.bp != null && !op.bp.destroy(log)) {
                            log.printf("test[%x]: Warning: Bpool destroy fails\n", basePort);
                        }
                    }
                }
                if (c.bp != null && !c.bp.destroy(log)) {
                    log.printf("Test[%x]: Warning: Bpool destroy fails\n", basePort);
                }
                if (c.ep != null) {
                    try {
                        c.ep.disconnect(CloseMode.ABRUPT);
                    } catch (final DatException e) {
                        log.printf("Test[%x]: Warning: dat_ep_disconnect (%s) #%d error %s\n", basePort,
                                success ? "graceful" : "abrupt", i, Log.ret(e));
                    }
                    if (success && Events.discoWait(log, c.connEvd) == null) {
                        log.printf("Test[%x]: bad disconnect event\n", basePort);
                    }
                    while (c.recvEvd.poll() != null) {
                        continue;
                    }
                    free(c.rsp, "dat_rsp_free #" + i + " error");
                    free(c.psp, "dat_psp_free #" + i + " error");
                    free(c.ep, "dat_ep_free #" + i + " error");
                }
                free(c.connEvd, "dat_evd_free (conn) error");
                free(c.creqEvd, "dat_evd_free (creq) error");
                free(c.reqtEvd, "dat_evd_free (reqt) error");
                free(c.recvEvd, "dat_evd_free (recv) error");
            }
        }
        free(pz, "dat_pz_free error");
        log.debugf("Test[%x]: cleanup is done\n", basePort);
    }

    private void free(final Handle h, final String what) {
        log.free(h, String.format("Test[%x]: %s", basePort, what));
    }
}
