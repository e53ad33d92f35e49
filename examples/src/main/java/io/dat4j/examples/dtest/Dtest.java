package io.dat4j.examples.dtest;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConnectionRequestParameters;
import io.dat4j.ConsumerNotifier;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.Handle;
import io.dat4j.DatStatus;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointParameters;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.ProviderAttributes;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * dtest, the uDAPL send/receive and RDMA test of dapl2-utils, ported line by line. Run one as server ({@code -s},
 * the default) and one as client ({@code -h HOST}); they connect with 48 bytes of private data, exchange the RDMA
 * buffer's {@code DAT_RMR_TRIPLET} in network byte order, RDMA write a burst, RDMA read four times, ping-pong a burst
 * of messages and disconnect. Options as C dtest: {@code -P provider -b buf_len -B burst -h host -s -c -v -p -d delay
 * -t}; {@code -q}/{@code -l} (UCM addressing) are refused with a reason. Exit code 0 if PASSED, 1 if FAILED (C dtest
 * exits 0 either way), 12 for bad options (C: -12).
 *
 * <p>Not thread safe: a program, with one thread.
 */
public final class Dtest {

    /** System property that moves the connection qualifier off dtest's fixed 45248 (Java only; for tests). */
    public static final String PORT_PROP_NAME = "dat4j.dtest.port";

    /* definitions, as in dtest.c */
    static final long SERVER_CONN_QUAL = 45248;
    static final Duration DTO_TIMEOUT = Duration.ofSeconds(5);
    static final Duration CNO_TIMEOUT = Duration.ofSeconds(1);
    static final Duration CONN_TIMEOUT = Duration.ofSeconds(100);
    static final Duration SERVER_TIMEOUT = EventDispatcher.INFINITE;
    static final int RDMA_BUFFER_SIZE = 64;
    static final int MAX_RDMA_RD = 4;
    static final int MSG_BUF_COUNT = 3;
    static final int MSG_IOV_COUNT = 2;
    /** {@code sizeof(DAT_RMR_TRIPLET)}: va (8), segment_length (4), rmr_context (4). */
    static final int RMR_TRIPLET_SIZE = 16;
    static final String DAPL_PROVIDER = "ofa-v2-ib0";

    private static final ValueLayout.OfLong NET_U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt NET_U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final PrintStream out;
    private final PrintStream err;
    private final long pid = ProcessHandle.current().pid();
    /** SERVER_CONN_QUAL, unless {@value #PORT_PROP_NAME} moves it. */
    private final long serverConnQual = Long.getLong(PORT_PROP_NAME, SERVER_CONN_QUAL);
    /** Shared, not confined: the provider's threads read and write registered memory. */
    private final Arena arena = Arena.ofShared();

    /* Global DAT vars */
    private InterfaceAdapter hIa;
    private ProtectionZone hPz;
    private Endpoint hEp;
    private PublicServicePoint hPsp;
    private ConnectionRequest hCr;
    private EventDispatcher hAsyncEvd;
    private EventDispatcher hDtoReqEvd;
    private EventDispatcher hDtoRcvEvd;
    private EventDispatcher hCrEvd;
    private EventDispatcher hConnEvd;
    private ConsumerNotifier hDtoCno;

    /* RDMA buffers */
    private LocalMemoryRegion hLmrSend;
    private LocalMemoryRegion hLmrRecv;

    /* Initial msg receive buf, RMR exchange, and Rdma-write notification */
    private final RemoteMemoryTriplet[] rmrRecvMsg = new RemoteMemoryTriplet[MSG_BUF_COUNT];
    private MemorySegment rmrRecvMsgBuf;
    private LocalMemoryRegion hLmrRecvMsg;

    /* message send buffer */
    private MemorySegment rmrSendMsg;
    private LocalMemoryRegion hLmrSendMsg;

    String hostname = "";
    String provider = DAPL_PROVIDER;

    /* rdma pointers */
    private MemorySegment rbuf;
    private MemorySegment sbuf;

    /* timers */
    private double start;
    private double stop;
    private final Times ts = new Times();

    /* defaults */
    private int failed;
    boolean performanceTimes;
    private boolean connected;
    int burst = 10;
    boolean server = true;
    boolean verbose;
    boolean polling;
    private int pollCount;
    private int rdmaWrPollCount;
    private int connPollCount;
    private final int[] rdmaRdPollCount = new int[MAX_RDMA_RD];
    int delay;
    int bufLen = RDMA_BUFFER_SIZE;
    boolean useCno;
    private int recvMsgIndex;
    private int burstMsgIndex;

    /** {@code struct dt_time}: microseconds per step. */
    static final class Times {
        double total;
        double open;
        double reg;
        double unreg;
        double pzc;
        double pzf;
        double evdc;
        double evdf;
        double cnoc;
        double cnof;
        double epc;
        double epf;
        double rdmaWr;
        final double[] rdmaRd = new double[MAX_RDMA_RD];
        double rdmaRdTotal;
        double rtt;
        double close;
        double conn;
    }

    /** A step failed; it has been reported on stderr as C dtest reports it, the caller goes to cleanup. */
    static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient DatStatus status;

        Abort(final DatStatus status) {
            super(status.strerror(), null, false, false);
            this.status = status;
        }

        DatStatus status() {
            return status;
        }
    }

    /**
     * Creates a dtest writing to the given streams.
     *
     * @param out stdout
     * @param err stderr
     */
    Dtest(final PrintStream out, final PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs dtest.
     *
     * @param args dtest's options
     */
    public static void main(final String[] args) {
        final Dtest t = new Dtest(System.out, System.err);
        final int code = t.parse(args);
        System.exit(code != 0 ? code : t.run());
    }

    private void logf(final String format, final Object... args) {
        if (verbose) {
            out.printf(format, args);
        }
    }

    private static double getTime() {
        return System.nanoTime() / 1e9;
    }

    private static String retToStr(final DatStatus status) {
        return status.strerror();
    }

    /**
     * Parses the options as dtest's {@code getopt(argc, argv, "tscvpq:l:b:d:B:h:P:")}: flags may be grouped
     * ({@code -vp}) and a value may follow its letter directly ({@code -b1024}) or as the next argument.
     *
     * @param argv the arguments
     * @return 0, or 12 after printing the usage (C exits with -12)
     */
    int parse(final String[] argv) {
        for (int a = 0; a < argv.length; a++) {
            final String arg = argv[a];
            if (!arg.startsWith("-") || arg.length() < 2) {
                break; // getopt stops at the first non-option
            }
            if (arg.equals("--")) {
                break;
            }
            for (int k = 1; k < arg.length(); k++) {
                final char c = arg.charAt(k);
                if ("qlbdBhP".indexOf(c) >= 0) {
                    final String optarg;
                    if (k + 1 < arg.length()) {
                        optarg = arg.substring(k + 1);
                    } else if (a + 1 < argv.length) {
                        optarg = argv[++a];
                    } else {
                        err.printf("dtest: option requires an argument -- '%c'%n", c);
                        printUsage();
                        return 12;
                    }
                    if (!option(c, optarg)) {
                        return 12;
                    }
                    break;
                }
                if (!option(c, null)) {
                    return 12;
                }
            }
        }
        return 0;
    }

    private boolean option(final char c, final String optarg) {
        switch (c) {
            case 't' -> performanceTimes = true;
            case 's' -> server = true;
            case 'c' -> {
                useCno = true;
                out.printf("%d Creating CNO for DTO EVD's%n", pid);
            }
            case 'v' -> {
                verbose = true;
                out.printf("%d Verbose%n", pid);
            }
            case 'p' -> {
                polling = true;
                out.printf("%d Polling%n", pid);
            }
            case 'q', 'l' -> {
                err.printf("dtest: -%c selects UCM addressing (QPN/LID in an AF_INET6 address); dat4j providers"
                        + " address peers by IP: use -h HOST%n", c);
                return false;
            }
            case 'B' -> burst = atoi(optarg);
            case 'd' -> delay = atoi(optarg);
            case 'b' -> bufLen = atoi(optarg);
            case 'h' -> {
                server = false;
                hostname = optarg;
            }
            case 'P' -> provider = optarg;
            default -> {
                printUsage();
                return false;
            }
        }
        return true;
    }

    /** C's atoi: leading digits, 0 when there are none. */
    static int atoi(final String s) {
        final String t = s.strip();
        int i = 0;
        if (i < t.length() && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
            i++;
        }
        int j = i;
        while (j < t.length() && Character.isDigit(t.charAt(j))) {
            j++;
        }
        if (j == i) {
            return 0;
        }
        try {
            return Integer.parseInt(t.substring(0, j));
        } catch (final NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Runs dtest after {@link #parse}.
     *
     * @return 0 if the test passed, 1 if it failed
     */
    int run() {
        if (!server) {
            out.printf("%d Running as client - %s%n", pid, provider);
        } else {
            out.printf("%d Running as server - %s%n", pid, provider);
        }
        out.flush();
        if (bufLen < MSG_IOV_COUNT || burst < 1) {
            err.printf("%d Error: buf len %d and burst %d must be at least %d and 1%n", pid, bufLen, burst,
                    MSG_IOV_COUNT);
            return 1;
        }

        /* allocate send and receive buffers */
        rbuf = arena.allocate((long) bufLen * (burst + 1), 64);
        sbuf = arena.allocate((long) bufLen * (burst + 1), 64);
        logf("%d Allocated RDMA buffers (r:0x%x,s:0x%x) len %d %n", pid, rbuf.address(), sbuf.address(), bufLen);

        /* dat_ia_open, dat_pz_create */
        start = getTime();
        try {
            hIa = Dat.openInterfaceAdapter(provider, 8);
        } catch (final DatException e) {
            err.printf("%d: Error Adaptor open: %s%n", pid, retToStr(e.status()));
            err.printf("%d: %s%n", pid, e.getMessage());
            arena.close();
            return 1;
        }
        stop = getTime();
        ts.open += (stop - start) * 1.0e6;
        hAsyncEvd = hIa.asyncEventDispatcher();
        logf("%d Opened Interface Adaptor%n", pid);

        final InterfaceAdapterAttributes iaAttr = hIa.attributes();
        final ProviderAttributes prAttr = hIa.providerAttributes();
        printIaAddress(iaAttr.address());

        /* Provider specific attributes */
        int i = 0;
        for (final Map.Entry<String, String> e : prAttr.providerSpecific().entrySet()) {
            logf("%d Provider_attr[%d] %s = %s %n", pid, i++, e.getKey(), e.getValue());
        }

        try {
            /* Create Protection Zone */
            start = getTime();
            logf("%d Create Protection Zone%n", pid);
            try {
                hPz = hIa.createProtectionZone();
            } catch (final DatException e) {
                err.printf("%d Error creating Protection Zone: %s%n", pid, retToStr(e.status()));
                hIa.close(CloseMode.ABRUPT);
                arena.close();
                return 1;
            }
            stop = getTime();
            ts.pzc += (stop - start) * 1.0e6;
            logf("%d Created Protection Zone%n", pid);

            /* Register memory */
            logf("%d Register RDMA memory%n", pid);
            step("Error registering RDMA memory", this::registerRdmaMemory);
            logf("%d Register RDMA memory done%n", pid);

            logf("%d Create events%n", pid);
            step("Error creating events", this::createEvents);
            logf("%d Create events done%n", pid);

            /* create EP */
            final EndpointAttributes epAttr = EndpointAttributes.builder()
                    .maxRdmaSize(0x10000)
                    .recvCompletionFlags(CompletionFlag.DEFAULT)
                    .maxRecvDtos(MSG_BUF_COUNT + burst * 3)
                    .maxRequestDtos(MSG_BUF_COUNT + burst * 3 + MAX_RDMA_RD)
                    .maxRecvIov(MSG_IOV_COUNT)
                    .maxRequestIov(MSG_IOV_COUNT)
                    .maxRdmaReadIn(MAX_RDMA_RD)
                    .maxRdmaReadOut(MAX_RDMA_RD)
                    .requestCompletionFlags(CompletionFlag.DEFAULT)
                    .build();
            start = getTime();
            step("Error dat_ep_create", () -> hEp = hIa.createEndpoint(hPz, hDtoRcvEvd, hDtoReqEvd, hConnEvd,
                    epAttr));
            stop = getTime();
            ts.epc += (stop - start) * 1.0e6;
            ts.total += ts.epc;
            logf("%d EP created %s %n", pid, hEp);

            /*
             * register message buffers, establish connection, and
             * exchange DMA RMR information info via messages
             */
            step("Error connect_ep", () -> connectEp(hostname, serverConnQual));
            logf("%d connect_ep complete%n", pid);

            /* Query EP for local and remote address information, print */
            final EndpointParameters epParam = hEp.query();
            logf("%d EP queried %s %n", pid, hEp);
            out.printf("%n%d Query EP: LOCAL addr %s port %x%n", pid, hostAddress(epParam.localAddress()),
                    epParam.localPortQualifier());
            out.printf("%d Query EP: REMOTE addr %s port %x%n", pid, hostAddress(epParam.remoteAddress()),
                    epParam.remotePortQualifier());
            out.flush();

            /*********** RDMA write data *************/
            step("Error do_rdma_write_with_msg", this::doRdmaWriteWithMsg);
            logf("%d do_rdma_write_with_msg complete%n", pid);

            /*********** RDMA read data *************/
            step("Error do_rdma_read_with_msg", this::doRdmaReadWithMsg);
            logf("%d do_rdma_read_with_msg complete%n", pid);

            /*********** PING PING messages ************/
            step("Error do_ping_pong_msg", this::doPingPongMsg);
            logf("%d do_ping_pong_msg complete%n", pid);
        } catch (final Abort e) {
            flushEvds();
            failed++;
        }

        /* disconnect and free EP resources */
        if (hEp != null) {
            /* unregister message buffers and tear down connection */
            logf("%d Disconnect and Free EP %s %n", pid, hEp);
            disconnectEp();

            /* free EP */
            logf("%d Free EP %s %n", pid, hEp);
            start = getTime();
            try {
                hEp.close();
                stop = getTime();
                ts.epf += (stop - start) * 1.0e6;
                ts.total += ts.epf;
                logf("%d Freed EP%n", pid);
                hEp = null;
            } catch (final DatException e) {
                err.printf("%d Error freeing EP: %s%n", pid, retToStr(e.status()));
            }
        }

        /* free EVDs */
        logf("%d destroy events%n", pid);
        try {
            destroyEvents();
            logf("%d destroy events done%n", pid);
        } catch (final DatException e) {
            err.printf("%d Error destroy_events: %s%n", pid, retToStr(e.status()));
        }

        try {
            unregisterRdmaMemory();
            logf("%d unregister_rdma_memory done%n", pid);
        } catch (final DatException e) {
            err.printf("%d Error unregister_rdma_memory: %s%n", pid, retToStr(e.status()));
        }

        /* Free protection domain */
        logf("%d Freeing pz%n", pid);
        start = getTime();
        try {
            if (hPz != null) {
                hPz.close();
            }
            stop = getTime();
            ts.pzf += (stop - start) * 1.0e6;
            logf("%d Freed pz%n", pid);
            hPz = null;
        } catch (final DatException e) {
            err.printf("%d Error freeing PZ: %s%n", pid, retToStr(e.status()));
        }

        /* close the device */
        logf("%d Closing Interface Adaptor%n", pid);
        start = getTime();
        try {
            hIa.close(CloseMode.ABRUPT);
            stop = getTime();
            ts.close += (stop - start) * 1.0e6;
            logf("%d Closed Interface Adaptor%n", pid);
        } catch (final DatException e) {
            err.printf("%d: Error Adaptor close: %s%n", pid, retToStr(e.status()));
        }

        /* free rdma buffers */
        arena.close();

        out.printf("%n%d: DAPL Test Complete. %s%n%n", pid, failed != 0 ? "FAILED" : "PASSED");
        err.flush();
        out.flush();

        if (performanceTimes) {
            printTimes();
        }
        return failed != 0 ? 1 : 0;
    }

    private void printTimes() {
        out.printf("%n%d: DAPL Test Complete.%n%n", pid);
        out.printf("%d: Message RTT: Total=%10.2f usec, %d bursts, itime=%10.2f usec, pc=%d%n", pid, ts.rtt, burst,
                ts.rtt / burst, pollCount);
        out.printf("%d: RDMA write:  Total=%10.2f usec, %d bursts, itime=%10.2f usec, pc=%d%n", pid, ts.rdmaWr,
                burst, ts.rdmaWr / burst, rdmaWrPollCount);
        for (int i = 0; i < MAX_RDMA_RD; i++) {
            out.printf("%d: RDMA read:   Total=%10.2f usec,   %d bursts, itime=%10.2f usec, pc=%d%n", pid,
                    ts.rdmaRdTotal, MAX_RDMA_RD, ts.rdmaRd[i], rdmaRdPollCount[i]);
        }
        out.printf("%d: open:      %10.2f usec%n", pid, ts.open);
        out.printf("%d: close:     %10.2f usec%n", pid, ts.close);
        out.printf("%d: PZ create: %10.2f usec%n", pid, ts.pzc);
        out.printf("%d: PZ free:   %10.2f usec%n", pid, ts.pzf);
        out.printf("%d: LMR create:%10.2f usec%n", pid, ts.reg);
        out.printf("%d: LMR free:  %10.2f usec%n", pid, ts.unreg);
        out.printf("%d: EVD create:%10.2f usec%n", pid, ts.evdc);
        out.printf("%d: EVD free:  %10.2f usec%n", pid, ts.evdf);
        if (useCno) {
            out.printf("%d: CNO create:  %10.2f usec%n", pid, ts.cnoc);
            out.printf("%d: CNO free:    %10.2f usec%n", pid, ts.cnof);
        }
        out.printf("%d: EP create: %10.2f usec%n", pid, ts.epc);
        out.printf("%d: EP free:   %10.2f usec%n", pid, ts.epf);
        if (!server) {
            out.printf("%d: connect:   %10.2f usec, poll_cnt=%d%n", pid, ts.conn, connPollCount);
        }
        out.printf("%d: TOTAL:     %10.2f usec%n", pid, ts.total);
        out.flush();
    }

    /** Runs a step; a DatException is reported as C reports a bad DAT_RETURN and becomes an {@link Abort}. */
    private void step(final String what, final Runnable body) {
        try {
            body.run();
        } catch (final Abort e) {
            err.printf("%d %s: %s%n", pid, what, retToStr(e.status()));
            throw e;
        } catch (final DatException e) {
            err.printf("%d %s: %s%n", pid, what, retToStr(e.status()));
            err.printf("%d %s%n", pid, e.getMessage());
            throw new Abort(e.status());
        }
    }

    private static Abort abort() {
        return new Abort(DatStatus.error(StatusType.ABORT, null));
    }

    private static String hostAddress(final InetSocketAddress a) {
        return a == null ? "?" : a.getAddress().getHostAddress();
    }

    private void printIaAddress(final InetSocketAddress sa) {
        if (sa != null && sa.getAddress() instanceof Inet4Address) {
            out.printf("%d Local Address AF_INET - %s port %d%n", pid, sa.getAddress().getHostAddress(),
                    serverConnQual);
        } else if (sa != null) {
            out.printf("%d Local Address AF_INET6 - %s port %d%n", pid, sa.getAddress().getHostAddress(),
                    serverConnQual);
        } else {
            out.printf("%d Local Address UNKOWN FAMILY - port %d%n", pid, serverConnQual);
        }
    }

    private void flushEvds() {
        /* Flush async error queue */
        out.printf("%d ERR: Checking ASYNC EVD...%n", pid);
        for (Event e = poll(hAsyncEvd); e != null; e = poll(hAsyncEvd)) {
            if (e instanceof AsyncErrorEvent a) {
                out.printf(" ASYNC EVD ENTRY: handle=%s reason=%s%n", a.source(), a.reason());
            }
        }
        /* Flush receive queue */
        out.printf("%d ERR: Checking RECEIVE EVD...%n", pid);
        for (Event e = poll(hDtoRcvEvd); e != null; e = poll(hDtoRcvEvd)) {
            if (e instanceof DtoCompletionEvent d) {
                out.printf(" RCV EVD ENTRY: op=%d stat=%d ln=%d ck=%x%n", d.operation().value(), d.status().value(),
                        d.transferredLength(), d.cookie());
            }
        }
        /* Flush request queue */
        out.printf("%d ERR: Checking REQUEST EVD...%n", pid);
        for (Event e = poll(hDtoReqEvd); e != null; e = poll(hDtoReqEvd)) {
            if (e instanceof DtoCompletionEvent d) {
                out.printf(" REQ EVD ENTRY: op=%d stat=%d ln=%d ck=%x%n", d.operation().value(), d.status().value(),
                        d.transferredLength(), d.cookie());
            }
        }
    }

    private static Event poll(final EventDispatcher evd) {
        return evd == null || evd.isClosed() ? null : evd.poll();
    }

    /** collect_event: CNO wait, EVD wait or a dequeue loop, as chosen by -c and -p. */
    private Event collectEvent(final EventDispatcher dtoEvd, final Duration timeout, final int[] counter,
            final int index) {
        if (useCno) {
            while (true) {
                /* CNO wait could return EVD's in any order and may drop some EVD notifications if already
                 * triggered. Once woken, simply dequeue the EVD the caller wants to collect and return. */
                boolean woke = true;
                try {
                    hDtoCno.await(CNO_TIMEOUT);
                } catch (final DatException e) {
                    if (e.type() != StatusType.TIMEOUT_EXPIRED) {
                        throw e;
                    }
                    woke = false;
                }
                final Event e = dtoEvd.poll();
                if (e != null) {
                    return e;
                }
                if (woke) {
                    out.printf(" WARNING: CNO notification: without EVD?%n");
                }
            }
        } else if (!polling) {
            /* use wait to dequeue */
            try {
                return dtoEvd.await(timeout, 1);
            } catch (final DatException e) {
                err.printf("Error waiting on h_dto_evd %s: %s%n", dtoEvd, retToStr(e.status()));
                throw e;
            }
        } else {
            Event e = dtoEvd.poll();
            while (e == null) {
                if (counter != null) {
                    counter[index]++;
                }
                Thread.onSpinWait();
                e = dtoEvd.poll();
            }
            return e;
        }
    }

    private void sendMsg(final MemorySegment data, final long size, final LocalMemoryRegion lmr,
            final Set<CompletionFlag> flags) {
        final LocalMemoryTriplet iov = new LocalMemoryTriplet(lmr.lmrContext(), va(lmr, data, 0), size);
        logf("%d calling post_send%n", pid);
        try {
            hEp.postSend(List.of(iov), 0xaaaa, flags);
        } catch (final DatException e) {
            err.printf("%d: ERROR: dat_ep_post_send() %s%n", pid, retToStr(e.status()));
            throw e;
        }
        if (!flags.contains(CompletionFlag.SUPPRESS)) {
            final Event event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, null, 0);
            /* validate event number, len, cookie, and status */
            if (!(event instanceof DtoCompletionEvent dto)) {
                err.printf("%d: ERROR: DTO event number %s%n", pid, event.number().cName());
                throw abort();
            }
            if (dto.transferredLength() != size || dto.cookie() != 0xaaaa) {
                err.printf("%d: ERROR: DTO len %d or cookie %x %n", pid, dto.transferredLength(), dto.cookie());
                throw abort();
            }
            if (dto.status() != DtoStatus.SUCCESS) {
                err.printf("%d: ERROR: DTO event status %s%n", pid, dto.status());
                throw abort();
            }
        }
    }

    private void connectEp(final String host, final long connId) {
        /* Register send message buffer */
        rmrSendMsg = arena.allocate(RMR_TRIPLET_SIZE, 8);
        logf("%d Registering send Message Buffer 0x%x, len %d%n", pid, rmrSendMsg.address(), RMR_TRIPLET_SIZE);
        try {
            hLmrSendMsg = hIa.createLocalMemoryRegion(hPz, rmrSendMsg, Set.of(MemoryPrivilege.LOCAL_WRITE));
        } catch (final DatException e) {
            err.printf("%d Error registering send msg buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d Registered send Message Buffer 0x%x %n", pid, rmrSendMsg.address());

        /* Register Receive buffers */
        rmrRecvMsgBuf = arena.allocate((long) RMR_TRIPLET_SIZE * MSG_BUF_COUNT, 8);
        logf("%d Registering Receive Message Buffer 0x%x%n", pid, rmrRecvMsgBuf.address());
        try {
            hLmrRecvMsg = hIa.createLocalMemoryRegion(hPz, rmrRecvMsgBuf, Set.of(MemoryPrivilege.LOCAL_WRITE));
        } catch (final DatException e) {
            err.printf("%d Error registering recv msg buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d Registered Receive Message Buffer 0x%x%n", pid, rmrRecvMsgBuf.address());

        for (int i = 0; i < MSG_BUF_COUNT; i++) {
            final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrRecvMsg.lmrContext(),
                    va(hLmrRecvMsg, rmrRecvMsgBuf, (long) i * RMR_TRIPLET_SIZE), RMR_TRIPLET_SIZE);
            logf("%d Posting Receive Message Buffer 0x%x%n", pid, lIov.virtualAddress());
            try {
                hEp.postRecv(List.of(lIov), i, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                err.printf("%d Error registering recv msg buffer: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d Registered Receive Message Buffer 0x%x%n", pid, rmrRecvMsgBuf.address());
        }

        /* setup receive rdma buffer to initial string to be overwritten */
        strcpy(rbuf, "blah, blah, blah\n");

        Event event;
        if (server) { /* SERVER */
            /* create the service point for server listen */
            logf("%d Creating service point for listen%n", pid);
            try {
                hPsp = hIa.createPublicServicePoint(connId, hCrEvd, ServicePointFlag.CONSUMER);
            } catch (final DatException e) {
                err.printf("%d Error dat_psp_create: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_psp_created for server listen%n", pid);

            out.printf("%d Server waiting for connect request on port %x%n", pid, connId);
            out.flush();

            try {
                event = hCrEvd.await(SERVER_TIMEOUT, 1);
            } catch (final DatException e) {
                err.printf("%d Error dat_evd_wait: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_evd_wait for cr_evd completed%n", pid);

            if (!(event instanceof ConnectionRequestEvent cre)) {
                err.printf("%d Error unexpected cr event : %s%n", pid, event.number().cName());
                throw abort();
            }
            if (cre.connectionQualifier() != serverConnQual || cre.servicePoint() != hPsp) {
                err.printf("%d Error wrong cr event data : %s%n", pid, event.number().cName());
                throw abort();
            }

            /* use to test rdma_cma timeout logic */
            if (delay > 0) {
                sleep(delay * 1000L);
            }

            /* accept connect request from client */
            hCr = cre.request();
            logf("%d Accepting connect request from client%n", pid);

            /* private data - check and send it back */
            final ConnectionRequestParameters crParam = hCr.query();
            final byte[] buf = crParam.privateData();
            logf("%d CONN REQUEST Private Data [0]=%d [47]=%d%n", pid, at(buf, 0), at(buf, 47));
            for (int i = 0; i < 48; i++) {
                if (at(buf, i) != i + 1) {
                    err.printf("%d Error with CONNECT REQUEST private data: [%d]=%d s/be %d%n", pid, i, at(buf, i),
                            i + 1);
                    hCr.reject(null);
                    throw abort();
                }
                buf[i]++; /* change for trip back */
            }

            try {
                hCr.accept(hEp, java.util.Arrays.copyOf(buf, 48));
            } catch (final DatException e) {
                err.printf("%d Error dat_cr_accept: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_cr_accept completed%n", pid);
        } else { /* CLIENT */
            final InetAddress target;
            try {
                target = resolve(host);
            } catch (final UnknownHostException e) {
                err.printf("%n remote name resolution failed!: %s%n", e.getMessage());
                throw abort();
            }
            final byte[] ip = target.getAddress();
            out.printf("%d Server Name: %s %n", pid, host);
            out.printf("%d Server Net Address: %d.%d.%d.%d port %x%n", pid, ip[0] & 0xff, ip[1] & 0xff,
                    ip[2] & 0xff, ip[3] & 0xff, connId);

            final byte[] pdata = new byte[48];
            for (int i = 0; i < 48; i++) { /* simple pattern in private data */
                pdata[i] = (byte) (i + 1);
            }

            logf("%d Connecting to server%n", pid);
            start = getTime();
            try {
                hEp.connect(target, connId, CONN_TIMEOUT, pdata);
            } catch (final DatException e) {
                err.printf("%d Error dat_ep_connect: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_ep_connect completed%n", pid);
        }

        out.printf("%d Waiting for connect response%n", pid);
        out.flush();

        if (polling) {
            event = hConnEvd.poll();
            while (event == null) {
                connPollCount++;
                Thread.onSpinWait();
                event = hConnEvd.poll();
            }
        } else {
            event = hConnEvd.await(EventDispatcher.INFINITE, 1);
        }

        if (!server) {
            stop = getTime();
            ts.conn += (stop - start) * 1.0e6;
        }

        if (event.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            err.printf("%d Error unexpected conn event : 0x%x %s%n", pid, event.number().value(),
                    event.number().cName());
            throw abort();
        }

        /* check private data back from server */
        if (!server) {
            final byte[] buf = ((ConnectionEvent) event).privateData();
            logf("%d CONN Private Data [0]=%d [47]=%d%n", pid, at(buf, 0), at(buf, 47));
            for (int i = 0; i < 48; i++) {
                if (at(buf, i) != i + 2) {
                    err.printf("%d Error with CONNECT event private data: [%d]=%d s/be %d%n", pid, i, at(buf, i),
                            i + 2);
                    hEp.disconnect(CloseMode.ABRUPT);
                    logf("%d waiting for disconnect event...%n", pid);
                    hConnEvd.await(EventDispatcher.INFINITE, 1);
                    throw abort();
                }
            }
        }

        out.printf("%n%d CONNECTED!%n%n", pid);
        connected = true;

        /*
         *  Setup our remote memory and tell the other side about it
         */
        rmrSendMsg.set(NET_U64, 0, va(hLmrRecv, rbuf, 0));         /* htonll(rbuf) */
        rmrSendMsg.set(NET_U32, 8, RDMA_BUFFER_SIZE);               /* htonl(RDMA_BUFFER_SIZE) */
        rmrSendMsg.set(NET_U32, 12, hLmrRecv.rmrContext());         /* htonl(rmr_context_recv) */

        out.printf("%d Send RMR msg to remote: r_key_ctx=0x%x,va=0x%x,len=0x%x%n", pid, hLmrRecv.rmrContext(),
                va(hLmrRecv, rbuf, 0), RDMA_BUFFER_SIZE);

        try {
            sendMsg(rmrSendMsg, RMR_TRIPLET_SIZE, hLmrSendMsg, Set.of(CompletionFlag.SUPPRESS));
        } catch (final DatException e) {
            err.printf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d send_msg completed%n", pid);

        /*
         *  Wait for remote RMR information for RDMA
         */
        final int[] counter = {pollCount};
        event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
        pollCount = counter[0];
        out.printf("%d remote RMR data arrived!%n", pid);
        receiveRmrMsg(event, "ERR recv event: len=%d cookie=%x expected %d/%d%n");
    }

    /** Checks a buffer-info message, swaps it from network to host order, prints it. */
    private void receiveRmrMsg(final Event event, final String lengthError) {
        if (!(event instanceof DtoCompletionEvent dto)) {
            err.printf("%d Error unexpected DTO event : %s%n", pid, event.number().cName());
            throw abort();
        }
        if (dto.transferredLength() != RMR_TRIPLET_SIZE || dto.cookie() != recvMsgIndex) {
            err.printf(lengthError, dto.transferredLength(), dto.cookie(), RMR_TRIPLET_SIZE, recvMsgIndex);
            throw abort();
        }
        if (dto.status() != DtoStatus.SUCCESS) {
            err.printf("%d: ERROR: DTO event status %s%n", pid, dto.status());
            throw abort();
        }
        /* swap received RMR msg: network order to host order */
        final long off = (long) recvMsgIndex * RMR_TRIPLET_SIZE;
        rmrRecvMsg[recvMsgIndex] = new RemoteMemoryTriplet(rmrRecvMsgBuf.get(NET_U32, off + 12),
                rmrRecvMsgBuf.get(NET_U64, off), Integer.toUnsignedLong(rmrRecvMsgBuf.get(NET_U32, off + 8)));
        final RemoteMemoryTriplet r = rmrRecvMsg[recvMsgIndex];
        out.printf("%d Received RMR from remote: r_iov: r_key_ctx=%x,va=%x,len=0x%x%n", pid, r.rmrContext(),
                r.virtualAddress(), r.segmentLength());
        recvMsgIndex++;
    }

    private void disconnectEp() {
        if (connected) {
            /*
             * Only the client needs to call disconnect. The server _should_ be able
             * to just wait on the EVD associated with connection events for a
             * disconnect request and then exit.
             */
            if (!server) {
                logf("%d dat_ep_disconnect%n", pid);
                try {
                    hEp.disconnect(CloseMode.ABRUPT); /* DAT_CLOSE_DEFAULT */
                    logf("%d dat_ep_disconnect completed%n", pid);
                } catch (final DatException e) {
                    err.printf("%d Error dat_ep_disconnect: %s%n", pid, retToStr(e.status()));
                }
            } else {
                logf("%d Server waiting for disconnect...%n", pid);
            }
            try {
                hConnEvd.await(EventDispatcher.INFINITE, 1);
                logf("%d dat_evd_wait for h_conn_evd completed%n", pid);
            } catch (final DatException e) {
                err.printf("%d Error dat_evd_wait: %s%n", pid, retToStr(e.status()));
            }
        }

        /* destroy service point */
        if (server && hPsp != null) {
            try {
                hPsp.close();
                logf("%d dat_psp_free completed%n", pid);
            } catch (final DatException e) {
                err.printf("%d Error dat_psp_free: %s%n", pid, retToStr(e.status()));
            }
        }

        /* Unregister Send message Buffer */
        if (hLmrSendMsg != null) {
            logf("%d Unregister send message h_lmr %s %n", pid, hLmrSendMsg);
            try {
                hLmrSendMsg.close();
                logf("%d Unregistered send message Buffer%n", pid);
                hLmrSendMsg = null;
            } catch (final DatException e) {
                err.printf("%d Error deregistering send msg mr: %s%n", pid, retToStr(e.status()));
            }
        }

        /* Unregister recv message Buffer */
        if (hLmrRecvMsg != null) {
            logf("%d Unregister recv message h_lmr %s %n", pid, hLmrRecvMsg);
            try {
                hLmrRecvMsg.close();
                logf("%d Unregistered recv message Buffer%n", pid);
                hLmrRecvMsg = null;
            } catch (final DatException e) {
                err.printf("%d Error deregistering recv msg mr: %s%n", pid, retToStr(e.status()));
            }
        }
    }

    private void doRdmaWriteWithMsg() {
        out.printf("%n %d RDMA WRITE DATA with SEND MSG%n%n", pid);

        if (recvMsgIndex >= MSG_BUF_COUNT) {
            throw abort();
        }

        /* get RMR information from previously received message */
        final RemoteMemoryTriplet rIov = rmrRecvMsg[recvMsgIndex - 1];

        strcpy(sbuf, server ? "server RDMA write data..." : "client RDMA write data...");

        final LocalMemoryTriplet[] lIov = new LocalMemoryTriplet[MSG_IOV_COUNT];
        for (int i = 0; i < MSG_IOV_COUNT; i++) {
            final long segLen = bufLen / MSG_IOV_COUNT;
            lIov[i] = new LocalMemoryTriplet(hLmrSend.lmrContext(), va(hLmrSend, sbuf, segLen * i), segLen);
            logf("%d rdma_write iov[%d] buf=0x%x,len=%d%n", pid, i, lIov[i].virtualAddress(), segLen);
        }
        final List<LocalMemoryTriplet> iov = List.of(lIov);

        start = getTime();
        for (int i = 0; i < burst; i++) {
            try {
                hEp.postRdmaWrite(iov, 0x9999, rIov, Set.of(CompletionFlag.SUPPRESS));
            } catch (final DatException e) {
                err.printf("%d: ERROR: dat_ep_post_rdma_write() %s%n", pid, retToStr(e.status()));
                throw abort();
            }
            logf("%d rdma_write # %d completed%n", pid, i + 1);
        }

        /*
         *  Send RMR information a 2nd time to indicate completion
         *  NOTE: already swapped to network order in connect_ep
         *
         *  Unlike C (SUPPRESS), wait for this send's completion: it is the only proof that the suppressed writes
         *  before it are done with sbuf, which do_rdma_read_with_msg overwrites next. C gets away with it because an
         *  RNIC has fetched sbuf long before; a provider that copies when it transmits (TCP) may not have.
         */
        out.printf("%d Sending RDMA WRITE completion message%n", pid);
        try {
            sendMsg(rmrSendMsg, RMR_TRIPLET_SIZE, hLmrSendMsg, CompletionFlag.DEFAULT);
        } catch (final DatException e) {
            err.printf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d send_msg completed%n", pid);

        /* inbound recv event, send completion's suppressed */
        final int[] counter = {rdmaWrPollCount};
        final Event event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
        rdmaWrPollCount = counter[0];

        stop = getTime();
        ts.rdmaWr = (stop - start) * 1.0e6;

        /* validate event number and status */
        out.printf("%d inbound rdma_write; send message arrived!%n", pid);
        receiveRmrMsg(event, "unexpected event data for receive: len=%d cookie=%x exp %d/%d%n");
        logf("%d inbound rdma_write; send msg event SUCCESS!!%n", pid);

        out.printf("%d %s RDMA write buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:", cString(rbuf));
    }

    private void doRdmaReadWithMsg() {
        out.printf("%n %d RDMA READ DATA with SEND MSG%n%n", pid);

        if (recvMsgIndex >= MSG_BUF_COUNT) {
            throw abort();
        }

        /* get RMR information from previously received message */
        final RemoteMemoryTriplet rIov = rmrRecvMsg[recvMsgIndex - 1];

        /* setup rdma read buffer to initial string to be overwritten */
        strcpy(sbuf, "blah, blah, blah\n");
        strcpy(rbuf, server ? "server RDMA read data..." : "client RDMA read data...");

        final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrSend.lmrContext(), va(hLmrSend, sbuf, 0), bufLen);

        for (int i = 0; i < MAX_RDMA_RD; i++) {
            start = getTime();
            try {
                hEp.postRdmaRead(List.of(lIov), 0x9999, rIov, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                err.printf("%d: ERROR: dat_ep_post_rdma_read() %s%n", pid, retToStr(e.status()));
                throw abort();
            }

            /* RDMA read completion event */
            final Event event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, rdmaRdPollCount, i);

            /* validate event number, len, cookie, and status */
            if (!(event instanceof DtoCompletionEvent dto)) {
                err.printf("%d: ERROR: DTO event number %s%n", pid, event.number().cName());
                throw abort();
            }
            if (dto.transferredLength() != bufLen || dto.cookie() != 0x9999) {
                err.printf("%d: ERROR: DTO len %d or cookie %x%n", pid, dto.transferredLength(), dto.cookie());
                throw abort();
            }
            if (dto.status() != DtoStatus.SUCCESS) {
                err.printf("%d: ERROR: DTO event status %s%n", pid, dto.status());
                throw abort();
            }
            stop = getTime();
            ts.rdmaRd[i] = (stop - start) * 1.0e6;
            ts.rdmaRdTotal += ts.rdmaRd[i];

            logf("%d rdma_read # %d completed%n", pid, i + 1);
        }

        /*
         *  Send RMR information a 3rd time to indicate completion
         *  NOTE: already swapped to network order in connect_ep
         */
        out.printf("%d Sending RDMA read completion message%n", pid);

        /* give remote chance to process read completes */
        if (useCno) {
            sleep(1000);
        }

        try {
            sendMsg(rmrSendMsg, RMR_TRIPLET_SIZE, hLmrSendMsg, Set.of(CompletionFlag.SUPPRESS));
        } catch (final DatException e) {
            err.printf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d send_msg completed%n", pid);

        out.printf("%d Waiting for inbound message....%n", pid);
        final int[] counter = {pollCount};
        final Event event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
        pollCount = counter[0];

        /* validate event number and status */
        out.printf("%d inbound rdma_read; send message arrived!%n", pid);
        receiveRmrMsg(event, "unexpected event data for receive: len=%d cookie=%x exp %d/%d%n");
        logf("%d inbound rdma_write; send msg event SUCCESS!!%n", pid);

        out.printf("%d %s RCV RDMA read buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:", cString(sbuf));
    }

    private void doPingPongMsg() {
        out.printf("%n %d PING DATA with SEND MSG%n%n", pid);

        long sndBuf = 0;
        long rcvBuf = 0;

        /* pre-post all buffers */
        for (int i = 0; i < burst; i++) {
            final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrRecv.lmrContext(), va(hLmrRecv, rbuf, rcvBuf),
                    bufLen);
            logf("%d Pre-posting Receive Message Buffers 0x%x%n", pid, lIov.virtualAddress());
            try {
                hEp.postRecv(List.of(lIov), i, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                err.printf("%d Error posting recv msg buffer: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d Posted Receive Message Buffer 0x%x%n", pid, lIov.virtualAddress());

            /* next buffer */
            rcvBuf += bufLen;
        }
        sleep(1000);

        /* Initialize recv_buf and index to beginning */
        rcvBuf = 0;
        burstMsgIndex = 0;

        /* client ping 0x55, server pong 0xAA in first byte */
        start = getTime();
        for (int i = 0; i < burst; i++) {
            /* walk the send and recv buffers */
            if (!server) {
                sbuf.set(ValueLayout.JAVA_BYTE, sndBuf, (byte) 0x55);
                logf("%d %s SND buffer 0x%x contains: 0x%x len=%d%n", pid, "CLIENT:", sbuf.address() + sndBuf,
                        0x55, bufLen);
                try {
                    sendMsg(sbuf.asSlice(sndBuf, bufLen), bufLen, hLmrSend, Set.of(CompletionFlag.SUPPRESS));
                } catch (final DatException e) {
                    err.printf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
                    throw e;
                }
                logf("%d send_msg completed%n", pid);
            }

            /* recv message, send completions suppressed */
            final int[] counter = {pollCount};
            final Event event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
            pollCount = counter[0];

            /* start timer after first message arrives on server */
            if (i == 0) {
                start = getTime();
            }
            /* validate event number and status */
            logf("%d inbound message; message arrived!%n", pid);
            if (!(event instanceof DtoCompletionEvent dto)) {
                err.printf("%d Error unexpected DTO event : %s%n", pid, event.number().cName());
                throw abort();
            }
            if (dto.transferredLength() != bufLen || dto.cookie() != burstMsgIndex) {
                err.printf("ERR: recv event: len=%d cookie=%x exp %d/%d%n", dto.transferredLength(), dto.cookie(),
                        bufLen, burstMsgIndex);
                throw abort();
            }
            if (dto.status() != DtoStatus.SUCCESS) {
                err.printf("%d: ERROR: DTO event status %s%n", pid, dto.status());
                throw abort();
            }

            logf("%d %s RCV buffer 0x%x contains: 0x%x len=%d%n", pid, server ? "SERVER:" : "CLIENT:",
                    rbuf.address() + rcvBuf, rbuf.get(ValueLayout.JAVA_BYTE, rcvBuf) & 0xff, bufLen);

            burstMsgIndex++;

            /* If server, change data and send it back to client */
            if (server) {
                sbuf.set(ValueLayout.JAVA_BYTE, sndBuf, (byte) 0xaa);
                logf("%d %s SND buffer 0x%x contains: 0x%x len=%d%n", pid, "SERVER:", sbuf.address() + sndBuf,
                        0xaa, bufLen);
                try {
                    sendMsg(sbuf.asSlice(sndBuf, bufLen), bufLen, hLmrSend, Set.of(CompletionFlag.SUPPRESS));
                } catch (final DatException e) {
                    err.printf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
                    throw e;
                }
                logf("%d send_msg completed%n", pid);
            }

            /* next buffers */
            rcvBuf += bufLen;
            sndBuf += bufLen;
        }
        stop = getTime();
        ts.rtt = (stop - start) * 1.0e6;
    }

    /* Register RDMA Receive buffer */
    private void registerRdmaMemory() {
        start = getTime();
        try {
            hLmrRecv = hIa.createLocalMemoryRegion(hPz, rbuf, MemoryPrivilege.ALL);
        } catch (final DatException e) {
            err.printf("%d Error registering Receive RDMA buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        stop = getTime();
        ts.reg += (stop - start) * 1.0e6;
        ts.total += ts.reg;
        logf("%d Registered Receive RDMA Buffer 0x%x%n", pid, rbuf.address());

        /* Register RDMA Send buffer */
        try {
            hLmrSend = hIa.createLocalMemoryRegion(hPz, sbuf, MemoryPrivilege.ALL);
        } catch (final DatException e) {
            err.printf("%d Error registering send RDMA buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d Registered Send RDMA Buffer 0x%x%n", pid, sbuf.address());
    }

    /* Unregister RDMA memory */
    private void unregisterRdmaMemory() {
        /* Unregister Recv Buffer */
        if (hLmrRecv != null) {
            logf("%d Unregister h_lmr %s %n", pid, hLmrRecv);
            start = getTime();
            try {
                hLmrRecv.close();
            } catch (final DatException e) {
                err.printf("%d Error deregistering recv mr: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            stop = getTime();
            ts.unreg += (stop - start) * 1.0e6;
            ts.total += ts.unreg;
            logf("%d Unregistered Recv Buffer%n", pid);
            hLmrRecv = null;
        }

        /* Unregister Send Buffer */
        if (hLmrSend != null) {
            logf("%d Unregister h_lmr %s %n", pid, hLmrSend);
            try {
                hLmrSend.close();
            } catch (final DatException e) {
                err.printf("%d Error deregistering send mr: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d Unregistered send Buffer%n", pid);
            hLmrSend = null;
        }
    }

    /* Create CNO, CR, CONN, and DTO events */
    private void createEvents() {
        /* create CNO */
        if (useCno) {
            start = getTime();
            try {
                hDtoCno = hIa.createConsumerNotifier();
            } catch (final DatException e) {
                err.printf("%d Error dat_cno_create: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            stop = getTime();
            ts.cnoc += (stop - start) * 1.0e6;
            ts.total += ts.cnoc;
            logf("%d cr_evd created, %s%n", pid, hDtoCno);
        }

        /* create cr EVD */
        start = getTime();
        try {
            hCrEvd = hIa.createEventDispatcher(10, null, Set.of(EventStream.CR));
        } catch (final DatException e) {
            err.printf("%d Error dat_evd_create: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        stop = getTime();
        ts.evdc += (stop - start) * 1.0e6;
        ts.total += ts.evdc;
        logf("%d cr_evd created %s%n", pid, hCrEvd);

        /* create conn EVD */
        try {
            hConnEvd = hIa.createEventDispatcher(10, null, Set.of(EventStream.CONNECTION));
        } catch (final DatException e) {
            err.printf("%d Error dat_evd_create: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d con_evd created %s%n", pid, hConnEvd);

        /* create dto SND EVD, with CNO if use_cno was set */
        final int reqLen = (MSG_BUF_COUNT + MAX_RDMA_RD + burst) * 2;
        try {
            hDtoReqEvd = hIa.createEventDispatcher(reqLen, hDtoCno, Set.of(EventStream.DTO));
        } catch (final DatException e) {
            err.printf("%d Error dat_evd_create REQ: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d dto_req_evd created %s%n", pid, hDtoReqEvd);

        /* create dto RCV EVD, with CNO if use_cno was set */
        try {
            hDtoRcvEvd = hIa.createEventDispatcher(MSG_BUF_COUNT + burst, hDtoCno, Set.of(EventStream.DTO));
        } catch (final DatException e) {
            err.printf("%d Error dat_evd_create RCV: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d dto_rcv_evd created %s%n", pid, hDtoRcvEvd);

        /* query DTO req EVD and check size */
        final int qlen = hDtoReqEvd.query().queueLength();
        if (qlen < reqLen) {
            err.printf("%d Error dat_evd qsize too small: %d < %d%n", pid, qlen, reqLen);
            throw abort();
        }
        logf("%d dto_req_evd QLEN - requested %d and actual %d%n", pid, reqLen, qlen);
    }

    /* Destroy CR, CONN, CNO, and DTO events */
    private void destroyEvents() {
        /* free cr EVD */
        if (hCrEvd != null) {
            free(hCrEvd, "cr EVD", "cr EVD");
            hCrEvd = null;
        }

        /* free conn EVD */
        if (hConnEvd != null) {
            free(hConnEvd, "conn EVD", "conn EVD");
            hConnEvd = null;
        }

        /* free RCV dto EVD */
        if (hDtoRcvEvd != null) {
            ts.evdf += free(hDtoRcvEvd, "RCV dto EVD", "dto EVD");
            ts.total += ts.evdf;
            hDtoRcvEvd = null;
        }

        /* free REQ dto EVD */
        if (hDtoReqEvd != null) {
            free(hDtoReqEvd, "REQ dto EVD", "dto EVD");
            hDtoReqEvd = null;
        }

        /* free CNO */
        if (hDtoCno != null) {
            ts.cnof += free(hDtoCno, "dto CNO", "dto CNO");
            ts.total += ts.cnof;
            hDtoCno = null;
        }
    }

    /**
     * Frees one EVD or CNO with dtest's log and error lines ("Free X", then "Error freeing Y" or "Freed Y").
     *
     * @return the microseconds the free took
     */
    private double free(final Handle h, final String what, final String name) {
        logf("%d Free %s %s %n", pid, what, h);
        start = getTime();
        try {
            h.close();
        } catch (final DatException e) {
            err.printf("%d Error freeing %s: %s%n", pid, name, retToStr(e.status()));
            throw e;
        }
        stop = getTime();
        logf("%d Freed %s%n", pid, name);
        return (stop - start) * 1.0e6;
    }

    private void printUsage() {
        out.printf("%n DAPL USAGE %n%n");
        out.printf("s: server%n");
        out.printf("t: performance times%n");
        out.printf("c: use cno%n");
        out.printf("v: verbose%n");
        out.printf("p: polling%n");
        out.printf("d: delay before accept%n");
        out.printf("b: buf length to allocate%n");
        out.printf("B: burst count, rdma and msgs %n");
        out.printf("h: hostname/address of server, specified on client%n");
        out.printf("P: provider name (default = %s)%n", DAPL_PROVIDER);
        out.printf("l: server lid (required ucm provider; not supported by dat4j)%n");
        out.printf("q: server qpn (required ucm provider; not supported by dat4j)%n");
        out.printf("%n");
    }

    /* helpers for what C does with pointers and libc */

    /** getaddrinfo + the cast to sockaddr_in: the first IPv4 address of the name. */
    private static InetAddress resolve(final String host) throws UnknownHostException {
        for (final InetAddress a : InetAddress.getAllByName(host)) {
            if (a instanceof Inet4Address) {
                return a;
            }
        }
        throw new UnknownHostException(host + " has no IPv4 address");
    }

    /**
     * The DAT virtual address of a byte of registered memory: C passes the pointer itself (DAT_VA_TYPE_VA); in Java
     * it is the region's registered address plus the offset, whatever address the segment has.
     */
    private static long va(final LocalMemoryRegion lmr, final MemorySegment at, final long offset) {
        return lmr.registeredAddress() + (at.address() - lmr.segment().address()) + offset;
    }

    private static int at(final byte[] b, final int i) {
        return i < b.length ? b[i] & 0xff : 0;
    }

    static void strcpy(final MemorySegment to, final String s) {
        final byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(b, 0, to, ValueLayout.JAVA_BYTE, 0, b.length);
        to.set(ValueLayout.JAVA_BYTE, b.length, (byte) 0);
    }

    static String cString(final MemorySegment from) {
        int n = 0;
        while (n < from.byteSize() && from.get(ValueLayout.JAVA_BYTE, n) != 0) {
            n++;
        }
        final byte[] b = new byte[n];
        MemorySegment.copy(from, ValueLayout.JAVA_BYTE, 0, b, 0, n);
        return new String(b, StandardCharsets.US_ASCII);
    }

    private static void sleep(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Abort(DatStatus.error(StatusType.INTERRUPTED_CALL, null));
        }
    }
}
