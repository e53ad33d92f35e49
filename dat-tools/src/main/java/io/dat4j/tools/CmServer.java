package io.dat4j.tools;

import io.dat4j.Capability;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConsumerNotifier;
import io.dat4j.Dat;
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
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The server of {@code dat cm}: accepts every valid request on a fresh EP and frees the EP when its connection ends.
 *
 * <p><b>Runs.</b> Each connect's private data names the client run it belongs to ({@link #pdata}: magic, index,
 * total, run id), so the connections of one run are counted on their own: a run is served when all its announced
 * connections came and went, and what is left of an earlier run (connections still closing, or a client killed in the
 * middle) neither ends nor disturbs the next one. A run with no activity for the wait time is abandoned (its EPs are
 * freed). Without {@code --forever} the server exits after the first run it served.
 *
 * <p><b>Capacity.</b> The server holds at most {@code --max-live} connections at once and sizes its EVDs for them:
 * connection events (at most two per EP: its establishment, then its end) go to an EVD of twice that, which therefore
 * cannot overflow; requests go to an EVD of their own, so that a flood of requests can only drop requests (the
 * provider refuses them, NON_PEER_REJECTED at the client) and never an event the accounting needs. A request that
 * arrives at capacity is rejected (PEER_REJECTED at the client) and the server says so. Both EVDs notify one CNO, so
 * one thread sleeps in one wait; a provider without {@link Capability#CNO} gets one EVD of three times the capacity
 * for both.
 *
 * <p>One thread owns everything here; nothing is shared.
 */
final class CmServer {

    /** Connect private data: magic, index, total, run id (network byte order). */
    static final int PDATA_SIZE = 16;
    /** Default {@code --max-live}. */
    static final int DEFAULT_MAX_LIVE = 1024;
    /** Runs in progress at once; a request that would start one more is refused. */
    static final int MAX_RUNS = 64;
    /** Refusals printed one by one before they are only counted. */
    static final int REFUSALS_SHOWN = 10;
    private static final int MAGIC = 0x4441_5443; // 'DATC'
    /** Room in each EVD beyond what the capacity needs. */
    private static final int SLACK = 16;

    private final String iaName;
    private final long port;
    private final int maxLive;
    private final Duration wait;
    private final boolean forever;
    private final PrintWriter out;
    private final Map<Integer, Run> runs = new LinkedHashMap<>();
    private final Map<Endpoint, Run> owner = new HashMap<>();
    private long refused;
    private int live;
    /** With --steps: each run's last this many connections are reported. */
    private int measured;

    /**
     * A parsed and checked connect request.
     *
     * @param index the connection's index in its run, 0..total-1
     * @param total the connections of the run
     * @param run the run id (0 from a client that sends none)
     */
    record Request(int index, int total, int run) {
    }

    /** One client run's accounting. */
    private static final class Run {
        final int id;
        final int total;
        final Set<Endpoint> eps = new HashSet<>();
        int accepted;
        int ended;
        long lastActivity = System.nanoTime();
        /** When the first of the run's measured connections was requested ({@link ProviderSteps}). */
        java.time.Instant measuredFrom;

        Run(final int id, final int total) {
            this.id = id;
            this.total = total;
        }

        String name() {
            return id == 0 ? "a client without a run id" : String.format("run %08x", id);
        }
    }

    /**
     * A server.
     *
     * @param iaName the IA
     * @param port the connection qualifier, 0 for one the provider picks
     * @param maxLive the most connections held at once
     * @param wait how long a run may be idle, and (without {@code forever}) how long the server waits for activity
     * @param forever true to serve run after run
     * @param out where the server reports
     */
    CmServer(final String iaName, final long port, final int maxLive, final Duration wait, final boolean forever,
            final PrintWriter out) {
        this.iaName = iaName;
        this.port = port;
        this.maxLive = maxLive;
        this.wait = wait;
        this.forever = forever;
        this.out = out;
    }

    /**
     * {@return the private data of connection {@code index} of {@code total} of run {@code run}}
     *
     * @param index zero-based
     * @param total connections the client makes
     * @param run the client run's id (not 0)
     */
    static byte[] pdata(final int index, final int total, final int run) {
        return ByteBuffer.allocate(PDATA_SIZE).putInt(MAGIC).putInt(index).putInt(total).putInt(run).array();
    }

    /**
     * Parses and checks a connect request's private data.
     *
     * @param pdata the private data
     * @return the request
     * @throws IllegalArgumentException saying what is wrong with it
     */
    static Request parse(final byte[] pdata) {
        if (pdata.length < PDATA_SIZE) {
            throw new IllegalArgumentException(pdata.length + " bytes of private data, not a dat cm request (" + PDATA_SIZE
                    + " or more)");
        }
        final ByteBuffer b = ByteBuffer.wrap(pdata);
        final int magic = b.getInt();
        if (magic != MAGIC) {
            throw new IllegalArgumentException(String.format("private data starts with 0x%08x, not dat cm's 0x%08x",
                    magic, MAGIC));
        }
        final int index = b.getInt();
        final int total = b.getInt();
        final int run = b.getInt();
        if (total < 1) {
            throw new IllegalArgumentException("announces " + total + " connections in its run (1 or more)");
        }
        if (index < 0 || index >= total) {
            throw new IllegalArgumentException("is connection " + index + " of " + total + " (0.." + (total - 1)
                    + ")");
        }
        return new Request(index, total, run);
    }

    /**
     * Serves runs until the first one is done (or forever).
     *
     * @param providerSteps true to record the provider's step events ({@link ProviderSteps}) and print them (one
     *        line, {@code provider steps: } and a JSON object) when a run is served
     * @param measured with {@code providerSteps}: the steps printed are those of each run's last {@code measured}
     *        connections (the client's warm-up comes first)
     * @throws IllegalStateException when no client was active for the wait time (without {@code forever})
     */
    void serve(final boolean providerSteps, final int measured) {
        this.measured = measured;
        final ProviderSteps recorder = providerSteps ? ProviderSteps.start() : null;
        try (recorder; InterfaceAdapter ia = Dat.openInterfaceAdapter(iaName)) {
            final int qlen = ia.attributes().maxEventDispatcherQueueLength();
            final boolean cno = ia.supports(Capability.CNO);
            final int capacity = Math.max(1, Math.min(Math.min(maxLive, ia.attributes().maxEndpoints()),
                    (qlen - SLACK) / (cno ? 2 : 3)));
            final ProtectionZone pz = ia.createProtectionZone();
            final ConsumerNotifier notifier = cno ? ia.createConsumerNotifier() : null;
            final EventDispatcher connEvd = ia.createEventDispatcher((cno ? 2 : 3) * capacity + SLACK, notifier,
                    cno ? Set.of(EventStream.CONNECTION) : Set.of(EventStream.CR, EventStream.CONNECTION));
            final EventDispatcher crEvd = cno ? ia.createEventDispatcher(capacity + SLACK, notifier,
                    Set.of(EventStream.CR)) : connEvd;
            final PublicServicePoint psp = port == 0
                    ? ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER)
                    : ia.createPublicServicePoint(port, crEvd, ServicePointFlag.CONSUMER);
            out.printf("Server waiting for connect requests on port %d (%s), at most %d connections at once%s%n",
                    psp.connectionQualifier(), iaName, capacity, capacity < maxLive ? " (the IA's EVDs or EPs"
                    + " allow no more)" : "");
            out.flush();
            long lastEvent = System.nanoTime();
            while (true) {
                final Event e = next(connEvd, crEvd, notifier, idleWait());
                if (e == null) {
                    expireIdleRuns();
                    if (!forever && System.nanoTime() - lastEvent >= wait.toNanos()) {
                        throw new IllegalStateException("no client activity for " + wait.toSeconds() + " s"
                                + incomplete());
                    }
                    continue;
                }
                lastEvent = System.nanoTime();
                final Run done = switch (e) {
                    case ConnectionRequestEvent cre -> {
                        request(cre.request(), ia, pz, connEvd, capacity);
                        yield null;
                    }
                    case ConnectionEvent ce -> connection(ce);
                    default -> throw new IllegalStateException("unexpected " + e.number().cName()
                            + " on the server's EVD");
                };
                expireIdleRuns();
                if (done != null) {
                    out.printf("served %d connections (%s)%s%n", done.total, done.name(),
                            refused > REFUSALS_SHOWN ? "; " + (refused - REFUSALS_SHOWN) + " more requests refused"
                            + " (not shown)" : "");
                    if (recorder != null) {
                        // (with --forever, steps whose events the stream has not delivered yet go to the next run)
                        if (!forever) {
                            recorder.stop();
                        }
                        out.println("provider steps: " + Json.write(recorder.summary(done.measuredFrom, 0)));
                        recorder.clear();
                    }
                    out.flush();
                    if (!forever) {
                        return;
                    }
                }
            }
        }
    }

    /** {@return how long the next wait may take: until the oldest run would become idle, at most the wait time} */
    private Duration idleWait() {
        long nanos = wait.toNanos();
        final long now = System.nanoTime();
        for (final Run r : runs.values()) {
            nanos = Math.min(nanos, Math.max(1_000_000L, r.lastActivity + wait.toNanos() - now));
        }
        return Duration.ofNanos(nanos);
    }

    /**
     * {@return the next event}: connection events first (they free capacity), then requests
     *
     * @return the event, or null when none came within {@code timeout}
     */
    private static Event next(final EventDispatcher connEvd, final EventDispatcher crEvd,
            final ConsumerNotifier notifier, final Duration timeout) {
        if (notifier == null) {
            return Diagnosis.awaitOrNull(connEvd, timeout);
        }
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Event e = connEvd.poll();
            if (e != null) {
                return e;
            }
            final long left = deadline - System.nanoTime();
            e = crEvd.poll();
            if (e != null) {
                return e;
            }
            if (left <= 0) {
                return null;
            }
            try {
                notifier.await(Duration.ofNanos(left));
            } catch (final io.dat4j.DatException x) {
                if (x.type() != io.dat4j.StatusType.TIMEOUT_EXPIRED) {
                    throw x;
                }
            }
        }
    }

    private void request(final ConnectionRequest req, final InterfaceAdapter ia, final ProtectionZone pz,
            final EventDispatcher connEvd, final int capacity) {
        final Request r;
        try {
            r = parse(req.query().privateData().toByteArray());
        } catch (final IllegalArgumentException x) {
            refuse(req, "a request: " + x.getMessage());
            return;
        }
        Run run = runs.get(r.run());
        if (run != null && run.total != r.total()) {
            refuse(req, run.name() + ": connection " + r.index() + " announces " + r.total() + " connections, the"
                    + " run's first one announced " + run.total);
            return;
        }
        if (run != null && run.accepted >= run.total) {
            refuse(req, run.name() + ": connection " + r.index() + " is one more than the " + run.total
                    + " it announced");
            return;
        }
        if (live >= capacity) {
            refuse(req, "the server holds " + live + " connections, its most at once (--max-live)");
            return;
        }
        if (run == null && runs.size() >= MAX_RUNS) {
            refuse(req, "a request of a new run: " + MAX_RUNS + " runs are in progress, the most at once");
            return;
        }
        if (run == null) {
            run = new Run(r.run(), r.total());
            runs.put(r.run(), run);
        }
        run.lastActivity = System.nanoTime();
        if (run.measuredFrom == null && run.accepted >= run.total - measured) {
            run.measuredFrom = java.time.Instant.now();
        }
        final Endpoint ep;
        try {
            ep = ia.createEndpoint(pz, null, null, connEvd, EndpointAttributes.DEFAULTS);
        } catch (final RuntimeException x) {
            refuse(req, run.name() + ": no EP for connection " + r.index() + ": " + DatCommand.describe(x));
            return;
        }
        run.accepted++;
        try {
            req.accept(ep, req.query().privateData().toByteArray());
        } catch (final RuntimeException x) {
            // no event comes for an EP whose accept failed: the connection is over
            ep.close();
            run.ended++;
            out.println("accept of connection " + r.index() + " (" + run.name() + ") failed: "
                    + DatCommand.describe(x));
            return;
        }
        run.eps.add(ep);
        owner.put(ep, run);
        live++;
    }

    private void refuse(final ConnectionRequest req, final String why) {
        try {
            req.reject(null);
        } catch (final RuntimeException x) {
            // the requester went away meanwhile: nothing to refuse
        }
        refused++;
        if (refused <= REFUSALS_SHOWN) {
            out.println("refused " + why);
            out.flush();
        }
    }

    /** {@return the run this event completed, or null} */
    private Run connection(final ConnectionEvent ce) {
        final Run run = owner.get(ce.endpoint());
        if (run == null) {
            return null; // an EP of an abandoned run, freed meanwhile
        }
        run.lastActivity = System.nanoTime();
        final EventNumber n = ce.number();
        if (n != EventNumber.CONNECTION_EVENT_DISCONNECTED && n != EventNumber.CONNECTION_EVENT_BROKEN
                && n != EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR) {
            return null;
        }
        owner.remove(ce.endpoint());
        run.eps.remove(ce.endpoint());
        live--;
        ce.endpoint().close();
        run.ended++;
        if (run.ended < run.total) {
            return null;
        }
        runs.remove(run.id);
        return run;
    }

    private void expireIdleRuns() {
        final long now = System.nanoTime();
        final List<Run> idle = new ArrayList<>();
        for (final Run r : runs.values()) {
            if (now - r.lastActivity >= wait.toNanos()) {
                idle.add(r);
            }
        }
        for (final Run r : idle) {
            runs.remove(r.id);
            for (final Endpoint ep : r.eps) {
                owner.remove(ep);
                live--;
                ep.close();
            }
            out.printf("abandoned %s after %d s without activity: %d of %d connections came, %d ended%n", r.name(),
                    wait.toSeconds(), r.accepted, r.total, r.ended);
            out.flush();
        }
    }

    private String incomplete() {
        if (runs.isEmpty()) {
            return "";
        }
        final StringBuilder sb = new StringBuilder(";");
        for (final Run r : runs.values()) {
            sb.append(' ').append(r.name()).append(": ").append(r.accepted).append(" of ").append(r.total)
                    .append(" came, ").append(r.ended).append(" ended;");
        }
        return sb.substring(0, sb.length() - 1);
    }
}
