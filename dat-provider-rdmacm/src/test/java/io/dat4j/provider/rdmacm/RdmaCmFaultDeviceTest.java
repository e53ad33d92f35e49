package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointState;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.StatusType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Faults and exhaustion on a real device (issue 8): the rxe netdev taken down while connected and during a transfer
 * (every posted operation completes exactly once, an error completion breaks the connection as in uDAPL, handles close
 * cleanly; what the device does is printed for docs/reliability.md), a DTO EVD with less room than the completions, and EVDs (completion
 * queues) created until the device refuses. Needs the Soft-RoCE guest (root, {@code ip}) and
 * {@code -D}{@value #FAULTS_PROP_NAME}{@code =true}; skipped otherwise: on the Debian 6.1 kernel a connection manager
 * message sent while the netdev is down leaves rdma_cm unable to connect anyone until the next boot, so
 * {@code run-guest-tests.sh} runs one link-down test in its own JVM as the guest's last step.
 */
@DisplayName("rdmacm provider faults on a real device: netdev down, a full DTO EVD, CQ exhaustion")
@Timeout(value = 600, unit = TimeUnit.SECONDS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RdmaCmFaultDeviceTest {

    /** System property that enables these tests (they take the device's netdev down). */
    static final String FAULTS_PROP_NAME = "dat4j.rdmacm.faults";
    private static final Duration WAIT = DeviceFixture.WAIT;
    /** One side: one DTO EVD of 1024 for both queues, an EP 256 deep each way, a 64 KiB LMR. */
    private static final DeviceFixture.Shape SHAPE = new DeviceFixture.Shape(1024, 0,
            io.dat4j.EndpointAttributes.builder().maxRecvDtos(256).maxRequestDtos(256).build(), 65536);
    private static GuestDevice device;
    private static String netdev;

    private DeviceFixture fixture;
    private InterfaceAdapter ia;

    @BeforeAll
    static void requireDevice() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean(FAULTS_PROP_NAME), "takes the RDMA netdev down, which leaves rdma_cm "
                + "unusable for the rest of the boot on rxe (6.1): run by run-guest-tests.sh as its last step (-D"
                + FAULTS_PROP_NAME + "=true)");
        device = GuestDevice.require();
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "needs root to take the link down");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip")),
                "no ip(8)");
        netdev = device.netdev();
    }

    @BeforeEach
    void open() {
        fixture = new DeviceFixture(device);
        ia = fixture.ia();
    }

    @AfterEach
    void close() throws Exception {
        try {
            link(true);
        } finally {
            fixture.close();
        }
    }

    private static String run(final String... cmd) throws IOException, InterruptedException {
        final Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + out);
        }
        return out;
    }

    /** Takes the rxe netdev down or up; up waits until the RDMA port is ACTIVE again. */
    private static void link(final boolean up) throws Exception {
        run("ip", "link", "set", netdev, up ? "up" : "down");
        if (up) {
            final Path state = Path.of("/sys/class/infiniband/rxe0/ports/1/state");
            final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < end && !(Files.exists(state) && Files.readString(state).contains("ACTIVE"))) {
                Thread.sleep(100);
            }
            // the address stays; a route through the netdev needs the link up
        }
        System.out.println("link " + netdev + (up ? " up" : " down") + ": rxe0 port "
                + readOr(Path.of("/sys/class/infiniband/rxe0/ports/1/state")).strip());
    }

    private static String readOr(final Path p) {
        try {
            return Files.readString(p);
        } catch (final IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }

    /** {@return a client ({@code [0]}) and a server ({@code [1]}) side, connected} */
    private DeviceFixture.Side[] connect() {
        final DeviceFixture.Pair pair = fixture.connected(SHAPE);
        return new DeviceFixture.Side[] {pair.client(), pair.server()};
    }

    /**
     * Collects the completions of {@code cookies} cookies on an EVD, failing on a second completion of one; returns
     * cookie to status.
     */
    private static Map<Long, DtoStatus> collect(final EventDispatcher evd, final int cookies) {
        final Map<Long, DtoStatus> done = new HashMap<>();
        while (done.size() < cookies) {
            final Event e = evd.await(WAIT);
            final DtoCompletionEvent d = assertInstanceOf(DtoCompletionEvent.class, e, String.valueOf(e));
            assertNull(done.put(d.cookie(), d.status()), "cookie " + d.cookie() + " completed twice");
        }
        return done;
    }

    private static Map<DtoStatus, Integer> histogram(final Map<Long, DtoStatus> done) {
        final Map<DtoStatus, Integer> h = new EnumMap<>(DtoStatus.class);
        done.values().forEach(s -> h.merge(s, 1, Integer::sum));
        return h;
    }

    /** Connection events seen on a side within a short look (none expected while the link just went down). */
    private static Event awaitOrNull(final EventDispatcher evd, final Duration look) {
        try {
            return evd.await(look);
        } catch (final DatException x) {
            if (x.type() != StatusType.TIMEOUT_EXPIRED) {
                throw x;
            }
            return null;
        }
    }

    private static List<EventNumber> events(final EventDispatcher conn, final Duration look) {
        final List<EventNumber> seen = new ArrayList<>();
        Event first;
        try {
            first = conn.await(look);
        } catch (final DatException x) {
            if (x.type() != StatusType.TIMEOUT_EXPIRED) {
                throw x;
            }
            first = null;
        }
        for (Event e = first; e != null; e = conn.poll()) {
            seen.add(assertInstanceOf(ConnectionEvent.class, e, String.valueOf(e)).number());
        }
        return seen;
    }

    /**
     * Checks the DAT rule after a fault: each cookie once (checked by {@link #collect}); an error completion other
     * than FLUSHED means the EP is no longer CONNECTED and its connect EVD got BROKEN or DISCONNECTED.
     */
    private static void checkBrokenIfError(final String side, final Map<Long, DtoStatus> done, final Endpoint ep,
            final List<EventNumber> seen) {
        // FLUSHED alone follows a local disconnect, whose event may come only after the CM's DREQ timeout
        final boolean error = done.values().stream().anyMatch(s -> s != DtoStatus.SUCCESS && s != DtoStatus.FLUSHED);
        System.out.println(side + ": completions " + histogram(done) + ", connection events " + seen + ", EP "
                + ep.state());
        if (error) {
            assertTrue(seen.contains(EventNumber.CONNECTION_EVENT_BROKEN)
                    || seen.contains(EventNumber.CONNECTION_EVENT_DISCONNECTED), side + ": errors but no event " + seen);
            assertTrue(ep.state() != EndpointState.CONNECTED, side + ": errors but still CONNECTED");
        }
    }

    @Order(3)
    @Test
    @DisplayName("netdev down while connected: later operations either complete (the device loops its own address "
            + "back) or fail with BROKEN; each exactly once; everything closes")
    void shouldSurviveLinkDownWhileConnected() throws Exception {
        final DeviceFixture.Side[] s = connect();
        for (int i = 0; i < 8; i++) {
            s[1].ep.postRecv(s[1].lmr.triplet(i * 1024L, 1024), 100 + i);
        }
        link(false);
        final List<EventNumber> early = events(s[0].conn, Duration.ofSeconds(5));
        System.out.println("link down, idle connection: client events within 5 s " + early);
        final long t0 = System.nanoTime();
        for (int i = 0; i < 8; i++) {
            s[0].ep.postSend(List.of(s[0].lmr.triplet(i * 1024L, 1024)), i, CompletionFlag.DEFAULT);
        }
        final Map<Long, DtoStatus> sent = collect(s[0].recv, 8);
        System.out.println("link down: 8 SENDs done after " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)
                + " ms");
        final List<EventNumber> clientSeen = new ArrayList<>(early);
        clientSeen.addAll(events(s[0].conn, Duration.ofSeconds(2)));
        checkBrokenIfError("client", sent, s[0].ep, clientSeen);
        link(true);
        if (s[0].ep.state() == EndpointState.CONNECTED) {
            s[0].ep.disconnect(CloseMode.ABRUPT);
        }
        if (s[1].ep.state() == EndpointState.CONNECTED) {
            s[1].ep.disconnect(CloseMode.ABRUPT);
        }
        final Map<Long, DtoStatus> received = collect(s[1].recv, 8);
        checkBrokenIfError("server", received, s[1].ep, events(s[1].conn, Duration.ofSeconds(2)));
        s[0].ep.close();
        s[1].ep.close();
    }

    @Order(4)
    @Test
    @DisplayName("netdev down during a transfer: every posted operation completes exactly once, an error completion "
            + "breaks the connection (BROKEN), the EPs free cleanly")
    void shouldSurviveLinkDownDuringATransfer() throws Exception {
        final DeviceFixture.Side[] s = connect();
        for (int i = 0; i < 200; i++) {
            s[1].ep.postRecv(s[1].lmr.triplet(0, 256), 10_000 + i);
        }
        final Thread down = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(200);
                link(false);
            } catch (final Exception e) {
                throw new IllegalStateException(e);
            }
        });
        final int n = 200;
        int posted = 0;
        final Map<Long, DtoStatus> done = new HashMap<>();
        final long t0 = System.nanoTime();
        while (posted < n) {
            try {
                switch (posted % 3) {
                    case 0 -> s[0].ep.postRdmaWrite(List.of(s[0].lmr.triplet(0, 4096)), posted,
                            s[1].lmr.remoteTriplet(8192, 4096), CompletionFlag.DEFAULT);
                    case 1 -> s[0].ep.postSend(List.of(s[0].lmr.triplet(0, 256)), posted, CompletionFlag.DEFAULT);
                    default -> s[0].ep.postRdmaRead(List.of(s[0].lmr.triplet(16384, 4096)), posted,
                            s[1].lmr.remoteTriplet(8192, 4096), CompletionFlag.DEFAULT);
                }
            } catch (final DatException e) {
                // a post refused because the EP left CONNECTED is no operation: nothing to complete
                System.out.println("post " + posted + " refused: " + e.type() + " (EP " + s[0].ep.state() + ")");
                break;
            }
            posted++;
            if (posted % 16 == 0) {
                done.putAll(collect(s[0].recv, 16));
            }
        }
        down.join();
        final int rest = posted - done.size();
        final Map<Long, DtoStatus> tail = collect(s[0].recv, rest);
        for (final Long c : tail.keySet()) {
            assertNull(done.get(c), "cookie " + c + " completed twice");
        }
        done.putAll(tail);
        System.out.println("transfer with link down at 200 ms: " + posted + " posted, all completed once after "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms");
        checkBrokenIfError("client", done, s[0].ep, events(s[0].conn, Duration.ofSeconds(5)));
        link(true);
        for (final DeviceFixture.Side side : s) {
            if (side.ep.state() == EndpointState.CONNECTED) {
                side.ep.disconnect(CloseMode.ABRUPT);
            }
        }
        final int sends = (int) done.keySet().stream().filter(c -> c % 3 == 1).count();
        // the server's 200 receives: those that took a SEND complete, the rest FLUSHED once the connection ends
        final Map<Long, DtoStatus> recvs = collect(s[1].recv, 200);
        System.out.println("server: " + sends + " SENDs posted by the client; receives " + histogram(recvs));
        s[0].ep.close();
        s[1].ep.close();
    }

    @Order(1)
    @Test
    @DisplayName("a request EVD of 4 and 16 completions: the EVD holds 4 at a time, the rest wait (in the CQ and the "
            + "EP's queue, their slots held, as libdapl leaves them in the CQ) and enter as events are taken: all 16, "
            + "in order, no overflow; a device CQ overrun, if any, is reported on the async EVD")
    void shouldHoldCompletionsTheDtoEvdHasNoRoomFor() {
        final DeviceFixture.Side server = fixture.side(SHAPE);
        final DeviceFixture.Side client = fixture.side(SHAPE);
        final EventDispatcher small = ia.createEventDispatcher(4, null, Set.of(EventStream.DTO));
        final Endpoint ep = ia.createEndpoint(client.pz, client.recv, small, client.conn, null);
        fixture.connect(ep, client.conn, server);
        // nobody dequeues the EVD of 4 while 16 RDMA writes complete on it
        for (int i = 0; i < 16; i++) {
            ep.postRdmaWrite(List.of(client.lmr.triplet(0, 64)), i, server.lmr.remoteTriplet(0, 64),
                    CompletionFlag.DEFAULT);
        }
        // the provider sizes the CQ for its QPs' depth, so the 16 fit in the CQ; a device whose CQ overran anyway
        // reports IBV_EVENT_CQ_ERR, read from the device's async events
        final List<AsyncErrorEvent> async = new ArrayList<>();
        final Event early = awaitOrNull(ia.asyncEventDispatcher(), Duration.ofSeconds(5));
        if (early != null) {
            async.add(assertInstanceOf(AsyncErrorEvent.class, early));
        }
        final List<Long> cookies = new ArrayList<>();
        final Map<DtoStatus, Integer> kept = new EnumMap<>(DtoStatus.class);
        for (Event d = awaitOrNull(small, Duration.ofSeconds(30)); d != null;
                d = awaitOrNull(small, Duration.ofSeconds(3))) {
            assertTrue(small.size() <= 4, "an EVD of 4 held " + small.size());
            final DtoCompletionEvent c = assertInstanceOf(DtoCompletionEvent.class, d);
            cookies.add(c.cookie());
            kept.merge(c.status(), 1, Integer::sum);
        }
        for (Event x = awaitOrNull(ia.asyncEventDispatcher(), Duration.ofSeconds(2)); x != null;
                x = awaitOrNull(ia.asyncEventDispatcher(), Duration.ofSeconds(2))) {
            async.add(assertInstanceOf(AsyncErrorEvent.class, x));
        }
        System.out.println("request EVD of 4, 16 completions: async event before the first dequeue " + early
                + "; completions dequeued " + kept + " " + cookies + "; async events " + async + "; EP "
                + ep.state() + ", connection events " + events(client.conn, Duration.ofSeconds(2)));
        assertTrue(async.stream().noneMatch(x -> x.number() == EventNumber.ASYNC_ERROR_EVD_OVERFLOW
                && x.source() == small), "the kit dropped completions of the EVD of 4: " + async);
        if (async.isEmpty()) {
            final List<Long> expected = new ArrayList<>();
            for (long i = 0; i < 16; i++) {
                expected.add(i);
            }
            assertEquals(expected, cookies, "every completion once, in order");
            assertEquals(Map.of(DtoStatus.SUCCESS, 16), kept);
        }
        ep.close();
        server.ep.close();
        small.close();
    }

    @Order(2)
    @Test
    @DisplayName("EVDs (one CQ each) created until the device refuses: INSUFFICIENT_RESOURCES, all free")
    void shouldRefuseEvdsBeyondTheDevice() {
        final List<EventDispatcher> made = new ArrayList<>();
        final int max = ia.attributes().maxEventDispatchers();
        DatException refusal = null;
        final long t0 = System.nanoTime();
        final long budget = TimeUnit.SECONDS.toNanos(Long.getLong("dat4j.rdmacm.limitSeconds", 60));
        boolean outOfTime = false;
        try {
            for (int i = 0; i <= max; i++) {
                if (System.nanoTime() - t0 > budget) {
                    outOfTime = true;
                    break;
                }
                made.add(ia.createEventDispatcher(1, null, Set.of(EventStream.DTO)));
            }
        } catch (final DatException e) {
            refusal = e;
        } finally {
            System.out.println("EVDs with a CQ: " + made.size() + " created of max_evds " + max + " in "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms, then "
                    + (refusal == null ? (outOfTime ? "out of time" : "no refusal") : refusal.type() + " "
                            + refusal.subtype() + ": " + refusal.getMessage()));
            for (final EventDispatcher e : made) {
                e.close();
            }
        }
        final int created = made.size();
        Assumptions.assumeFalse(outOfTime, () -> "the device limit was not reached within the time budget "
                + "(-Ddat4j.rdmacm.limitSeconds): " + created + " of max_evds " + max + " EVDs created");
        assertTrue(refusal != null, "max_evds + 1 EVDs were created");
        assertEquals(StatusType.INSUFFICIENT_RESOURCES, refusal.type(), refusal.getMessage());
        // the IA still works
        ia.createEventDispatcher(8, null, Set.of(EventStream.DTO)).close();
    }
}
