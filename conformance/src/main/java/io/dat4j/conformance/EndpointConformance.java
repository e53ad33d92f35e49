package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertStatus;
import static io.dat4j.conformance.Checks.assertSucceeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.ConnectFlag;
import io.dat4j.ConnectionRequest;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EndpointStatus;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.Qos;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;
import java.time.Duration;

/**
 * Endpoints: {@code dat_ep_create}, {@code _query}, {@code _get_status}, {@code _modify}, {@code _reset},
 * {@code _free}, argument and state checks of connect and post, the state after each call, the retry-count ranges
 * (RC-06, RC-07, RA-09), and the dapltest FFT endpoint cases.
 */
public abstract class EndpointConformance extends ConformanceBase {

    /** For subclasses. */
    protected EndpointConformance() {
    }

    private Endpoint create(final EndpointAttributes attributes) {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        return ResourceTracker.track(ia.createEndpoint(pz, rig().evd(ia, 8, EventStream.DTO),
                rig().evd(ia, 8, EventStream.DTO), rig().evd(ia, 8, EventStream.CONNECTION), attributes));
    }

    @Rule(id = "FFT-ENDPOINT-0", level = Level.REQUIRED,
            text = "An EP is created UNCONNECTED and freed; free is idempotent")
    void createAndFree() {
        final Endpoint ep = create(null);
        assertEquals(EndpointState.UNCONNECTED, ep.state(), "state after create");
        assertSame(rig().ia(), ep.interfaceAdapter(), "IA");
        ep.close();
        assertTrue(ep.isClosed(), "freed");
        assertSucceeds("a second ep_free", ep::close);
    }

    @Rule(id = "FFT-ENDPOINT-1", level = Level.REQUIRED,
            text = "dat_ep_create with a freed PZ fails with INVALID_HANDLE")
    void createWithFreedPz() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        pz.close();
        assertStatus("ep_create with a freed PZ", () -> ResourceTracker.track(ia.createEndpoint(pz,
                rig().evd(ia, 8, EventStream.DTO), rig().evd(ia, 8, EventStream.DTO),
                rig().evd(ia, 8, EventStream.CONNECTION), null)), StatusType.INVALID_HANDLE);
    }

    @Rule(id = "FFT-ENDPOINT-2", level = Level.REQUIRED,
            text = "dat_ep_free of an EP with receives posted succeeds")
    void freeWithPostedReceives() {
        final Rig.Side s = rig().side(rig().ia(), null);
        final Rig.Buffer b = rig().buffer(s, 4096, MemoryPrivilege.LOCAL);
        s.ep().postRecv(b.triplet(0, 2048), 1);
        s.ep().postRecv(b.triplet(2048, 2048), 2);
        assertSucceeds("ep_free with receives posted", s.ep()::close);
        assertTrue(s.ep().isClosed(), "freed");
    }

    @Rule(id = "EP-01", level = Level.REQUIRED,
            text = "dat_ep_create with a missing connect EVD, or one without the CONNECTION flag, fails with "
                    + "INVALID_HANDLE")
    void connectEvdIsChecked() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final EventDispatcher dto = rig().evd(ia, 8, EventStream.DTO);
        assertStatus("ep_create with a DTO-only connect EVD", () -> ResourceTracker.track(ia.createEndpoint(pz, dto,
                dto, dto, null)), StatusType.INVALID_HANDLE);
        assertStatus("ep_create with a null connect EVD", () -> ResourceTracker.track(ia.createEndpoint(pz, dto, dto,
                null, null)), StatusType.INVALID_HANDLE);
    }

    @Rule(id = "EP-02", level = Level.REQUIRED,
            text = "dat_ep_query after create: UNCONNECTED, the given PZ and EVDs, and every attribute resolved "
                    + "(no field left at DEFAULT_VALUE)")
    void queryAfterCreate() {
        final Rig.Side s = rig().side(rig().ia(), null);
        final io.dat4j.EndpointParameters p = s.ep().query();
        assertEquals(EndpointState.UNCONNECTED, p.state(), "state");
        assertSame(s.pz(), p.protectionZone(), "PZ");
        assertSame(s.connectEvd(), p.connectEvd(), "connect EVD");
        final EndpointAttributes a = p.attributes();
        assertTrue(a.maxMessageSize() > 0, "max_message_size " + a.maxMessageSize());
        assertTrue(a.maxRecvDtos() > 0, "max_recv_dtos " + a.maxRecvDtos());
        assertTrue(a.maxRequestDtos() > 0, "max_request_dtos " + a.maxRequestDtos());
        assertTrue(a.maxRecvIov() > 0, "max_recv_iov " + a.maxRecvIov());
        assertTrue(a.maxRequestIov() > 0, "max_request_iov " + a.maxRequestIov());
        assertTrue(a.maxRdmaReadIn() >= 0 && a.maxRdmaReadOut() >= 0, "RDMA read depths resolved");
        assertTrue(a.retryCount() >= 0 && a.retryCount() <= 7, "retry_count " + a.retryCount());
        assertTrue(a.rnrRetryCount() >= 0 && a.rnrRetryCount() <= 7, "rnr_retry_count " + a.rnrRetryCount());
    }

    @Rule(id = "EP-03", level = Level.REQUIRED,
            text = "dat_ep_get_status: UNCONNECTED and idle after create; in_dto_idle false once a receive is posted")
    void status() {
        final Rig.Side s = rig().side(rig().ia(), null);
        final EndpointStatus st = s.ep().status();
        assertEquals(EndpointState.UNCONNECTED, st.state(), "state");
        assertTrue(st.inDtoIdle(), "in_dto_idle");
        assertTrue(st.outDtoIdle(), "out_dto_idle");
        final Rig.Buffer b = rig().buffer(s, 64, MemoryPrivilege.LOCAL);
        s.ep().postRecv(b.triplet(), 1);
        assertFalse(s.ep().status().inDtoIdle(), "in_dto_idle with a receive posted");
    }

    @Rule(id = "EP-04", level = Level.REQUIRED,
            text = "dat_ep_modify works while UNCONNECTED (visible by query) and fails with INVALID_STATE while "
                    + "CONNECTED")
    void modify() {
        final Rig.Connection c = rig().connect();
        final Rig.Side s = rig().side(rig().ia(), null);
        final EndpointAttributes a = s.ep().query().attributes().toBuilder().maxRecvDtos(3).build();
        s.ep().modify(a);
        assertEquals(3, s.ep().query().attributes().maxRecvDtos(), "max_recv_dtos after modify");
        assertStatus("ep_modify while CONNECTED", () -> c.active().ep().modify(c.active().ep().query().attributes()),
                StatusType.INVALID_STATE);
    }

    @Rule(id = "EP-05", level = Level.REQUIRED,
            text = "Posting a send on an EP that is not CONNECTED fails with INVALID_STATE")
    void postSendNeedsConnection() {
        final Rig.Side s = rig().side(rig().ia(), null);
        final Rig.Buffer b = rig().buffer(s, 64, MemoryPrivilege.LOCAL);
        assertStatus("post_send while UNCONNECTED", () -> s.ep().postSend(b.triplet(), 1), StatusType.INVALID_STATE);
    }

    @Rule(id = "EP-06", level = Level.REQUIRED,
            text = "dat_ep_connect with a zero or negative timeout fails with INVALID_PARAMETER and the EP stays "
                    + "UNCONNECTED")
    void connectTimeoutIsChecked() {
        final Rig.Side s = rig().side(rig().ia(), null);
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        for (final Duration d : new Duration[] {Duration.ZERO, Duration.ofMillis(-1)}) {
            assertStatus("ep_connect timeout " + d, () -> s.ep().connect(rig().addressOf(l.ia()),
                    l.psp().connectionQualifier(), d, null), StatusType.INVALID_PARAMETER);
            assertEquals(EndpointState.UNCONNECTED, s.ep().state(), "state after a refused connect");
        }
    }

    @Rule(id = "EP-07", level = Level.REQUIRED,
            text = "dat_ep_connect with QoS other than BEST_EFFORT or flags other than DEFAULT fails with "
                    + "MODEL_NOT_SUPPORTED and the EP stays UNCONNECTED")
    void connectModelIsChecked() {
        final Rig.Side s = rig().side(rig().ia(), null);
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        assertStatus("ep_connect with QoS PREMIUM", () -> s.ep().connect(rig().addressOf(l.ia()),
                l.psp().connectionQualifier(), ConformanceTimeouts.event(), null, Qos.PREMIUM, ConnectFlag.DEFAULT),
                StatusType.MODEL_NOT_SUPPORTED);
        assertStatus("ep_connect with MULTIPATH_REQUIRED", () -> s.ep().connect(rig().addressOf(l.ia()),
                l.psp().connectionQualifier(), ConformanceTimeouts.event(), null, Qos.BEST_EFFORT,
                ConnectFlag.MULTIPATH_REQUIRED), StatusType.MODEL_NOT_SUPPORTED);
        assertEquals(EndpointState.UNCONNECTED, s.ep().state(), "state after a refused connect");
        Rig.assertQuiet(l.crEvd(), "no request reaches the PSP");
    }

    @Rule(id = "EP-08", level = Level.REQUIRED,
            text = "dat_ep_connect on an EP that is not UNCONNECTED (pending or CONNECTED) fails with INVALID_STATE")
    void connectNeedsUnconnected() {
        final Rig.Connection c = rig().connect();
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        assertStatus("ep_connect while CONNECTED", () -> rig().connect(c.active(), l, null),
                StatusType.INVALID_STATE);
        final Rig.Side s = rig().side(rig().ia(), null);
        rig().connect(s, l, null);
        assertEquals(EndpointState.ACTIVE_CONNECTION_PENDING, s.ep().state(), "state after connect");
        assertStatus("ep_connect while ACTIVE_CONNECTION_PENDING", () -> rig().connect(s, l, null),
                StatusType.INVALID_STATE);
        rig().awaitRequest(l).reject(null);
    }

    @Rule(id = "EP-09", level = Level.REQUIRED,
            text = "dat_ep_reset returns a DISCONNECTED EP to UNCONNECTED, does nothing on an UNCONNECTED EP, and "
                    + "fails with INVALID_STATE on a CONNECTED one")
    void reset() {
        final Rig.Connection c = rig().connect();
        assertStatus("ep_reset while CONNECTED", c.active().ep()::reset, StatusType.INVALID_STATE);
        c.active().ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(c.active().connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Rig.awaitState(c.active().ep(), EndpointState.DISCONNECTED);
        c.active().ep().reset();
        assertEquals(EndpointState.UNCONNECTED, c.active().ep().state(), "state after reset");
        assertSucceeds("ep_reset while UNCONNECTED", c.active().ep()::reset);
        assertEquals(EndpointState.UNCONNECTED, c.active().ep().state(), "state after a second reset");
    }

    @Rule(id = "EP-10", level = Level.REQUIRED,
            text = "dat_ep_disconnect on an UNCONNECTED EP fails with INVALID_STATE; on a DISCONNECTED EP it does "
                    + "nothing")
    void disconnectStates() {
        final Rig.Side s = rig().side(rig().ia(), null);
        assertStatus("ep_disconnect while UNCONNECTED", () -> s.ep().disconnect(CloseMode.ABRUPT),
                StatusType.INVALID_STATE);
        final Rig.Connection c = rig().connect();
        c.active().ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(c.active().connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Rig.awaitState(c.active().ep(), EndpointState.DISCONNECTED);
        assertSucceeds("ep_disconnect while DISCONNECTED", () -> c.active().ep().disconnect(CloseMode.ABRUPT));
        Rig.assertQuiet(c.active().connectEvd(), "no second DISCONNECTED event");
    }

    @Rule(id = "EP-11", level = Level.REQUIRED,
            text = "dat_ep_free of a CONNECTED EP disconnects it abruptly: the peer gets DISCONNECTED (or BROKEN) "
                    + "and the freed EP's posted receives complete FLUSHED")
    void freeConnected() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer b = rig().buffer(c.active(), 64, MemoryPrivilege.LOCAL);
        c.active().ep().postRecv(b.triplet(), 77);
        c.active().ep().close();
        final DtoCompletionEvent dto = Rig.awaitDto(c.active().recvEvd(), "the flushed receive");
        assertEquals(DtoStatus.FLUSHED, dto.status(), "status of a receive flushed by ep_free");
        assertEquals(77, dto.cookie(), "cookie");
        final io.dat4j.ConnectionEvent ce = Rig.awaitAnyConnection(c.passive().connectEvd(), "DISCONNECTED");
        assertTrue(ce.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || ce.number() == EventNumber.CONNECTION_EVENT_BROKEN, "peer event " + ce.number());
    }

    @Rule(id = "EP-12", level = Level.REQUIRED,
            text = "Every call on a freed EP fails with INVALID_HANDLE")
    void freedEpIsInvalid() {
        final Rig.Side s = rig().side(rig().ia(), null);
        final Rig.Buffer b = rig().buffer(s, 64, MemoryPrivilege.LOCAL);
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        s.ep().close();
        assertStatus("ep_query", s.ep()::query, StatusType.INVALID_HANDLE);
        assertStatus("ep_post_recv", () -> s.ep().postRecv(b.triplet(), 1), StatusType.INVALID_HANDLE);
        assertStatus("ep_connect", () -> rig().connect(s, l, null), StatusType.INVALID_HANDLE);
        assertStatus("ep_get_status", s.ep()::status, StatusType.INVALID_HANDLE);
    }

    @Rule(id = "RC-06", level = Level.REQUIRED,
            text = "retry_count is a 3-bit value: 0..7 is kept (visible by query), 8 or below -1 fails with "
                    + "INVALID_PARAMETER")
    void retryCountRange() {
        for (int v = 0; v <= 7; v++) {
            final Endpoint ep = create(EndpointAttributes.builder().retryCount(v).build());
            assertEquals(v, ep.query().attributes().retryCount(), "retry_count kept");
        }
        for (final int bad : new int[] {8, -2, 255}) {
            assertStatus("retry_count " + bad, () -> create(EndpointAttributes.builder().retryCount(bad).build()),
                    StatusType.INVALID_PARAMETER);
        }
    }

    @Rule(id = "RC-07", level = Level.REQUIRED,
            text = "rnr_retry_count on the connecting EP is a 3-bit value: 0..7 is kept, 8 or below -1 fails with "
                    + "INVALID_PARAMETER")
    void rnrRetryCountRange() {
        for (int v = 0; v <= 7; v++) {
            final Endpoint ep = create(EndpointAttributes.builder().rnrRetryCount(v).build());
            assertEquals(v, ep.query().attributes().rnrRetryCount(), "rnr_retry_count kept");
        }
        for (final int bad : new int[] {8, -2, 100}) {
            assertStatus("rnr_retry_count " + bad, () -> create(EndpointAttributes.builder().rnrRetryCount(bad)
                    .build()), StatusType.INVALID_PARAMETER);
        }
    }

    @Rule(id = "RA-09", level = Level.REQUIRED,
            text = "rnr_retry_count on the accepting EP is 0..7 (7 = infinite): an EP with 7 accepts and keeps 7; "
                    + "dat_ep_modify to 8 fails with INVALID_PARAMETER")
    void rnrRetryCountOnAccept() {
        final Rig.Connection c = rig().connect(null, EndpointAttributes.builder().rnrRetryCount(7).build());
        assertEquals(7, c.passive().ep().query().attributes().rnrRetryCount(), "rnr_retry_count after accept");
        final Endpoint ep = create(null);
        final EndpointAttributes bad = ep.query().attributes().toBuilder().rnrRetryCount(8).build();
        assertStatus("ep_modify rnr_retry_count 8", () -> ep.modify(bad), StatusType.INVALID_PARAMETER);
        assertNotEquals(8, ep.query().attributes().rnrRetryCount(), "the refused value is not kept");
    }

    @Rule(id = "EP-STATE-1", level = Level.REQUIRED,
            text = "Active side: UNCONNECTED after create, ACTIVE_CONNECTION_PENDING after connect, CONNECTED after "
                    + "ESTABLISHED, DISCONNECTED after the DISCONNECTED event, UNCONNECTED after reset")
    void activeStates() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        assertEquals(EndpointState.UNCONNECTED, a.ep().state(), "after create");
        rig().connect(a, l, null);
        assertEquals(EndpointState.ACTIVE_CONNECTION_PENDING, a.ep().state(), "after connect");
        final ConnectionRequest cr = rig().awaitRequest(l);
        assertEquals(EndpointState.ACTIVE_CONNECTION_PENDING, a.ep().state(), "while the request is pending");
        cr.accept(p.ep(), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, a.ep().state(), "after ESTABLISHED");
        Rig.awaitConnection(p.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        a.ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
        a.ep().reset();
        assertEquals(EndpointState.UNCONNECTED, a.ep().state(), "after reset");
    }

    @Rule(id = "EP-STATE-2", level = Level.REQUIRED,
            text = "Passive side: UNCONNECTED before accept, COMPLETION_PENDING or CONNECTED after accept, CONNECTED "
                    + "after ESTABLISHED, DISCONNECTED after the peer disconnects")
    void passiveStates() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        assertEquals(EndpointState.UNCONNECTED, p.ep().state(), "before accept");
        cr.accept(p.ep(), null);
        final EndpointState after = p.ep().state();
        assertTrue(after == EndpointState.COMPLETION_PENDING || after == EndpointState.CONNECTED,
                "after accept: " + after);
        Rig.awaitConnection(p.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, p.ep().state(), "after ESTABLISHED");
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        a.ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(p.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Rig.awaitState(p.ep(), EndpointState.DISCONNECTED);
    }
}
