package io.dat4j.examples.dtest;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.io.PrintStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * dtestcm, the connection-rate test of dapl2-utils 2.1.10 ({@code test/dtest/dtestcm.c}), ported line by line. The
 * server ({@code -s}, the default) tells the client its IA address and provider name over a TCP socket (port 15828,
 * {@link ServerInfo}, as dtest), creates {@code -c} EPs (default 1000) and accepts as many connections, checking 48
 * bytes of private data each way; the client connects its EPs {@code -b} at a time (default 100: that many connects,
 * then their events), to one PSP or, with {@code -m}, to {@code -b} PSPs on consecutive qualifiers. Both poll their
 * EVDs (C's default) or, with {@code -w}, wait on them. The client disconnects every EP, each side frees them as the
 * DISCONNECTED events arrive, and prints the times: connections per second on the client. Options as C's
 * {@code getopt(.., "smwvub:c:d:h:P:p:q:l:")}. Exit code 0 after "Test Complete", 1 if a step failed (C returns 0
 * either way), 12 for bad options (C: -12).
 *
 * <p>Not thread safe: a program, with one thread.
 */
public final class DtestCm extends DtestBase {

    /* definitions */
    static final int SERVER_CONN_QUAL = 45248;
    static final Duration CONN_TIMEOUT = Duration.ofSeconds(100);
    static final Duration CR_TIMEOUT = EventDispatcher.INFINITE;
    static final int CONN_PORT = 15828;
    /** {@code CONN_MAX_RETRY}: the client tries the server-info socket this many times, a second apart. */
    static final int CONN_MAX_RETRY = 10;
    static final String DAPL_PROVIDER = "ofa-v2-ib0";
    static final int PDATA_SIZE = 48;

    /* Global DAT vars */
    private Endpoint[] hEp;
    /**
     * DISCONNECTED events the server took while it still waited for ESTABLISHED ones. C dtestcm relies on one CM
     * channel delivering a connection's RTU before the client's next connection's DREQ; connections of the TCP and
     * shm providers are independent sockets, so a quick client's disconnect of its first connection can overtake the
     * last ESTABLISHED. (C's check for this case never fires for RC, by operator precedence, and would leave its
     * disconnect loop one event short.) The disconnect loop counts these first.
     */
    private final ArrayDeque<Event> earlyDisc = new ArrayDeque<>();
    private PublicServicePoint[] hPsp;
    String hostname = "";
    String provider = DAPL_PROVIDER;

    /* timers */
    private double start;
    private double stop;
    private final Times ts = new Times();

    /* defaults */
    private boolean connected;
    boolean multiListens;
    boolean udTest;
    boolean server = true;
    boolean waiting;
    private int crPollCount;
    private int connPollCount;
    int delay;
    int connections = 1000;
    int burst = 100;
    int portId = SERVER_CONN_QUAL;
    /** CONN_PORT, unless {@value Dtest#INFO_PORT_PROP_NAME} moves it (Java only; for tests). */
    private final int connPort = Integer.getInteger(Dtest.INFO_PORT_PROP_NAME, CONN_PORT);

    /** {@code struct dt_time}: microseconds per step. */
    private static final class Times {
        double total;
        double open;
        double reg;
        double unreg;
        double pzc;
        double pzf;
        double evdc;
        double evdf;
        double epc;
        double epf;
        double close;
        double conn;
    }

    /**
     * Creates a dtestcm writing to the given streams.
     *
     * @param out stdout
     * @param err stderr
     */
    DtestCm(final PrintStream out, final PrintStream err) {
        super(out, err);
    }

    /**
     * Runs dtestcm.
     *
     * @param args dtestcm's options
     */
    public static void main(final String[] args) {
        DtestBase.main(new DtestCm(System.out, System.err), args);
    }

    /**
     * Parses the options as C's {@code getopt(argc, argv, "smwvub:c:d:h:P:p:q:l:")}; {@code -q} and {@code -l} are in
     * C's option string but not in its switch, so they print the usage as an unknown letter does.
     *
     * @param argv the arguments
     * @return 0, or 12 (C: {@code exit(-12)})
     */
    @Override
    int parse(final String[] argv) {
        final Getopt g = new Getopt("dtestcm", "smwvub:c:d:h:P:p:q:l:", argv, con.err());
        for (int c = g.next(); c != Getopt.END; c = g.next()) {
            final String optarg = g.optarg();
            switch (c) {
                case 's' -> server = true;
                case 'm' -> multiListens = true;
                case 'w' -> waiting = true;
                case 'u' -> udTest = true;
                case 'c' -> connections = Libc.atoi(optarg);
                case 'p' -> portId = Libc.atoi(optarg);
                case 'v' -> con.verbose = true;
                case 'd' -> delay = Libc.atoi(optarg);
                case 'b' -> burst = Libc.atoi(optarg);
                case 'h' -> {
                    server = false;
                    hostname = optarg;
                }
                case 'P' -> provider = optarg;
                default -> {
                    printUsage();
                    return 12;
                }
            }
        }
        /* Java only: C allocates and loops by these without looking */
        if (connections < 1 || burst < 1) {
            con.eprintf(" Error: -c %d and -b %d must be at least 1%n", connections, burst);
            return 12;
        }
        return 0;
    }

    /**
     * Runs dtestcm after {@link #parse}.
     *
     * @return 0 if the test completed, 1 if not
     */
    @Override
    int run() {
        if (!server) {
            con.printf(" Running client on %s with %d %s connections%n", provider, connections, udTest ? "UD" : "RC");
            final ServerInfo info = new ServerInfoExchange(con, connPort).fetch(hostname, CONN_MAX_RETRY, true);
            if (info == null) {
                con.printf("%d Failed to get server params%n", con.pid);
                return 1;
            }
            provider = info.provider();
            hostname = info.address().getHostAddress();
            con.logf("%d remote data: provider %s hostname %s port %d%n", con.pid, provider, hostname, connPort);
        } else {
            con.printf(" Running server on %s with %d %s connections%n", provider, connections, udTest ? "UD" : "RC");
        }
        con.out().flush();
        if (udTest) {
            /* the UD service type is an IB extension (DAT_IB_SERVICE_TYPE_UD, dat_ib_extensions.h) */
            con.eprintf(" Error: -u needs DAT_IB_SERVICE_TYPE_UD, an IB extension, which dat4j does not offer%n");
            return 1;
        }
        if (burst > connections) {
            burst = connections;
        }
        /* allocate EP handles for all connections, PSP handles: one, or one per -m listen */
        hEp = new Endpoint[connections];
        hPsp = new PublicServicePoint[multiListens ? burst : 1];

        /* dat_ia_open, dat_pz_create */
        start = Libc.getTime();
        try {
            hIa = Dat.openInterfaceAdapter(provider, 8);
        } catch (final DatException e) {
            con.eprintf(" Error Adaptor open: %s%n", e.status().strerror());
            con.eprintf(" %s%n", e.getMessage());
            return 1;
        }
        stop = Libc.getTime();
        ts.open += (stop - start) * 1.0e6;
        hAsyncEvd = hIa.asyncEventDispatcher();
        con.logf(" Opened Interface Adaptor%n");
        try {
            /* C exits at once when the PZ fails, before its cleanup path */
            if (!pz()) {
                return 1;
            }
            test();
            return complete();
        } catch (final Failed e) {
            flushEvds();
            return 1;
        } finally {
            /* C's cleanup path leaves it to exit(); in one JVM everything is freed */
            hIa.close(CloseMode.ABRUPT);
            arena.close();
        }
    }

    /* the IA address, the PZ: false after C's error line */
    private boolean pz() {
        /* query for UCM addressing */
        printIaAddress(hIa.attributes().address());

        /* Create Protection Zone */
        start = Libc.getTime();
        con.logf(" Create Protection Zone%n");
        try {
            hPz = hIa.createProtectionZone();
        } catch (final DatException e) {
            con.eprintf(" Error creating Protection Zone: %s%n", e.status().strerror());
            return false;
        }
        stop = Libc.getTime();
        ts.pzc += (stop - start) * 1.0e6;
        con.logf(" Created Protection Zone%n");
        return true;
    }

    private void test() {
        final InetSocketAddress ia = hIa.attributes().address();
        con.logf(" Create events%n");
        createEvents();
        con.logf(" Create events done%n");

        /* create EP: C zeroes the attributes, then sets these; the zeros mean what they mean to libdapl */
        final EndpointAttributes epAttr = EndpointAttributes.builder()
                .maxMessageSize(0)
                .maxRdmaSize(0x10000)
                .maxRdmaReadIn(4)
                .maxRdmaReadOut(4)
                .maxRecvDtos(1)
                .maxRequestDtos(1)
                .maxRecvIov(1)
                .maxRequestIov(1)
                .maxRdmaReadIov(0)
                .maxRdmaWriteIov(0)
                .recvCompletionFlags(CompletionFlag.DEFAULT)
                .requestCompletionFlags(CompletionFlag.DEFAULT)
                .build();
        start = Libc.getTime();
        for (int i = 0; i < connections; i++) {
            final int n = i;
            hEp[i] = call(" Error dat_ep_create", () -> hIa.createEndpoint(hPz, hDtoRcvEvd, hDtoReqEvd, hConnEvd,
                    epAttr));
            con.logf(" EP created %s %n", hEp[n]);
        }
        stop = Libc.getTime();
        ts.epc += (stop - start) * 1.0e6;
        ts.total += ts.epc;

        /* create the service point for server listen */
        if (server) {
            con.logf(" Creating server service point(s)%n");
            for (int i = 0; i < hPsp.length; i++) {
                final long qual = portId + i;
                hPsp[i] = call(" ERR psp_create", () -> hIa.createPublicServicePoint(qual, hCrEvd,
                        ServicePointFlag.CONSUMER));
                con.logf(" psp_created for listen%n");
                con.printf(" Server ready on port %d%n", qual);
            }
        }

        /* Connect all */
        call(" Error " + (server ? "server()" : "client()"), () -> {
            if (server) {
                connServer(ia);
            } else {
                connClient();
            }
            return null;
        });
        con.logf(" connect_ep complete%n");
        connected = true;
    }

    /* complete: disconnect, free in C's order, and print the times */
    private int complete() {
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
        if (server && hPsp[0] != null) {
            for (int i = 0; i < hPsp.length; i++) {
                if (!free(hPsp[i], " Error dat_psp_free", String.format(Locale.ROOT, " psp_free[%d] complete", i))) {
                    return 1;
                }
            }
        }
        /* free EVDs */
        con.logf(" destroy events%n");
        start = Libc.getTime();
        if (!destroyEvents()) {
            return 1;
        }
        stop = Libc.getTime();
        ts.evdf += (stop - start) * 1.0e6;
        con.logf(" destroy events done%n");
        /* Free protection domain */
        con.logf(" Freeing pz%n");
        start = Libc.getTime();
        if (!free(hPz, " Error freeing PZ", " Freed pz")) {
            return 1;
        }
        stop = Libc.getTime();
        ts.pzf += (stop - start) * 1.0e6;
        /* close the device */
        con.logf(" Closing Interface Adaptor%n");
        start = Libc.getTime();
        try {
            hIa.close(CloseMode.ABRUPT);
        } catch (final DatException e) {
            con.eprintf(" Error Adaptor close: %s%n", e.status().strerror());
            return 1;
        }
        stop = Libc.getTime();
        ts.close += (stop - start) * 1.0e6;
        con.logf(" Closed Interface Adaptor%n");
        printTimes();
        con.flush();
        return 0;
    }

    private void printTimes() {
        con.printf(" DAPL Connection Test Complete.%n");
        con.printf(" open:      %10.2f usec%n", ts.open);
        con.printf(" close:     %10.2f usec%n", ts.close);
        con.printf(" PZ create: %10.2f usec%n", ts.pzc);
        con.printf(" PZ free:   %10.2f usec%n", ts.pzf);
        con.printf(" LMR create:%10.2f usec%n", ts.reg);
        con.printf(" LMR free:  %10.2f usec%n", ts.unreg);
        con.printf(" EVD create:%10.2f usec%n", ts.evdc);
        con.printf(" EVD free:  %10.2f usec%n", ts.evdf);
        con.printf(" EP create: %10.2f usec avg%n", ts.epc / connections);
        con.printf(" EP free:   %10.2f usec avg%n", ts.epf / connections);
        if (!server) {
            con.printf(" Connections: %8.2f usec, CPS %7.2f Total %4.2f secs, poll_cnt=%d, Num=%d%n",
                    ts.conn / connections, 1 / (ts.conn / 1000000 / connections), ts.conn / 1000000,
                    Integer.toUnsignedLong(connPollCount), connections);
        }
        con.printf(" TOTAL:     %4.2f sec%n", ts.total / 1000000);
    }

    private void connServer(final InetSocketAddress serSa) {
        /* the line is printed once the info socket listens (C prints it first): see ServerInfoExchange */
        if (new ServerInfoExchange(con, connPort).send(serSa, provider, String.format(Locale.ROOT,
                "%d Conn server waiting for client, port %d %n", con.pid, connPort)) != 0) {
            con.printf("%d Failed to send server params%n", con.pid);
            throw new Failed();
        }
        con.printf(" Accepting...%n");
        for (int i = 0; i < connections; i++) {
            /* poll for CR's */
            final Event event;
            if (!waiting) {
                crPollCount = 0;
                event = pollEvd(hCrEvd, CR_TIMEOUT);
            } else {
                event = waitEvd(hCrEvd, CR_TIMEOUT, " ERR: CR dat_evd_wait() %2$s%n");
            }
            if (!(event instanceof ConnectionRequestEvent cre)) {
                con.eprintf(" Error unexpected CR event : %s%n", event.number().cName());
                throw new Failed();
            }
            /* use to test rdma_cma timeout logic */
            if (delay != 0) {
                con.printf(" Accept delayed by %d seconds...%n", delay);
                sleep(delay * 1000L);
            }
            /* accept connect request from client */
            final ConnectionRequest hCr = cre.request();
            con.logf(" Accepting connect request from client%n");
            /* private data - check and send it back */
            final byte[] buf = Arrays.copyOf(hCr.query().privateData().toByteArray(), PDATA_SIZE);
            con.logf(" CONN REQUEST Private Data %s[0]=%d [47]=%d%n", "buf", buf[0] & 0xff, buf[47] & 0xff);
            for (int bi = 0; bi < PDATA_SIZE; bi++) {
                if ((buf[bi] & 0xff) != bi + 1) {
                    con.eprintf(" ERR on CONNECT REQUEST private data: %s[%d]=%d s/be %d%n", "buf", bi,
                            buf[bi] & 0xff, bi + 1);
                    hCr.reject(null);
                    throw new Failed();
                }
                buf[bi]++; /* change for trip back */
            }
            try {
                hCr.accept(hEp[i], buf);
            } catch (final DatException e) {
                con.eprintf(" ERR dat_cr_accept: %s%n", e.status().strerror());
                throw new Failed();
            }
            con.logf(" accept[%d] complete%n", i);
        }
        /* process the RTU, ESTABLISHMENT event */
        con.printf(" Completing...%n");
        for (int i = 0; i < connections; i++) {
            final Event event = connEvent();
            if (event.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED && earlyDisc.size() < i) {
                con.logf(" DISC of an established EP before CONN_EST[%d]: counted when disconnecting%n", i);
                earlyDisc.add(event);
                i--;
                continue;
            }
            if (event.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                con.eprintf(" Error unexpected CR EST event : 0x%x %s%n", event.number().value(),
                        event.number().cName());
                throw new Failed();
            }
            con.logf(" CONN_EST[%d] complete%n", i);
        }
        con.printf("%n ALL %d CONNECTED on Server!%n%n", connections);
    }

    private void connClient() {
        final InetAddress raddr = resolveServer(hostname, portId);
        final byte[] pdata = new byte[PDATA_SIZE];
        for (int i = 0; i < PDATA_SIZE; i++) { /* simple pattern in private data */
            pdata[i] = (byte) (i + 1);
        }
        con.printf(" Connecting...%n");
        start = Libc.getTime();
        for (int i = 0; i < connections; i += burst) {
            /* Java only: C's last burst runs past the EPs when -c is not a multiple of -b */
            final int n = Math.min(burst, connections - i);
            for (int ii = 0; ii < n; ii++) { /* conn_reqs */
                final long connId = multiListens ? portId + ii : portId;
                try {
                    hEp[i + ii].connect(raddr, connId, CONN_TIMEOUT, pdata);
                } catch (final DatException e) {
                    con.eprintf(" ERR dat_ep_connect: %s%n", e.status().strerror());
                    throw new Failed();
                }
                con.logf(" dat_ep_connect[%d] complete%n", i + ii);
            }
            for (int ii = 0; ii < n; ii++) { /* conn_events */
                final Event event = connEvent();
                if (event.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                    con.eprintf(" Error unexpected conn event : 0x%x %s%n", event.number().value(),
                            event.number().cName());
                    throw new Failed();
                }
                /* check private data back from server */
                final byte[] buf = Arrays.copyOf(((ConnectionEvent) event).privateData().toByteArray(), PDATA_SIZE);
                con.logf(" CONN[%d] Private Data %s[0]=%d [47]=%d%n", i + ii, "buf", buf[0] & 0xff, buf[47] & 0xff);
                for (int bi = 0; bi < PDATA_SIZE; bi++) {
                    if ((buf[bi] & 0xff) != bi + 2) {
                        con.eprintf(" ERR CONN event pdata: %s[%d]=%d s/be %d%n", "buf", bi, buf[bi] & 0xff, bi + 2);
                        final Endpoint ep = ((ConnectionEvent) event).endpoint();
                        ep.disconnect(CloseMode.ABRUPT);
                        con.logf(" waiting for disc...%n");
                        hConnEvd.await(EventDispatcher.INFINITE, 1);
                        throw new Failed();
                    }
                }
            }
        }
        stop = Libc.getTime();
        ts.conn += (stop - start) * 1.0e6;
        con.printf("%n ALL %d CONNECTED on Client!%n%n", connections);
    }

    /* a connection event: polled (C's default, which never gives up; here CONN_TIMEOUT) or waited for (-w) */
    private Event connEvent() {
        if (!waiting) {
            connPollCount = 0;
            return pollEvd(hConnEvd, CONN_TIMEOUT);
        }
        return waitEvd(hConnEvd, CONN_TIMEOUT, " ERR: CONN evd_wait() %2$s%n");
    }

    /* while (DAT_GET_TYPE(dat_evd_dequeue(evd, &event)) == DAT_QUEUE_EMPTY) count++; */
    private Event pollEvd(final EventDispatcher evd, final Duration timeout) {
        final boolean forever = timeout == EventDispatcher.INFINITE;
        final long deadline = forever ? 0 : System.nanoTime() + timeout.toNanos();
        int spins = 0;
        Event e = evd.poll();
        while (e == null) {
            if (evd == hCrEvd) {
                crPollCount++;
            } else {
                connPollCount++;
            }
            Thread.onSpinWait();
            if ((++spins & 0xffff) == 0 && !forever && System.nanoTime() - deadline > 0) {
                con.eprintf(" ERR: %s: no event within %d s%n", evd == hCrEvd ? "CR" : "CONN", timeout.toSeconds());
                throw new Failed();
            }
            e = evd.poll();
        }
        return e;
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
        if (!server) {
            start = Libc.getTime();
            for (int i = 0; i < connections; i++) {
                con.logf(" dat_ep_disconnect[%d]%n", i);
                try {
                    hEp[i].disconnect(CloseMode.ABRUPT); /* DAT_CLOSE_DEFAULT */
                } catch (final DatException e) {
                    con.eprintf(" Error disconnect: %s%n", e.status().strerror());
                    return e.status();
                }
                con.logf(" disconnect completed[%d]%n", i);
            }
        } else {
            con.logf(" Server waiting for disconnect...%n");
        }
        con.logf(" Wait for Disc event, free EPs as completed%n");
        start = Libc.getTime();
        for (int i = 0; i < connections; i++) {
            con.logf(" waiting for disc event %d of %d, nmore = %d%n", i + 1, connections, hConnEvd.size());
            final Event event;
            try {
                event = !earlyDisc.isEmpty() ? earlyDisc.poll() : hConnEvd.await(EventDispatcher.INFINITE, 1);
            } catch (final DatException e) {
                con.eprintf(" Error dat_evd_wait: %s%n", e.status().strerror());
                return e.status();
            }
            con.logf(" disc event[%d] complete, check for valid EP...%n", i);
            final Endpoint discEp = event instanceof ConnectionEvent ce ? ce.endpoint() : null;
            /* check for valid EP in creation list */
            final int ii = indexOf(hEp, discEp);
            if (ii == connections) {
                con.logf(" %s: invalid EP[%d] %s via DISC event!%n", server ? "Server" : "Client", i, discEp);
                return DatStatus.error(StatusType.INVALID_HANDLE, null);
            }
            con.logf(" valid EP[%d] %s !%n", ii, hEp[ii]);
            if (free(hEp[ii], " ERR free EP[" + i + "] " + hEp[ii], " Freed EP[" + i + "] " + hEp[ii])) {
                hEp[ii] = null;
            }
        }
        /* free EPs */
        stop = Libc.getTime();
        ts.epf += (stop - start) * 1.0e6;
        ts.total += ts.epf;
        con.logf(" Successfully disconnected all %d EP's%n", connections);
        return null;
    }

    /* Create CR, CONN, and DTO events */
    private void createEvents() {
        start = Libc.getTime();
        hCrEvd = call(" Error dat_evd_create", () -> hIa.createEventDispatcher(connections, null,
                Set.of(EventStream.CR)));
        stop = Libc.getTime();
        ts.evdc += (stop - start) * 1.0e6;
        ts.total += ts.evdc;
        con.logf(" cr_evd created %s%n", hCrEvd);
        hConnEvd = call(" Error dat_evd_create", () -> hIa.createEventDispatcher(connections * 2, null,
                Set.of(EventStream.CONNECTION)));
        con.logf(" con_evd created %s%n", hConnEvd);
        hDtoReqEvd = call(" Error dat_evd_create REQ", () -> hIa.createEventDispatcher(1, null,
                Set.of(EventStream.DTO)));
        con.logf(" dto_req_evd created %s%n", hDtoReqEvd);
        hDtoRcvEvd = call(" Error dat_evd_create RCV", () -> hIa.createEventDispatcher(1, null,
                Set.of(EventStream.DTO)));
        con.logf(" dto_rcv_evd created %s%n", hDtoRcvEvd);
    }

    private void printIaAddress(final InetSocketAddress sa) {
        if (sa != null && sa.getAddress() instanceof Inet4Address) {
            con.printf("%d Local IA Address - %s port %d%n", con.pid, sa.getAddress().getHostAddress(),
                    SERVER_CONN_QUAL);
        } else if (sa != null) {
            /* C prints the UCM QPN and LID packed in sin6_flowinfo and sin6_port; an IP IA has neither */
            con.printf("%d Local IA Address - %s flowinfo(QPN)=0x%x, port(LID)=0x%x%n", con.pid,
                    sa.getAddress().getHostAddress(), 0, sa.getPort());
        } else {
            con.printf("%d Local Address UNKOWN FAMILY - port %d%n", con.pid, SERVER_CONN_QUAL);
        }
    }

    private static void sleep(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failed();
        }
    }

    private void printUsage() {
        con.printf("%n DAPL USAGE %n%n");
        con.printf("s: server%n");
        con.printf("c: connections (default = 1000)%n");
        con.printf("v: verbose%n");
        con.printf("w: wait on event (default, polling)%n");
        con.printf("d: delay before accept%n");
        con.printf("h: hostname/address of server, specified on client%n");
        con.printf("P: provider name (default = OpenIB-v2-ib0)%n");
        con.printf("%n");
    }
}
