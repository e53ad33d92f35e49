package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connection set-up on a real device: the provider's connection-step events ({@link ConnectionStepEvent}: one
 * connection made and ended records every step of both sides, the steps librdmacm's cmtime times), and the CQ of EPs
 * without EVDs (one per IA, as libdapl's, not one per connection). Skipped where there is no device.
 */
@DisplayName("rdmacm connection set-up on a real device: step events (dat cm --steps), the IA's CQ of EPs without EVDs")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ConnectionSetupDeviceTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    @DisplayName("connect, accept, disconnect and free record each step once per side, with the EP's index")
    void shouldRecordEveryStepOfBothSides(@TempDir final Path dir) throws Exception {
        final GuestDevice device = GuestDevice.require();
        final InetAddress ip = device.ip();
        final Path file = dir.resolve("steps.jfr");
        try (Recording r = new Recording()) {
            r.enable(ConnectionStepEvent.NAME).withoutThreshold();
            r.start();
            try (InterfaceAdapter ia = new RdmaCmProvider().open(device.entry(), io.dat4j.AdapterOptions.DEFAULTS,
                    t -> { })) {
                final ProtectionZone pz = ia.createProtectionZone();
                final EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
                final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
                final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
                final Endpoint client = ia.createEndpoint(pz, null, null, conn, null);
                final Endpoint server = ia.createEndpoint(pz, null, null, conn, null);
                client.connect(ip, psp.connectionQualifier(), WAIT, null);
                final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT));
                cr.request().accept(server, null);
                expect(conn, EventNumber.CONNECTION_EVENT_ESTABLISHED, 2);
                client.disconnect(CloseMode.ABRUPT);
                expect(conn, EventNumber.CONNECTION_EVENT_DISCONNECTED, 2);
                client.close();
                server.close();
                psp.close();
            }
            r.stop();
            r.dump(file);
        }
        final Map<Boolean, Set<String>> steps = new HashMap<>();
        final Map<Boolean, Set<Integer>> eps = new HashMap<>();
        for (final RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (!e.getEventType().getName().equals(ConnectionStepEvent.NAME)) {
                continue;
            }
            assertTrue(e.getLong("took") >= 0, e.toString());
            steps.computeIfAbsent(e.getBoolean("active"), k -> new TreeSet<>()).add(e.getString("step"));
            eps.computeIfAbsent(e.getBoolean("active"), k -> new TreeSet<>()).add(e.getInt("endpoint"));
        }
        assertEquals(new TreeSet<>(List.of("create id", "resolve addr", "resolve route", "create qp", "connect",
                "established upcall", "disconnect", "destroy", "free")), steps.get(true), steps.toString());
        assertEquals(new TreeSet<>(List.of("request", "create qp", "accept", "established upcall", "destroy",
                "free")), steps.get(false), steps.toString());
        // one EP per side, each with its own index
        assertEquals(1, eps.get(true).size(), eps.toString());
        assertEquals(1, eps.get(false).size(), eps.toString());
        assertTrue(!eps.get(true).equals(eps.get(false)), eps.toString());
        assertTrue(Files.size(file) > 0);
    }

    @Test
    @DisplayName("EPs without DTO EVDs share the IA's one CQ, connection after connection, and IA close frees it")
    void shouldGiveEveryQpOfAnEpWithoutEvdsTheIasOneCq() throws Exception {
        final GuestDevice device = GuestDevice.require();
        final RdmaCmTransport[] transport = new RdmaCmTransport[1];
        try (InterfaceAdapter ia = new RdmaCmProvider().open(device.entry(), io.dat4j.AdapterOptions.DEFAULTS,
                t -> transport[0] = t)) {
            final ProtectionZone pz = ia.createProtectionZone();
            final EventDispatcher conn = ia.createEventDispatcher(16, null, Set.of(EventStream.CONNECTION));
            final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
            final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
            java.lang.foreign.MemorySegment shared = null;
            for (int round = 0; round < 2; round++) {
                final Endpoint client = ia.createEndpoint(pz, null, null, conn, null);
                final Endpoint server = ia.createEndpoint(pz, null, null, conn, null);
                client.connect(device.ip(), psp.connectionQualifier(), WAIT, null);
                final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT));
                cr.request().accept(server, null);
                expect(conn, EventNumber.CONNECTION_EVENT_ESTABLISHED, 2);
                final java.util.Collection<RdmaCmEndpoint> eps = transport[0].demultiplexer().endpointsWithQp();
                assertEquals(2, eps.size());
                for (final RdmaCmEndpoint ep : eps) {
                    final java.lang.foreign.MemorySegment[] cqs = ep.queuePairCqs();
                    assertEquals(transport[0].emptyCq(), cqs[0], "send CQ");
                    assertEquals(transport[0].emptyCq(), cqs[1], "recv CQ");
                }
                if (shared != null) {
                    assertEquals(shared, transport[0].emptyCq(), "the same CQ for the next connections");
                }
                shared = transport[0].emptyCq();
                client.disconnect(CloseMode.ABRUPT);
                expect(conn, EventNumber.CONNECTION_EVENT_DISCONNECTED, 2);
                client.close();
                server.close();
            }
            psp.close();
        }
        // closed with the IA: a CQ of a closed IA is not handed out
        final io.dat4j.DatException closed = org.junit.jupiter.api.Assertions.assertThrows(
                io.dat4j.DatException.class, transport[0]::emptyCq);
        assertEquals(io.dat4j.StatusType.INVALID_HANDLE, closed.type());
    }

    private static void expect(final EventDispatcher evd, final EventNumber n, final int count) {
        for (int i = 0; i < count; i++) {
            final ConnectionEvent c = assertInstanceOf(ConnectionEvent.class, evd.await(WAIT));
            assertEquals(n, c.number(), c.toString());
        }
    }
}
