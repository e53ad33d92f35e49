package io.dat4j.examples.dapltest;

import io.dat4j.CloseMode;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.ServicePointFlag;
import java.util.Set;

/**
 * The server ({@code DT_cs_Server}, {@code -T S}): one IA, one EP and one PSP on the server port; for each client it
 * accepts the connection, receives {@code Client_Info} and the command, starts the test's thread (the test listens on
 * its own qualifiers from {@code port + 1} on), answers {@code Server_Info} once the test listens, disconnects and
 * resets the EP for the next client. A quit command, an unknown one or any error ends the loop; the server then waits
 * for the running tests, frees everything and prints {@code DT_cs_Server (<IA>):  Exiting.}
 *
 * <p>Threads: this one (the listener) and one per running test; they share {@link ServerData}.
 */
final class Server {

    private static final String MODULE = "DT_cs_Server";
    /** {@code DFLT_QLEN} of the server. */
    private static final int QLEN = 32;

    private final Log log;
    private final Params params;
    private final ServerCommand cmd;
    private final ServerData sd = new ServerData();

    Server(final Log log, final Params params) {
        this.log = log;
        this.params = params;
        this.cmd = params.server;
    }

    /** Runs until a quit command or an error. */
    void run() {
        if (cmd.debug) {
            cmd.print(log);
        }
        sd.nextPortNumber = (int) (params.serverPort + 1);
        if (setUp()) {
            loop();
        }
        log.debugf("%s: Waiting for clients to all go away...\n", MODULE);
        while (sd.numClients.get() > 0) {
            sleep(100);
        }
        log.debugf("%s: Cleaning up ...\n", MODULE);
        cleanUp();
        log.printf("%s (%s):  Exiting.\n", MODULE, cmd.daplName);
    }

    /** Opens the IA and creates the PZ, the four EVDs, the EP, the PSP and the three handshake buffers. */
    private boolean setUp() {
        try {
            sd.ia = Dat.openInterfaceAdapter(cmd.daplName, QLEN);
        } catch (final DatException e) {
            log.printf("%s: Could not open %s (%s)\n", MODULE, cmd.daplName, Log.ret(e));
            return false;
        }
        log.debugf("%s: IA %s opened\n", MODULE, cmd.daplName);
        try {
            sd.pz = sd.ia.createProtectionZone();
        } catch (final DatException e) {
            log.printf("%s: dat_pz_create error: %s\n", MODULE, Log.ret(e));
            return false;
        }
        log.debugf("%s: PZ created\n", MODULE);
        sd.recvEvd = evd(Set.of(EventStream.DTO), "recv");
        sd.reqtEvd = sd.recvEvd == null ? null : evd(Set.of(EventStream.DTO, EventStream.RMR_BIND), "send");
        sd.creqEvd = sd.reqtEvd == null ? null : evd(Set.of(EventStream.CR), "cr");
        sd.connEvd = sd.creqEvd == null ? null : evd(Set.of(EventStream.CONNECTION), "conn");
        if (sd.connEvd == null) {
            return false;
        }
        try {
            sd.ep = sd.ia.createEndpoint(sd.pz, sd.recvEvd, sd.reqtEvd, sd.connEvd, null);
        } catch (final DatException e) {
            log.printf("%s: dat_ep_create error: %s\n", MODULE, Log.ret(e));
            return false;
        }
        log.debugf("%s: EP created\n", MODULE);
        try {
            sd.psp = sd.ia.createPublicServicePoint(params.serverPort, sd.creqEvd, ServicePointFlag.CONSUMER);
        } catch (final DatException e) {
            log.printf("%s: dat_psp_create error: %s\n", MODULE, Log.ret(e));
            return false;
        }
        log.debugf("%s: PSP created\n", MODULE);
        sd.bpool = Bpool.alloc(log, sd.ia, sd.pz, Wire.CMD_BUFFER_SIZE, 3);
        if (sd.bpool == null) {
            log.printf("%s: no memory for command buffer pool.\n", MODULE);
            return false;
        }
        return true;
    }

    private io.dat4j.EventDispatcher evd(final Set<EventStream> streams, final String what) {
        try {
            return sd.ia.createEventDispatcher(QLEN, null, streams);
        } catch (final DatException e) {
            log.printf("%s: dat_evd_create (%s) failed %s\n", MODULE, what, Log.ret(e));
            return null;
        }
    }

    /** The loop accepting clients; returns on a quit command or an error. */
    private void loop() {
        for (;;) {
            final TestData td = new TestData(log, params, true, sd);
            if (!td.query(sd.ia, sd.ep)) {
                return;
            }
            log.debugf("%s: Posting 2 recvs\n", MODULE);
            if (!sd.bpool.postRecv(log, sd.ep, 0, sd.bpool.segSize())) {
                log.printf("%s: cannot post ClientInfo recv buffer\n", MODULE);
                return;
            }
            if (!sd.bpool.postRecv(log, sd.ep, 1, sd.bpool.segSize())) {
                log.printf("%s: cannot post Transaction_Cmd_t recv buffer\n", MODULE);
                return;
            }
            /* tells scripts that they may start the client */
            log.printf("Dapltest: Service Point Ready - %s\n", cmd.daplName);
            log.debugf("%s: Waiting for Connection Request\n", MODULE);
            final ConnectionRequestEvent cre = Events.crWait(log, sd.creqEvd);
            final ConnectionRequest cr = Events.crCheck(log, cre, sd.psp, params.serverPort, MODULE);
            if (cr == null) {
                log.printf("CR Check failed, file %s line %d\n", Log.here());
                return;
            }
            log.debugf("%s: Accepting Connection Request\n", MODULE);
            try {
                cr.accept(sd.ep, null);
            } catch (final DatException e) {
                log.printf("%s: dat_cr_accept error: %s\n", MODULE, Log.ret(e));
                return;
            }
            log.debugf("%s: Awaiting connection ...\n", MODULE);
            if (Events.connWait(log, sd.connEvd) != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                log.printf("%s: error awaiting conn-established event\n", MODULE);
                return;
            }
            if (log.debug()) {
                log.debugf("%s: Connected!\n", MODULE);
                Events.printConnectionState(log, sd.ep);
            }
            if (!serve(td)) {
                return;
            }
            /* the test has its own connections: this one goes, and the EP waits for the next client */
            try {
                sd.ep.disconnect(CloseMode.GRACEFUL);
            } catch (final DatException e) {
                log.printf("%s: dat_ep_disconnect fails: %s\n", MODULE, Log.ret(e));
                return;
            }
            if (Events.discoWait(log, sd.connEvd) == null) {
                log.printf("%s: bad disconnect event\n", MODULE);
                return;
            }
            try {
                sd.ep.reset();
            } catch (final DatException e) {
                /* C ignores dat_ep_reset's status; the next post tells */
                log.debugf("%s: dat_ep_reset: %s\n", MODULE, Log.ret(e));
            }
            log.debugf("%s: Waiting for another client...\n", MODULE);
        }
    }

    /**
     * One client: receives {@code Client_Info} and the command, starts the test, answers {@code Server_Info}.
     *
     * @return false to leave the loop
     */
    private boolean serve(final TestData td) {
        log.debugf("%s: Waiting for Client_Info\n", MODULE);
        DtoCompletionEvent dto = Events.dtoWait(log, sd.recvEvd);
        if (!Events.dtoCheck(log, dto, sd.ep, sd.bpool.segSize(), sd.bpool.address(0), "Client_Info_Recv")) {
            return false;
        }
        log.debugf("%s: Got Client_Info\n", MODULE);
        td.clientInfo = Wire.readClientInfo(sd.bpool.buffer(0));
        log.debugf("%s: Waiting for Client_Cmd_Info\n", MODULE);
        dto = Events.dtoWait(log, sd.recvEvd);
        if (!Events.dtoCheck(log, dto, sd.ep, sd.bpool.segSize(), sd.bpool.address(1), "Client_Cmd_Recv")) {
            return false;
        }
        final TestType type = TestType.of(td.clientInfo.testType());
        try {
            switch (type) {
                case TRANSACTION -> td.transaction = Wire.readTransaction(sd.bpool.buffer(1));
                case QUIT -> td.quit = Wire.readQuit(sd.bpool.buffer(1));
                case PERFORMANCE -> td.performance = Wire.readPerformance(sd.bpool.buffer(1));
                case null, default -> {
                    log.printf("Unknown TestType received\n");
                    return false;
                }
            }
        } catch (final Wire.BadMessage e) {
            log.printf("%s: the client's command is not dapltest's: %s\n", MODULE, e.getMessage());
            return false;
        }
        log.debugf("%s: Send Server_Info\n", MODULE);
        /* reset the port, not to eat up the port space on long runs */
        if (sd.nextPortNumber >= params.serverPort + 1000) {
            sd.nextPortNumber = (int) (params.serverPort + 1);
        }
        td.serverInfo = new Wire.ServerInfo(Wire.DAPLTEST_VERSION, true, sd.nextPortNumber);
        sd.nextPortNumber += td.clientInfo.totalThreads();
        final Thread thread;
        switch (type) {
            case TRANSACTION -> {
                sd.nextPortNumber += (td.transaction.epsPerThread - 1) * td.clientInfo.totalThreads();
                log.debugf("%s: Creating Transaction Test Thread\n", MODULE);
                thread = Thread.ofPlatform().name("dapltest-transaction-server").unstarted(
                        () -> TransactionTest.server(td));
            }
            case PERFORMANCE -> {
                log.debugf("%s: Creating Performance Test Thread\n", MODULE);
                thread = Thread.ofPlatform().name("dapltest-performance-server").unstarted(
                        () -> PerformanceServer.run(td));
                /* one performance test at a time: its thread releases the lock */
                sd.perfTestLock.acquireUninterruptibly();
            }
            default -> {
                log.debugf("Client Requests Server to Quit\n");
                sendControlData(td);
                return false;
            }
        }
        log.debugf("%s: Starting Test Thread\n", MODULE);
        thread.start();
        if (td.clientInfo.version() != Wire.DAPLTEST_VERSION) {
            log.printf("%s: %s: Server %d, Client %d\n", MODULE, "DAPLTEST VERSION MISMATCH", Wire.DAPLTEST_VERSION,
                    td.clientInfo.version());
            return false;
        }
        log.debugf("%s: Version OK!\n", MODULE);
        try {
            td.ready.await();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        log.debugf("%s: Send Server_Info\n", MODULE);
        if (sendControlData(td) != 0) {
            return false;
        }
        sd.numClients.incrementAndGet();
        return true;
    }

    /** {@code send_control_data}: sends {@code Server_Info} and reaps the send; 0 on success. */
    private int sendControlData(final TestData td) {
        Wire.writeServerInfo(sd.bpool.buffer(2), td.serverInfo);
        if (!sd.bpool.postSend(log, sd.ep, 2, sd.bpool.segSize())) {
            log.printf("send_control_data: cannot send Server_Info\n");
            return 1;
        }
        final DtoCompletionEvent dto = Events.dtoWait(log, sd.reqtEvd);
        return Events.dtoCheck(log, dto, sd.ep, sd.bpool.segSize(), sd.bpool.address(2), "Server_Info_Send") ? 0 : 1;
    }

    /** Frees what {@link #setUp} made, the last EP disconnected abruptly first. */
    private void cleanUp() {
        if (sd.ep != null) {
            try {
                sd.ep.disconnect(CloseMode.ABRUPT);
                if (Events.discoWait(log, sd.connEvd) == null) {
                    log.printf("%s: bad disconnect event\n", MODULE);
                }
            } catch (final DatException e) {
                log.printf("%s: dat_ep_disconnect fails: %s\n", MODULE, Log.ret(e));
            }
        }
        if (sd.bpool != null && !sd.bpool.destroy(log)) {
            log.printf("%s: error destroying buffer pool\n", MODULE);
        }
        free(sd.psp, "dat_psp_free error");
        free(sd.ep, "dat_ep_free error");
        free(sd.connEvd, "dat_evd_free (conn) error");
        free(sd.creqEvd, "dat_evd_free (creq) error");
        free(sd.reqtEvd, "dat_evd_free (reqt) error");
        free(sd.recvEvd, "dat_evd_free (recv) error");
        free(sd.pz, "dat_pz_free error");
        if (sd.ia != null) {
            try {
                sd.ia.close(CloseMode.GRACEFUL);
                log.debugf("%s: IA %s closed\n", MODULE, cmd.daplName);
            } catch (final DatException e) {
                log.printf("%s: dat_ia_close (graceful) error: %s\n", MODULE, Log.ret(e));
                try {
                    sd.ia.close(CloseMode.ABRUPT);
                } catch (final DatException e2) {
                    log.printf("%s: dat_ia_close (abrupt) error: %s\n", MODULE, Log.ret(e2));
                }
            }
        }
    }

    private void free(final io.dat4j.Handle h, final String what) {
        log.free(h, MODULE + ": " + what);
    }

    static void sleep(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
