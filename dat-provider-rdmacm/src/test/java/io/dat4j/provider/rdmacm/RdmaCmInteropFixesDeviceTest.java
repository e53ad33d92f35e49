package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointParameters;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.InterfaceAdapter;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
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

    private static final int SUPPRESSED = 40;
    /** One side as dtest builds it: a small request EVD (4), a deep request queue, a 4 KiB LMR. */
    private static final DeviceFixture.Shape SHAPE = new DeviceFixture.Shape(SUPPRESSED * 2 + 8, 4,
            EndpointAttributes.builder().maxRequestDtos(SUPPRESSED * 2 + 8).maxRecvDtos(SUPPRESSED * 2 + 8)
                    .maxRequestIov(1).maxRecvIov(1).build(), 4096);
    private static GuestDevice device;

    private DeviceFixture fixture;
    private InterfaceAdapter ia;

    @BeforeAll
    static void requireDevice() throws Exception {
        device = GuestDevice.require();
    }

    @BeforeEach
    void open() {
        fixture = new DeviceFixture(device);
        ia = fixture.ia();
    }

    @AfterEach
    void close() {
        fixture.close();
    }

    private static ConnectionEvent connection(final EventDispatcher evd, final EventNumber expected) {
        return DeviceFixture.connection(evd, expected);
    }

    private static DtoCompletionEvent completion(final EventDispatcher evd) {
        final Event e = evd.await(DeviceFixture.WAIT);
        return assertInstanceOf(DtoCompletionEvent.class, e, String.valueOf(e));
    }

    /** The server posts receives, the client sends {@code n} suppressed messages and waits until all arrived. */
    private static void suppressedSends(final DeviceFixture.Side client, final DeviceFixture.Side server,
            final int n, final long cookieBase) {
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
        final DeviceFixture.Pair pair = fixture.connected(SHAPE);
        final DeviceFixture.Side client = pair.client();
        final DeviceFixture.Side server = pair.server();
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
        final DeviceFixture.Pair pair = fixture.connected(SHAPE);
        final DeviceFixture.Side client = pair.client();
        final DeviceFixture.Side server = pair.server();
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
        final DeviceFixture.Pair pair = fixture.connected(SHAPE);
        final DeviceFixture.Side client = pair.client();
        final DeviceFixture.Side server = pair.server();
        final EndpointParameters c = client.ep.query();
        final EndpointParameters s = server.ep.query();
        final int clientPort = c.localAddress().getPort();
        assertNotEquals(0, clientPort, "the client's identifier is bound to a port");
        assertEquals(clientPort, pair.request().remoteAddress().getPort(), "CR remote address port");
        assertEquals(clientPort, pair.request().remotePortQualifier(), "CR remote port qualifier");
        assertEquals(clientPort, s.remoteAddress().getPort(), "EP remote address port");
        assertEquals(clientPort, s.remotePortQualifier(), "EP remote port qualifier");
        assertEquals(s.localAddress().getPort(), c.remoteAddress().getPort(), "the client sees the server's port");
        client.ep.disconnect(CloseMode.ABRUPT);
        connection(client.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        connection(server.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
    }
}
