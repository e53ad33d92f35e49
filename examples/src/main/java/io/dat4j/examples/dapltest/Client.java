package io.dat4j.examples.dapltest;

import io.dat4j.CloseMode;
import io.dat4j.ConnectFlag;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.util.Set;

/**
 * The client's handshake ({@code DT_cs_Client}) for the transaction, performance and quit tests: connects to the
 * server's port, sends {@code Client_Info} and the command, receives {@code Server_Info}, checks the version, runs
 * its side of the test, disconnects and frees everything. A peer's reject is retried up to 8 times, a second apart.
 * Prints {@code DT_cs_Client: ========== End of Work -- Client Exiting} last, whatever happened.
 */
final class Client {

    private static final String MODULE = "DT_cs_Client";
    /** {@code DFLT_QLEN} of the client. */
    private static final int QLEN = 8;
    /** {@code MAX_CONN_RETRY}. */
    static final int MAX_CONN_RETRY = 8;

    private final Log log;
    private final Params params;
    private final String daplName;
    private final TestData td;
    private InterfaceAdapter ia;
    private ProtectionZone pz;
    private EventDispatcher recvEvd;
    private EventDispatcher reqtEvd;
    private EventDispatcher connEvd;
    private Endpoint ep;
    private Bpool bpool;
    private boolean didConnect;

    /**
     * @param log where it prints
     * @param params the parsed command line
     * @param daplName the IA to open
     * @param totalThreads the connections the test makes, for {@code Client_Info}
     */
    Client(final Log log, final Params params, final String daplName, final int totalThreads) {
        this.log = log;
        this.params = params;
        this.daplName = daplName;
        this.td = new TestData(log, params, false, null);
        td.clientInfo = new Wire.ClientInfo(Wire.DAPLTEST_VERSION, true, params.testType.value(), totalThreads);
        td.transaction = params.transaction;
        td.performance = params.performance;
        td.quit = params.quit;
    }

    /** {@return the status C's {@code DT_cs_Client} returns, whose low byte is the exit status} */
    DatStatus run() {
        log.printf("%s: Starting Test ... \n", MODULE);
        DatStatus ret;
        try {
            ret = handshake();
        } finally {
            cleanUp();
        }
        log.printf("%s: ========== End of Work -- Client Exiting\n", MODULE);
        return ret;
    }

    private DatStatus handshake() {
        try {
            ia = Dat.openInterfaceAdapter(daplName, QLEN);
        } catch (final DatException e) {
            log.printf("%s: Could not open %s (%s)\n", MODULE, daplName, Log.ret(e));
            return e.status();
        }
        log.debugf("%s: IA %s opened\n", MODULE, daplName);
        try {
            pz = ia.createProtectionZone();
        } catch (final DatException e) {
            log.printf("%s: dat_pz_create error: %s\n", MODULE, Log.ret(e));
            return e.status();
        }
        try {
            recvEvd = evd(Set.of(EventStream.DTO), "recv");
            reqtEvd = evd(Set.of(EventStream.DTO, EventStream.RMR_BIND), "send");
            connEvd = evd(Set.of(EventStream.CONNECTION), "conn");
        } catch (final DatException e) {
            return e.status();
        }
        try {
            ep = ia.createEndpoint(pz, recvEvd, reqtEvd, connEvd, null);
        } catch (final DatException e) {
            log.printf("%s: dat_ep_create error: %s\n", MODULE, Log.ret(e));
            return e.status();
        }
        log.debugf("%s: EP created\n", MODULE);
        if (!td.query(ia, ep) || !checkParams()) {
            return DatStatus.error(StatusType.INSUFFICIENT_RESOURCES, null);
        }
        bpool = Bpool.alloc(log, ia, pz, Wire.CMD_BUFFER_SIZE, 3);
        if (bpool == null) {
            log.printf("%s: no memory for command buffer pool.\n", MODULE);
            return DatStatus.error(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_MEMORY);
        }
        final DatStatus connected = connect();
        if (connected != null) {
            return connected;
        }
        return exchange();
    }

    private EventDispatcher evd(final Set<EventStream> streams, final String what) {
        try {
            return ia.createEventDispatcher(QLEN, null, streams);
        } catch (final DatException e) {
            log.printf("%s: dat_evd_create (%s) failed %s\n", MODULE, what, Log.ret(e));
            throw e;
        }
    }

    /** Posts the {@code Server_Info} receive and connects, retrying a reject; null once connected. */
    private DatStatus connect() {
        int retries = 0;
        boolean repost = true;
        for (;;) {
            if (repost) {
                log.debugf("%s: Posting 1 recv buffer\n", MODULE);
                if (!bpool.postRecv(log, ep, 0, bpool.segSize())) {
                    log.printf("%s: cannot post Server_Info recv buffer.\n", MODULE);
                    return DatStatus.error(StatusType.INSUFFICIENT_RESOURCES, null);
                }
            }
            log.debugf("%s: Connect Endpoint\n", MODULE);
            try {
                ep.connect(params.serverAddress, params.serverPort, EventDispatcher.INFINITE, null,
                        params.reliability, ConnectFlag.DEFAULT);
            } catch (final DatException e) {
                log.printf("%s: Cannot connect Endpoint %s\n", MODULE, Log.ret(e));
                return e.status();
            }
            log.debugf("%s: Await connection ...\n", MODULE);
            final EventNumber n = Events.connWait(log, connEvd);
            if (n == EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                break;
            }
            if (n == EventNumber.CONNECTION_EVENT_PEER_REJECTED) {
                Server.sleep(1000);
                log.printf("%s: retrying connection...\n", MODULE);
                retries++;
                /* the reject may have flushed the posted receive: repost it then */
                try {
                    ep.reset();
                } catch (final DatException e) {
                    log.debugf("%s: dat_ep_reset: %s\n", MODULE, Log.ret(e));
                }
                int drained = 0;
                do {
                    drained++;
                } while (recvEvd.poll() != null);
                if (drained > 1 && retries < MAX_CONN_RETRY) {
                    log.printf("Reposting!!! %d\n", drained);
                    repost = true;
                    continue;
                } else if (retries < MAX_CONN_RETRY) {
                    repost = false;
                    continue;
                }
            }
            log.printf("%s: bad connection event\n", MODULE);
            return DatStatus.error(StatusType.INSUFFICIENT_RESOURCES, null);
        }
        didConnect = true;
        if (log.debug()) {
            log.debugf("%s: Connected!\n", MODULE);
            Events.printConnectionState(log, ep);
        }
        return null;
    }

    /** Sends {@code Client_Info} and the command, receives {@code Server_Info}, runs the test. */
    private DatStatus exchange() {
        final DatStatus insufficient = DatStatus.error(StatusType.INSUFFICIENT_RESOURCES, null);
        log.debugf("%s: Sending Client_Info\n", MODULE);
        Wire.writeClientInfo(bpool.buffer(1), td.clientInfo);
        if (!bpool.postSend(log, ep, 1, bpool.segSize())) {
            log.printf("%s: cannot send Client_Info\n", MODULE);
            return insufficient;
        }
        log.debugf("%s: Sent Client_Info - awaiting completion\n", MODULE);
        DtoCompletionEvent dto = Events.dtoWait(log, reqtEvd);
        if (!Events.dtoCheck(log, dto, ep, bpool.segSize(), bpool.address(1), "Client_Info_Send")) {
            return insufficient;
        }
        log.debugf("%s: Sending Command\n", MODULE);
        switch (params.testType) {
            case TRANSACTION -> Wire.writeTransaction(bpool.buffer(2), td.transaction);
            case QUIT -> Wire.writeQuit(bpool.buffer(2), td.quit);
            case PERFORMANCE -> Wire.writePerformance(bpool.buffer(2), td.performance);
            default -> {
                log.printf("Unknown Test Type\n");
                return DatStatus.error(StatusType.INVALID_PARAMETER, null);
            }
        }
        if (!bpool.postSend(log, ep, 2, bpool.segSize())) {
            log.printf("%s: cannot send Command\n", MODULE);
            return insufficient;
        }
        log.debugf("%s: Sent Command - awaiting completion\n", MODULE);
        dto = Events.dtoWait(log, reqtEvd);
        if (!Events.dtoCheck(log, dto, ep, bpool.segSize(), bpool.address(2), "Client_Cmd_Send")) {
            return insufficient;
        }
        log.debugf("%s: Waiting for Server_Info\n", MODULE);
        dto = Events.dtoWait(log, recvEvd);
        if (!Events.dtoCheck(log, dto, ep, bpool.segSize(), bpool.address(0), "Server_Info_Recv")) {
            return insufficient;
        }
        log.debugf("%s: Server_Info Received\n", MODULE);
        td.serverInfo = Wire.readServerInfo(bpool.buffer(0));
        if (td.serverInfo.version() != Wire.DAPLTEST_VERSION) {
            log.printf("%s: DAPLTEST VERSION MISMATCH: Server %d, Client %d\n", MODULE, td.serverInfo.version(),
                    Wire.DAPLTEST_VERSION);
            return DatStatus.error(StatusType.MODEL_NOT_SUPPORTED, null);
        }
        log.debugf("%s: Version OK!\n", MODULE);
        if (log.debug()) {
            log.printf("-------------------------------------\n");
            log.printf("Server_Info.dapltest_version   : %d\n", td.serverInfo.version());
            log.printf("Server_Info.is_little_endian   : %d\n", td.serverInfo.littleEndian() ? 1 : 0);
            log.printf("-------------------------------------\n");
            log.printf("Client_Info.dapltest_version   : %d\n", td.clientInfo.version());
            log.printf("Client_Info.is_little_endian   : %d\n", td.clientInfo.littleEndian() ? 1 : 0);
            log.printf("Client_Info.test_type          : %d\n", td.clientInfo.testType());
        }
        switch (params.testType) {
            case TRANSACTION -> {
                if (td.transaction.debug) {
                    td.transaction.print(log, false);
                }
                return TransactionTest.client(td, ia, params.serverAddress);
            }
            case QUIT -> {
                td.quit.print(log);
                return DatStatus.SUCCESS;
            }
            default -> {
                if (td.performance.debug) {
                    td.performance.print(log, false);
                }
                return PerformanceClient.run(td, ia, params.serverAddress);
            }
        }
    }

    /**
     * {@code DT_check_params}: whether the IA and the default EP can carry the transaction test's operations. C reads
     * the transaction command through a union for every test; only the transaction test has one, so only it is
     * checked here.
     */
    private boolean checkParams() {
        if (params.testType != TestType.TRANSACTION) {
            return true;
        }
        long numRecvs = 0;
        long numSends = 0;
        long maxSize = 0;
        long maxSegs = 0;
        for (final TransactionCommand.Op op : td.transaction.ops) {
            final long size = Integer.toUnsignedLong(op.numSegs * op.segSize);
            maxSize = Math.max(maxSize, size);
            maxSegs = Math.max(maxSegs, Integer.toUnsignedLong(op.numSegs));
            if (op.transferType == TransactionCommand.SEND_RECV) {
                if (op.serverInitiated) {
                    numRecvs++;
                } else {
                    numSends++;
                }
            }
        }
        boolean ok = true;
        if (numRecvs > td.iaAttr.maxDtoPerEndpoint() || numSends > td.iaAttr.maxDtoPerEndpoint()) {
            log.printf("%s: S/R: cannot supply %d SR ops (maximum: %d)\n", MODULE, Math.max(numRecvs, numSends),
                    td.iaAttr.maxDtoPerEndpoint());
            ok = false;
        }
        if (maxSize > td.iaAttr.maxLocalMemoryRegionSize()) {
            log.printf("%s: buffer too large: 0x%x (maximum: %x bytes)\n", MODULE, maxSize,
                    td.iaAttr.maxLocalMemoryRegionSize());
            ok = false;
        }
        if (maxSegs > td.epAttr.maxRecvIov() || maxSegs > td.epAttr.maxRequestIov()) {
            log.printf("%s: cannot use %d segments (maxima: S %d, R %d)\n", MODULE, maxSegs,
                    td.epAttr.maxRequestIov(), td.epAttr.maxRecvIov());
            ok = false;
        }
        return ok;
    }

    /** Disconnects abruptly (waiting for DISCONNECTED if it ever connected) and frees everything. */
    private void cleanUp() {
        log.debugf("%s: Cleaning Up ...\n", MODULE);
        if (ep != null) {
            try {
                ep.disconnect(CloseMode.ABRUPT);
                if (didConnect && Events.discoWait(log, connEvd) == null) {
                    log.printf("%s: bad disconnect event\n", MODULE);
                }
            } catch (final DatException e) {
                log.printf("%s: dat_ep_disconnect (abrupt) error: %s\n", MODULE, Log.ret(e));
            }
        }
        if (bpool != null) {
            bpool.destroy(log);
        }
        if (ep != null) {
            /* drain completions that racing disconnects flushed */
            while (recvEvd.poll() != null) {
                continue;
            }
            free(ep, "dat_ep_free error");
        }
        free(connEvd, "dat_evd_free (conn) error");
        free(reqtEvd, "dat_evd_free (reqt) error");
        free(recvEvd, "dat_evd_free (recv) error");
        free(pz, "dat_pz_free error");
        if (ia != null) {
            try {
                ia.close(CloseMode.GRACEFUL);
                log.debugf("%s: IA %s closed\n", MODULE, daplName);
            } catch (final DatException e) {
                log.printf("%s: dat_ia_close (graceful) error: %s\n", MODULE, Log.ret(e));
                try {
                    ia.close(CloseMode.ABRUPT);
                } catch (final DatException e2) {
                    log.printf("%s: dat_ia_close (abrupt) error: %s\n", MODULE, Log.ret(e2));
                }
            }
        }
    }

    private void free(final io.dat4j.Handle h, final String what) {
        log.free(h, MODULE + ": " + what);
    }
}
