package io.dat4j.tools;

import io.dat4j.CloseMode;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dat cm}: connection set-up rate, as dtestcm measures it. The client creates {@code -c} EPs in bursts of
 * {@code -b}: per burst it creates the EPs, connects them all, waits for every ESTABLISHED, disconnects them and frees
 * them. It prints connections per second and each step's min/avg/max per connection, as librdmacm's cmtime does.
 * The server accepts every request on a fresh EP and exits once the client's announced count has come and gone.
 */
@Command(name = "cm", description = {"dtestcm-style connection set-up rate between a server (-s) and a client",
    "(-h HOST): connections per second and per-step min/avg/max (as cmtime)."})
final class CmCommand implements Callable<Integer> {

    /** Private data of each connect: magic, index and total (network byte order). */
    static final int PDATA_SIZE = 16;
    private static final int MAGIC = 0x4441_5443; // 'DATC'
    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(30);
    /** How long an idle server sleeps in the CR EVD before it looks at the connect EVD again. */

    @Spec
    private CommandSpec spec;
    @Mixin
    private CommonOptions common;
    @Mixin
    private PeerOptions peer;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT",
            description = "Connection qualifier (default: ${DEFAULT-VALUE}).")
    private long port = 45249;

    @Option(names = {"-c", "--connections"}, paramLabel = "N", description = "Connections to make, as dtestcm -c"
            + " (default: ${DEFAULT-VALUE}).")
    private int connections = 100;

    @Option(names = {"-b", "--burst"}, paramLabel = "BURST",
            description = "Connections in flight at once, as dtestcm -b (default: ${DEFAULT-VALUE}).")
    private int burst = 10;

    @Option(names = "--warmup", paramLabel = "N", description = "Client: N connections first, in the same bursts"
            + " and not counted, so that the measured ones run compiled code (default: ${DEFAULT-VALUE}).")
    private int warmup;

    @Option(names = "--json", description = "Client: print one JSON object on stdout and nothing else.")
    private boolean json;

    @Override
    public Integer call() {
        peer.validate(spec);
        if (connections < 1 || burst < 1) {
            throw new ParameterException(spec.commandLine(), "-c and -b must be at least 1");
        }
        if (warmup < 0 || (long) warmup + connections > Integer.MAX_VALUE) {
            throw new ParameterException(spec.commandLine(), "--warmup must be 0.."
                    + (Integer.MAX_VALUE - connections));
        }
        if (peer.server) {
            peer.serve(spec, this::serveOnce);
            return 0;
        }
        return client();
    }

    /**
     * Per-step accumulator of durations.
     */
    static final class Step {
        private long count;
        private long min = Long.MAX_VALUE;
        private long max;
        private long sum;

        /**
         * Records one duration.
         *
         * @param nanos the duration
         */
        void add(final long nanos) {
            count++;
            min = Math.min(min, nanos);
            max = Math.max(max, nanos);
            sum += nanos;
        }

        /** {@return min, avg and max in microseconds, and the count} */
        Map<String, Object> fields() {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("count", count);
            m.put("min_us", count == 0 ? null : min / 1e3);
            m.put("avg_us", count == 0 ? null : sum / 1e3 / count);
            m.put("max_us", count == 0 ? null : max / 1e3);
            return m;
        }
    }

    private int client() {
        final PrintWriter out = spec.commandLine().getOut();
        final InetAddress host = peer.hostAddress(spec);
        final Map<String, Step> steps = new LinkedHashMap<>();
        for (final String n : List.of("ep create", "connect", "disconnect", "ep free")) {
            steps.put(n, new Step());
        }
        long connectWall = 0;
        long start = System.nanoTime();
        try (InterfaceAdapter ia = Dat.openInterfaceAdapter(common.ia)) {
            final ProtectionZone pz = ia.createProtectionZone();
            final EventDispatcher connEvd = ia.createEventDispatcher(
                    Math.min(ia.attributes().maxEventDispatcherQueueLength(), 2 * burst + 8), null,
                    Set.of(EventStream.CONNECTION));
            // the server learns the whole count (warm-up and measured) from the private data
            final int all = warmup + connections;
            if (warmup > 0) {
                final Map<String, Step> ignored = new LinkedHashMap<>();
                for (final String n : steps.keySet()) {
                    ignored.put(n, new Step());
                }
                bursts(ia, pz, connEvd, host, 0, warmup, all, ignored);
                start = System.nanoTime();
            }
            connectWall = bursts(ia, pz, connEvd, host, warmup, connections, all, steps);
        }
        final long total = System.nanoTime() - start;
        final double cps = connections * 1e9 / connectWall;
        if (json) {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("connections", connections);
            m.put("burst", burst);
            m.put("connections_per_s", Math.rint(cps * 10) / 10);
            m.put("total_us", total / 1e3);
            final Map<String, Object> st = new LinkedHashMap<>();
            for (final Map.Entry<String, Step> e : steps.entrySet()) {
                st.put(e.getKey().replace(' ', '_'), e.getValue().fields());
            }
            m.put("steps", st);
            m.put("warmup", warmup);
            out.println(Json.write(m));
        } else {
            out.printf(Locale.ROOT, "%-12s %12s %12s %12s%n", "step", "min[us]", "avg[us]", "max[us]");
            for (final Map.Entry<String, Step> e : steps.entrySet()) {
                final Map<String, Object> f = e.getValue().fields();
                out.printf(Locale.ROOT, "%-12s %12.2f %12.2f %12.2f%n", e.getKey(), f.get("min_us"), f.get("avg_us"),
                        f.get("max_us"));
            }
            out.printf(Locale.ROOT, "%d connections in bursts of %d: %.2f usec per connection, CPS = %.1f"
                    + " (total run %.1f ms)%n", connections, burst, connectWall / 1e3 / connections, cps, total / 1e6);
        }
        out.flush();
        return 0;
    }

    /**
     * Makes {@code count} connections in bursts: create the EPs, connect them all, wait until all are established,
     * disconnect them all, wait, free them.
     *
     * @return the nanoseconds spent connecting (from each burst's first connect to its last establishment)
     */
    private long bursts(final InterfaceAdapter ia, final ProtectionZone pz, final EventDispatcher connEvd,
            final InetAddress host, final int first, final int count, final int all, final Map<String, Step> steps) {
        long connectWall = 0;
        int done = 0;
        while (done < count) {
            final int n = Math.min(burst, count - done);
            final List<Endpoint> eps = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                final long t = System.nanoTime();
                eps.add(ia.createEndpoint(pz, null, null, connEvd, EndpointAttributes.DEFAULTS));
                steps.get("ep create").add(System.nanoTime() - t);
            }
            final Map<Endpoint, Long> started = new HashMap<>();
            final long burstStart = System.nanoTime();
            for (int i = 0; i < n; i++) {
                started.put(eps.get(i), System.nanoTime());
                eps.get(i).connect(host, port, STEP_TIMEOUT, pdata(first + done + i, all));
            }
            awaitAll(connEvd, started, EventNumber.CONNECTION_EVENT_ESTABLISHED, steps.get("connect"));
            connectWall += System.nanoTime() - burstStart;
            for (final Endpoint ep : eps) {
                started.put(ep, System.nanoTime());
                ep.disconnect(CloseMode.ABRUPT);
            }
            awaitAll(connEvd, started, EventNumber.CONNECTION_EVENT_DISCONNECTED, steps.get("disconnect"));
            for (final Endpoint ep : eps) {
                final long t = System.nanoTime();
                ep.close();
                steps.get("ep free").add(System.nanoTime() - t);
            }
            done += n;
        }
        return connectWall;
    }

    private static void awaitAll(final EventDispatcher evd, final Map<Endpoint, Long> started,
            final EventNumber wanted, final Step step) {
        final Set<Endpoint> pending = new HashSet<>(started.keySet());
        while (!pending.isEmpty()) {
            final Event e = evd.await(STEP_TIMEOUT);
            if (!(e instanceof ConnectionEvent ce) || !pending.contains(ce.endpoint())) {
                throw new IllegalStateException("unexpected " + e.number().cName() + " while waiting for "
                        + wanted.cName());
            }
            if (ce.number() != wanted) {
                throw new IllegalStateException("a connection got " + ce.number().cName() + " instead of "
                        + wanted.cName() + Session.whatItMeans(ce.number()));
            }
            step.add(System.nanoTime() - started.get(ce.endpoint()));
            pending.remove(ce.endpoint());
        }
    }

    /**
     * {@return the private data of connection {@code index} of {@code total}}
     *
     * @param index zero-based
     * @param total connections the client makes
     */
    static byte[] pdata(final int index, final int total) {
        return ByteBuffer.allocate(PDATA_SIZE).putInt(MAGIC).putInt(index).putInt(total).putInt(0).array();
    }

    /**
     * {@return the total announced by a connect's private data, or -1 if it is not a dat cm request}
     *
     * @param pdata the request's private data
     */
    static int announcedTotal(final byte[] pdata) {
        if (pdata.length < PDATA_SIZE) {
            return -1;
        }
        final ByteBuffer b = ByteBuffer.wrap(pdata);
        return b.getInt() == MAGIC ? b.getInt(8) : -1;
    }

    private static Event awaitQuietly(final EventDispatcher evd, final Duration timeout) {
        try {
            return evd.await(timeout);
        } catch (final DatException e) {
            if (e.type() == StatusType.TIMEOUT_EXPIRED) {
                return null;
            }
            throw e;
        }
    }

    private void serveOnce() {
        final PrintWriter out = spec.commandLine().getOut();
        try (InterfaceAdapter ia = Dat.openInterfaceAdapter(common.ia)) {
            final int qlen = ia.attributes().maxEventDispatcherQueueLength();
            final ProtectionZone pz = ia.createProtectionZone();
            // one EVD for requests and connection events, so that the server sleeps in one wait for either
            final EventDispatcher evd = ia.createEventDispatcher(Math.min(qlen, 768), null,
                    Set.of(EventStream.CR, EventStream.CONNECTION));
            final PublicServicePoint psp = ia.createPublicServicePoint(port, evd, ServicePointFlag.CONSUMER);
            out.printf("Server waiting for connect requests on port %d (%s)%n", psp.connectionQualifier(), common.ia);
            out.flush();
            int total = -1;
            int accepted = 0;
            int disconnected = 0;
            final Set<Endpoint> live = new HashSet<>();
            while (total < 0 || disconnected < total) {
                final Event e = awaitQuietly(evd, peer.waitDuration());
                if (e == null) {
                    throw new IllegalStateException("no client activity for " + peer.waitSeconds + " s ("
                            + accepted + " accepted, " + disconnected + " disconnected)");
                }
                if (e instanceof ConnectionRequestEvent cre) {
                    final ConnectionRequest req = cre.request();
                    final byte[] pd = req.query().privateData();
                    final int t = announcedTotal(pd);
                    if (t < 1) {
                        req.reject(null);
                        out.println("rejected a request without dat cm private data");
                        continue;
                    }
                    total = t;
                    final Endpoint ep = ia.createEndpoint(pz, null, null, evd, EndpointAttributes.DEFAULTS);
                    live.add(ep);
                    req.accept(ep, pd);
                    accepted++;
                } else if (e instanceof ConnectionEvent c) {
                    if (c.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED
                            || c.number() == EventNumber.CONNECTION_EVENT_BROKEN
                            || c.number() == EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR) {
                        disconnected++;
                        live.remove(c.endpoint());
                        c.endpoint().close();
                    }
                } else {
                    throw new IllegalStateException("unexpected " + e.number().cName() + " on the server's EVD");
                }
            }
            for (final Endpoint ep : live) {
                ep.close();
            }
            out.printf("served %d connections%n", accepted);
            out.flush();
        }
    }
}
