package io.dat4j.examples.dtest;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointStatus;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * dtestx, the IB extension test of dapl2-utils 2.1.10 ({@code test/dtest/dtestx.c}), ported from its behaviour: RDMA
 * write with immediate data, compare-and-swap and fetch-and-add between a server ({@code -s}, the default) and a client
 * ({@code -h host}; {@code -c}). The server first tells the client its IA address and provider over a TCP socket (port
 * 15828) and the client answers with its own ({@link DtestxExchange}); then both register ten 256-byte buffers
 * ({@code -b}) and an 8-byte atomic result buffer with the remote atomic privilege, the client connects to the server's
 * PSP (31112), each sends the other the RMR of its RDMA buffer, and each side runs the three tests against the other's
 * buffer, printing C's lines and checking C's values. Options as C's {@code getopt(.., "qcsvumpU:h:b:P:")}; exit 0 after
 * "IB extension test - immed/atomic test PASSED", 1 when a call or check fails (C: {@code exit(1)}), 12 for bad
 * options (C: -12). {@code -u}, {@code -U} and {@code -m} (UD) fail at the EP's creation as with a provider without UD:
 * dat4j has no datagram EPs (docs/porting.md). {@code -p} prints C's "provider not built with counters" line. The DAT
 * calls are {@link Endpoint#postRdmaWriteImmediate}, {@link Endpoint#postCompareAndSwap} and
 * {@link Endpoint#postFetchAndAdd}; C's {@code DAT_IB_DTO_EVENT} with extension type is a {@link DtoCompletionEvent}
 * whose {@link DtoOperation} is one of the IB extension operations.
 *
 * <p>Not thread safe: a program, with one thread.
 */
public final class Dtestx {

    static final Duration DTO_TIMEOUT = Duration.ofSeconds(5);
    static final Duration CONN_TIMEOUT = Duration.ofSeconds(30);
    static final int CLIENT_ID = 31111;
    static final int SERVER_ID = 31112;
    static final int BUF_SIZE = 256;
    static final int BUF_SIZE_ATOMIC = 8;
    static final int REG_MEM_COUNT = 10;
    static final int SND_RDMA_BUF_INDEX = 0;
    static final int RCV_RDMA_BUF_INDEX = 1;
    static final int SEND_BUF_INDEX = 2;
    static final int RECV_BUF_INDEX = 3;
    static final int CONN_PORT = 15828;
    static final String DAPL_PROVIDER = "ofa-v2-mlx4_0-1u";
    /** {@code DAT_IB_EXTENSION_VERSION} of dapl 2.1.10, printed as C prints {@code ia_attr.extension_version}. */
    static final int EXTENSION_VERSION = 209;
    /** {@code sizeof(DAT_RMR_TRIPLET)}: virtual_address (8), segment_length (4), rmr_context (4). */
    static final int RMR_TRIPLET_SIZE = 16;
    private static final ValueLayout.OfLong NET_U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(
            java.nio.ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt NET_U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(
            java.nio.ByteOrder.BIG_ENDIAN);
    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();
    private static final Set<MemoryPrivilege> ALL_AND_ATOMIC = Set.of(MemoryPrivilege.LOCAL_READ,
            MemoryPrivilege.LOCAL_WRITE, MemoryPrivilege.REMOTE_READ, MemoryPrivilege.REMOTE_WRITE,
            MemoryPrivilege.REMOTE_ATOMIC);

    /** C's {@code exit(code)} from inside a step: {@link #run()} cleans up and returns the code. */
    static final class Exit extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        Exit(final int code) {
            super(null, null, false, false);
            this.code = code;
        }
    }

    private final Console con;
    /** Shared, not confined: the provider's threads read and write registered memory. */
    private final Arena arena = Arena.ofShared();

    /* the globals of dtestx.c */
    private MemorySegment atomicBuf;
    private LocalMemoryRegion lmrAtomic;
    private final LocalMemoryRegion[] lmr = new LocalMemoryRegion[REG_MEM_COUNT];
    private final MemorySegment[] buf = new MemorySegment[REG_MEM_COUNT];
    private Endpoint ep;
    private InterfaceAdapter ia;
    private ProtectionZone pz;
    private EventDispatcher crEvd;
    private EventDispatcher conEvd;
    private EventDispatcher dtoEvd;
    private PublicServicePoint psp;
    boolean server = true;
    private boolean remoteHost;
    private boolean udTest;
    private int bufSize = BUF_SIZE;
    private final int msgSize = RMR_TRIPLET_SIZE;
    String provider = DAPL_PROVIDER;
    String hostname = "";
    private final int eps = 1;
    private boolean counters;
    private boolean fetchAndAddCap;
    private boolean cmpAndSwapCap;
    private boolean queryOnly;
    /** The peer's RDMA buffer, from its RMR message (host order). */
    private RemoteMemoryTriplet remote;
    /** SERVER_ID, CONN_PORT unless the test properties move them (Java only; C's are fixed). */
    private final int serverId = Integer.getInteger(Dtest.PORT_PROP_NAME, SERVER_ID);
    private final int connPort = Integer.getInteger(Dtest.INFO_PORT_PROP_NAME, CONN_PORT);

    /**
     * Creates a dtestx writing to the given streams.
     *
     * @param out stdout
     * @param err stderr
     */
    Dtestx(final PrintStream out, final PrintStream err) {
        this.con = new Console(out, err);
    }

    /**
     * Runs dtestx.
     *
     * @param args dtestx's options
     */
    public static void main(final String[] args) {
        final Dtestx t = new Dtestx(System.out, System.err);
        final int code = t.parse(args);
        System.exit(code != 0 ? code : t.run());
    }

    private void printUsage() {
        con.printf("%n dtestx usage %n%n");
        con.printf("v: verbose%n");
        con.printf("p: print counters%n");
        con.printf("u  unreliable datagram test%n");
        con.printf("U: unreliable datagram test, UD endpoint count%n");
        con.printf("m  unreliable datagram test, multiple Server endpoints%n");
        con.printf("b: buf length to allocate%n");
        con.printf("h: hostname/address of Server, client and UDP server%n");
        con.printf("c: Client%n");
        con.printf("s: Server, default%n");
        con.printf("P: provider name (default = ofa-v2-mlx4_0-1u)%n");
        con.printf("%n");
    }

    /**
     * Parses the options as C's {@code getopt(argc, argv, "qcsvumpU:h:b:P:")}.
     *
     * @param argv the arguments
     * @return 0, or 12 (C: {@code exit(-12)}) after the usage
     */
    int parse(final String[] argv) {
        final Getopt g = new Getopt("dtestx", "qcsvumpU:h:b:P:", argv, con.err());
        for (int c = g.next(); c != Getopt.END; c = g.next()) {
            final String optarg = g.optarg();
            switch (c) {
                case 'u', 'm', 'U' -> udTest = true;
                case 'c' -> server = false;
                case 's' -> server = true;
                case 'p' -> counters = true;
                case 'h' -> {
                    remoteHost = true;
                    hostname = optarg;
                }
                case 'b' -> bufSize = Libc.atoi(optarg);
                case 'P' -> provider = optarg;
                case 'v' -> con.verbose = true;
                case 'q' -> queryOnly = true;
                default -> {
                    printUsage();
                    return 12;
                }
            }
        }
        /* Java only: C mallocs what -b says and writes 17 bytes and an RMR triplet into the buffers */
        if (bufSize < 32) {
            con.eprintf("dtestx: -b %d is too small for the messages (32 bytes at least)%n", bufSize);
            printUsage();
            return 12;
        }
        return 0;
    }

    /** {@code _OK(status, str)} on failure: C's line, the IA closed, exit 1. */
    private Exit failed(final String what, final DatStatus status) {
        con.eprintf("%s returned %s : %s%n", what, status.type().cName(), status.subtype().cName());
        return new Exit(1);
    }

    /** A DAT call checked as C's {@code _OK} (verbose: "dtestx: <what> success"). */
    private <T> T ok(final String what, final java.util.function.Supplier<T> call) {
        final T r;
        try {
            r = call.get();
        } catch (final DatException e) {
            throw failed(what, e.status());
        }
        con.logf("dtestx: %s success%n", what);
        return r;
    }

    private void ok(final String what, final Runnable call) {
        ok(what, () -> {
            call.run();
            return null;
        });
    }

    /** {@code _OK((DAT_RETURN) dto_event->status, str)}. */
    private void okStatus(final DtoCompletionEvent d, final String what) {
        if (d.status() != DtoStatus.SUCCESS) {
            con.eprintf("%s returned %s : %s%n", what, d.status(), "DAT_DTO_ERROR");
            throw new Exit(1);
        }
        con.logf("dtestx: %s success%n", what);
    }

    private Event evdWait(final EventDispatcher evd, final Duration timeout, final String what) {
        return ok(what, () -> evd.await(timeout, 1));
    }

    /**
     * Runs dtestx after {@link #parse}.
     *
     * @return 0 after "IB extension test ... PASSED", 1 if a step failed
     */
    int run() {
        try {
            return runSteps();
        } catch (final Exit e) {
            return e.code;
        } finally {
            if (ia != null && !ia.isClosed()) {
                try {
                    ia.close(CloseMode.ABRUPT);
                } catch (final DatException e) {
                    con.eprintf("dat_ia_close: %s%n", e.status().strerror());
                }
            }
            arena.close();
            con.flush();
        }
    }

    private int runSteps() {
        if (queryOnly) {
            ia = ok("dat_ib_open_query", () -> Dat.openInterfaceAdapter(provider, 8));
            printIaAddress(ia.attributes().address());
            final Map<String, String> attrs = providerAttributes();
            con.printf(" Open_Query: %s num_attrs = %d%n", provider, attrs.size());
            int i = 0;
            for (final Map.Entry<String, String> a : attrs.entrySet()) {
                con.printf(" Open_Query: Provider Specific Attribute[%d] %s=%s%n", i++, a.getKey(), a.getValue());
            }
            ok("dat_ib_close_query", () -> ia.close(CloseMode.GRACEFUL));
            return 0;
        }
        ia = ok("dat_ia_open", () -> Dat.openInterfaceAdapter(provider, 8));
        /* C: ia_attr.extension_supported != DAT_EXTENSION_IB */
        if (!ia.supports(Capability.RDMA_WRITE_IMMEDIATE)) {
            con.printf("%d ERROR: IB extension not supported%n", con.pid);
            throw new Exit(1);
        }
        printIaAddress(ia.attributes().address());
        int i = 0;
        for (final Map.Entry<String, String> a : providerAttributes().entrySet()) {
            con.logf(" Provider Specific Attribute[%d] %s=%s%n", i++, a.getKey(), a.getValue());
        }
        cmpAndSwapCap = ia.supports(Capability.COMPARE_AND_SWAP);
        fetchAndAddCap = ia.supports(Capability.FETCH_AND_ADD);

        /* for non UD tests, -h is always client */
        if (remoteHost && !udTest) {
            server = false;
        }
        final DtestxExchange exchange = new DtestxExchange(con, connPort);
        if (!server) {
            con.printf("%d Client: waiting for server input%n", con.pid);
            final DtestxExchange.Peer p = exchange.fetch(hostname, provider, ia.attributes().address());
            if (p == null) {
                con.printf("%d Failed to get server parameters%n", con.pid);
                throw new Exit(1);
            }
            hostname = p.hostname();
            provider = p.provider();
            con.printf("%nRunning as Client - %s %s %d endpoint(s) v%d%n", provider, udTest ? "UD test" : "", eps,
                    EXTENSION_VERSION);
        } else {
            con.printf("%nRunning as Server - %s %s %d endpoint(s) v%d%n", provider, udTest ? "UD test" : "", eps,
                    EXTENSION_VERSION);
        }
        if (connectEp(exchange) != 0) {
            throw new Exit(1);
        }
        if (!udTest) {
            doImmediate();
            doCmpSwap();
            doFetchAdd();
        }
        final int rc = disconnectEp();
        if (rc == 0) {
            con.printf("%n IB extension test - %s test PASSED%n%n", udTest ? "UD" : "immed/atomic");
        }
        return rc;
    }

    /** The provider-specific attributes, with the IB extension ones C's providers list, from the capabilities. */
    private Map<String, String> providerAttributes() {
        final Map<String, String> m = new TreeMap<>(ia.providerAttributes().providerSpecific());
        m.put("DAT_IB_IMMED_DATA", ia.supports(Capability.RDMA_WRITE_IMMEDIATE) ? "TRUE" : "FALSE");
        m.put("DAT_IB_FETCH_AND_ADD", ia.supports(Capability.FETCH_AND_ADD) ? "TRUE" : "FALSE");
        m.put("DAT_IB_CMP_AND_SWAP", ia.supports(Capability.COMPARE_AND_SWAP) ? "TRUE" : "FALSE");
        m.put("DAT_IB_UD", "FALSE");
        return m;
    }

    private void printIaAddress(final InetSocketAddress sa) {
        if (sa != null && sa.getAddress() instanceof Inet4Address a) {
            con.printf("%d Local Address AF_INET - %s port %d%n", con.pid, a.getHostAddress(), SERVER_ID);
        } else if (sa != null) {
            con.printf("%d Local Address AF_INET6 - %s flowinfo(QPN)=0x%x, port(LID)=0x%x%n", con.pid,
                    sa.getAddress().getHostAddress(), 0, 0);
        } else {
            con.printf("%d Local Address UNKOWN FAMILY - port %d%n", con.pid, SERVER_ID);
        }
    }

    private static long va(final MemorySegment s) {
        return s.address();
    }

    private void strcpy(final int index, final String s) {
        Libc.strcpy(buf[index], s);
    }

    private int connectEp(final DtestxExchange exchange) {
        /* make sure provider supports counters */
        if (counters) {
            con.printf("Disable dat_query_counters: Provider not built with counters%n");
            counters = false;
        }
        pz = ok("dat_pz_create", () -> ia.createProtectionZone());
        crEvd = ok("dat_evd_create CR", () -> ia.createEventDispatcher(eps * 2, null, EnumSet.of(EventStream.CR)));
        conEvd = ok("dat_evd_create CR", () -> ia.createEventDispatcher(eps * 2, null,
                EnumSet.of(EventStream.CONNECTION)));
        dtoEvd = ok("dat_evd_create DTO", () -> ia.createEventDispatcher(eps * 10, null,
                EnumSet.of(EventStream.DTO)));
        if (udTest) {
            /* C: ep_attr.service_type = DAT_IB_SERVICE_TYPE_UD, which a provider without UD refuses */
            con.eprintf("dat_ep_create returned DAT_MODEL_NOT_SUPPORTED : DAT_NO_SUBTYPE%n");
            con.eprintf(" dat4j has no UD (datagram) endpoints; see docs/porting.md%n");
            throw new Exit(1);
        }
        /* C zeroes the attributes, then sets these; the zeros mean what they mean to libdapl */
        final int qdepth = REG_MEM_COUNT;
        final EndpointAttributes epAttr = EndpointAttributes.builder()
                .maxMessageSize(0)
                .maxRdmaSize(0x10000)
                .maxRdmaReadIn(4)
                .maxRdmaReadOut(4)
                .recvCompletionFlags(CompletionFlag.DEFAULT)
                .maxRecvDtos(qdepth)
                .maxRequestDtos(qdepth)
                .maxRecvIov(1)
                .maxRequestIov(1)
                .maxRdmaReadIov(0)
                .maxRdmaWriteIov(0)
                .requestCompletionFlags(CompletionFlag.DEFAULT)
                .build();
        ep = ok("dat_ep_create", () -> ia.createEndpoint(pz, dtoEvd, dtoEvd, conEvd, epAttr));
        con.logf(" create_ep[%d]=%s%n", 0, ep);
        for (int i = 0; i < REG_MEM_COUNT * eps; i++) {
            buf[i] = arena.allocate(bufSize, 16);
            final MemorySegment b = buf[i];
            lmr[i] = ok("dat_lmr_create", () -> ia.createLocalMemoryRegion(pz, b, ALL_AND_ATOMIC));
        }
        /* register atomic return buffer for original data */
        atomicBuf = arena.allocate(BUF_SIZE_ATOMIC, 8);
        lmrAtomic = ok("dat_lmr_create atomic", () -> ia.createLocalMemoryRegion(pz, atomicBuf, ALL_AND_ATOMIC));
        for (int i = RECV_BUF_INDEX; i < REG_MEM_COUNT; i++) {
            final long cookie = i;
            final LocalMemoryTriplet iov = lmr[i].triplet(0, bufSize);
            con.logf(" post_recv buf[%d]=(0x%x) on ep[%d]=%s%n", i, va(buf[i]), 0, ep);
            ok("dat_ep_post_recv", () -> ep.postRecv(List.of(iov), cookie, CompletionFlag.DEFAULT));
        }
        /* setup receive buffer to initial string to be overwritten */
        strcpy(RCV_RDMA_BUF_INDEX, "blah, blah, blah\n");
        if (server) {
            /* Java: the PSP exists before the client learns where to connect (C creates it after the exchange,
             * which a fast client can overtake) */
            strcpy(SND_RDMA_BUF_INDEX, "Server data");
            psp = ok("dat_psp_create", () -> ia.createPublicServicePoint(serverId, crEvd,
                    ServicePointFlag.CONSUMER));
            /* Exchange info with client */
            if (exchange.send(ia.attributes().address(), provider, String.format(java.util.Locale.ROOT,
                    "%d Server - Client: waiting to snd addr%n", con.pid)) != 0) {
                con.printf("%d Failed to send server params%n", con.pid);
                return -1;
            }
            /* Server always waits for first CR from Client */
            processCr();
        } else {
            final InetAddress target;
            try {
                target = Libc.resolve(hostname);
            } catch (final UnknownHostException e) {
                con.printf("Error getting remote address.%n");
                throw new Exit(1);
            }
            con.printf("Remote %s Name: %s %n", "Server", hostname);
            con.printf("Remote %s Net Address: %s%n", "Server", target.getHostAddress());
            strcpy(SND_RDMA_BUF_INDEX, "Client written data");
            final byte[] pdata = new byte[4]; /* just use first EP */
            ok("dat_ep_connect", () -> ep.connect(target, serverId, CONN_TIMEOUT, pdata));
            con.printf("%s EP_L[%d]=%s connect to EP_R[%d]%n", "Client", 0, ep, 0);
        }
        processConn();
        con.printf("Connected! %d endpoints%n", eps);

        /* Setup our remote memory and tell the other side about it; swap to network order */
        final MemorySegment rIov = buf[SEND_BUF_INDEX];
        rIov.set(NET_U64, 0, va(buf[RCV_RDMA_BUF_INDEX]));
        rIov.set(NET_U32, 8, bufSize);
        rIov.set(NET_U32, 12, lmr[RCV_RDMA_BUF_INDEX].rmrContext());
        con.printf("Send RMR message: r_key_ctx=0x%x,va=%x,len=0x%x%n", lmr[RCV_RDMA_BUF_INDEX].rmrContext(),
                va(buf[RCV_RDMA_BUF_INDEX]), bufSize);
        sendMsg(lmr[SEND_BUF_INDEX].triplet(0, RMR_TRIPLET_SIZE));
        final EndpointStatus st = ep.status();
        con.printf("EP[0] status: posted buffers: Req=%d, Rcv=%d%n", st.inDtoIdle() ? 1 : 0, st.outDtoIdle() ? 1 : 0);

        /* Wait for their RMR */
        final int ctx = RECV_BUF_INDEX;
        con.logf("Waiting for remote to send RMR data%n");
        final Event event = evdWait(dtoEvd, DTO_TIMEOUT, "dat_evd_wait for receive message");
        if (!(event instanceof DtoCompletionEvent dto)) {
            con.printf("unexpected event waiting for RMR context - 0x%x%n", event.number().value());
            throw new Exit(1);
        }
        okStatus(dto, "event status for post_recv");
        if (dto.transferredLength() != msgSize || dto.cookie() != ctx) {
            con.printf("unexpected event data on recv: len=%d cookie=%x expected %d/%d%n", dto.transferredLength(),
                    dto.cookie(), msgSize, ctx);
            throw new Exit(1);
        }
        /* swap RMR, address info to host order */
        final MemorySegment r = buf[ctx];
        remote = new RemoteMemoryTriplet(r.get(NET_U32, 12), r.get(NET_U64, 0),
                Integer.toUnsignedLong(r.get(NET_U32, 8)));
        con.printf("Recv RMR message: buf[%d] r_iov(0x%x): r_key_ctx=%x,va=%x, len=0x%x on EP=%s ck=%x %n", ctx,
                va(r), remote.rmrContext(), remote.virtualAddress(), remote.segmentLength(), dto.endpoint(),
                dto.cookie());
        return 0;
    }

    /** {@code send_msg} with {@code DAT_COMPLETION_SUPPRESS_FLAG}: no completion to wait for. */
    private void sendMsg(final LocalMemoryTriplet iov) {
        ok("dat_ep_post_send", () -> ep.postSend(List.of(iov), 0, EnumSet.of(CompletionFlag.SUPPRESS)));
    }

    /* RC - Server only */
    private void processCr() {
        con.logf("%s waiting for connect[%d] request%n", "Server", 0);
        final Event event = evdWait(crEvd, EventDispatcher.INFINITE, "CR dat_evd_wait");
        if (!(event instanceof ConnectionRequestEvent cre)) {
            con.printf("unexpected event,!conn req: 0x%x%n", event.number().value());
            throw new Exit(1);
        }
        if (cre.connectionQualifier() != serverId || cre.servicePoint() != psp) {
            con.printf("wrong cr event data%n");
            throw new Exit(1);
        }
        final ConnectionRequest cr = cre.request();
        final byte[] pdata = ok("dat_cr_query", () -> cr.query().privateData().toByteArray());
        /* use private data to select EP: Java only, C indexes its array with whatever the peer sent */
        final int idx = pdata != null && pdata.length >= 4 ? MemorySegment.ofArray(pdata).get(NET_U32, 0) : -1;
        con.logf("%s recvd pdata=0x%x%n", "Server", idx);
        if (idx != 0) {
            con.printf("wrong cr event data%n");
            throw new Exit(1);
        }
        ok("dat_cr_accept", () -> cr.accept(ep, java.util.Arrays.copyOf(pdata, 4)));
        con.printf("%s accepted CR on EP[%d]=%s%n", "Server", idx, ep);
    }

    /* RC - Client and Server: 1 */
    private void processConn() {
        con.logf("%s waiting for connect[%d] establishment%n", server ? "Server" : "Client", 0);
        final Event event = evdWait(conEvd, CONN_TIMEOUT, "CONN dat_evd_wait");
        con.logf("%s got connect[%d] event 0x%x%n", server ? "Server" : "Client", 0, event.number().value());
        if (!(event instanceof ConnectionEvent ce) || ce.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            con.printf("unexpected event, !conn established: 0x%x%n", event.number().value());
            throw new Exit(1);
        }
    }

    /** One completion of the write with immediate data: C's checks of either extension type. */
    private int immediateEvent(final String waitWhat, final String statusWhat, final String unexpected,
            final boolean printNmore) {
        final Event event = evdWait(dtoEvd, DTO_TIMEOUT, waitWhat);
        /* C: dat_evd_wait's nmore, the events left on the EVD (whether the peer's write has arrived yet) */
        final int nmore = dtoEvd.size();
        if (printNmore && nmore > 0) {
            con.printf("%s() nmore %d%n", "do_immediate", nmore);
        }
        if (!(event instanceof DtoCompletionEvent dto) || !dto.operation().isExtension()) {
            con.printf(unexpected, event.number().value(), event.number().value());
            throw new Exit(1);
        }
        okStatus(dto, statusWhat);
        if (dto.operation() == DtoOperation.RDMA_WRITE_IMMEDIATE) {
            if (dto.transferredLength() != bufSize || dto.cookie() != 0x9999) {
                con.printf("unexpected event data for rdma_write_immed: len=%d cookie=0x%x%n",
                        dto.transferredLength(), dto.cookie());
                throw new Exit(1);
            }
            return -1;
        }
        if (dto.operation() == DtoOperation.RECEIVE_IMMEDIATE) {
            if (dto.transferredLength() != bufSize || dto.cookie() != RECV_BUF_INDEX + 1) {
                con.printf("unexpected event data of immediate write: len=%d cookie=%x expected %d/%d%n",
                        dto.transferredLength(), dto.cookie(), 4, RECV_BUF_INDEX + 1);
                throw new Exit(1);
            }
            /* get immediate data from event */
            return dto.immediateData();
        }
        con.printf("unexpected extension type for event - 0x%x, 0x%x%n", event.number().value(),
                dto.operation().value());
        throw new Exit(1);
    }

    private void doImmediate() {
        con.printf("%nDoing RDMA WRITE IMMEDIATE DATA%n");
        final int immedData = server ? 0x1111 : 0x7777;
        final LocalMemoryTriplet iov = lmr[SND_RDMA_BUF_INDEX].triplet(0, bufSize);
        ok("dat_ib_post_rdma_write_immed", () -> ep.postRdmaWriteImmediate(List.of(iov), 0x9999, remote,
                immedData, CompletionFlag.DEFAULT));
        /* Collect first event, write completion or inbound recv with immed */
        int immedDataRecv = 0;
        int r = immediateEvent("dat_evd_wait after dat_ib_post_rdma_write", "DTO event status",
                "unexpected event #0x%x waiting for WR-IMMED #0x%x%n", true);
        if (r != -1) {
            immedDataRecv = r;
        }
        /* Collect second event, write completion or inbound recv with immed */
        r = immediateEvent("dat_evd_wait after dat_ib_post_rdma_write", "event status",
                "unexpected event # waiting for WR-IMMED - 0x%x%n", false);
        if (r != -1) {
            immedDataRecv = r;
        }
        if (server && immedDataRecv != 0x7777) {
            con.printf("ERROR: Server: unexpected imm_data_recv 0x%x/0x%x%n", 0x7777, immedDataRecv);
            throw new Exit(1);
        } else if (!server && immedDataRecv != 0x1111) {
            con.printf("ERROR: Client: unexpected imm_data_recv 0x%x/0x%x%n", 0x1111, immedDataRecv);
            throw new Exit(1);
        }
        con.printf("%s received immed_data=0x%x%n", server ? "Server" : "Client", immedDataRecv);
        con.printf("rdma buffer 0x%x contains: %s%n", va(buf[RCV_RDMA_BUF_INDEX]),
                Libc.cString(buf[RCV_RDMA_BUF_INDEX]));
        con.printf("%n RDMA_WRITE_WITH_IMMEDIATE_DATA test - PASSED%n");
    }

    private long target() {
        return (long) WORD.getVolatile(buf[RCV_RDMA_BUF_INDEX], 0L);
    }

    private void target(final long v) {
        WORD.setVolatile(buf[RCV_RDMA_BUF_INDEX], 0L, v);
    }

    private long atomicResult() {
        return (long) WORD.getVolatile(atomicBuf, 0L);
    }

    private static void sleep(final int secs) {
        try {
            Thread.sleep(secs * 1000L);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Exit(1);
        }
    }

    /** The completion of an atomic: C's checks. */
    private void atomicEvent(final String waitWhat, final String statusWhat, final DtoOperation expected,
            final String unexpectedEvent, final String unexpectedData) {
        final Event event = evdWait(dtoEvd, DTO_TIMEOUT, waitWhat);
        if (!(event instanceof DtoCompletionEvent dto) || !dto.operation().isExtension()) {
            con.printf(unexpectedEvent, event.number().value());
            throw new Exit(1);
        }
        okStatus(dto, statusWhat);
        if (dto.operation() != expected) {
            con.printf(unexpectedData, dto.operation().value(), (int) dto.cookie(), atomicResult());
            throw new Exit(1);
        }
    }

    private void doCmpSwap() {
        if (!cmpAndSwapCap) {
            con.printf("%nSkipping CMP and SWAP as it is not supported by HW%n");
            return;
        }
        con.printf("%nDoing CMP and SWAP%n");
        final LocalMemoryTriplet lIov = lmrAtomic.triplet(0, BUF_SIZE_ATOMIC);
        final long cookie = 3333;
        if (server) {
            target(0x12345);
            sleep(1);
            /* Server does not compare and should not swap */
            con.printf("dtx svr - starting cmp_swap%n");
            ok("dat_ib_post_cmp_and_swap", () -> ep.postCompareAndSwap(0x654321, 0x6789A, lIov, cookie, remote,
                    CompletionFlag.DEFAULT));
            con.printf("dtx svr - done cmp_swap, chk status%n");
        } else {
            target(0x54321);
            sleep(1);
            con.printf("dtx cli - starting cmp_swap%n");
            /* Client does compare and should swap */
            ok("dat_ib_post_cmp_and_swap", () -> ep.postCompareAndSwap(0x12345, 0x98765, lIov, cookie, remote,
                    CompletionFlag.DEFAULT));
            con.printf("dtx cli - done cmp_swap, chk status%n");
        }
        atomicEvent("dat_evd_wait for compare and swap", "event status for CMP and SWAP",
                DtoOperation.COMPARE_AND_SWAP, "unexpected event after post_cmp_and_swap: 0x%x%n",
                "unexpected event data of cmp_swap: type=%d cookie=%d original %x%n");
        sleep(2); /* wait for other side to complete swap */
        if (server) {
            con.printf("Server got original data        = %x, expected 0x54321%n", atomicResult());
            con.printf("Client final result (on Server) = %x, expected 0x98765%n", target());
            if (atomicResult() != 0x54321 || target() != 0x98765) {
                con.printf("ERROR: Server CMP_SWAP%n");
                throw new Exit(1);
            }
        } else {
            con.printf("Client got original data        = %x, expected 0x12345%n", atomicResult());
            con.printf("Server final result (on Client) = 0x%x, expected 0x54321%n", target());
            if (atomicResult() != 0x12345 || target() != 0x54321) {
                con.printf("ERROR: Client CMP_SWAP%n");
                throw new Exit(1);
            }
        }
        con.printf("%n CMP_SWAP test - PASSED%n");
    }

    private void fetchAdd(final long add, final LocalMemoryTriplet lIov) {
        ok("dat_ib_post_fetch_and_add", () -> ep.postFetchAndAdd(add, lIov, 0x7777, remote,
                CompletionFlag.DEFAULT));
    }

    private void doFetchAdd() {
        if (!fetchAndAddCap) {
            con.printf("%nSkipping FETCH and ADD as it is not supported by HW%n");
            return;
        }
        con.printf("%nDoing FETCH and ADD%n");
        final LocalMemoryTriplet lIov = lmrAtomic.triplet(0, BUF_SIZE_ATOMIC);
        if (server) {
            /* Wait for Client to finish cmp_swap */
            while (target() != 0x98765) {
                sleep(1);
            }
            target(0x10);
            sleep(1);
            fetchAdd(0x100, lIov);
        } else {
            /* Wait for Server, no swap so nothing to check */
            target(0x100);
            sleep(1);
            fetchAdd(0x10, lIov);
        }
        atomicEvent("dat_evd_wait for fetch and add", "event status for FETCH and ADD", DtoOperation.FETCH_AND_ADD,
                "unexpected event after post_fetch_and_add: 0x%x%n",
                "unexpected event data of fetch and add : type=%d cookie=%d original%d%n");
        if (server) {
            con.printf("Client original data (on Server) = %x, expected 0x100%n", atomicResult());
        } else {
            con.printf("Server original data (on Client) = %x, expected 0x10%n", atomicResult());
        }
        sleep(1);
        fetchAdd(server ? 0x100 : 0x10, lIov);
        atomicEvent("dat_evd_wait for second fetch and add", "event status for second FETCH and ADD",
                DtoOperation.FETCH_AND_ADD, "unexpected event after second post_fetch_and_add: 0x%x%n",
                "unexpected event data of second fetch and add : type=%d cookie=%d original%x%n");
        sleep(1); /* wait for other side to complete fetch_add */
        if (server) {
            con.printf("Server got original data         = %x, expected 0x200%n", atomicResult());
            con.printf("Client final result (on Server)  = %x, expected 0x30%n", target());
            if (atomicResult() != 0x200 || target() != 0x30) {
                con.printf("ERROR: Server FETCH_ADD%n");
                throw new Exit(1);
            }
        } else {
            con.printf("Server side original data        = %x, expected 0x20%n", atomicResult());
            con.printf("Server final result (on Client)  = %x, expected 0x300%n", target());
            if (atomicResult() != 0x20 || target() != 0x300) {
                con.printf("ERROR: Server FETCH_ADD%n");
                throw new Exit(1);
            }
        }
        con.printf("%n FETCH_ADD test - PASSED%n");
    }

    /** {@code _OK2(status, str)}: a free, with C's line on failure and exit 1. */
    private void ok2(final String what, final AutoCloseable h) {
        if (h == null) {
            return;
        }
        try {
            h.close();
        } catch (final DatException e) {
            throw failed(what, e.status());
        } catch (final Exception e) {
            throw new IllegalStateException(e);
        }
        con.logf("dtestx: %s%n", what);
    }

    private int disconnectEp() {
        ok("dat_ep_disconnect", () -> ep.disconnect(CloseMode.ABRUPT));
        evdWait(conEvd, EventDispatcher.INFINITE, "dat_evd_wait");
        ok2("dat_psp_free", psp);
        for (int i = 0; i < REG_MEM_COUNT * eps; i++) {
            ok2("dat_lmr_free", lmr[i]);
        }
        ok2("dat_lmr_free_atomic", lmrAtomic);
        ok2("dat_ep_free", ep);
        ok2("dat_evd_free DTO", dtoEvd);
        ok2("dat_evd_free CON", conEvd);
        ok2("dat_evd_free CR", crEvd);
        ok2("dat_pz_free", pz);
        ok("dat_ia_close", () -> ia.close(CloseMode.ABRUPT));
        return 0;
    }
}
