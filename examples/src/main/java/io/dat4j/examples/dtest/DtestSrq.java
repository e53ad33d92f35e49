package io.dat4j.examples.dtest;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusType;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * dtestsrq, the shared receive queue test of dapl2-utils 2.1.10 ({@code test/dtest/dtestsrq.c}), ported line by line.
 * The server ({@code -s}, the default) creates {@code -c} EPs on one SRQ and accepts as many connections; the client
 * ({@code -h HOST}) connects as many EPs, each with 4 bytes of private data naming the server EP it wants. Then, {@code
 * -t} times, the client sends {@code -B} messages on each connection (header 0x55, EP number, message number), the
 * server receives them all from its SRQ, checks their order per EP and answers each (header 0xaa); the client checks
 * the answers. The client disconnects; each side waits for every DISCONNECTED and, with the SRQ, for the
 * {@code DAT_ASYNC_ERROR_EP_BROKEN} that says the EP takes no more receives from it. The waits C makes without a
 * timeout are made without one here. Options as C's {@code getopt(.., "svuB:c:t:h:P:p:q:l:b:S:")}. Exit code 0 after
 * "Test Complete", 1 if a step failed (C returns 0 either way), 12 for bad options (C: -12).
 *
 * <p>Not thread safe: a program, with one thread.
 */
public final class DtestSrq extends DtestBase {

    /* definitions */
    static final int SERVER_CONN_QUAL = 45248;
    static final Duration CONN_TIMEOUT = Duration.ofSeconds(100);
    static final Duration DTO_TIMEOUT = Duration.ofSeconds(5);
    static final Duration CR_TIMEOUT = EventDispatcher.INFINITE;
    static final int MAX_CONN = 100;
    static final int MAX_BURST = 100;
    static final int MSG_IOV_COUNT = 1;
    static final String DAPL_PROVIDER = "ofa-v2-ib0";
    /** A message: header byte, then EP number and message number as network-order u32 at 4 and 8. */
    static final int MSG_HEADER_SIZE = 12;
    private static final ValueLayout.OfInt NET_U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);


    /* Global DAT vars */
    private SharedReceiveQueue hSrq;
    private PublicServicePoint hPsp;
    private Endpoint[] hEp;
    private EndpointAttributes epAttr;
    String hostname = "";
    String provider = DAPL_PROVIDER;

    /* defaults */
    boolean server = true;
    int connections = 1;
    int burstsNumber = 3;
    int burstSize = 1;
    int serverPortId = SERVER_CONN_QUAL;
    int clientPortId = SERVER_CONN_QUAL + 1;
    boolean ucm;
    boolean udTest;
    boolean srqTest = true;

    /* RDMA buffers */
    private LocalMemoryRegion hLmrSend;
    private LocalMemoryRegion hLmrRecv;
    int txBufLen;
    private int rxBufLen;
    private boolean connected;
    private MemorySegment rbuf;
    private MemorySegment sbuf;

    /**
     * Creates a dtestsrq writing to the given streams.
     *
     * @param out stdout
     * @param err stderr
     */
    DtestSrq(final PrintStream out, final PrintStream err) {
        super(out, err);
    }

    /**
     * Runs dtestsrq.
     *
     * @param args dtestsrq's options
     */
    public static void main(final String[] args) {
        DtestBase.main(new DtestSrq(System.out, System.err), args);
    }

    /**
     * Parses the options as C's {@code getopt(argc, argv, "svuB:c:t:h:P:p:q:l:b:S:")}, with its range checks.
     *
     * @param argv the arguments
     * @return 0, or 12 (C: {@code exit(-12)})
     */
    @Override
    int parse(final String[] argv) {
        final Getopt g = new Getopt("dtestsrq", "svuB:c:t:h:P:p:q:l:b:S:", argv, con.err());
        for (int c = g.next(); c != Getopt.END; c = g.next()) {
            final String optarg = g.optarg();
            switch (c) {
                case 's' -> server = true;
                case 'v' -> con.verbose = true;
                case 'c' -> {
                    connections = Libc.atoi(optarg);
                    if (connections > MAX_CONN) {
                        con.printf("Too many connections. Max %d.%n", MAX_CONN);
                        return 12;
                    }
                }
                case 'b' -> {
                    txBufLen = Libc.atoi(optarg);
                    if (txBufLen <= 0) {
                        con.printf(" Buffer size need to be positive%n");
                        return 12;
                    }
                }
                case 't' -> {
                    burstsNumber = Libc.atoi(optarg);
                    if (burstsNumber < 0) {
                        con.printf("Bursts number (%d) can't be negative.%n", burstsNumber);
                        return 12;
                    }
                }
                case 'p' -> {
                    serverPortId = Libc.atoi(optarg);
                    clientPortId = serverPortId + 1;
                }
                case 'S' -> srqTest = Libc.atoi(optarg) != 0;
                case 'B' -> {
                    burstSize = Libc.atoi(optarg);
                    if (burstSize > MAX_BURST) {
                        con.printf("Burst size is too big. Max %d%n", MAX_BURST);
                        return 12;
                    }
                }
                case 'h' -> {
                    server = false;
                    hostname = optarg;
                }
                case 'P' -> provider = optarg;
                case 'q', 'l' -> { /* map UCM qpn/lid into an AF_INET6 address */
                    ucm = true;
                    server = false;
                }
                case 'u' -> udTest = true;
                default -> {
                    printUsage();
                    return 12;
                }
            }
        }
        /* Java only: C divides buffers by these and indexes its arrays with them without looking */
        if (connections < 1 || burstSize < 1) {
            con.eprintf(" Error: -c %d and -B %d must be at least 1%n", connections, burstSize);
            return 12;
        }
        if (txBufLen != 0 && txBufLen < MSG_HEADER_SIZE) {
            con.eprintf(" Error: -b %d: a message needs %d bytes (header, EP number, message number)%n", txBufLen,
                    MSG_HEADER_SIZE);
            return 12;
        }
        return 0;
    }

    /**
     * Runs dtestsrq after {@link #parse}.
     *
     * @return 0 if the test completed, 1 if not
     */
    @Override
    int run() {
        con.printf(" Running %s %s test as %s on %s with %d connections, %d burst%s of %d messages%n",
                udTest ? "UD" : "RC", srqTest ? "SRQ" : "none SRQ", server ? "SERVER:" : "CLIENT:", provider,
                connections, burstsNumber, burstsNumber > 1 ? "s" : "", burstSize);
        con.out().flush();
        if (udTest || ucm) {
            /* the UD service type and UCM addresses are IB extensions (dat_ib_extensions.h) */
            con.eprintf(" Error: %s needs the IB extensions, which dat4j does not offer%n",
                    udTest ? "-u (DAT_IB_SERVICE_TYPE_UD, dat_ib_post_send_ud)" : "-q/-l (UCM addresses)");
            return 1;
        }
        hEp = new Endpoint[connections];
        /* Save last message number for each ep */
        final int[] lastMsgNumFromEp = new int[connections];

        /* dat_ia_open, dat_pz_create */
        try {
            hIa = Dat.openInterfaceAdapter(provider, 8);
        } catch (final DatException e) {
            con.eprintf(" Error Adaptor open: %s%n", e.status().strerror());
            con.eprintf(" %s%n", e.getMessage());
            return 1;
        }
        hAsyncEvd = hIa.asyncEventDispatcher();
        con.logf(" Opened Interface Adaptor %s%n", hIa);
        try {
            /* C exits at once when these two fail, before its cleanup path */
            if (!mtuAndPz()) {
                return 1;
            }
            return complete(runTest(lastMsgNumFromEp));
        } catch (final Failed e) {
            flushEvds();
            return 1;
        } finally {
            /* C's cleanup path leaves it to exit(); in one JVM everything is freed */
            hIa.close(CloseMode.ABRUPT);
            arena.close();
        }
    }

    /* the buffer length (-b, else DAT_IB_TRANSPORT_MTU), the IA address, the PZ: false after C's error line */
    private boolean mtuAndPz() {
        /* Set tx_buf_len to IB_MTU if it was not specified by the user */
        final String mtu = hIa.providerAttributes().providerSpecific().get("DAT_IB_TRANSPORT_MTU");
        final int ibMtu = mtu == null ? 0 : Libc.atoi(mtu);
        if (txBufLen == 0) {
            /* no user input - set tx_buf_len to IB_MTU */
            if (ibMtu == 0) {
                con.eprintf(" Error: no user input and IB_MTU was not found in provider attr%n");
                return false;
            }
            txBufLen = ibMtu;
        }
        con.logf(" Tx buffer len set to device MTU %d%n", txBufLen);
        rxBufLen = txBufLen;
        con.logf(" Rx buffer len set to %d%n", rxBufLen);
        printIaAddress();

        /* Create Protection Zone */
        con.logf(" Create Protection Zone%n");
        try {
            hPz = hIa.createProtectionZone();
        } catch (final DatException e) {
            con.eprintf(" Error creating Protection Zone: %s%n", e.status().strerror());
            return false;
        }
        con.logf(" Created Protection Zone%n");
        return true;
    }

    private boolean runTest(final int[] lastMsgNumFromEp) {
        con.logf(" Create events%n");
        createEvents();
        con.logf(" Create events done%n");

        /* Create SRQ */
        if (srqTest) {
            con.logf(" Create SRQ%n");
            final SrqAttributes srqAttr = new SrqAttributes(connections * burstSize, MSG_IOV_COUNT, 0);
            hSrq = call(" Error dat_srq_create", () -> hIa.createSharedReceiveQueue(hPz, srqAttr));
            con.logf(" SRQ created %s %n", hSrq);
        }

        /* allocate send and receive buffers */
        rbuf = arena.allocate((long) connections * rxBufLen * burstSize, 8);
        sbuf = arena.allocate((long) connections * txBufLen * burstSize, 8);

        /* Register memory */
        con.logf(" Register RDMA memory%n");
        registerRdmaMemory();
        con.logf(" Register RDMA memory done%n");

        /* create EP: C zeroes the attributes, then sets these; the zeros mean what they mean to libdapl */
        epAttr = EndpointAttributes.builder()
                .maxMessageSize(0)
                .maxRequestDtos(server ? burstSize : connections * burstSize)
                .maxRecvDtos(server ? burstSize : connections * burstSize)
                .maxRdmaSize(0)
                .recvCompletionFlags(CompletionFlag.DEFAULT)
                .maxRecvIov(MSG_IOV_COUNT)
                .maxRequestIov(MSG_IOV_COUNT)
                .maxRdmaReadIn(0)
                .maxRdmaReadOut(0)
                .maxRdmaReadIov(0)
                .maxRdmaWriteIov(0)
                .requestCompletionFlags(CompletionFlag.DEFAULT)
                .build();
        for (int i = 0; i < connections; i++) {
            hEp[i] = call(" Error dat_ep_create", () -> srqTest
                    ? hIa.createEndpointWithSrq(hPz, hDtoRcvEvd, hDtoReqEvd, hConnEvd, hSrq, epAttr)
                    : hIa.createEndpoint(hPz, hDtoRcvEvd, hDtoReqEvd, hConnEvd, epAttr));
            con.logf(" EP %d created %s%n", i, hEp[i]);
        }

        /* pre-post all buffers */
        for (int i = 0; i < connections; i++) {
            for (int j = 0; j < burstSize; j++) {
                final long cookie = (long) i * burstSize + j;
                postRecv(hEp[i], cookie);
            }
        }

        /* create the service point for server listen */
        if (server) {
            con.logf(" Creating server service point%n");
            hPsp = call(" ERR psp_create", () -> hIa.createPublicServicePoint(server ? serverPortId : clientPortId,
                    hCrEvd, ServicePointFlag.CONSUMER));
            con.printf(" %s ready on port %d%n", server ? "server" : "client", server ? serverPortId : clientPortId);
        }

        /* Connect all */
        call(" Error " + (server ? "server()" : "client()"), () -> {
            if (server) {
                connServer();
            } else {
                connClient();
            }
            return null;
        });
        con.printf("%n ALL %d CONNECTED on %s!%n%n", connections, server ? "server" : "client");
        connected = true;
        bursts(lastMsgNumFromEp);
        return true;
    }

    /* Client ping: 0x55, ep_num, ep msg_num; Server pong: 0xAA, ep, ep msg_num */
    private void bursts(final int[] lastMsgNumFromEp) {
        final byte recvExpectedHeader = server ? (byte) 0x55 : (byte) 0xaa;
        int txBefore = 0;
        for (int b = 0; b < burstsNumber; b++) {
            /* Initialize snd_buf to the beginning */
            long sndBuf = 0;
            if (!server) { /* Send Ping */
                sndBuf = sendBurst(sndBuf, (byte) 0x55, txBefore, " ERR: dat_ep_post_send() %s%n");
            }
            for (int epNum = 0; epNum < connections; epNum++) {
                for (int i = 0; i < burstSize; i++) {
                    receive(recvExpectedHeader, lastMsgNumFromEp);
                }
            }
            if (server) { /* Send pong */
                sendBurst(sndBuf, (byte) 0xaa, txBefore, " ERROR: dat_ep_post_send() %s%n");
            }
            txBefore += burstSize;
            /* clean req evd */
            for (int epNum = 0; epNum < connections; epNum++) {
                for (int i = 0; i < burstSize; i++) {
                    final Event event = waitEvd(hDtoReqEvd, DTO_TIMEOUT, " Error waiting on h_req_evd %s: %s%n");
                    if (!(event instanceof DtoCompletionEvent dto) || dto.transferredLength() != txBufLen
                            || dto.status() != DtoStatus.SUCCESS) {
                        final DtoCompletionEvent d = event instanceof DtoCompletionEvent x ? x : null;
                        con.eprintf(" ERROR: DTO REQ size %d, status %d%n", d == null ? -1 : d.transferredLength(),
                                d == null ? -1 : d.status().value());
                        throw new Failed();
                    }
                }
            }
        }
    }

    private long sendBurst(final long from, final byte head, final int txBefore, final String error) {
        long sndBuf = from;
        for (int epNum = 0; epNum < connections; epNum++) {
            for (int i = 0; i < burstSize; i++) {
                try {
                    sendMsg(sndBuf, head, epNum, txBefore + i + 1);
                } catch (final DatException e) {
                    con.eprintf(error, e.status().strerror());
                    throw new Failed();
                }
                con.logf(" send_msg completed%n");
                /* next buffers */
                sndBuf += txBufLen;
            }
        }
        return sndBuf;
    }

    /* walk the rcv: one message, checked, and its buffer posted back */
    private void receive(final byte recvExpectedHeader, final int[] lastMsgNumFromEp) {
        final Event event = waitEvd(hDtoRcvEvd, DTO_TIMEOUT, " Error waiting on h_dto_evd %s: %s%n");
        /* validate event number and status */
        con.logf(" inbound message; message arrived!%n");
        if (!(event instanceof DtoCompletionEvent dto)) {
            con.eprintf(" Error unexpected DTO event (%d): %s%n", event.number().value(), event.number().cName());
            throw new Failed();
        }
        if (dto.transferredLength() != rxBufLen) {
            con.eprintf(" ERR: recv event: len=%d cookie=%x exp len %d%n", dto.transferredLength(), dto.cookie(),
                    rxBufLen);
            throw new Failed();
        }
        /* Check data */
        final long recvBufIndex = dto.cookie();
        final long rcvBuf = recvBufIndex * rxBufLen;
        final byte incomingHeader = rbuf.get(ValueLayout.JAVA_BYTE, rcvBuf);
        final int incomingEpNum = rbuf.get(NET_U32, rcvBuf + 4);
        final int incomingMsgNum = rbuf.get(NET_U32, rcvBuf + 8);
        con.logf(" %s recv buffer 0x%x (index %d) buf len %d  incoming data: header %d, ep num %d, ep msg num %d "
                + " (nmore = %d)%n", server ? "SERVER:" : "CLIENT:", rbuf.address() + rcvBuf, recvBufIndex,
                rxBufLen, incomingHeader, incomingEpNum, incomingMsgNum, hDtoRcvEvd.size());
        /* Java only: C indexes its array with the peer's number */
        if (incomingEpNum < 0 || incomingEpNum >= connections) {
            con.eprintf(" ERR: recv ep num %d, not one of the %d EPs%n", incomingEpNum, connections);
            throw new Failed();
        }
        /* May have race condition between EPs therefore need to track each ep last message number */
        if (lastMsgNumFromEp[incomingEpNum] + 1 != incomingMsgNum) {
            con.eprintf(" ERR: ep %d recv msg %d exp %d%n", incomingEpNum, incomingMsgNum,
                    lastMsgNumFromEp[incomingEpNum] + 1);
            throw new Failed();
        }
        lastMsgNumFromEp[incomingEpNum] = incomingMsgNum;
        if (incomingHeader != recvExpectedHeader) {
            con.eprintf(" ERR: ep %d recv header 0x%x exp 0x%x%n", incomingEpNum, incomingHeader,
                    recvExpectedHeader);
            throw new Failed();
        }
        /* Done with Recv buffer - post the buffer back */
        postRecv(dto.endpoint(), recvBufIndex);
    }

    /* dat_srq_post_recv, or dat_ep_post_recv on the EP, of the buffer a cookie names */
    private void postRecv(final Endpoint ep, final long cookie) {
        final long rcvBuf = cookie * rxBufLen;
        final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrRecv.lmrContext(),
                hLmrRecv.registeredAddress() + rcvBuf, rxBufLen);
        try {
            if (srqTest) {
                con.logf(" Pre SRQ post receive msg buff 0x%x cookie %d.....", rbuf.address() + rcvBuf, cookie);
                hSrq.postRecv(List.of(lIov), cookie);
            } else {
                con.logf(" Pre post receive for EP %s msg buff 0x%x.....", ep, rbuf.address() + rcvBuf);
                ep.postRecv(List.of(lIov), cookie, CompletionFlag.DEFAULT);
            }
        } catch (final DatException e) {
            con.eprintf("%n Error posting recv msg buffer: %s%n", e.status().strerror());
            throw new Failed();
        }
        con.logf("Done%n");
    }

    /* complete: disconnect, free in C's order, and say so */
    private int complete(final boolean done) {
        if (!done) {
            return 1;
        }
        /* disconnect and free EP resources */
        if (hEp[0] != null) {
            con.logf(" Disconnect EPs%n");
            final DatStatus st = disconnectEps();
            if (st != null) {
                con.eprintf(" Error disconnect_eps: %s%n", st.strerror());
                return 1;
            }
            con.logf(" disconnect_eps complete%n");
        }
        /* destroy server service point(s) */
        if (hPsp != null && !free(hPsp, " Error dat_psp_free", " psp_free complete")) {
            return 1;
        }
        unregisterRdmaMemory();
        /* Free SRQ */
        if (hSrq != null) {
            con.logf(" Free SRQ %s %n", hSrq);
            if (free(hSrq, " Err freeing SRQ", " SRQ Freed")) {
                hSrq = null;
            }
        }
        /* free EVDs */
        con.logf(" destroy events%n");
        if (!destroyEvents()) {
            return 1;
        }
        con.logf(" destroy events done%n");
        /* Free protection domain */
        con.logf(" Freeing pz%n");
        if (!free(hPz, " Error freeing PZ", " Freed pz")) {
            return 1;
        }
        /* close the device */
        con.logf(" Closing Interface Adaptor%n");
        try {
            hIa.close(CloseMode.ABRUPT);
        } catch (final DatException e) {
            con.eprintf(" Error Adaptor close: %s%n", e.status().strerror());
            return 1;
        }
        con.logf(" Closed Interface Adaptor%n");
        con.printf(" DAPL %s %s Test Complete.%n%n", udTest ? "UD" : "RC", srqTest ? "SRQ" : "none SRQ");
        con.flush();
        return 0;
    }

    private void processCr() {
        con.printf(" Accepting...%n");
        con.out().flush();
        for (int i = 0; i < connections; i++) {
            /* Wait for CR's */
            final Event event = waitEvd(hCrEvd, CR_TIMEOUT, " ERR: CR dat_evd_wait() %2$s%n");
            if (!(event instanceof ConnectionRequestEvent cre)) {
                con.eprintf(" Error unexpected cr event : %s%n", event.number().cName());
                throw new Failed();
            }
            if (cre.connectionQualifier() != (server ? serverPortId : clientPortId) || cre.servicePoint() != hPsp) {
                con.eprintf(" Error wrong cr event data : %s%n", event.number().cName());
                throw new Failed();
            }
            /* accept connect request from client */
            final ConnectionRequest hCr = cre.request();
            final byte[] pdata;
            try {
                pdata = hCr.query().privateData().toByteArray();
            } catch (final DatException e) {
                con.eprintf(" Error: unable to query cr%n");
                throw new Failed();
            }
            /* use private data to select EP */
            final int ep = pdata.length < 4 ? -1 : MemorySegment.ofArray(pdata).get(NET_U32, 0);
            con.logf(" Accepting connect request %d from client:%n", ep);
            /* Java only: C indexes its array with the peer's number */
            if (ep < 0 || ep >= connections) {
                con.eprintf(" ERR: connect request for EP %d, not one of the %d EPs%n", ep, connections);
                hCr.reject(null);
                throw new Failed();
            }
            try {
                hCr.accept(hEp[ep], java.util.Arrays.copyOf(pdata, 4));
            } catch (final DatException e) {
                con.eprintf(" ERR dat_cr_accept: %s%n", e.status().strerror());
                throw new Failed();
            }
            con.logf(" Accept[%d] complete%n", i);
        }
    }

    private void processConn() {
        /* process the RTU, ESTABLISHMENT event */
        con.printf(" Completing...%n");
        for (int i = 0; i < connections; i++) {
            /* process completions */
            final Event event = waitEvd(hConnEvd, CONN_TIMEOUT, " ERR: CONN evd_wait() %2$s%n");
            if (event.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                con.eprintf(" Err unexpected conn event : 0x%x %s%n", event.number().value(),
                        event.number().cName());
                throw new Failed();
            }
            con.logf(" CONN_EST[%d] complete%n", i);
        }
    }

    private void connServer() {
        /* wait for conn REQ and accept */
        processCr();
        /* wait for conn EST */
        processConn();
    }

    private void connClient() {
        final InetAddress target = resolveServer(hostname, serverPortId);
        con.printf(" Connecting...%n");
        for (int i = 0; i < connections; i++) {
            final byte[] pdata = new byte[4];
            MemorySegment.ofArray(pdata).set(NET_U32, 0, i); /* htonl(i) */
            try {
                hEp[i].connect(target, serverPortId, CONN_TIMEOUT, pdata);
            } catch (final DatException e) {
                con.eprintf(" ERR dat_ep_connect: %s%n", e.status().strerror());
                throw new Failed();
            }
            con.logf(" dat_ep_connect [%d] complete%n", i);
        }
        /* wait for conn EST */
        processConn();
    }

    /* validate disconnected EP's and free them; null, or the status C's disconnect_eps returns */
    private DatStatus disconnectEps() {
        if (!connected) {
            return null;
        }
        /*
         * Only the client needs to call disconnect. The server _should_ be able to just wait on the EVD associated
         * with connection events for a disconnect request and then exit.
         */
        for (int i = 0; i < connections; i++) {
            if (!server) {
                con.logf(" dat_ep_disconnect[%d]%n", i);
                try {
                    hEp[i].disconnect(CloseMode.ABRUPT); /* DAT_CLOSE_DEFAULT */
                } catch (final DatException e) {
                    con.eprintf(" Error disconnect: %s%n", e.status().strerror());
                    return e.status();
                }
                con.logf(" disconnect completed[%d]%n", i);
            } else {
                con.logf(" Server waiting for disconnect...%n");
            }
            con.logf(" Wait for Disc event%n");
            final Event event;
            try {
                event = hConnEvd.await(EventDispatcher.INFINITE, 1);
            } catch (final DatException e) {
                con.eprintf(" Error dat_evd_wait: %s%n", e.status().strerror());
                return e.status();
            }
            con.logf(" disc event[%d] complete%n", i);
            final Endpoint discEp = event instanceof ConnectionEvent ce ? ce.endpoint() : null;
            if (srqTest) {
                con.logf(" Wait for EP async event%n");
                final Event async;
                try {
                    async = hAsyncEvd.await(EventDispatcher.INFINITE, 1);
                } catch (final DatException e) {
                    con.eprintf(" Error dat_evd_wait async evd: %s%n", e.status().strerror());
                    return e.status();
                }
                final Object handle = async instanceof AsyncErrorEvent a ? a.source() : null;
                con.logf(" Async event 0x%x received for EP %s%n", async.number().value(), handle);
                if (async.number() != EventNumber.ASYNC_ERROR_EP_BROKEN) {
                    con.logf(" Invalid async event number 0x%x expected 0x%x%n", async.number().value(),
                            EventNumber.ASYNC_ERROR_EP_BROKEN.value());
                    return DatStatus.error(StatusType.INVALID_HANDLE, null);
                }
                if (discEp != handle) {
                    con.logf(" Invalid EP via async event. conn event EP = %s, async event EP = %s%n", discEp,
                            handle);
                    return DatStatus.error(StatusType.INVALID_HANDLE, null);
                }
            }
            con.logf(" Check for valid EP and free it%n");
            /* check for valid EP in creation list */
            final int ii = indexOf(hEp, discEp);
            if (ii == connections) {
                con.logf(" %s: invalid EP[%d] %s via DISC event!%n", server ? "Server" : "Client", i, discEp);
                return DatStatus.error(StatusType.INVALID_HANDLE, null);
            }
            con.logf(" valid EP[%d] %s%n", ii, hEp[ii]);
            try {
                hEp[ii].close();
            } catch (final DatException e) {
                con.eprintf(" ERR free EP[%d] %s: %s%n", ii, hEp[ii], e.status().strerror());
                return e.status();
            }
            con.logf(" Freed EP[%d] %s%n", ii, hEp[ii]);
            hEp[ii] = null;
        }
        /* free EPs */
        con.logf(" Successfully disconnected all %d EP's%n", connections);
        return null;
    }

    /* Create CR, CONN, and DTO events */
    private void createEvents() {
        hCrEvd = createEvd(connections, EventStream.CR, "CR", "cr_evd");
        hConnEvd = createEvd(connections * 2, EventStream.CONNECTION, "CONN", "conn_evd");
        hDtoReqEvd = createEvd(connections * burstSize, EventStream.DTO, "REQ", "req_evd");
        hDtoRcvEvd = createEvd(connections * burstSize, EventStream.DTO, "RCV", "rcv_evd");
    }

    /* dat_evd_create, then dat_evd_query and the check of its size */
    private EventDispatcher createEvd(final int evdMinQlen, final EventStream stream, final String what,
            final String name) {
        final EventDispatcher evd = call(" Error dat_evd_create " + what,
                () -> hIa.createEventDispatcher(evdMinQlen, null, Set.of(stream)));
        final int qlen = call(" Err dat_evd_query " + what + " evd", () -> evd.query().queueLength());
        if (qlen < evdMinQlen) {
            con.eprintf(" Error dat_evd qsize too small: %d < %d%n", qlen, evdMinQlen);
            throw new Failed();
        }
        con.logf(" %s created (%s). QLEN - requested %d and actual %d%n", name, evd, evdMinQlen, qlen);
        return evd;
    }

    private void printIaAddress() {
        final var sa = hIa.attributes().address();
        if (sa != null && sa.getAddress() instanceof java.net.Inet4Address) {
            con.printf(" Local Address AF_INET - %s port %d%n", sa.getAddress().getHostAddress(), serverPortId);
        } else if (sa != null) {
            /* C prints the UCM QPN and LID packed in sin6_flowinfo and sin6_port; an IP IA has neither */
            con.printf(" Local Address AF_INET6 - %s flowinfo(QPN)=0x%x, port(LID)=0x%x%n",
                    sa.getAddress().getHostAddress(), 0, sa.getPort());
        } else {
            con.printf(" Local Address UNKOWN FAMILY - port %d%n", serverPortId);
        }
    }

    /* Register RDMA Receive buffer, then RDMA Send buffer */
    private void registerRdmaMemory() {
        hLmrRecv = call(" Error registering Receive RDMA buffer", () -> hIa.createLocalMemoryRegion(hPz, rbuf,
                MemoryPrivilege.ALL));
        con.logf(" Registered RCV RDMA Buffer  0x%x%n", rbuf.address());
        hLmrSend = call(" Error registering send RDMA buffer", () -> hIa.createLocalMemoryRegion(hPz, sbuf,
                MemoryPrivilege.ALL));
        con.logf(" Registered Send RDMA Buffer 0x%x%n", sbuf.address());
    }

    private void unregisterRdmaMemory() {
        /* Unregister Send message Buffer */
        if (hLmrSend != null) {
            con.logf(" Unregister send message h_lmr %s %n", hLmrSend);
            if (free(hLmrSend, " Error deregistering send msg mr", " Unregistered send message Buffer")) {
                hLmrSend = null;
            }
        }
        /* Unregister recv message Buffer */
        if (hLmrRecv != null) {
            con.logf(" Unregister recv message h_lmr %s %n", hLmrRecv);
            if (free(hLmrRecv, " Error deregistering recv msg mr", " Unregistered recv message Buffer")) {
                hLmrRecv = null;
            }
        }
    }

    /* send_msg: header, EP number and message number at the start of the buffer, tx_buf_len bytes sent */
    private void sendMsg(final long buff, final byte msgHead, final int epNum, final int msgNum) {
        sbuf.set(ValueLayout.JAVA_BYTE, buff, msgHead);
        sbuf.set(NET_U32, buff + 4, epNum);
        sbuf.set(NET_U32, buff + 8, msgNum);
        final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrSend.lmrContext(),
                hLmrSend.registeredAddress() + buff, txBufLen);
        con.logf(" %s RC SEND, ep %d, msg num %d, buffer 0x%x len=%d%n", server ? "SERVER:" : "CLIENT:", epNum,
                msgNum, sbuf.address() + buff, txBufLen);
        hEp[epNum].postSend(List.of(lIov), 0, CompletionFlag.DEFAULT);
    }

    private void printUsage() {
        con.printf("%n DAPL SRQ USAGE %n%n");
        con.printf("s: server%n");
        con.printf("c: connections (default = 1, max = 100)%n");
        con.printf("B: burst messages per connection (default = 1, max = 100)%n");
        con.printf("t: bursts number per connection (default = 3)%n");
        con.printf("b: buffer length to allocate (default DAT_IB_TRANSPORT_MTU)%n");
        con.printf("v: verbose%n");
        con.printf("h: hostname/address of server, specified on client%n");
        con.printf("P: provider name (default = OpenIB-cma)%n");
        con.printf("l: server lid (required ucm provider)%n");
        con.printf("q: server qpn (required ucm provider)%n");
        con.printf("u  unreliable datagram test (default false)%n");
        con.printf("S  use SRQ (default = 1 = use SQR)%n");
        con.printf("%n");
    }
}
