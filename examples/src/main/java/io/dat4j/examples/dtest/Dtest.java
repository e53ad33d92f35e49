package io.dat4j.examples.dtest;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConnectionRequestParameters;
import io.dat4j.ConsumerNotifier;
import io.dat4j.Dat;
import io.dat4j.DatException;
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
import io.dat4j.Handle;
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
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * dtest, the uDAPL send/receive and RDMA test of dapl2-utils 2.1.x ("v2"), ported line by line. Run one as server
 * ({@code -s}, the default) and one as client ({@code -h HOST}). The server first tells the client its IA address and
 * provider name over a TCP socket (port 15828, a 128-byte text message, {@link ServerInfo}); then they connect with 48
 * bytes of private data, exchange the RDMA buffer's {@code DAT_RMR_TRIPLET} in network byte order, RDMA write a burst
 * both ways, RDMA read four times, ping-pong 100 messages and disconnect. Options as C dtest's
 * {@code getopt(.., "UDauwWtscvpb:d:B:h:P:S:i:")}. Exit code 0 if PASSED, 1 if FAILED (C dtest exits 0 either way),
 * 12 for bad options (C: -12).
 *
 * <p>Not thread safe: a program, with one thread.
 */
public final class Dtest {

    /** System property that moves the connection qualifier off dtest's fixed 45248 (Java only; for tests). */
    public static final String PORT_PROP_NAME = "dat4j.dtest.port";
    /** System property that moves the server-info socket off dtest's fixed 15828 (Java only; for tests). */
    public static final String INFO_PORT_PROP_NAME = "dat4j.dtest.infoport";

    /* definitions, as in dtest.c */
    static final long SERVER_CONN_QUAL = 45248;
    /** C waits forever ({@code DAT_TIMEOUT_INFINITE}); the port gives up after five minutes. */
    static final Duration DTO_TIMEOUT = Duration.ofMinutes(5);
    static final Duration CNO_TIMEOUT = Duration.ofSeconds(1);
    static final Duration CONN_TIMEOUT = Duration.ofSeconds(100);
    static final Duration SERVER_TIMEOUT = EventDispatcher.INFINITE;
    static final int RDMA_BUFFER_SIZE = 4 * 1024 * 1024;
    static final int MAX_RDMA_RD = 4;
    static final int MSG_BUF_COUNT = 3;
    static final int MSG_IOV_COUNT = 1;
    /** {@code CONN_PORT}: where the server tells the client its address. */
    static final int CONN_PORT = 15828;
    /** {@code sizeof(DAT_RMR_TRIPLET)}: va (8), segment_length (4), rmr_context (4). */
    static final int RMR_TRIPLET_SIZE = 16;
    static final String DAPL_PROVIDER = "ofa-v2-mlx4_0-1u";
    static final int PAGE = 4096;

    private static final ValueLayout.OfLong NET_U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt NET_U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    /** The peer's RDMA writes land in {@code rbuf} behind the JIT's back: the write ping-pong reads it volatile. */
    private static final VarHandle BYTE = ValueLayout.JAVA_BYTE.varHandle();
    private static final int PAT_NUM = 5;
    private static final byte[] PAT = {0, (byte) 0xff, 0x55, (byte) 0xaa, 0};

    private final PrintStream out;
    private final PrintStream err;
    private final long pid = ProcessHandle.current().pid();
    /** SERVER_CONN_QUAL, unless {@value #PORT_PROP_NAME} moves it. */
    private final long serverConnQual = Long.getLong(PORT_PROP_NAME, SERVER_CONN_QUAL);
    /** CONN_PORT, unless {@value #INFO_PORT_PROP_NAME} moves it. */
    private final int connPort = Integer.getInteger(INFO_PORT_PROP_NAME, CONN_PORT);
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
    private LocalMemoryRegion hLmrRecvMsg;
    /* message send buffer */
    private LocalMemoryRegion hLmrSendMsg;

    String hostname = "";
    String provider = DAPL_PROVIDER;

    /* allocate RMR message buffers page aligned */
    private MemorySegment pRmrRcv;
    private MemorySegment pRmrSnd;
    /** {@code p_rmr_rcv[i]} after the swap to host order. */
    private final RemoteMemoryTriplet[] rmrRcv = new RemoteMemoryTriplet[MSG_BUF_COUNT];

    /* rdma pointers */
    private MemorySegment rbuf;
    private MemorySegment sbuf;

    /* timers */
    private double start;
    private double stop;
    private final Times ts = new Times();

    /* defaults */
    boolean allDataSizes;
    int increment;
    private int failed;
    boolean uniDirection;
    private boolean rdmaRead;
    boolean writeOnly;
    boolean writeOnlyPp;
    boolean performanceTimes;
    private boolean connected;
    int burst = 1000;
    final int msgBurst = 100;
    int signalRate = 10;
    boolean server = true;
    boolean verbose;
    boolean polling;
    private int pollCount;
    private int rdmaWrPollCount;
    private int connPollCount;
    private final int[] rdmaRdPollCount = new int[MAX_RDMA_RD];
    int delay;
    int bufLen = RDMA_BUFFER_SIZE;
    private boolean userInputLen;
    private int bufLenP2;
    boolean useCno;
    private int recvMsgIndex;
    private int burstMsgIndex;
    private int rqCnt;
    private int sqCnt;
    boolean dataCheck;

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

    /** printf on stdout, with C's decimal point whatever the default locale. */
    private void printf(final String format, final Object... args) {
        out.printf(Locale.ROOT, format, args);
    }

    /** fprintf(stderr, ...). */
    private void eprintf(final String format, final Object... args) {
        err.printf(Locale.ROOT, format, args);
    }

    /** LOGPRINTF: printf when verbose. */
    private void logf(final String format, final Object... args) {
        if (verbose) {
            printf(format, args);
        }
    }

    private static double getTime() {
        return System.nanoTime() / 1e9;
    }

    private static String retToStr(final DatStatus status) {
        return status.strerror();
    }

    /**
     * Parses the options as dtest's {@code getopt(argc, argv, "UDauwWtscvpb:d:B:h:P:S:i:")}: flags may be grouped
     * ({@code -vp}) and a value may follow its letter directly ({@code -b1024}) or as the next argument. C's
     * fall-throughs are kept: {@code -i} implies {@code -a}, {@code -D} implies {@code -W}.
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
                if ("bdBhPSi".indexOf(c) >= 0) {
                    final String optarg;
                    if (k + 1 < arg.length()) {
                        optarg = arg.substring(k + 1);
                    } else if (a + 1 < argv.length) {
                        optarg = argv[++a];
                    } else {
                        eprintf("dtest: option requires an argument -- '%c'%n", c);
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
        if (allDataSizes && !writeOnlyPp) {
            printf("%n\t -a option only valid with -W option%n%n");
            return 12;
        }
        /* Java only: C divides by signal_rate and indexes buffers by buf_len without looking */
        if (bufLen < 1 || burst < 1 || signalRate < 1 || increment < 0) {
            eprintf("%d Error: -b %d, -B %d and -S %d must be at least 1, -i %d at least 0%n", pid, bufLen, burst,
                    signalRate, increment);
            return 12;
        }
        return 0;
    }

    private boolean option(final char c, final String optarg) {
        switch (c) {
            case 'i' -> {
                increment = atoi(optarg);
                allDataSizes = true; /* fall through to 'a' */
            }
            case 'a' -> allDataSizes = true;
            case 'u' -> uniDirection = true;
            case 'w' -> writeOnly = true;
            case 'D' -> {
                dataCheck = true;
                printf("%d Running DATA CHECK mode%n", pid);
                writeOnlyPingPong(); /* fall through to 'W' */
            }
            case 'W' -> writeOnlyPingPong();
            case 't' -> performanceTimes = true;
            case 's' -> server = true;
            case 'c' -> {
                useCno = true;
                printf("%d Creating CNO for DTO EVD's%n", pid);
            }
            case 'v' -> {
                verbose = true;
                printf("%d Verbose%n", pid);
            }
            case 'p' -> {
                polling = true;
                printf("%d Polling%n", pid);
            }
            case 'B' -> burst = atoi(optarg);
            case 'd' -> delay = atoi(optarg);
            case 'b' -> {
                bufLen = atoi(optarg);
                userInputLen = true;
            }
            case 'h' -> {
                server = false;
                hostname = optarg;
            }
            case 'P' -> provider = optarg;
            case 'S' -> signalRate = atoi(optarg);
            default -> {
                printUsage(); /* 'U' and anything unknown */
                return false;
            }
        }
        return true;
    }

    private void writeOnlyPingPong() {
        writeOnlyPp = true;
        uniDirection = true;
        signalRate = 1;
        burst = 1000;
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
        if (signalRate > burst) {
            signalRate = burst;
        }
        if (writeOnly || writeOnlyPp) {
            rqCnt = MSG_BUF_COUNT * 2;
            sqCnt = MSG_BUF_COUNT + MAX_RDMA_RD + signalRate;
        } else {
            rqCnt = MSG_BUF_COUNT + msgBurst;
            sqCnt = MSG_BUF_COUNT + MAX_RDMA_RD + msgBurst;
        }

        if (!server) {
            printf("%d Running as client - waiting for server input%n", pid);
            out.flush();
            if (getServerParams() != 0) {
                printf("%d Failed to get server parameters%n", pid);
                arena.close();
                return 1;
            }
            printf("%d Running as %s client v2 %n", pid, provider);
        } else {
            printf("%d Running as server - %s v2 %n", pid, provider);
        }
        out.flush();

        if (writeOnlyPp) {
            /* rdma write pingpong, set default to size to 1 byte unless specified by user */
            if (!allDataSizes) {
                if (!dataCheck && !userInputLen) {
                    bufLen = 1;
                }
            } else if (increment == 0) { /* power of 2 */
                int p2 = 1;
                int i = 0;
                while (p2 < bufLen) {
                    p2 <<= 1;
                    i++;
                }
                bufLenP2 = i;
            }
        }

        /* allocate send and receive buffers, page aligned */
        final long bufSize = Math.max(PAGE, (long) bufLen * rqCnt);
        try {
            rbuf = arena.allocate(bufSize, PAGE);
            sbuf = arena.allocate(bufSize, PAGE);
        } catch (final OutOfMemoryError | IllegalArgumentException e) {
            eprintf("malloc: %s%n", e.getMessage());
            arena.close();
            return 1;
        }
        initData();
        logf("%d Allocated RDMA buffers (r:0x%x=%d,s:0x%x=%d) len %d %n", pid, rbuf.address(),
                rbuf.get(ValueLayout.JAVA_BYTE, 0), sbuf.address(), sbuf.get(ValueLayout.JAVA_BYTE, 0), bufLen);

        pRmrRcv = arena.allocate(PAGE, PAGE);
        pRmrSnd = arena.allocate(PAGE, PAGE);
        logf("%d Allocated RMR buffers (r:0x%x,s:0x%x) len %d %n", pid, pRmrRcv.address(), pRmrSnd.address(), PAGE);

        /* dat_ia_open, dat_pz_create */
        start = getTime();
        try {
            hIa = Dat.openInterfaceAdapter(provider, 8);
        } catch (final DatException e) {
            eprintf("%d: Error Adaptor open: %s%n", pid, retToStr(e.status()));
            eprintf("%d: %s%n", pid, e.getMessage());
            arena.close();
            return 1;
        }
        stop = getTime();
        ts.open += (stop - start) * 1.0e6;
        ts.total += ts.open;
        hAsyncEvd = hIa.asyncEventDispatcher();
        logf("%d Opened Interface Adaptor%n", pid);

        final InterfaceAdapterAttributes iaAttr = hIa.attributes();
        final ProviderAttributes prAttr = hIa.providerAttributes();
        printIaAddress(iaAttr.address());

        /* no IB extensions in dat4j: write_immed stays 0 */

        /* Provider specific attributes */
        int i = 0;
        String rdmaReadAttr = null;
        for (final Map.Entry<String, String> e : prAttr.providerSpecific().entrySet()) {
            logf("%d provider_specific_attr[%d] %s = %s %n", pid, i++, e.getKey(), e.getValue());
            if (e.getKey().equals("DAT_IB_RDMA_READ")) {
                rdmaReadAttr = e.getValue();
            }
        }
        /* C: DAT_IB_RDMA_READ = TRUE; a dat4j provider without the attribute answers with its capability */
        rdmaRead = !writeOnly && (rdmaReadAttr != null ? rdmaReadAttr.equals("TRUE")
                : hIa.supports(Capability.RDMA_READ));
        logf("%d provider_attr->max_private_data_size = %d%n", pid, prAttr.maxPrivateDataSize());

        try {
            /* Create Protection Zone */
            start = getTime();
            logf("%d Create Protection Zone%n", pid);
            try {
                hPz = hIa.createProtectionZone();
            } catch (final DatException e) {
                eprintf("%d Error creating Protection Zone: %s%n", pid, retToStr(e.status()));
                hIa.close(CloseMode.ABRUPT);
                arena.close();
                return 1;
            }
            stop = getTime();
            ts.pzc += (stop - start) * 1.0e6;
            ts.total += ts.pzc;
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
                    .maxRecvDtos(rqCnt)
                    .maxRequestDtos(sqCnt)
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
            step("Error connect_ep", () -> connectEp(hostname, serverConnQual, iaAttr.address()));
            logf("%d connect_ep complete%n", pid);

            /* Query EP for local and remote address information, print */
            final EndpointParameters epParam = hEp.query();
            logf("%d EP queried %s %n", pid, hEp);
            printf("%n%d Query EP: LOCAL addr %s port %x%n", pid, hostAddress(epParam.localAddress()),
                    epParam.localPortQualifier());
            printf("%d Query EP: REMOTE addr %s port %x%n", pid, hostAddress(epParam.remoteAddress()),
                    epParam.remotePortQualifier());
            out.flush();

            /*********** RDMA write data *************/
            if (writeOnlyPp) {
                rdmaWritePingPongs();
            } else {
                step("Error do_rdma_write_with_msg", this::doRdmaWriteWithMsg);
            }
            logf("%d rdma_write test complete%n", pid);

            if (!writeOnlyPp && !writeOnly && rdmaRead) {
                /*********** RDMA read data *************/
                step("Error do_rdma_read_with_msg", this::doRdmaReadWithMsg);
                logf("%d do_rdma_read_with_msg complete%n", pid);

                /*********** PING PING messages ************/
                step("Error do_ping_pong_msg", this::doPingPongMsg);
                logf("%d do_ping_pong_msg complete%n", pid);
            }
        } catch (final Abort e) {
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
                eprintf("%d Error freeing EP: %s%n", pid, retToStr(e.status()));
            }
        }
        if (connected) {
            flushEvds();
        }

        /* free EVDs */
        logf("%d destroy events%n", pid);
        try {
            destroyEvents();
            logf("%d destroy events done%n", pid);
        } catch (final DatException e) {
            eprintf("%d Error destroy_events: %s%n", pid, retToStr(e.status()));
        }

        try {
            unregisterRdmaMemory();
            logf("%d unregister_rdma_memory %n", pid);
            logf("%d unregister_rdma_memory done%n", pid);
        } catch (final DatException e) {
            eprintf("%d Error unregister_rdma_memory: %s%n", pid, retToStr(e.status()));
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
            ts.total += ts.pzf;
            logf("%d Freed pz%n", pid);
            hPz = null;
        } catch (final DatException e) {
            eprintf("%d Error freeing PZ: %s%n", pid, retToStr(e.status()));
        }

        /* close the device */
        logf("%d Closing Interface Adaptor%n", pid);
        start = getTime();
        try {
            hIa.close(CloseMode.ABRUPT);
            stop = getTime();
            ts.close += (stop - start) * 1.0e6;
            ts.total += ts.close;
            logf("%d Closed Interface Adaptor%n", pid);
        } catch (final DatException e) {
            eprintf("%d: Error Adaptor close: %s%n", pid, retToStr(e.status()));
        }

        /* free rdma buffers */
        arena.close();

        printTimes();

        printf("%n%d: DAPL Test Complete. %s%n%n", pid, failed != 0 ? "FAILED" : "PASSED");
        err.flush();
        out.flush();
        return failed != 0 ? 1 : 0;
    }

    /* the RDMA write ping-pong of -W, over one size or all sizes (-a, -i) */
    private void rdmaWritePingPongs() {
        int i;
        final int max;
        final int inc;
        if (allDataSizes) {
            if (increment != 0) {
                i = 1;
                inc = increment;
                max = bufLen / inc;
            } else {
                i = 0;
                inc = 0;
                max = bufLenP2;
            }
        } else if (dataCheck || userInputLen) {
            i = bufLen;
            max = bufLen;
            inc = 1;
        } else {
            i = bufLen;
            max = bufLen;
            inc = bufLen;
        }
        printf("%n %d RDMA WRITE PINGPONG with%s DATA CHECK%n%n", pid, dataCheck ? "" : "out");

        for (; i <= max; i++) {
            final int lLen = i * inc != 0 ? i * inc : 1 << i;
            if (allDataSizes && lLen > 4) {
                writePingPongStep(i, lLen - 1);
            }
            writePingPongStep(i, i * inc);
            if (allDataSizes && lLen > 1 && lLen < bufLen) {
                writePingPongStep(i, lLen + 1);
            }
        }
    }

    private void writePingPongStep(final int p2, final int bytes) {
        try {
            doRdmaWritePingPong(p2, bytes);
        } catch (final Abort e) {
            eprintf("%d Error do_rdma_write_ping_pong%n", pid);
            throw e;
        } catch (final DatException e) {
            eprintf("%d Error do_rdma_write_ping_pong%n", pid);
            throw new Abort(e.status());
        }
    }

    private void printTimes() {
        if (ts.rtt != 0 && !allDataSizes) {
            final int n = writeOnlyPp ? burst : msgBurst;
            printf("%d: %s PingPong: (%d x %d) Total %6.2f us: latency %3.2f us, BW %4.2f MB/s%n", pid,
                    writeOnlyPp ? "RDMA write" : "Message", n, bufLen, ts.rtt, ts.rtt / n / 2,
                    1 / (ts.rtt / n / 2 / bufLen));
        }

        if (ts.rdmaWr != 0 && (!server || !uniDirection)) {
            final int msgs = uniDirection ? burst : burst * 2;
            printf("%n%d: RDMA write (%s): Total=%6.2f usec, itime=%6.2f us, poll=%d, %d x %d, %4.2f MB/sec%n",
                    pid, uniDirection ? "uni-direction" : "bi-direction", ts.rdmaWr, ts.rdmaWr / msgs,
                    rdmaWrPollCount, msgs, bufLen, 1 / (ts.rdmaWr / msgs / bufLen));
        }

        if (!performanceTimes) {
            return;
        }
        for (int i = 0; i < MAX_RDMA_RD; i++) {
            printf("%d: RDMA read:   Total=%10.2f usec,   %d bursts, itime=%10.2f usec, pc=%d%n", pid,
                    ts.rdmaRdTotal, MAX_RDMA_RD, ts.rdmaRd[i], rdmaRdPollCount[i]);
        }
        printf("%d: open:      %10.2f usec%n", pid, ts.open);
        printf("%d: close:     %10.2f usec%n", pid, ts.close);
        printf("%d: PZ create: %10.2f usec%n", pid, ts.pzc);
        printf("%d: PZ free:   %10.2f usec%n", pid, ts.pzf);
        printf("%d: LMR create:%10.2f usec%n", pid, ts.reg);
        printf("%d: LMR free:  %10.2f usec%n", pid, ts.unreg);
        printf("%d: EVD create:%10.2f usec%n", pid, ts.evdc);
        printf("%d: EVD free:  %10.2f usec%n", pid, ts.evdf);
        if (useCno) {
            printf("%d: CNO create:  %10.2f usec%n", pid, ts.cnoc);
            printf("%d: CNO free:    %10.2f usec%n", pid, ts.cnof);
        }
        printf("%d: EP create: %10.2f usec%n", pid, ts.epc);
        printf("%d: EP free:   %10.2f usec%n", pid, ts.epf);
        if (!server) {
            printf("%d: connect:   %10.2f usec, poll_cnt=%d%n", pid, ts.conn, connPollCount);
        }
        printf("%d: TOTAL:     %10.2f usec%n", pid, ts.total);
    }

    /** Runs a step; a DatException is reported as C reports a bad DAT_RETURN and becomes an {@link Abort}. */
    private void step(final String what, final Runnable body) {
        try {
            body.run();
        } catch (final Abort e) {
            eprintf("%d %s: %s%n", pid, what, retToStr(e.status()));
            throw e;
        } catch (final DatException e) {
            eprintf("%d %s: %s%n", pid, what, retToStr(e.status()));
            eprintf("%d %s%n", pid, e.getMessage());
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
            printf("%d Local Address AF_INET - %s port %d%n", pid, sa.getAddress().getHostAddress(), serverConnQual);
        } else if (sa != null) {
            /* C prints the UCM QPN and LID packed in sin6_flowinfo and sin6_port; an IP IA has neither */
            printf("%d Local Address AF_INET6 - %s flowinfo(QPN)=0x%x, port(LID)=0x%x%n", pid,
                    sa.getAddress().getHostAddress(), 0, sa.getPort());
        } else {
            printf("%d Local Address UNKNOWN FAMILY - port %d%n", pid, serverConnQual);
        }
    }

    /* get_server_params: the client reads the server's address and provider name from its socket */
    private int getServerParams() {
        final byte[] msg;
        try (Socket s = connClientConnect(hostname, connPort)) {
            if (s == null) {
                eprintf("%d Could not connect to %s%n", pid, hostname);
                return -1;
            }
            s.setSoTimeout((int) CONN_TIMEOUT.toMillis());
            final InputStream in = s.getInputStream();
            msg = in.readNBytes(ServerInfo.SIZE);
        } catch (final IOException e) {
            eprintf("%d Couldn't read remote address: %s%n", pid, e.getMessage());
            return -1;
        }
        if (msg.length != ServerInfo.SIZE) {
            eprintf("%d Couldn't read remote address%n", pid);
            return -1;
        }

        final ServerInfo info = ServerInfo.decode(msg);
        if (info.parsed() != 5) {
            eprintf("%d Couldn't parse line <%s>%n", pid, ServerInfo.text(msg));
            return -1;
        }
        provider = info.provider();

        if (info.sinAddr() != 0) {
            hostname = info.address().getHostAddress();
            logf("%d remote data: provider %s hostname %s%n", pid, provider, hostname);
        } else if (info.lid() != 0 && info.qpn() != 0) {
            eprintf("%d remote data: provider %s Client QPN 0x%x, LID = 0x%x, scope_id 0x%x: UCM addressing, which"
                    + " dat4j providers do not speak (they address peers by IP)%n", pid, provider,
                    Integer.reverseBytes(info.qpn()), Short.reverseBytes((short) info.lid()) & 0xffff,
                    Integer.reverseBytes(info.scopeId()));
            return -1;
        } else {
            eprintf("%d No valid data was received from the server%n", pid);
            return -1;
        }
        return 0;
    }

    /* conn_client_connect: the first address of the name that accepts a TCP connection, or null */
    private Socket connClientConnect(final String servername, final int port) {
        final InetAddress[] addrs;
        try {
            addrs = InetAddress.getAllByName(servername);
        } catch (final UnknownHostException e) {
            eprintf("%s for %s:%d%n", "Name or service not known", servername, port);
            return null;
        }
        for (final InetAddress a : addrs) {
            final Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(a, port), (int) CONN_TIMEOUT.toMillis());
                return s;
            } catch (final IOException e) {
                closeQuietly(s);
            }
        }
        eprintf("Couldn't connect to %s:%d%n", servername, port);
        return null;
    }

    /*
     * send_server_params: the server tells one client its IA address and provider name. Unlike C, the socket
     * listens before "Server is waiting for client connection" is printed, so that the line means a client may
     * connect now.
     */
    private int sendServerParams(final InetSocketAddress serSa) {
        if (serSa == null) {
            printf("%d no address%n", pid);
            return -1;
        }
        if (!(serSa.getAddress() instanceof Inet4Address ip4)) {
            /* C sends the UCM QPN and LID of an AF_INET6 IA address; a dat4j IA address is an IP address */
            eprintf("%d Server data to client: IA address %s is not IPv4, and dtest's message carries only an IPv4"
                    + " address (or UCM QPN/LID)%n", pid, serSa.getAddress().getHostAddress());
            return -1;
        }
        final ServerInfo info = ServerInfo.of(ip4, provider);
        final byte[] msg;
        try {
            msg = info.encode();
        } catch (final IllegalArgumentException e) {
            eprintf("%d Couldn't send data: %s%n", pid, e.getMessage());
            return -1;
        }

        try (ServerSocket listen = new ServerSocket()) {
            listen.setReuseAddress(true);
            try {
                listen.bind(new InetSocketAddress(connPort), 1);
            } catch (final IOException e) {
                eprintf("Couldn't listen to port %d%n", connPort);
                eprintf("%d Failed to connect to client%n", pid);
                return -1;
            }
            printf("%d Server is waiting for client connection to send server info%n", pid);
            out.flush();
            logf("%d Server data to client: provider %s SIN_ADDR 0x%x%n", pid, provider, info.sinAddr());
            try (Socket conn = listen.accept()) {
                listen.close();
                final OutputStream o = conn.getOutputStream();
                o.write(msg);
                o.flush();
            } catch (final IOException e) {
                eprintf("%d Couldn't send data: %s%n", pid, e.getMessage());
                return -1;
            }
        } catch (final IOException e) {
            eprintf("server accept: %s%n", e.getMessage());
            eprintf("accept() failed%n");
            return -1;
        }
        return 0;
    }

    private static void closeQuietly(final Socket s) {
        try {
            s.close();
        } catch (final IOException e) {
            /* nothing left to do with a socket that failed to connect */
        }
    }

    private void initData() {
        rbuf.asSlice(0, bufLen).fill((byte) 'a');
        sbuf.asSlice(0, bufLen).fill((byte) 'b');
    }

    private void flushEvds() {
        /* Flush async error queue */
        logf("%d: Checking ASYNC EVD...%n", pid);
        for (Event e = poll(hAsyncEvd); e != null; e = poll(hAsyncEvd)) {
            if (e instanceof AsyncErrorEvent a) {
                logf("%d ERR: ASYNC EVD ENTRY: handle=%s reason=%s%n", pid, a.source(), a.reason());
            }
        }
        /* Flush receive queue */
        logf("%d: Checking RECEIVE EVD...%n", pid);
        for (Event e = poll(hDtoRcvEvd); e != null; e = poll(hDtoRcvEvd)) {
            if (e instanceof DtoCompletionEvent d) {
                logf(" RCV EVD ENTRY: op=%d stat=%d ln=%d ck=%x%n", d.operation().value(), d.status().value(),
                        d.transferredLength(), d.cookie());
            }
        }
        /* Flush request queue */
        logf("%d: Checking REQUEST EVD...%n", pid);
        for (Event e = poll(hDtoReqEvd); e != null; e = poll(hDtoReqEvd)) {
            if (e instanceof DtoCompletionEvent d) {
                logf(" REQ EVD ENTRY: op=%d stat=%d ln=%d ck=%x%n", d.operation().value(), d.status().value(),
                        d.transferredLength(), d.cookie());
            }
        }
    }

    private static Event poll(final EventDispatcher evd) {
        return evd == null || evd.isClosed() ? null : evd.poll();
    }

    /**
     * collect_event: CNO wait, EVD wait or a dequeue loop, as chosen by -c and -p. C's CNO and polling loops never
     * give up; here they give up after {@code timeout} too.
     */
    private Event collectEvent(final EventDispatcher dtoEvd, final Duration timeout, final int[] counter,
            final int index) {
        final long deadline = System.nanoTime() + timeout.toNanos();
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
                    printf(" WARNING: CNO notification: without EVD?%n");
                }
                checkDeadline(deadline, dtoEvd);
            }
        } else if (!polling) {
            /* use wait to dequeue */
            try {
                return dtoEvd.await(timeout, 1);
            } catch (final DatException e) {
                eprintf("Error waiting on h_dto_evd %s: %s%n", dtoEvd, retToStr(e.status()));
                throw e;
            }
        } else {
            Event e = dtoEvd.poll();
            while (e == null) {
                if (counter != null) {
                    counter[index]++;
                }
                Thread.onSpinWait();
                if ((counter == null || (counter[index] & 0xffff) == 0)) {
                    checkDeadline(deadline, dtoEvd);
                }
                e = dtoEvd.poll();
            }
            return e;
        }
    }

    private void checkDeadline(final long deadline, final EventDispatcher evd) {
        if (System.nanoTime() - deadline > 0) {
            final DatStatus st = DatStatus.error(StatusType.TIMEOUT_EXPIRED, null);
            eprintf("Error waiting on h_dto_evd %s: %s%n", evd, retToStr(st));
            throw new Abort(st);
        }
    }

    private void sendMsg(final MemorySegment data, final long size, final LocalMemoryRegion lmr,
            final Set<CompletionFlag> flags) {
        final LocalMemoryTriplet iov = new LocalMemoryTriplet(lmr.lmrContext(), va(lmr, data, 0), size);
        logf("%d calling post_send%n", pid);
        try {
            hEp.postSend(List.of(iov), 0xaaaa, flags);
        } catch (final DatException e) {
            eprintf("%d: ERROR: dat_ep_post_send() %s%n", pid, retToStr(e.status()));
            throw e;
        }
        if (!flags.contains(CompletionFlag.SUPPRESS)) {
            final Event event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, new int[] {pollCount}, 0);
            /* validate event number, len, cookie, and status */
            if (!(event instanceof DtoCompletionEvent dto)) {
                eprintf("%d: ERROR: DTO event number %s%n", pid, event.number().cName());
                throw abort();
            }
            if (dto.transferredLength() != size || dto.cookie() != 0xaaaa) {
                eprintf("%d: ERROR: DTO len %d or cookie %x %n", pid, dto.transferredLength(), dto.cookie());
                throw abort();
            }
            if (dto.status() != DtoStatus.SUCCESS) {
                eprintf("%d: ERROR: DTO event status %s%n", pid, dto.status());
                throw abort();
            }
        }
    }

    private void connectEp(final String host, final long connId, final InetSocketAddress serSa) {
        /* Register send message buffer */
        logf("%d Registering send Message Buffer 0x%x, len %d%n", pid, pRmrSnd.address(), RMR_TRIPLET_SIZE);
        try {
            hLmrSendMsg = hIa.createLocalMemoryRegion(hPz, pRmrSnd.asSlice(0, RMR_TRIPLET_SIZE),
                    Set.of(MemoryPrivilege.LOCAL_WRITE));
        } catch (final DatException e) {
            eprintf("%d Error registering send msg buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d Registered send Message Buffer 0x%x %n", pid, pRmrSnd.address());

        /* Register Receive buffers */
        logf("%d Registering Receive Message Buffer 0x%x%n", pid, pRmrRcv.address());
        try {
            hLmrRecvMsg = hIa.createLocalMemoryRegion(hPz, pRmrRcv.asSlice(0, (long) RMR_TRIPLET_SIZE * MSG_BUF_COUNT),
                    Set.of(MemoryPrivilege.LOCAL_WRITE));
        } catch (final DatException e) {
            eprintf("%d Error registering recv msg buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d Registered Receive Message Buffer 0x%x%n", pid, pRmrRcv.address());

        for (int i = 0; i < MSG_BUF_COUNT; i++) {
            final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrRecvMsg.lmrContext(),
                    va(hLmrRecvMsg, pRmrRcv, (long) i * RMR_TRIPLET_SIZE), RMR_TRIPLET_SIZE);
            logf("%d Posting Receive Message Buffer 0x%x%n", pid, pRmrRcv.address() + (long) i * RMR_TRIPLET_SIZE);
            try {
                hEp.postRecv(List.of(lIov), i, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                eprintf("%d Error registering recv msg buffer: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d Registered Receive Message Buffer 0x%x%n", pid, pRmrRcv.address());
        }

        /* setup receive rdma buffer to initial string to be overwritten */
        strcpy(rbuf, "blah, blah, blah\n");

        Event event;
        if (server) { /* SERVER */
            /*
             * Unlike C, listen before telling the client where to connect: a C client connects as soon as it has
             * read the message, and a JVM under emulation may not have created the PSP by then.
             */
            logf("%d Creating service point for listen%n", pid);
            try {
                hPsp = hIa.createPublicServicePoint(connId, hCrEvd, ServicePointFlag.CONSUMER);
            } catch (final DatException e) {
                eprintf("%d Error dat_psp_create: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_psp_created for server listen%n", pid);

            /* Exchange info with client */
            if (sendServerParams(serSa) != 0) {
                printf("%d Failed to send server params%n", pid);
                throw abort();
            }

            printf("%d Server waiting for connect request on port %x%n", pid, connId);
            out.flush();

            try {
                event = hCrEvd.await(SERVER_TIMEOUT, 1);
            } catch (final DatException e) {
                eprintf("%d Error dat_evd_wait: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_evd_wait for cr_evd completed%n", pid);

            if (!(event instanceof ConnectionRequestEvent cre)) {
                eprintf("%d Error unexpected cr event : %s%n", pid, event.number().cName());
                throw abort();
            }
            if (cre.connectionQualifier() != serverConnQual || cre.servicePoint() != hPsp) {
                eprintf("%d Error wrong cr event data : %s%n", pid, event.number().cName());
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
            logf("%d CONN REQUEST Private Data %s[0]=%d [47]=%d%n", pid, "buf", at(buf, 0), at(buf, 47));
            for (int i = 0; i < 48; i++) {
                if (at(buf, i) != i + 1) {
                    eprintf("%d Error with CONNECT REQUEST private data: %s[%d]=%d s/be %d%n", pid, "buf", i,
                            at(buf, i), i + 1);
                    hCr.reject(null);
                    throw abort();
                }
                buf[i]++; /* change for trip back */
            }

            try {
                hCr.accept(hEp, Arrays.copyOf(buf, 48));
            } catch (final DatException e) {
                eprintf("%d Error dat_cr_accept: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_cr_accept completed%n", pid);
        } else { /* CLIENT */
            final InetAddress target;
            try {
                target = resolve(host);
            } catch (final UnknownHostException e) {
                eprintf("%n remote name resolution failed!: %s%n", e.getMessage());
                throw abort();
            }
            final byte[] ip = target.getAddress();
            printf("%d Server Name: %s %n", pid, host);
            printf("%d Server Net Address: %d.%d.%d.%d port %x%n", pid, ip[0] & 0xff, ip[1] & 0xff, ip[2] & 0xff,
                    ip[3] & 0xff, connId);

            final byte[] pdata = new byte[48];
            for (int i = 0; i < 48; i++) { /* simple pattern in private data */
                pdata[i] = (byte) (i + 1);
            }

            logf("%d Connecting to server%n", pid);
            start = getTime();
            try {
                hEp.connect(target, connId, CONN_TIMEOUT, pdata);
            } catch (final DatException e) {
                eprintf("%d Error dat_ep_connect: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_ep_connect completed%n", pid);
        }

        printf("%d Waiting for connect response%n", pid);
        out.flush();

        if (polling) {
            final long deadline = System.nanoTime() + CONN_TIMEOUT.toNanos();
            event = hConnEvd.poll();
            while (event == null) {
                connPollCount++;
                Thread.onSpinWait();
                if ((connPollCount & 0xffff) == 0) {
                    checkDeadline(deadline, hConnEvd);
                }
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
            eprintf("%d Error unexpected conn event : 0x%x %s%n", pid, event.number().value(),
                    event.number().cName());
            throw abort();
        }

        /* check private data back from server */
        if (!server) {
            final byte[] buf = ((ConnectionEvent) event).privateData();
            logf("%d CONN Private Data %s[0]=%d [47]=%d%n", pid, "buf", at(buf, 0), at(buf, 47));
            for (int i = 0; i < 48; i++) {
                if (at(buf, i) != i + 2) {
                    eprintf("%d Error with CONNECT event private data: %s[%d]=%d s/be %d%n", pid, "buf", i,
                            at(buf, i), i + 2);
                    hEp.disconnect(CloseMode.ABRUPT);
                    logf("%d waiting for disconnect event...%n", pid);
                    hConnEvd.await(CONN_TIMEOUT, 1);
                    throw abort();
                }
            }
        }

        printf("%n%d CONNECTED!%n%n", pid);
        connected = true;
        out.flush();

        /*
         *  Setup our remote memory and tell the other side about it
         */
        pRmrSnd.set(NET_U64, 0, va(hLmrRecv, rbuf, 0));         /* htonll(rbuf) */
        pRmrSnd.set(NET_U32, 8, bufLen);                         /* htonl(buf_len) */
        pRmrSnd.set(NET_U32, 12, hLmrRecv.rmrContext());         /* htonl(rmr_context_recv) */

        printf("%d Send RMR msg to remote: r_key_ctx=0x%x,va=0x%x,len=0x%x%n", pid, hLmrRecv.rmrContext(),
                va(hLmrRecv, rbuf, 0), bufLen);

        try {
            sendMsg(pRmrSnd, RMR_TRIPLET_SIZE, hLmrSendMsg, CompletionFlag.DEFAULT);
        } catch (final DatException e) {
            eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d send_msg completed%n", pid);

        /*
         *  Wait for remote RMR information for RDMA
         */
        final int[] counter = {pollCount};
        event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
        pollCount = counter[0];
        printf("%d remote RMR data arrived!%n", pid);
        if (!(event instanceof DtoCompletionEvent dto)) {
            eprintf("%d Error unexpected DTO event: 0x%x %s%n", pid, event.number().value(),
                    event.number().cName());
            throw abort();
        }
        if (dto.transferredLength() != RMR_TRIPLET_SIZE || dto.cookie() != recvMsgIndex) {
            eprintf("ERR recv event: len=%d cookie=%x expected %d/%d%n", dto.transferredLength(), dto.cookie(),
                    RMR_TRIPLET_SIZE, recvMsgIndex);
            throw abort();
        }
        checkDtoStatus(dto);
        swapRmrMsg();
        recvMsgIndex++;
    }

    private void checkDtoStatus(final DtoCompletionEvent dto) {
        /* Java only: C reads the message whatever the status says */
        if (dto.status() != DtoStatus.SUCCESS) {
            eprintf("%d: ERROR: DTO event status %s%n", pid, dto.status());
            throw abort();
        }
    }

    /** swap received RMR msg: network order to host order, then print it. */
    private void swapRmrMsg() {
        final long off = (long) recvMsgIndex * RMR_TRIPLET_SIZE;
        rmrRcv[recvMsgIndex] = new RemoteMemoryTriplet(pRmrRcv.get(NET_U32, off + 12), pRmrRcv.get(NET_U64, off),
                Integer.toUnsignedLong(pRmrRcv.get(NET_U32, off + 8)));
        final RemoteMemoryTriplet r = rmrRcv[recvMsgIndex];
        printf("%d Received RMR from remote: r_iov: r_key_ctx=%x,va=%x,len=0x%x%n", pid, r.rmrContext(),
                r.virtualAddress(), r.segmentLength());
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
                    eprintf("%d Error dat_ep_disconnect: %s%n", pid, retToStr(e.status()));
                }
            } else {
                logf("%d Server waiting for disconnect...%n", pid);
            }
            try {
                /* C waits forever; a peer that never disconnects is given the DTO timeout */
                hConnEvd.await(DTO_TIMEOUT, 1);
                logf("%d dat_evd_wait for h_conn_evd completed%n", pid);
            } catch (final DatException e) {
                eprintf("%d Error dat_evd_wait: %s%n", pid, retToStr(e.status()));
            }
        }

        /* destroy service point */
        if (server && hPsp != null) {
            try {
                hPsp.close();
                logf("%d dat_psp_free completed%n", pid);
            } catch (final DatException e) {
                eprintf("%d Error dat_psp_free: %s%n", pid, retToStr(e.status()));
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
                eprintf("%d Error deregistering send msg mr: %s%n", pid, retToStr(e.status()));
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
                eprintf("%d Error deregistering recv msg mr: %s%n", pid, retToStr(e.status()));
            }
        }
    }

    private void doRdmaWriteWithMsg() {
        printf("%n %d RDMA WRITE DATA with SEND MSG%n%n", pid);

        if (recvMsgIndex >= MSG_BUF_COUNT) {
            throw abort();
        }

        /* get RMR information from previously received message */
        final RemoteMemoryTriplet rIov = rmrRcv[recvMsgIndex - 1];

        strcpy(sbuf, server ? "server RDMA write data..." : "client RDMA write data...");

        if (!(uniDirection && server)) {
            final LocalMemoryTriplet[] lIov = new LocalMemoryTriplet[MSG_IOV_COUNT];
            for (int i = 0; i < MSG_IOV_COUNT; i++) {
                final long segLen = bufLen / MSG_IOV_COUNT;
                lIov[i] = new LocalMemoryTriplet(hLmrSend.lmrContext(), va(hLmrSend, sbuf, segLen * i), segLen);
                logf("%d rdma_write iov[%d] buf=0x%x,len=%d%n", pid, i, sbuf.address() + segLen * i, segLen);
            }
            final List<LocalMemoryTriplet> iov = List.of(lIov);

            start = getTime();
            for (int i = 0; i < burst; i++) {
                final boolean signal = (i + 1) % signalRate == 0;
                logf("%d rdma_write # %d %s%n", pid, i + 1, signal ? "SIGNAL" : "SUPPRESS");
                try {
                    hEp.postRdmaWrite(iov, i, rIov, signal ? CompletionFlag.DEFAULT
                            : Set.of(CompletionFlag.SUPPRESS));
                } catch (final DatException e) {
                    eprintf("%d: ERROR: dat_ep_post_rdma_write() %s%n", pid, retToStr(e.status()));
                    throw abort();
                }
                if (signal) {
                    final Event event;
                    final int[] counter = {rdmaWrPollCount};
                    try {
                        event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, counter, 0);
                    } catch (final DatException | Abort e) {
                        printf("%d %s RDMA write buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:",
                                cString(rbuf));
                        throw e;
                    }
                    rdmaWrPollCount = counter[0];
                    if (!(event instanceof DtoCompletionEvent dto) || dto.status() != DtoStatus.SUCCESS
                            || dto.cookie() != i) {
                        final DtoCompletionEvent dto = event instanceof DtoCompletionEvent d ? d : null;
                        eprintf("ERROR rdma_write: cookie= %x exp 0x%x st 0x%x%n", dto == null ? -1 : dto.cookie(),
                                i, dto == null ? -1 : dto.status().value());
                        throw abort();
                    }
                }
                logf("%d rdma_write # %d completed%n", pid, i + 1);
            }
        }

        /* client: send, then wait for the server's message; server: wait for the client's, then send */
        if (!server) {
            sendWriteCompletion();
        }
        receiveWriteCompletion();
        /* the peer's writes landed before its message (RC order) */
        final String written = cString(rbuf);
        if (server) {
            /*
             * Unlike C, the server puts the data the client will RDMA read into rbuf before its message lets the
             * client start reading: C does it after, and a fast client then reads the old contents.
             */
            if (!writeOnly && rdmaRead) {
                strcpy(rbuf, "server RDMA read data...");
            }
            sendWriteCompletion();
        }

        /* acked: swap received RMR msg: network order to host order */
        swapRmrMsg();
        logf("%d inbound rdma_write; send msg event SUCCESS!!%n", pid);
        printf("%d %s RDMA write buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:", written);
        recvMsgIndex++;
    }

    /*
     * smsg: Unlike C (SUPPRESS), wait for this send's completion: it is the only proof that the writes before it are
     * done with sbuf, which do_rdma_read_with_msg overwrites next. An RNIC has fetched sbuf long before; a provider
     * that copies when it transmits (TCP) may not have.
     */
    private void sendWriteCompletion() {
        printf("%d Sending RDMA WRITE completion message%n", pid);
        try {
            sendMsg(pRmrSnd, RMR_TRIPLET_SIZE, hLmrSendMsg, CompletionFlag.DEFAULT);
        } catch (final DatException e) {
            eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d send_msg completed%n", pid);
    }

    /* rmsg: inbound recv event, send completion's suppressed */
    private void receiveWriteCompletion() {
        final int[] counter = {rdmaWrPollCount};
        final Event event;
        try {
            event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
        } catch (final DatException | Abort e) {
            printf("%d %s RDMA write buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:", cString(rbuf));
            throw e;
        }
        rdmaWrPollCount = counter[0];
        stop = getTime();
        ts.rdmaWr = (stop - start) * 1.0e6;

        /* validate event number and status */
        printf("%d inbound rdma_write; send message arrived!%n", pid);
        if (!(event instanceof DtoCompletionEvent dto)) {
            eprintf("%d Error unexpected DTO event : %s%n", pid, event.number().cName());
            throw abort();
        }
        if (dto.transferredLength() != RMR_TRIPLET_SIZE || dto.cookie() != recvMsgIndex) {
            eprintf("unexpected event data for receive: st=%d len=%dcookie=%x exp %d/%d%n", dto.status().value(),
                    dto.transferredLength(), dto.cookie(), RMR_TRIPLET_SIZE, recvMsgIndex);
            throw abort();
        }
        checkDtoStatus(dto);
    }

    /* set_pat: -D's data patterns for the write ping-pong */
    private void setPat(final int len, final int patNum) {
        if (len <= 1) {
            return;
        }
        if (server) {
            if (patNum != PAT_NUM - 1) { /* check first byte only for some speed */
                final byte r0 = (byte) BYTE.getVolatile(rbuf, 0L);
                if (r0 != PAT[patNum]) {
                    eprintf("%d: ERR: message len is %d, location 0. Rx 0x%x expected 0x%x, pat %d%n", pid, len,
                            r0 & 0xff, PAT[patNum] & 0xff, patNum);
                }
            }
            MemorySegment.copy(rbuf, 0, sbuf, 0, len - 1);
        } else if (patNum == PAT_NUM - 1) { /* set random values */
            final Random r = new Random(System.nanoTime());
            for (int i = 0; i < len - 1; i++) {
                sbuf.set(ValueLayout.JAVA_BYTE, i, (byte) r.nextInt());
            }
        } else {
            sbuf.asSlice(0, len - 1).fill(PAT[patNum]);
        }
    }

    /* always uni-direction: each side writes a counter into the last byte of the peer's buffer and spins on its own */
    private void doRdmaWritePingPong(final int p2, final int bytes) {
        final int len = bytes != 0 ? bytes : 1 << p2;
        if (len > bufLen) {
            eprintf("%d: ERROR: ping-pong length %d exceeds the buffer's %d%n", pid, len, bufLen);
            throw abort();
        }
        final long txOff = len - 1;
        final long rxOff = len - 1;
        int rxCnt = 0;
        int txCnt = 0;
        int rxIdx = 0;

        /* RMR information from previously received message */
        final RemoteMemoryTriplet rIov = rmrRcv[recvMsgIndex - 1];

        final LocalMemoryTriplet[] lIov = new LocalMemoryTriplet[MSG_IOV_COUNT];
        for (int i = 0; i < MSG_IOV_COUNT; i++) {
            final long segLen = len / MSG_IOV_COUNT;
            lIov[i] = new LocalMemoryTriplet(hLmrSend.lmrContext(), va(hLmrSend, sbuf, segLen * i), segLen);
            logf("%d rdma_write iov[%d] buf=0x%x,len=%d%n", pid, i, sbuf.address() + segLen * i, segLen);
        }
        final List<LocalMemoryTriplet> iov = List.of(lIov);
        final long deadline = System.nanoTime() + DTO_TIMEOUT.toNanos();
        start = getTime();
        for (int i = 0; i <= burst; i++) {
            if (rxCnt < burst && !(!server && txCnt == 0)) {
                rxCnt++;
                long spins = 0;
                while ((byte) BYTE.getVolatile(rbuf, rxOff) != (byte) rxCnt) {
                    Thread.onSpinWait();
                    if ((++spins & 0xffff) == 0 && System.nanoTime() - deadline > 0) {
                        eprintf("%d %s RW pingpong: 0x%x, *rbuf %d rcnt %d: no write from the peer%n", pid,
                                server ? "SERVER:" : "CLIENT:", rbuf.address() + rxOff,
                                (byte) BYTE.getVolatile(rbuf, rxOff) & 0xff, rxCnt & 0xff);
                        throw abort();
                    }
                }
                rxIdx = (byte) BYTE.getVolatile(rbuf, rxOff) & 0xff;

                if (dataCheck && !server && !sameBytes(len)) {
                    reportMismatch(len, rxCnt, txCnt);
                    throw abort();
                }
            }

            final boolean signal = (i + 1) % signalRate == 0;
            if (txCnt == burst) {
                break;
            }
            if (dataCheck) {
                setPat(len, txCnt % PAT_NUM);
            }

            BYTE.setVolatile(sbuf, txOff, (byte) ++txCnt);
            try {
                hEp.postRdmaWrite(iov, txCnt, rIov, signal ? CompletionFlag.DEFAULT
                        : Set.of(CompletionFlag.SUPPRESS));
            } catch (final DatException e) {
                eprintf("%d: ERROR: dat_rdma_write() %s%n", pid, retToStr(e.status()));
                throw abort();
            }
            if (signal) {
                final Event event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, null, 0);
                if (!(event instanceof DtoCompletionEvent dto) || dto.status() != DtoStatus.SUCCESS) {
                    final DtoCompletionEvent dto = event instanceof DtoCompletionEvent d ? d : null;
                    eprintf("ERROR rdma_write: status=0x%x ck= %x exp 0x%x%n",
                            dto == null ? -1 : dto.status().value(), dto == null ? -1 : dto.cookie(), txCnt);
                    throw abort();
                }
            }
            logf("%d %s RW pingpong: 0x%x, *rbuf %d rcnt %d%n", pid, server ? "SERVER:" : "CLIENT:",
                    rbuf.address() + rxOff, (byte) BYTE.getVolatile(rbuf, rxOff) & 0xff, rxCnt & 0xff);
        }
        stop = getTime();
        ts.rtt = (stop - start) * 1.0e6;

        if (rxIdx != (rxCnt & 0xff)) {
            printf("%d %s RW pingpong: 0x%x, last *buf %d != cnt %d%n", pid, server ? "SERVER:" : "CLIENT:",
                    rbuf.address() + rxOff, (byte) BYTE.getVolatile(rbuf, rxOff) & 0xff, rxCnt & 0xff);
            throw abort();
        }

        if (allDataSizes) {
            printf("%d: RDMA write PingPong: (%d x %d) Total %6.2f us: latency %3.2f us, BW %4.2f MB/s%n", pid,
                    burst, len, ts.rtt, ts.rtt / burst / 2, 1 / (ts.rtt / burst / 2 / len));
        }
    }

    private boolean sameBytes(final int len) {
        return MemorySegment.mismatch(sbuf, 0, len, rbuf, 0, len) < 0;
    }

    private void reportMismatch(final int len, final int rxCnt, final int txCnt) {
        eprintf("%d: ERR: Tx data from server wrong%n", pid);
        final int l = (int) MemorySegment.mismatch(sbuf, 0, len, rbuf, 0, len);
        eprintf("%d: len %d, 1st error at %d. Tx 0x%x Rx 0x%x%n", pid, len, l,
                sbuf.get(ValueLayout.JAVA_BYTE, l) & 0xff, rbuf.get(ValueLayout.JAVA_BYTE, l) & 0xff);
        eprintf("%d: rcnt %d (char = %d), tcnt %d, *rbuf %d%n", pid, rxCnt, (byte) rxCnt, txCnt,
                rbuf.get(ValueLayout.JAVA_BYTE, len - 1) & 0xff);
        final StringBuilder s = new StringBuilder("Send:");
        final StringBuilder r = new StringBuilder("Recv:");
        for (int ll = l; ll < len && ll < 1 + 64; ll++) {
            s.append(String.format(Locale.ROOT, "%02x", sbuf.get(ValueLayout.JAVA_BYTE, ll) & 0xff));
            r.append(String.format(Locale.ROOT, "%02x", rbuf.get(ValueLayout.JAVA_BYTE, ll) & 0xff));
        }
        eprintf("%s%n%s%n", s, r);
    }

    private void doRdmaReadWithMsg() {
        printf("%n %d RDMA READ DATA with SEND MSG%n%n", pid);

        if (recvMsgIndex >= MSG_BUF_COUNT) {
            throw abort();
        }

        /* get RMR information from previously received message */
        final RemoteMemoryTriplet rIov = rmrRcv[recvMsgIndex - 1];

        /* setup rdma read buffer to initial string to be overwritten */
        strcpy(sbuf, "blah, blah, blah\n");
        strcpy(rbuf, server ? "server RDMA read data..." : "client RDMA read data...");

        final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrSend.lmrContext(), va(hLmrSend, sbuf, 0), bufLen);

        for (int i = 0; i < MAX_RDMA_RD; i++) {
            start = getTime();
            try {
                hEp.postRdmaRead(List.of(lIov), 0x9999, rIov, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                eprintf("%d: ERROR: dat_ep_post_rdma_read() %s%n", pid, retToStr(e.status()));
                throw abort();
            }

            /* RDMA read completion event */
            final Event event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, rdmaRdPollCount, i);

            /* validate event number, len, cookie, and status */
            if (!(event instanceof DtoCompletionEvent dto)) {
                eprintf("%d: ERROR: DTO event number %s%n", pid, event.number().cName());
                throw abort();
            }
            if (dto.transferredLength() != bufLen || dto.cookie() != 0x9999) {
                eprintf("%d: ERROR: DTO len %d or cookie %x%n", pid, dto.transferredLength(), dto.cookie());
                throw abort();
            }
            if (dto.status() != DtoStatus.SUCCESS) {
                eprintf("%d: ERROR: DTO event status %s%n", pid, dto.status());
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
        printf("%d Sending RDMA read completion message%n", pid);

        /* give remote chance to process read completes */
        if (useCno) {
            sleep(1000);
        }

        try {
            sendMsg(pRmrSnd, RMR_TRIPLET_SIZE, hLmrSendMsg, Set.of(CompletionFlag.SUPPRESS));
        } catch (final DatException e) {
            eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d send_msg completed%n", pid);

        printf("%d Waiting for inbound message....%n", pid);
        final int[] counter = {pollCount};
        final Event event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
        pollCount = counter[0];

        /* validate event number and status */
        printf("%d inbound rdma_read; send message arrived!%n", pid);
        if (!(event instanceof DtoCompletionEvent dto)) {
            eprintf("%d Error unexpected DTO event : %s%n", pid, event.number().cName());
            throw abort();
        }
        if (dto.transferredLength() != RMR_TRIPLET_SIZE || dto.cookie() != recvMsgIndex) {
            eprintf("unexpected event data for receive: len=%d cookie=%x exp %d/%d%n", dto.transferredLength(),
                    dto.cookie(), RMR_TRIPLET_SIZE, recvMsgIndex);
            throw abort();
        }
        checkDtoStatus(dto);
        swapRmrMsg();
        logf("%d inbound rdma_write; send msg event SUCCESS!!%n", pid);

        printf("%d %s RCV RDMA read buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:", cString(sbuf));
        recvMsgIndex++;
    }

    private void doPingPongMsg() {
        printf("%n %d PING DATA with SEND MSG%n%n", pid);

        long sndBuf = 0;
        long rcvBuf = 0;

        /* pre-post all buffers */
        for (int i = 0; i < msgBurst; i++) {
            final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrRecv.lmrContext(), va(hLmrRecv, rbuf, rcvBuf),
                    bufLen);
            logf("%d Pre-posting Receive Message Buffer[%d] 0x%x%n", pid, i, rbuf.address() + rcvBuf);
            try {
                hEp.postRecv(List.of(lIov), i, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                eprintf("%d Error posting recv msg buffer: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d Posted Receive Message Buffer 0x%x%n", pid, rbuf.address() + rcvBuf);

            /* next buffer */
            rcvBuf += bufLen;
        }
        sleep(1000);

        /* Initialize recv_buf and index to beginning */
        rcvBuf = 0;
        burstMsgIndex = 0;

        /* client ping 0x55, server pong 0xAA in first byte */
        start = getTime();
        for (int i = 0; i < msgBurst; i++) {
            /* walk the send and recv buffers */
            if (!server) {
                sbuf.set(ValueLayout.JAVA_BYTE, sndBuf, (byte) 0x55);
                logf("%d %s SND buffer 0x%x contains: 0x%x len=%d%n", pid, "CLIENT:", sbuf.address() + sndBuf,
                        0x55, bufLen);
                try {
                    sendMsg(sbuf.asSlice(sndBuf, bufLen), bufLen, hLmrSend, Set.of(CompletionFlag.SUPPRESS));
                } catch (final DatException e) {
                    eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
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
                eprintf("%d Error DTO event (0x%x): %s%n", pid, event.number().value(), event.number().cName());
                throw abort();
            }
            if (dto.transferredLength() != bufLen || dto.cookie() != burstMsgIndex) {
                eprintf("ERR: recv event: len=%d cookie=%x exp %d/%d%n", dto.transferredLength(), dto.cookie(),
                        bufLen, burstMsgIndex);
                throw abort();
            }
            checkDtoStatus(dto);

            logf("%d %s RCV buffer[%d] 0x%x contains: 0x%x len=%d%n", pid, server ? "SERVER:" : "CLIENT:", i,
                    rbuf.address() + rcvBuf, rbuf.get(ValueLayout.JAVA_BYTE, rcvBuf) & 0xff, bufLen);

            burstMsgIndex++;

            /* If server, change data and send it back to client */
            if (server) {
                sbuf.set(ValueLayout.JAVA_BYTE, sndBuf, (byte) 0xaa);
                logf("%d %s SND buffer[%d] 0x%x contains: 0x%x len=%d%n", pid, "SERVER:", i,
                        sbuf.address() + sndBuf, 0xaa, bufLen);
                try {
                    sendMsg(sbuf.asSlice(sndBuf, bufLen), bufLen, hLmrSend, Set.of(CompletionFlag.SUPPRESS));
                } catch (final DatException e) {
                    eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
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
        final long len = (long) bufLen * rqCnt;
        start = getTime();
        try {
            hLmrRecv = hIa.createLocalMemoryRegion(hPz, rbuf.asSlice(0, len), MemoryPrivilege.ALL);
        } catch (final DatException e) {
            eprintf("%d Error registering Receive RDMA buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        stop = getTime();
        ts.reg += (stop - start) * 1.0e6;
        ts.total += ts.reg;
        logf("%d Registered Receive RDMA Buffer 0x%x%n", pid, rbuf.address());

        /* Register RDMA Send buffer */
        try {
            hLmrSend = hIa.createLocalMemoryRegion(hPz, sbuf.asSlice(0, len), MemoryPrivilege.ALL);
        } catch (final DatException e) {
            eprintf("%d Error registering send RDMA buffer: %s%n", pid, retToStr(e.status()));
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
                eprintf("%d Error deregistering recv mr: %s%n", pid, retToStr(e.status()));
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
                eprintf("%d Error deregistering send mr: %s%n", pid, retToStr(e.status()));
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
                eprintf("%d Error dat_cno_create: %s%n", pid, retToStr(e.status()));
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
            eprintf("%d Error dat_evd_create: %s%n", pid, retToStr(e.status()));
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
            eprintf("%d Error dat_evd_create: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d con_evd created %s%n", pid, hConnEvd);

        /* create dto SND EVD, with CNO if use_cno was set */
        final int reqLen = (MSG_BUF_COUNT + MAX_RDMA_RD + burst) * 2;
        try {
            hDtoReqEvd = hIa.createEventDispatcher(reqLen, hDtoCno, Set.of(EventStream.DTO));
        } catch (final DatException e) {
            eprintf("%d Error dat_evd_create REQ: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d dto_req_evd created %s%n", pid, hDtoReqEvd);

        /* create dto RCV EVD, with CNO if use_cno was set */
        try {
            hDtoRcvEvd = hIa.createEventDispatcher(MSG_BUF_COUNT + burst, hDtoCno, Set.of(EventStream.DTO));
        } catch (final DatException e) {
            eprintf("%d Error dat_evd_create RCV: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d dto_rcv_evd created %s%n", pid, hDtoRcvEvd);

        /* query DTO req EVD and check size */
        final int qlen = hDtoReqEvd.query().queueLength();
        if (qlen < reqLen) {
            eprintf("%d Error dat_evd qsize too small: %d < %d%n", pid, qlen, reqLen);
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
            eprintf("%d Error freeing %s: %s%n", pid, name, retToStr(e.status()));
            throw e;
        }
        stop = getTime();
        logf("%d Freed %s%n", pid, name);
        return (stop - start) * 1.0e6;
    }

    private void printUsage() {
        printf("%n DAPL USAGE %n%n");
        printf("s: server%n");
        printf("u: unidirectional bandwidth (default=bidirectional%n");
        printf("w: rdma write only, streaming%n");
        printf("W: rdma write only, ping pong%n");
        printf("D: validate data in ping pong test%n");
        printf("t: performance times%n");
        printf("c: use cno%n");
        printf("a: all data sizes with rdma write pingpong %n");
        printf("i: increment size for all data size option%n");
        printf("v: verbose%n");
        printf("p: polling%n");
        printf("d: delay before accept%n");
        printf("b: buf length, upper bound for -W -a -i (WR_pp, all sizes, increment)%n");
        printf("B: burst count, rdma and msgs %n");
        printf("h: hostname/address of server, specified on client%n");
        printf("P: provider name (default = %s)%n", DAPL_PROVIDER);
        printf("S: signal_rate (default=10, completion every 10 iterations%n");
        printf("U: print this Usage page%n");
        printf("%n");
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
