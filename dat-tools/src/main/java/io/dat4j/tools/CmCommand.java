package io.dat4j.tools;

import io.dat4j.CloseMode;
import io.dat4j.ConnectionEvent;
import io.dat4j.Dat;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import java.io.PrintWriter;
import java.net.InetAddress;
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
 * them; with {@code --hold}, as dtestcm, it creates every EP first, connects them burst after burst and keeps them
 * connected, then disconnects and frees them all. It prints connections per second (over the connect phases) and each
 * step's min/avg/max per connection, as librdmacm's cmtime does; with {@code --steps} also the provider's own steps
 * ({@link ProviderSteps}). The server ({@link CmServer}) accepts every request on a fresh EP and exits once a client
 * run's announced count has come and gone; each connect's private data carries its index, the run's total and the
 * run's id.
 */
@Command(name = "cm", description = {"dtestcm-style connection set-up rate between a server (-s) and a client",
    "(-h HOST): connections per second and per-step min/avg/max (as cmtime)."})
final class CmCommand implements Callable<Integer> {

    /** How long the client waits for a step: a connect (the default connect timeout) or the disconnects. */
    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(30);

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
            + " (default: ${DEFAULT-VALUE}); a server with --steps reports the steps of each run's last N.")
    private int connections = 100;

    @Option(names = {"-b", "--burst"}, paramLabel = "BURST",
            description = "Connections in flight at once, as dtestcm -b (default: ${DEFAULT-VALUE}).")
    private int burst = 10;

    @Option(names = "--warmup", paramLabel = "N", description = "Client: N connections first, in the same bursts"
            + " and not counted, so that the measured ones run compiled code (default: ${DEFAULT-VALUE}).")
    private int warmup;

    @Option(names = "--json", description = "Client: print one JSON object on stdout and nothing else.")
    private boolean json;

    @Option(names = "--hold", description = "Client: as dtestcm, create every EP of the run (and of the warm-up)"
            + " first, connect them burst after burst and keep them connected, then disconnect and free them all"
            + " (default: each burst is created, connected, disconnected and freed before the next). The server holds"
            + " them all: -c and --warmup at most its --max-live.")
    private boolean hold;

    @Option(names = "--steps", description = "Also record the provider's own per-step times (its JFR event "
            + ProviderSteps.EVENT + ": create id, resolve addr, resolve route, create qp, connect, accept, disconnect,"
            + " destroy, ...) and print them with cmtime's us/conn (JSON: provider_steps); the server prints its"
            + " steps when a run is served. Measure the rate without it: the recording costs time.")
    private boolean providerSteps;

    @Option(names = "--max-live", paramLabel = "N", description = "Server: the most connections it holds at once;"
            + " its EVDs are sized for them, and further requests wait (default: ${DEFAULT-VALUE}).")
    private int maxLive = CmServer.DEFAULT_MAX_LIVE;

    @Override
    public Integer call() {
        peer.validate(spec);
        peer.validatePort(spec, port);
        if (maxLive < 1) {
            throw new ParameterException(spec.commandLine(), "--max-live must be at least 1");
        }
        if (connections < 1 || burst < 1) {
            throw new ParameterException(spec.commandLine(), "-c and -b must be at least 1");
        }
        if (warmup < 0 || (long) warmup + connections > Integer.MAX_VALUE) {
            throw new ParameterException(spec.commandLine(), "--warmup must be 0.."
                    + (Integer.MAX_VALUE - connections));
        }
        if (peer.server) {
            // --forever: one server serves run after run (each accounted on its own), it is not restarted per run
            new CmServer(common.ia, port, maxLive, peer.waitDuration(), peer.forever, spec.commandLine().getOut())
                    .serve(providerSteps, connections);
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
        Map<String, Object> provider = null;
        final ProviderSteps recorder = providerSteps ? ProviderSteps.start() : null;
        java.time.Instant measured = java.time.Instant.now();
        long start = System.nanoTime();
        try (recorder; InterfaceAdapter ia = Dat.openInterfaceAdapter(common.ia)) {
            final ProtectionZone pz = ia.createProtectionZone();
            final EventDispatcher connEvd = ia.createEventDispatcher(
                    Math.min(ia.attributes().maxEventDispatcherQueueLength(), 2 * burst + 8), null,
                    Set.of(EventStream.CONNECTION));
            // the server learns the whole count (warm-up and measured) and this run's id from the private data
            final int all = warmup + connections;
            final int run = runId();
            if (warmup > 0) {
                final Map<String, Step> ignored = new LinkedHashMap<>();
                for (final String n : steps.keySet()) {
                    ignored.put(n, new Step());
                }
                bursts(ia, pz, connEvd, host, new Span(0, warmup, all, run), ignored, recorder);
                measured = java.time.Instant.now();
                start = System.nanoTime();
            }
            connectWall = bursts(ia, pz, connEvd, host, new Span(warmup, connections, all, run), steps, recorder);
            if (recorder != null) {
                recorder.mark();
                recorder.stop();
                provider = recorder.summary(measured, connections);
            }
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
            if (hold) {
                m.put("hold", true);
            }
            if (provider != null) {
                m.put("provider_steps", provider);
            }
            out.println(Json.write(m));
        } else {
            out.printf(Locale.ROOT, "%-12s %12s %12s %12s%n", "step", "min[us]", "avg[us]", "max[us]");
            for (final Map.Entry<String, Step> e : steps.entrySet()) {
                final Map<String, Object> f = e.getValue().fields();
                out.printf(Locale.ROOT, "%-12s %12.2f %12.2f %12.2f%n", e.getKey(), f.get("min_us"), f.get("avg_us"),
                        f.get("max_us"));
            }
            out.printf(Locale.ROOT, "%d connections in bursts of %d%s: %.2f usec per connection, CPS = %.1f"
                    + " (total run %.1f ms)%n", connections, burst, hold ? ", held" : "",
                    connectWall / 1e3 / connections, cps, total / 1e6);
            if (provider != null) {
                ProviderSteps.print(out, provider);
            }
        }
        out.flush();
        return 0;
    }

    /** {@return a run id for this client run: random, never 0 (what a client without one sends)} */
    private static int runId() {
        int id = 0;
        while (id == 0) {
            id = java.util.concurrent.ThreadLocalRandom.current().nextInt();
        }
        return id;
    }

    /**
     * Connections {@code first..first+count-1} of the {@code all} of run {@code run}.
     *
     * @param first the first index
     * @param count how many
     * @param all the run's total
     * @param run the run id
     */
    private record Span(int first, int count, int all, int run) {
    }

    /**
     * Makes a span of connections in bursts: per burst create the EPs, connect them all, wait until all are
     * established, disconnect them all, wait, free them; with {@link #hold}, every step for the whole span at once
     * and the connects and disconnects burst by burst.
     *
     * @param recorder the provider's steps, marked at each phase, or null
     * @return the nanoseconds spent connecting (from each burst's first connect to its last establishment)
     */
    private long bursts(final InterfaceAdapter ia, final ProtectionZone pz, final EventDispatcher connEvd,
            final InetAddress host, final Span span, final Map<String, Step> steps, final ProviderSteps recorder) {
        final Duration connectTimeout = peer.connectTimeout(STEP_TIMEOUT);
        long connectWall = 0;
        // (one capture for the span, outside the timed connects: opening and closing one reconfigures log4j)
        try (ProviderLog log = ProviderLog.capture()) {
            final Connects c = new Connects(connEvd, host, span, connectTimeout, steps, recorder, log);
            if (hold) {
                final List<Endpoint> eps = create(ia, pz, connEvd, span.count(), steps, recorder);
                for (int done = 0; done < span.count(); done += burst) {
                    connectWall += connect(eps.subList(done, Math.min(span.count(), done + burst)), done, c);
                }
                for (int done = 0; done < span.count(); done += burst) {
                    disconnect(eps.subList(done, Math.min(span.count(), done + burst)), connEvd, steps, recorder);
                }
                free(eps, steps, recorder);
                return connectWall;
            }
            int done = 0;
            while (done < span.count()) {
                final int n = Math.min(burst, span.count() - done);
                final List<Endpoint> eps = create(ia, pz, connEvd, n, steps, recorder);
                connectWall += connect(eps, done, c);
                disconnect(eps, connEvd, steps, recorder);
                free(eps, steps, recorder);
                done += n;
            }
        }
        return connectWall;
    }

    /**
     * What the connects of a span share.
     *
     * @param connEvd the EPs' connection EVD
     * @param host the server
     * @param span the span
     * @param timeout the connect timeout
     * @param steps the client's steps
     * @param recorder the provider's steps, or null
     * @param log the providers' warnings meanwhile
     */
    private record Connects(EventDispatcher connEvd, InetAddress host, Span span, Duration timeout,
            Map<String, Step> steps, ProviderSteps recorder, ProviderLog log) {
    }

    private static List<Endpoint> create(final InterfaceAdapter ia, final ProtectionZone pz,
            final EventDispatcher connEvd, final int n, final Map<String, Step> steps, final ProviderSteps recorder) {
        mark(recorder);
        final List<Endpoint> eps = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            final long t = System.nanoTime();
            eps.add(ia.createEndpoint(pz, null, null, connEvd, EndpointAttributes.DEFAULTS));
            steps.get("ep create").add(System.nanoTime() - t);
        }
        return eps;
    }

    /**
     * Connects EPs {@code first..} of a span at once and waits until all are established; the warnings the providers
     * logged since the span began go with a failure.
     *
     * @return the nanoseconds from the first connect to the last establishment
     */
    private long connect(final List<Endpoint> eps, final int first, final Connects c) {
        mark(c.recorder());
        final Map<Endpoint, Long> started = new HashMap<>();
        final long burstStart = System.nanoTime();
        for (int i = 0; i < eps.size(); i++) {
            started.put(eps.get(i), System.nanoTime());
            eps.get(i).connect(c.host(), port, c.timeout(), CmServer.pdata(c.span().first() + first + i,
                    c.span().all(), c.span().run()));
        }
        // each connect ends in its event by its timeout: wait for the event, not less
        awaitAll(c.connEvd(), started, EventNumber.CONNECTION_EVENT_ESTABLISHED, c.steps().get("connect"),
                c.timeout(), c.log());
        return System.nanoTime() - burstStart;
    }

    private static void disconnect(final List<Endpoint> eps, final EventDispatcher connEvd,
            final Map<String, Step> steps, final ProviderSteps recorder) {
        mark(recorder);
        final Map<Endpoint, Long> started = new HashMap<>();
        for (final Endpoint ep : eps) {
            started.put(ep, System.nanoTime());
            ep.disconnect(CloseMode.ABRUPT);
        }
        awaitAll(connEvd, started, EventNumber.CONNECTION_EVENT_DISCONNECTED, steps.get("disconnect"),
                STEP_TIMEOUT, null);
    }

    private static void free(final List<Endpoint> eps, final Map<String, Step> steps, final ProviderSteps recorder) {
        mark(recorder);
        for (final Endpoint ep : eps) {
            final long t = System.nanoTime();
            ep.close();
            steps.get("ep free").add(System.nanoTime() - t);
        }
    }

    private static void mark(final ProviderSteps recorder) {
        if (recorder != null) {
            recorder.mark();
        }
    }

    private static void awaitAll(final EventDispatcher evd, final Map<Endpoint, Long> started,
            final EventNumber wanted, final Step step, final Duration timeout, final ProviderLog log) {
        final Set<Endpoint> pending = new HashSet<>(started.keySet());
        final Duration patience = log == null ? timeout : timeout.plus(Diagnosis.CONNECT_GRACE);
        while (!pending.isEmpty()) {
            final Event e = Diagnosis.awaitOrNull(evd, patience);
            if (e == null) {
                throw new IllegalStateException(pending.size() + " of " + started.size() + " connections got no "
                        + wanted.cName() + " within " + patience.toSeconds() + " s" + (log == null ? ""
                        : " (the connect timeout is " + timeout.toSeconds() + " s; the provider did not end the"
                        + " attempt)" + Diagnosis.reported(log.messages())));
            }
            if (!(e instanceof ConnectionEvent ce) || !pending.contains(ce.endpoint())) {
                throw new IllegalStateException("unexpected " + e.number().cName() + " while waiting for "
                        + wanted.cName());
            }
            if (ce.number() != wanted) {
                throw new IllegalStateException("a connection got " + ce.number().cName() + " instead of "
                        + wanted.cName() + (log == null ? "" : Diagnosis.connectHint(ce.number(), timeout,
                        log.messages())));
            }
            step.add(System.nanoTime() - started.get(ce.endpoint()));
            pending.remove(ce.endpoint());
        }
    }
}
