package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointParameters;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RegistryEntry;
import io.dat4j.ServicePointFlag;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the C dtest interop found, on a real device: suppressed requests posted unsignalled against a request EVD far
 * smaller than the EP's request queue (dtest {@code -B 2}: an 18-entry EVD, 100 suppressed sends), and the remote port
 * of the accepting side. Skipped, with the reason, where there is no device.
 */
@DisplayName("rdmacm provider on a real device: SUPPRESS posts unsignalled, CQs sized for their QPs, passive remote port")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RdmaCmInteropFixesDeviceTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int SUPPRESSED = 40;
    private static InetAddress ip;
    private static RegistryEntry entry;

    private InterfaceAdapter ia;
    private Arena arena;

    @BeforeAll
    static void requireDevice() throws Exception {
        final GuestDevice device = GuestDevice.require();
        ip = device.ip();
        entry = device.entry();
    }

    @BeforeEach
    void open() {
        arena = Arena.ofShared();
        ia = new RdmaCmProvider().open(entry, io.dat4j.AdapterOptions.builder().asyncEventQueueLength(16).build());
    }

    @AfterEach
    void close() {
        ia.close();
        arena.close();
    }

    /** One side as dtest builds it: a small request EVD, a deep request queue. */
    private final class Side {
        final ProtectionZone pz = ia.createProtectionZone();
        final EventDispatcher request;
        final EventDispatcher recv = ia.createEventDispatcher(SUPPRESSED * 2 + 8, null, Set.of(EventStream.DTO));
        final EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
        final Endpoint ep;
        final MemorySegment buffer = arena.allocate(4096, 4096);
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, buffer, MemoryPrivilege.ALL);

        Side(final int requestEvdLength) {
            request = ia.createEventDispatcher(requestEvdLength, null, Set.of(EventStream.DTO));
            ep = ia.createEndpoint(pz, recv, request, conn, EndpointAttributes.builder()
                    .maxRequestDtos(SUPPRESSED * 2 + 8).maxRecvDtos(SUPPRESSED * 2 + 8).maxRequestIov(1)
                    .maxRecvIov(1).build());
        }
    }

    private static ConnectionEvent connection(final EventDispatcher evd, final EventNumber expected) {
        final Event e = evd.await(WAIT);
        final ConnectionEvent c = assertInstanceOf(ConnectionEvent.class, e, String.valueOf(e));
        assertEquals(expected, c.number(), String.valueOf(c));
        return c;
    }

    private static DtoCompletionEvent completion(final EventDispatcher evd) {
        final Event e = evd.await(WAIT);
        return assertInstanceOf(DtoCompletionEvent.class, e, String.valueOf(e));
    }

    /** Connects; returns the CR the server side accepted. */
    private ConnectionRequest connect(final Side client, final Side server) {
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        client.ep.connect(ip, psp.connectionQualifier(), WAIT, null);
        final ConnectionRequest cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT)).request();
        final io.dat4j.ConnectionRequestParameters crp = cr.query();
        cr.accept(server.ep, null);
        connection(client.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        connection(server.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        psp.close();
        lastRequest = crp;
        return cr;
    }

    private io.dat4j.ConnectionRequestParameters lastRequest;

    /** The server posts receives, the client sends {@code n} suppressed messages and waits until all arrived. */
    private static void suppressedSends(final Side client, final Side server, final int n, final long cookieBase) {
        for (int i = 0; i < n; i++) {
            server.ep.postRecv(server.lmr.triplet(0, 64), cookieBase + i);
        }
        for (int i = 0; i < n; i++) {
            client.ep.postSend(List.of(client.lmr.triplet(0, 64)), cookieBase + i, Set.of(CompletionFlag.SUPPRESS));
        }
        for (int i = 0; i < n; i++) {
            final DtoCompletionEvent got = completion(server.recv);
            assertEquals(cookieBase + i, got.cookie());
            assertEquals(DtoStatus.SUCCESS, got.status());
        }
    }

    @Test
    @DisplayName("dtest -B 2 shape: 40 SUPPRESS sends against a 4-entry request EVD give no completion and no "
            + "overflow; the next signalled send completes alone; after an ABRUPT disconnect the suppressed sends "
            + "that arrived are not reported FLUSHED (the drain marker retired them)")
    void shouldPostSuppressedRequestsUnsignalled() {
        final Side client = new Side(4);
        final Side server = new Side(4);
        connect(client, server);
        suppressedSends(client, server, SUPPRESSED, 1000);
        server.ep.postRecv(server.lmr.triplet(0, 64), 1);
        client.ep.postSend(client.lmr.triplet(0, 64), 2);
        final DtoCompletionEvent sent = completion(client.request);
        assertEquals(2, sent.cookie());
        assertEquals(DtoStatus.SUCCESS, sent.status());
        assertEquals(DtoOperation.SEND, sent.operation());
        assertEquals(1, completion(server.recv).cookie());
        assertNull(client.request.poll(), "the suppressed sends gave no event");
        assertNull(ia.asyncEventDispatcher().poll(), "no EVD overflow");

        // the suppressed sends at the tail: all arrived, so none of them is FLUSHED by the disconnect
        suppressedSends(client, server, SUPPRESSED, 2000);
        client.ep.disconnect(CloseMode.ABRUPT);
        connection(client.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        connection(server.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertNull(client.request.poll(), "suppressed sends that completed are not reported FLUSHED");
        assertNull(ia.asyncEventDispatcher().poll(), "no EVD overflow");
    }

    @Test
    @DisplayName("GRACEFUL disconnect with SUPPRESS sends last: DISCONNECTED without waiting out the drain timeout, "
            + "nothing FLUSHED; a receive still posted on the peer is FLUSHED there (CM-05)")
    void shouldDisconnectGracefullyAfterSuppressedRequests() {
        final Side client = new Side(4);
        final Side server = new Side(4);
        connect(client, server);
        suppressedSends(client, server, SUPPRESSED, 3000);
        server.ep.postRecv(server.lmr.triplet(0, 64), 9);
        final long t0 = System.nanoTime();
        client.ep.disconnect(CloseMode.GRACEFUL);
        connection(client.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        final long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms < RdmaCmConfig.GRACEFUL_DRAIN_TIMEOUT_DEFAULT, "DISCONNECTED after " + ms
                + " ms: the unsignalled sends were waited for until the drain timeout");
        connection(server.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertNull(client.request.poll(), "nothing FLUSHED on the client");
        final DtoCompletionEvent flushed = completion(server.recv);
        assertEquals(9, flushed.cookie());
        assertEquals(DtoStatus.FLUSHED, flushed.status());
    }

    @Test
    @DisplayName("the accepting side reports the client's source port: CR remote address and EP remote port "
            + "qualifier, as C uDAPL's cma provider (rdma_get_peer_addr of the request's identifier)")
    void shouldReportTheClientsPortOnTheAcceptingSide() {
        final Side client = new Side(4);
        final Side server = new Side(4);
        connect(client, server);
        final EndpointParameters c = client.ep.query();
        final EndpointParameters s = server.ep.query();
        final int clientPort = c.localAddress().getPort();
        assertNotEquals(0, clientPort, "the client's identifier is bound to a port");
        assertEquals(clientPort, lastRequest.remoteAddress().getPort(), "CR remote address port");
        assertEquals(clientPort, lastRequest.remotePortQualifier(), "CR remote port qualifier");
        assertEquals(clientPort, s.remoteAddress().getPort(), "EP remote address port");
        assertEquals(clientPort, s.remotePortQualifier(), "EP remote port qualifier");
        assertEquals(s.localAddress().getPort(), c.remoteAddress().getPort(), "the client sees the server's port");
        client.ep.disconnect(CloseMode.ABRUPT);
        connection(client.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        connection(server.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
    }
}
