package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertPrivateData;
import static io.dat4j.conformance.Checks.assertStatus;
import static io.dat4j.conformance.Checks.pattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConnectionRequestParameters;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProviderAttributes;
import io.dat4j.PublicServicePoint;
import io.dat4j.ReservedServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.peer.PeerProcess;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Connection management: {@code dat_ep_connect}, {@code dat_cr_accept} (every seed rule CRA-01..12 and RA-04, RA-11),
 * {@code dat_cr_reject} (RJ-01..04), CR retrieval and lifetime (GR-01, GR-03, GR-04, CE-03), connect timeouts,
 * disconnect both ways, service points, and the two-process rules against a peer JVM.
 */
public abstract class ConnectionManagementConformance extends ConformanceBase {

    private static final Set<StatusType> REFUSED = Set.of(StatusType.INVALID_HANDLE, StatusType.INVALID_PARAMETER,
            StatusType.INVALID_STATE);

    /** For subclasses. */
    protected ConnectionManagementConformance() {
    }

    private ProviderAttributes attributes() {
        return rig().ia().providerAttributes();
    }

    private long freeQualifier(final InterfaceAdapter ia) {
        final EventDispatcher evd = rig().evd(ia, 4, EventStream.CR);
        final PublicServicePoint probe = ResourceTracker.track(ia.createPublicServicePointAny(evd,
                ServicePointFlag.CONSUMER));
        final long q = probe.connectionQualifier();
        probe.close();
        evd.close();
        return q;
    }

    private static void assertRefused(final String what, final Runnable call) {
        try {
            call.run();
            fail(what + ": expected the call to fail with one of " + REFUSED + ", but it succeeded");
        } catch (final DatException e) {
            assertTrue(REFUSED.contains(e.type()), what + ": expected one of " + REFUSED + ", got " + e.status());
        }
    }

    private static ConnectionRequest awaitRequest(final EventDispatcher crEvd) {
        final Event e = Rig.await(crEvd, "a connection request");
        return ResourceTracker.track(assertInstanceOf(ConnectionRequestEvent.class, e, "expected a request, got " + e)
                .request());
    }

    // ---- dat_cr_accept ----

    @Rule(id = "CRA-01", level = Level.REQUIRED,
            text = "Accept with an explicit EP connects both EPs: ESTABLISHED on the local connect EVD and on the "
                    + "active side's, each naming its EP; both EPs CONNECTED")
    void acceptExplicitEndpoint() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        rig().awaitRequest(l).accept(p.ep(), null);
        final ConnectionEvent pe = Rig.awaitConnection(p.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final ConnectionEvent ae = Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertSame(p.ep(), pe.endpoint(), "passive event names the passive EP");
        assertSame(a.ep(), ae.endpoint(), "active event names the active EP");
        assertSame(p.connectEvd(), pe.dispatcher(), "passive event's EVD");
        assertEquals(EndpointState.CONNECTED, p.ep().state(), "passive state");
        assertEquals(EndpointState.CONNECTED, a.ep().state(), "active state");
    }

    @Rule(id = "CRA-02-RSP", level = Level.CAPABILITY, requires = Capability.RSP,
            text = "Accept with a null EP on a request that arrived at an RSP uses the RSP's EP: it goes "
                    + "RESERVED -> PASSIVE_CONNECTION_PENDING -> CONNECTED with ESTABLISHED on its connect EVD")
    void acceptNullEndpointOnRsp() {
        final InterfaceAdapter pia = rig().peerIa();
        final Rig.Side p = rig().side(pia, null);
        final EventDispatcher crEvd = rig().evd(pia, 8, EventStream.CR);
        final long q = freeQualifier(pia);
        final ReservedServicePoint rsp = Rig.onFreedQualifier(() -> ResourceTracker.track(
                pia.createReservedServicePoint(q, p.ep(), crEvd)));
        assertEquals(EndpointState.RESERVED, p.ep().state(), "EP of a new RSP");
        final Rig.Side a = rig().side(rig().ia(), null);
        a.ep().connect(rig().addressOf(pia), q, ConformanceTimeouts.event(), null);
        final ConnectionRequest cr = awaitRequest(crEvd);
        assertSame(p.ep(), cr.query().endpoint(), "cr_query names the RSP's EP");
        assertSame(rsp, cr.query().servicePoint(), "cr_query names the RSP");
        assertEquals(EndpointState.PASSIVE_CONNECTION_PENDING, p.ep().state(), "EP with the request pending");
        cr.accept(null, null);
        Rig.awaitConnection(p.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, p.ep().state(), "state after ESTABLISHED");
    }

    @Rule(id = "CRA-02-PROVIDER", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "Accept with a null EP on a request of a PSP with the PROVIDER flag uses the provider-created EP "
                    + "(TENTATIVE_CONNECTION_PENDING), which becomes CONNECTED")
    void acceptNullEndpointProviderCreated() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.PROVIDER);
        final Rig.Side a = rig().side(rig().ia(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        final Endpoint ep = ResourceTracker.track(cr.query().endpoint());
        assertNotNull(ep, "a PROVIDER PSP's request names an EP");
        assertEquals(EndpointState.TENTATIVE_CONNECTION_PENDING, ep.state(), "provider-created EP state");
        cr.accept(null, null);
        Rig.awaitConnection(ep.query().connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, ep.state(), "state after ESTABLISHED");
    }

    @Rule(id = "CRA-03-RSP", level = Level.CAPABILITY, requires = Capability.RSP,
            text = "Passing an EP to accept when the request already names one (RSP) fails with INVALID_HANDLE or "
                    + "INVALID_PARAMETER with no effect: accept with null then succeeds")
    void acceptWithEndpointWhenRequestNamesOne() {
        final InterfaceAdapter pia = rig().peerIa();
        final Rig.Side p = rig().side(pia, null);
        final Rig.Side other = rig().side(pia, null);
        final EventDispatcher crEvd = rig().evd(pia, 8, EventStream.CR);
        final long q = freeQualifier(pia);
        Rig.onFreedQualifier(() -> ResourceTracker.track(
                pia.createReservedServicePoint(q, p.ep(), crEvd)));
        final Rig.Side a = rig().side(rig().ia(), null);
        a.ep().connect(rig().addressOf(pia), q, ConformanceTimeouts.event(), null);
        final ConnectionRequest cr = awaitRequest(crEvd);
        assertStatus("accept with an EP on an RSP request", () -> cr.accept(other.ep(), null),
                StatusType.INVALID_HANDLE, StatusType.INVALID_PARAMETER);
        assertEquals(EndpointState.UNCONNECTED, other.ep().state(), "the passed EP is untouched");
        assertEquals(EndpointState.PASSIVE_CONNECTION_PENDING, p.ep().state(), "the RSP's EP is untouched");
        Rig.assertQuiet(a.connectEvd(), "the active side sees nothing");
        cr.accept(null, null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    @Rule(id = "CRA-03-PROVIDER", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "Passing an EP to accept when the request names a provider-created EP fails with INVALID_HANDLE or "
                    + "INVALID_PARAMETER with no effect: accept with null then succeeds")
    void acceptWithEndpointWhenProviderCreated() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.PROVIDER);
        final Rig.Side other = rig().side(rig().peerIa(), null);
        final Rig.Side a = rig().side(rig().ia(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        ResourceTracker.track(cr.query().endpoint());
        assertStatus("accept with an EP on a PROVIDER request", () -> cr.accept(other.ep(), null),
                StatusType.INVALID_HANDLE, StatusType.INVALID_PARAMETER);
        assertEquals(EndpointState.UNCONNECTED, other.ep().state(), "the passed EP is untouched");
        cr.accept(null, null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    @Rule(id = "CRA-04", level = Level.REQUIRED,
            text = "Private data given to accept reaches the remote consumer with ESTABLISHED, for sizes 0 (null), 1 "
                    + "and max_accept_private_data")
    void acceptPrivateDataRoundTrips() {
        final int max = attributes().maxAcceptPrivateData();
        for (final int size : new int[] {0, 1, max}) {
            final byte[] pd = size == 0 ? null : pattern(size, size);
            final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
            final Rig.Side a = rig().side(rig().ia(), null);
            final Rig.Side p = rig().side(rig().peerIa(), null);
            rig().connect(a, l, null);
            rig().awaitRequest(l).accept(p.ep(), pd);
            final ConnectionEvent ae = Rig.awaitConnection(a.connectEvd(),
                    EventNumber.CONNECTION_EVENT_ESTABLISHED);
            assertPrivateData("accept private data of " + size + " bytes", pd, ae.privateData());
            assertEquals(size, ae.privateDataSize(), "private_data_size");
        }
    }

    @Rule(id = "RA-04", level = Level.REQUIRED,
            text = "Accept copies its private data: changing the array after the call does not change what the "
                    + "remote side receives; no private data arrives as none")
    void acceptCopiesPrivateData() {
        final int max = attributes().maxAcceptPrivateData();
        assumeTrue(max >= 4, "max_accept_private_data " + max + " is below 4");
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        final byte[] pd = {10, 20, 30, 40};
        rig().awaitRequest(l).accept(p.ep(), pd);
        pd[0] = 99;
        final ConnectionEvent ae = Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertPrivateData("accept private data", new byte[] {10, 20, 30, 40}, ae.privateData());
        final ConnectionEvent pe = Rig.awaitConnection(p.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(0, pe.privateDataSize(), "the passive ESTABLISHED carries no private data of its own");
    }

    @Rule(id = "CRA-05", level = Level.REQUIRED,
            text = "Accept with an EP that does not satisfy the request (CONNECTED, or of another IA) fails with no "
                    + "effect on that EP, the pending CR, its private data or the remote EP; the same CR is then "
                    + "accepted with a suitable EP")
    void acceptWithUnsuitableEndpointHasNoEffect() {
        final int max = attributes().maxConnectPrivateData();
        final byte[] pd = pattern(Math.min(16, max), 5);
        final Rig.Connection busy = rig().connect();
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side foreign = rig().side(rig().ia(), null);
        rig().connect(a, l, pd);
        final ConnectionRequest cr = rig().awaitRequest(l);
        assertRefused("accept with a CONNECTED EP", () -> cr.accept(busy.passive().ep(), null));
        assertEquals(EndpointState.CONNECTED, busy.passive().ep().state(), "the CONNECTED EP is untouched");
        assertRefused("accept with an EP of another IA", () -> cr.accept(foreign.ep(), null));
        assertEquals(EndpointState.UNCONNECTED, foreign.ep().state(), "the foreign EP is untouched");
        assertFalse(cr.isClosed(), "the CR is still pending");
        assertPrivateData("the CR's private data after the refused accepts", pd, cr.query().privateData());
        assertEquals(EndpointState.ACTIVE_CONNECTION_PENDING, a.ep().state(), "the remote EP is still pending");
        Rig.assertQuiet(a.connectEvd(), "the remote EP sees nothing");
        Rig.assertQuiet(busy.active().connectEvd(), "the busy connection's peer sees nothing");
        final Rig.Side p = rig().side(rig().peerIa(), null);
        cr.accept(p.ep(), null);
        Rig.awaitConnection(p.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, busy.passive().ep().state(), "the busy connection is still up");
    }

    @Rule(id = "CRA-06", level = Level.CAPABILITY, requires = Capability.CONNECT_TIMEOUT,
            text = "Accept after the active side timed out does not establish: ACCEPT_COMPLETION_ERROR arrives on the "
                    + "local EP's connect EVD")
    void acceptAfterActiveTimeout() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        a.ep().connect(rig().addressOf(l.ia()), l.psp().connectionQualifier(),
                ConformanceTimeouts.scaled(Duration.ofMillis(500)), null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        final ConnectionEvent to = Rig.awaitAnyConnection(a.connectEvd(), "TIMED_OUT");
        assertNotEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, to.number(), "the active side timed out");
        acceptExpectingCompletionError(cr, p);
        assertQuietOrNotEstablished(a.connectEvd());
    }

    private static void acceptExpectingCompletionError(final ConnectionRequest cr, final Rig.Side p) {
        try {
            cr.accept(p.ep(), null);
        } catch (final DatException e) {
            // A provider may also report the failure synchronously; the event must still come.
        }
        Rig.awaitConnection(p.connectEvd(), EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR);
    }

    private static void assertQuietOrNotEstablished(final EventDispatcher evd) {
        final Event e = evd.poll();
        if (e instanceof final ConnectionEvent ce) {
            assertNotEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, ce.number(), "no ESTABLISHED after timeout");
        }
    }

    @Rule(id = "CRA-06-GONE", level = Level.REQUIRED,
            text = "Accept after the requesting EP has gone (freed while pending) does not establish: "
                    + "ACCEPT_COMPLETION_ERROR arrives on the local EP's connect EVD")
    void acceptAfterRequesterGone() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        a.ep().close();
        acceptExpectingCompletionError(cr, p);
    }

    @Rule(id = "CRA-07", level = Level.REQUIRED,
            text = "When accept does not establish the connection, the EP goes to DISCONNECTED and every posted "
                    + "receive is flushed (FLUSHED, with its cookie) to its recv EVD")
    void failedAcceptFlushesReceives() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        final Rig.Buffer b = rig().buffer(p, 4096, MemoryPrivilege.LOCAL);
        p.ep().postRecv(b.triplet(0, 1024), 11);
        p.ep().postRecv(b.triplet(1024, 1024), 12);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        a.ep().close();
        acceptExpectingCompletionError(cr, p);
        Rig.awaitState(p.ep(), EndpointState.DISCONNECTED);
        for (final long cookie : new long[] {11, 12}) {
            final DtoCompletionEvent d = Rig.awaitDto(p.recvEvd(), "a flushed receive");
            assertEquals(DtoStatus.FLUSHED, d.status(), "status of a flushed receive");
            assertEquals(cookie, d.cookie(), "flushed in posting order");
            assertSame(p.ep(), d.endpoint(), "EP of the flushed receive");
        }
    }

    @Rule(id = "CRA-08", level = Level.REQUIRED,
            text = "A successful accept destroys the CR: later query, accept or reject fail with INVALID_HANDLE")
    void acceptConsumesRequest() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        final Rig.Side p2 = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        cr.accept(p.ep(), null);
        assertTrue(cr.isClosed(), "the CR is destroyed by accept");
        assertStatus("cr_query after accept", cr::query, StatusType.INVALID_HANDLE);
        assertStatus("cr_accept after accept", () -> cr.accept(p2.ep(), null), StatusType.INVALID_HANDLE);
        assertStatus("cr_reject after accept", () -> cr.reject(null), StatusType.INVALID_HANDLE);
        assertEquals(EndpointState.UNCONNECTED, p2.ep().state(), "the second EP is untouched");
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    @Rule(id = "CRA-09", level = Level.REQUIRED,
            text = "Accept with a freed EP, or with no EP where the request names none, fails with INVALID_HANDLE; "
                    + "the CR stays acceptable")
    void acceptWithInvalidEndpoint() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side dead = rig().side(rig().peerIa(), null);
        dead.ep().close();
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        assertStatus("accept with a freed EP", () -> cr.accept(dead.ep(), null), StatusType.INVALID_HANDLE);
        assertStatus("accept with no EP on a CONSUMER PSP", () -> cr.accept(null, null), StatusType.INVALID_HANDLE);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        cr.accept(p.ep(), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    @Rule(id = "RA-11", level = Level.REQUIRED,
            text = "Accept private data up to max_accept_private_data is carried; one byte more fails "
                    + "(INVALID_PARAMETER or LENGTH_ERROR) before anything is sent, and the CR stays acceptable")
    void acceptPrivateDataLimit() {
        final int max = attributes().maxAcceptPrivateData();
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        assertStatus("accept with max+1 bytes of private data", () -> cr.accept(p.ep(), new byte[max + 1]),
                StatusType.INVALID_PARAMETER, StatusType.LENGTH_ERROR);
        assertEquals(EndpointState.UNCONNECTED, p.ep().state(), "the EP is untouched");
        Rig.assertQuiet(a.connectEvd(), "nothing reached the active side");
        final byte[] pd = pattern(max, 9);
        cr.accept(p.ep(), pd);
        assertPrivateData("max accept private data", pd,
                Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED).privateData());
    }

    private void assertNotEstablished(final ConnectionRequest cr, final Rig.Side p, final Rig.Side a) {
        try {
            cr.accept(p.ep(), null);
        } catch (final DatException e) {
            try {
                cr.reject(null);
            } catch (final DatException ignored) {
                // the CR may be gone already
            }
            return;
        }
        final ConnectionEvent pe = Rig.awaitAnyConnection(p.connectEvd(), "the failed establishment");
        assertNotEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, pe.number(),
                "the passive side must not be ESTABLISHED");
        final ConnectionEvent ae = Rig.awaitAnyConnection(a.connectEvd(), "the failed establishment");
        assertNotEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, ae.number(),
                "the active side must not be ESTABLISHED");
    }

    @Rule(id = "CRA-10", level = Level.REQUIRED,
            text = "Establishment fails when the accepting EP's RDMA Read outgoing exceeds the requester's incoming, "
                    + "or its incoming is below the requester's outgoing")
    void rdmaReadDepthsMustMatch() {
        final io.dat4j.InterfaceAdapterAttributes ia = rig().ia().attributes();
        assumeTrue(ia.maxRdmaReadPerEndpointIn() >= 1 && ia.maxRdmaReadPerEndpointOut() >= 1,
                "the IA allows no outstanding RDMA Read");
        final EndpointAttributes zero = EndpointAttributes.builder().maxRdmaReadIn(0).maxRdmaReadOut(0).build();
        final EndpointAttributes outOne = EndpointAttributes.builder().maxRdmaReadIn(0).maxRdmaReadOut(1).build();
        for (final boolean outgoingTooLarge : new boolean[] {true, false}) {
            final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
            final Rig.Side a = rig().side(rig().ia(), outgoingTooLarge ? zero : outOne);
            final Rig.Side p = rig().side(rig().peerIa(), outgoingTooLarge ? outOne : zero);
            rig().connect(a, l, null);
            assertNotEstablished(rig().awaitRequest(l), p, a);
        }
    }

    @Rule(id = "CRA-11", level = Level.REQUIRED,
            text = "Both RDMA Read depths at 0 are valid: the connection carries sends, but an RDMA Read fails "
                    + "(synchronously or with an error completion)")
    void zeroRdmaReadDepths() {
        final EndpointAttributes zero = EndpointAttributes.builder().maxRdmaReadIn(0).maxRdmaReadOut(0).build();
        final Rig.Connection c = rig().connect(zero, zero);
        final Rig.Buffer src = rig().buffer(c.active(), 256, MemoryPrivilege.ALL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 256, MemoryPrivilege.ALL);
        Checks.fill(src.segment(), 3);
        c.passive().ep().postRecv(dst.triplet(), 1);
        c.active().ep().postSend(src.triplet(), 2);
        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(c.passive().recvEvd(), "receive").status(), "receive");
        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(c.active().requestEvd(), "send").status(), "send");
        Checks.assertPattern("received data", dst.segment(), 3);
        try {
            c.active().ep().postRdmaRead(java.util.List.of(src.triplet()), 3, dst.remote(),
                    io.dat4j.CompletionFlag.DEFAULT);
        } catch (final DatException e) {
            return;
        }
        final DtoCompletionEvent d = Rig.awaitDto(c.active().requestEvd(), "the RDMA Read");
        assertNotEquals(DtoStatus.SUCCESS, d.status(), "an RDMA Read with depth 0 must not succeed");
    }

    @Rule(id = "CRA-12", level = Level.REQUIRED,
            text = "RDMA Read depths left to the provider are resolved by establishment: query shows values >= 0 "
                    + "that fit each other (active out <= passive in, passive out <= active in)")
    void defaultRdmaReadDepthsAreVisible() {
        final Rig.Connection c = rig().connect();
        final EndpointAttributes a = c.active().ep().query().attributes();
        final EndpointAttributes p = c.passive().ep().query().attributes();
        assertTrue(a.maxRdmaReadIn() >= 0 && a.maxRdmaReadOut() >= 0, "active depths resolved: " + a);
        assertTrue(p.maxRdmaReadIn() >= 0 && p.maxRdmaReadOut() >= 0, "passive depths resolved: " + p);
        assertTrue(a.maxRdmaReadOut() <= p.maxRdmaReadIn(), "active out " + a.maxRdmaReadOut() + " <= passive in "
                + p.maxRdmaReadIn());
        assertTrue(p.maxRdmaReadOut() <= a.maxRdmaReadIn(), "passive out " + p.maxRdmaReadOut() + " <= active in "
                + a.maxRdmaReadIn());
    }

    // ---- dat_ep_connect private data ----

    @Rule(id = "RC-03", level = Level.REQUIRED,
            text = "Connect private data reaches the passive side unchanged for sizes 0, 1 and "
                    + "max_connect_private_data; one byte more fails with LENGTH_ERROR and leaves the EP UNCONNECTED")
    void connectPrivateData() {
        final int max = attributes().maxConnectPrivateData();
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        for (final int size : new int[] {0, 1, max}) {
            final byte[] pd = size == 0 ? null : pattern(size, 100 + size);
            final Rig.Side a = rig().side(rig().ia(), null);
            rig().connect(a, l, pd);
            final ConnectionRequest cr = rig().awaitRequest(l);
            assertPrivateData("connect private data of " + size + " bytes", pd, cr.query().privateData());
            cr.reject(null);
        }
        final Rig.Side a = rig().side(rig().ia(), null);
        assertStatus("connect with max+1 bytes", () -> rig().connect(a, l, new byte[max + 1]),
                StatusType.LENGTH_ERROR);
        assertEquals(EndpointState.UNCONNECTED, a.ep().state(), "state after the refused connect");
        Rig.assertQuiet(l.crEvd(), "no request reaches the PSP");
    }

    // ---- dat_cr_reject ----

    @Rule(id = "RJ-01", level = Level.REQUIRED,
            text = "The listener rejects a request: the active side gets PEER_REJECTED naming its EP, which ends "
                    + "DISCONNECTED")
    void reject() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        rig().connect(a, l, null);
        rig().awaitRequest(l).reject(null);
        final ConnectionEvent e = Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_PEER_REJECTED);
        assertSame(a.ep(), e.endpoint(), "the event names the active EP");
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
    }

    @Rule(id = "RJ-02", level = Level.CAPABILITY, requires = Capability.REJECT_PRIVATE_DATA,
            text = "Private data given to reject reaches the active side with PEER_REJECTED, up to "
                    + "max_reject_private_data; one byte more fails and the CR stays pending")
    void rejectWithPrivateData() {
        final int max = attributes().maxRejectPrivateData();
        assumeTrue(max > 0, "max_reject_private_data is 0");
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        for (final int size : new int[] {1, max}) {
            final Rig.Side a = rig().side(rig().ia(), null);
            rig().connect(a, l, null);
            final ConnectionRequest cr = rig().awaitRequest(l);
            if (size == max) {
                assertStatus("reject with max+1 bytes", () -> cr.reject(new byte[max + 1]),
                        StatusType.INVALID_PARAMETER, StatusType.LENGTH_ERROR);
                assertFalse(cr.isClosed(), "the CR is still pending");
            }
            final byte[] pd = pattern(size, 200 + size);
            cr.reject(pd);
            final ConnectionEvent e = Rig.awaitConnection(a.connectEvd(),
                    EventNumber.CONNECTION_EVENT_PEER_REJECTED);
            assertPrivateData("reject private data of " + size + " bytes", pd, e.privateData());
        }
    }

    @Rule(id = "RJ-03", level = Level.REQUIRED,
            text = "A connect to a qualifier nobody listens on is rejected by the transport, told apart from a "
                    + "consumer reject: NON_PEER_REJECTED or UNREACHABLE, and the EP ends DISCONNECTED")
    void connectToNobody() {
        final long q = freeQualifier(rig().peerIa());
        final Rig.Side a = rig().side(rig().ia(), null);
        a.ep().connect(rig().addressOf(rig().peerIa()), q, ConformanceTimeouts.event(), null);
        final ConnectionEvent e = Rig.awaitAnyConnection(a.connectEvd(), "NON_PEER_REJECTED or UNREACHABLE");
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED
                || e.number() == EventNumber.CONNECTION_EVENT_UNREACHABLE, "event " + e.number());
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
    }

    @Rule(id = "RJ-04", level = Level.REQUIRED,
            text = "After reject the CR is gone: query, accept and reject fail with INVALID_HANDLE")
    void rejectConsumesRequest() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        cr.reject(null);
        assertTrue(cr.isClosed(), "the CR is destroyed by reject");
        assertStatus("cr_query after reject", cr::query, StatusType.INVALID_HANDLE);
        assertStatus("cr_accept after reject", () -> cr.accept(p.ep(), null), StatusType.INVALID_HANDLE);
        assertStatus("cr_reject after reject", () -> cr.reject(null), StatusType.INVALID_HANDLE);
        assertEquals(EndpointState.UNCONNECTED, p.ep().state(), "the EP is untouched");
    }

    @Rule(id = "RJ-04-RSP", level = Level.CAPABILITY, requires = Capability.RSP,
            text = "After reject of a request at an RSP, the RSP's EP is back to UNCONNECTED")
    void rejectReturnsRspEndpoint() {
        final InterfaceAdapter pia = rig().peerIa();
        final Rig.Side p = rig().side(pia, null);
        final EventDispatcher crEvd = rig().evd(pia, 8, EventStream.CR);
        final long q = freeQualifier(pia);
        Rig.onFreedQualifier(() -> ResourceTracker.track(
                pia.createReservedServicePoint(q, p.ep(), crEvd)));
        final Rig.Side a = rig().side(rig().ia(), null);
        a.ep().connect(rig().addressOf(pia), q, ConformanceTimeouts.event(), null);
        final ConnectionRequest cr = awaitRequest(crEvd);
        cr.reject(null);
        assertEquals(EndpointState.UNCONNECTED, p.ep().state(), "the RSP's EP after reject");
        assertStatus("cr_query after reject", cr::query, StatusType.INVALID_HANDLE);
    }

    @Rule(id = "RJ-04-PROVIDER", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "After reject of a request with a provider-created EP, that EP is freed")
    void rejectFreesProviderEndpoint() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.PROVIDER);
        final Rig.Side a = rig().side(rig().ia(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        final Endpoint ep = ResourceTracker.track(cr.query().endpoint());
        cr.reject(null);
        assertTrue(ep.isClosed(), "the provider-created EP is freed by reject");
    }

    // ---- CR retrieval and lifetime ----

    @Rule(id = "GR-01", level = Level.REQUIRED,
            text = "Waiting on a CR EVD with no request pending times out with TIMEOUT_EXPIRED; a blocked wait "
                    + "returns the request when one arrives")
    void waitForRequest() throws Exception {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        assertStatus("wait on an empty CR EVD", () -> l.crEvd().await(ConformanceTimeouts.quiet()),
                StatusType.TIMEOUT_EXPIRED);
        final CompletableFuture<Event> waiter = new CompletableFuture<>();
        final Thread t = new Thread(() -> {
            try {
                waiter.complete(l.crEvd().await(ConformanceTimeouts.event()));
            } catch (final RuntimeException e) {
                waiter.completeExceptionally(e);
            }
        }, "dat-conformance-cr-waiter");
        t.setDaemon(true);
        t.start();
        Rig.awaitBlocked(t);
        final Rig.Side a = rig().side(rig().ia(), null);
        rig().connect(a, l, null);
        final Event e = waiter.get(ConformanceTimeouts.event().toMillis() * 2, TimeUnit.MILLISECONDS);
        final ConnectionRequestEvent cre = assertInstanceOf(ConnectionRequestEvent.class, e);
        assertSame(l.psp(), cre.servicePoint(), "sp_handle");
        assertEquals(l.psp().connectionQualifier(), cre.connectionQualifier(), "conn_qual");
        ResourceTracker.track(cre.request()).reject(null);
    }

    @Rule(id = "GR-03", level = Level.REQUIRED,
            text = "Each request yields its own CR holding that request's data until accepted, rejected or "
                    + "destroyed; destroying (close) a pending CR rejects it")
    void eachRequestHasItsOwnHandle() {
        assumeTrue(attributes().maxConnectPrivateData() >= 1, "no connect private data");
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a1 = rig().side(rig().ia(), null);
        final Rig.Side a2 = rig().side(rig().ia(), null);
        rig().connect(a1, l, new byte[] {1});
        final ConnectionRequest cr1 = rig().awaitRequest(l);
        rig().connect(a2, l, new byte[] {2});
        final ConnectionRequest cr2 = rig().awaitRequest(l);
        assertNotSame(cr1, cr2, "two requests, two CRs");
        final ConnectionRequestParameters q1 = cr1.query();
        final ConnectionRequestParameters q2 = cr2.query();
        assertPrivateData("first CR", new byte[] {1}, q1.privateData());
        assertPrivateData("second CR", new byte[] {2}, q2.privateData());
        assertEquals(l.psp().connectionQualifier(), q1.connectionQualifier(), "qualifier");
        assertNotNull(q1.remoteAddress(), "remote address");
        cr1.close();
        assertTrue(cr1.isClosed(), "a closed CR is destroyed");
        final ConnectionEvent e = Rig.awaitAnyConnection(a1.connectEvd(), "a reject");
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_PEER_REJECTED
                || e.number() == EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, "event " + e.number());
        final Rig.Side p = rig().side(rig().peerIa(), null);
        assertPrivateData("second CR after the first was destroyed", new byte[] {2}, cr2.query().privateData());
        cr2.accept(p.ep(), null);
        Rig.awaitConnection(a2.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    @Rule(id = "GR-04", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "A request at a PSP with the PROVIDER flag comes with an EP already allocated: "
                    + "TENTATIVE_CONNECTION_PENDING, with a PZ and a connect EVD that takes CONNECTION events")
    void providerCreatedEndpointComesWithRequest() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.PROVIDER);
        final Rig.Side a = rig().side(rig().ia(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        final Endpoint ep = ResourceTracker.track(cr.query().endpoint());
        assertNotNull(ep, "the request's EP");
        assertEquals(EndpointState.TENTATIVE_CONNECTION_PENDING, ep.state(), "state");
        assertNotNull(ep.query().protectionZone(), "PZ");
        assertTrue(ep.query().connectEvd().streams().contains(EventStream.CONNECTION), "connect EVD");
        assertStatus("ep_free while TENTATIVE_CONNECTION_PENDING", ep::close, StatusType.INVALID_STATE);
        cr.reject(null);
    }

    @Rule(id = "CE-04", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "A provider-created EP starts in the IA's default PZ and refuses LMRs of other PZs (LOCAL_PROTECTION"
                    + " or PROTECTION_VIOLATION); dat_ep_modify of its PZ while TENTATIVE_CONNECTION_PENDING moves it, "
                    + "and data then flows; once connected the PZ cannot change (INVALID_STATE)")
    void providerCreatedEndpointProtectionZone() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.PROVIDER);
        final Rig.Side a = rig().side(rig().ia(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        final Endpoint ep = ResourceTracker.track(cr.query().endpoint());
        final io.dat4j.ProtectionZone initial = ep.query().protectionZone();
        assertNotNull(initial, "the IA's default PZ");
        final io.dat4j.ProtectionZone pz = rig().pz(rig().peerIa());
        final Rig.Buffer dst = rig().buffer(rig().peerIa(), pz, 64, MemoryPrivilege.LOCAL);
        try {
            ep.postRecv(dst.triplet(), 1);
            final DtoCompletionEvent d = Rig.awaitDto(ep.query().recvEvd(), "receive into another PZ's LMR");
            assertEquals(DtoStatus.LOCAL_PROTECTION, d.status(), "status of a receive into another PZ's LMR");
        } catch (final DatException e) {
            assertEquals(StatusType.PROTECTION_VIOLATION, e.type(), "receive into another PZ's LMR: " + e.status());
        }
        ep.modifyProtectionZone(pz);
        assertSame(pz, ep.query().protectionZone(), "the PZ after dat_ep_modify");
        ep.postRecv(dst.triplet(), 2);
        cr.accept(null, null);
        Rig.awaitConnection(ep.query().connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final Rig.Buffer src = rig().buffer(a, 64, MemoryPrivilege.LOCAL);
        Checks.fill(src.segment(), 21);
        a.ep().postSend(src.triplet(), 3);
        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(a.requestEvd(), "the send").status(), "send status");
        final DtoCompletionEvent r = Rig.awaitDto(ep.query().recvEvd(), "the receive");
        assertEquals(DtoStatus.SUCCESS, r.status(), "receive status");
        assertEquals(2, r.cookie(), "receive cookie");
        Checks.assertPattern("data received in the new PZ", dst.segment(), 21);
        assertStatus("dat_ep_modify of the PZ while CONNECTED", () -> ep.modifyProtectionZone(initial),
                StatusType.INVALID_STATE);
    }

    @Rule(id = "CE-03", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "Every request at a PROVIDER PSP gets its own EP built from the PSP's settings; both connect")
    void eachRequestGetsItsOwnEndpoint() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.PROVIDER);
        final Rig.Side a1 = rig().side(rig().ia(), null);
        final Rig.Side a2 = rig().side(rig().ia(), null);
        rig().connect(a1, l, null);
        final ConnectionRequest cr1 = rig().awaitRequest(l);
        rig().connect(a2, l, null);
        final ConnectionRequest cr2 = rig().awaitRequest(l);
        final Endpoint e1 = ResourceTracker.track(cr1.query().endpoint());
        final Endpoint e2 = ResourceTracker.track(cr2.query().endpoint());
        assertNotSame(e1, e2, "two requests, two EPs");
        cr1.accept(null, null);
        cr2.accept(null, null);
        Rig.awaitConnection(a1.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitConnection(a2.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitState(e1, EndpointState.CONNECTED);
        Rig.awaitState(e2, EndpointState.CONNECTED);
    }

    // ---- connect timeout, disconnect ----

    @Rule(id = "CM-01", level = Level.CAPABILITY, requires = Capability.CONNECT_TIMEOUT,
            text = "A connect that no one answers within its timeout ends with TIMED_OUT and the EP DISCONNECTED")
    void connectTimeout() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        a.ep().connect(rig().addressOf(l.ia()), l.psp().connectionQualifier(),
                ConformanceTimeouts.scaled(Duration.ofMillis(500)), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_TIMED_OUT);
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
    }

    private void assertDisconnectBothWays(final boolean activeDisconnects) {
        final Rig.Connection c = rig().connect();
        final Rig.Side local = activeDisconnects ? c.active() : c.passive();
        final Rig.Side remote = activeDisconnects ? c.passive() : c.active();
        final Rig.Buffer lb = rig().buffer(local, 64, MemoryPrivilege.LOCAL);
        final Rig.Buffer rb = rig().buffer(remote, 64, MemoryPrivilege.LOCAL);
        local.ep().postRecv(lb.triplet(), 21);
        remote.ep().postRecv(rb.triplet(), 22);
        local.ep().disconnect(CloseMode.ABRUPT);
        final ConnectionEvent le = Rig.awaitConnection(local.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertSame(local.ep(), le.endpoint(), "local event's EP");
        final ConnectionEvent re = Rig.awaitAnyConnection(remote.connectEvd(), "DISCONNECTED");
        assertTrue(re.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || re.number() == EventNumber.CONNECTION_EVENT_BROKEN, "remote event " + re.number());
        Rig.awaitState(local.ep(), EndpointState.DISCONNECTED);
        Rig.awaitState(remote.ep(), EndpointState.DISCONNECTED);
        for (final Rig.Side s : new Rig.Side[] {local, remote}) {
            final DtoCompletionEvent d = Rig.awaitDto(s.recvEvd(), "the flushed receive");
            assertEquals(DtoStatus.FLUSHED, d.status(), "a posted receive is flushed by disconnect");
            assertEquals(DtoOperation.RECEIVE, d.operation(), "operation");
        }
    }

    @Rule(id = "CM-02", level = Level.REQUIRED,
            text = "A disconnect by the active side: DISCONNECTED on both connect EVDs, both EPs DISCONNECTED, posted "
                    + "receives FLUSHED on both sides")
    void activeDisconnect() {
        assertDisconnectBothWays(true);
    }

    @Rule(id = "CM-03", level = Level.REQUIRED,
            text = "A disconnect by the passive side: DISCONNECTED on both connect EVDs, both EPs DISCONNECTED, "
                    + "posted receives FLUSHED on both sides")
    void passiveDisconnect() {
        assertDisconnectBothWays(false);
    }

    @Rule(id = "CM-04", level = Level.REQUIRED,
            text = "A disconnect while ACTIVE_CONNECTION_PENDING aborts the connect: DISCONNECTED is posted and the "
                    + "EP is DISCONNECTED; a later accept of the request does not establish")
    void disconnectPendingConnect() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        a.ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
        acceptExpectingCompletionError(cr, p);
        assertQuietOrNotEstablished(a.connectEvd());
    }

    @Rule(id = "CM-05", level = Level.CAPABILITY, requires = Capability.GRACEFUL_DISCONNECT,
            text = "A GRACEFUL disconnect lets an outstanding send complete successfully before DISCONNECTED")
    void gracefulDisconnect() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer src = rig().buffer(c.active(), 65536, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 65536, MemoryPrivilege.LOCAL);
        Checks.fill(src.segment(), 8);
        c.passive().ep().postRecv(dst.triplet(), 1);
        c.active().ep().postSend(src.triplet(), 2);
        c.active().ep().disconnect(CloseMode.GRACEFUL);
        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(c.active().requestEvd(), "the send").status(), "send status");
        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(c.passive().recvEvd(), "the receive").status(),
                "receive status");
        Checks.assertPattern("data sent before a graceful disconnect", dst.segment(), 8);
        Rig.awaitConnection(c.active().connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
    }

    @Rule(id = "CM-06", level = Level.REQUIRED,
            text = "A DISCONNECTED EP that is reset connects again")
    void resetAndReconnect() {
        final Rig.Connection c = rig().connect();
        c.active().ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(c.active().connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Rig.awaitState(c.active().ep(), EndpointState.DISCONNECTED);
        c.active().ep().reset();
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(c.active(), l, null);
        rig().awaitRequest(l).accept(p.ep(), null);
        Rig.awaitConnection(c.active().connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, c.active().ep().state(), "reconnected");
    }

    // ---- service points ----

    @Rule(id = "CM-07", level = Level.REQUIRED,
            text = "dat_psp_create on a qualifier already listened on fails with CONN_QUAL_IN_USE")
    void qualifierInUse() {
        final Rig.Listener l = rig().listen(rig().ia(), ServicePointFlag.CONSUMER);
        final EventDispatcher evd = rig().evd(rig().ia(), 4, EventStream.CR);
        assertStatus("psp_create on a used qualifier", () -> ResourceTracker.track(rig().ia()
                .createPublicServicePoint(l.psp().connectionQualifier(), evd, ServicePointFlag.CONSUMER)),
                StatusType.CONN_QUAL_IN_USE);
    }

    @Rule(id = "CM-08", level = Level.REQUIRED,
            text = "dat_psp_create_any picks distinct qualifiers; dat_psp_create on a free qualifier listens there; "
                    + "a PSP needs an EVD with the CR flag")
    void serviceQualifiers() {
        final Rig.Listener l1 = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Listener l2 = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        assertNotEquals(l1.psp().connectionQualifier(), l2.psp().connectionQualifier(), "distinct qualifiers");
        final long q = freeQualifier(rig().peerIa());
        final EventDispatcher evd = rig().evd(rig().peerIa(), 4, EventStream.CR);
        final PublicServicePoint psp = Rig.onFreedQualifier(() -> ResourceTracker.track(rig().peerIa()
                .createPublicServicePoint(q, evd, ServicePointFlag.CONSUMER)));
        assertEquals(q, psp.connectionQualifier(), "qualifier");
        final Rig.Side a = rig().side(rig().ia(), null);
        a.ep().connect(rig().addressOf(rig().peerIa()), q, ConformanceTimeouts.event(), null);
        awaitRequest(evd).reject(null);
        final EventDispatcher dto = rig().evd(rig().peerIa(), 4, EventStream.DTO);
        assertStatus("psp_create with a DTO EVD", () -> ResourceTracker.track(rig().peerIa()
                .createPublicServicePointAny(dto, ServicePointFlag.CONSUMER)), StatusType.INVALID_HANDLE,
                StatusType.INVALID_PARAMETER);
    }

    @Rule(id = "CM-14", level = Level.REQUIRED,
            text = "dat_psp_free releases its qualifier at once: a PSP created on it right after the free succeeds, "
                    + "and takes requests")
    void freedQualifierIsReusable() {
        final InterfaceAdapter pia = rig().peerIa();
        for (int i = 0; i < 3; i++) {
            final long q = freeQualifier(pia);
            final EventDispatcher evd = rig().evd(pia, 4, EventStream.CR);
            final PublicServicePoint psp = ResourceTracker.track(pia.createPublicServicePoint(q, evd,
                    ServicePointFlag.CONSUMER));
            final Rig.Side a = rig().side(rig().ia(), null);
            a.ep().connect(rig().addressOf(pia), q, ConformanceTimeouts.event(), null);
            awaitRequest(evd).reject(null);
            psp.close();
        }
    }

    @Rule(id = "CM-09", level = Level.REQUIRED,
            text = "dat_psp_free stops listening (a later connect is refused as NON_PEER_REJECTED or UNREACHABLE "
                    + "and delivers nothing) but a request delivered before stays valid and can be accepted")
    void freeServicePoint() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        final long q = l.psp().connectionQualifier();
        l.psp().close();
        final Rig.Side p = rig().side(rig().peerIa(), null);
        cr.accept(p.ep(), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final Rig.Side late = rig().side(rig().ia(), null);
        late.ep().connect(rig().addressOf(rig().peerIa()), q, ConformanceTimeouts.event().multipliedBy(3), null);
        final ConnectionEvent e = Rig.awaitAnyConnection(late.connectEvd(), "a reject");
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED
                || e.number() == EventNumber.CONNECTION_EVENT_UNREACHABLE, "a connect after psp_free is refused by "
                + "the transport, got " + e.number());
        Rig.assertQuiet(l.crEvd(), "no request is delivered after psp_free");
    }

    @Rule(id = "CM-10", level = Level.CAPABILITY, requires = Capability.RSP,
            text = "An RSP takes one request only: a second connect to its qualifier is not delivered and not "
                    + "established; the RSP's EP cannot be freed while RESERVED or PASSIVE_CONNECTION_PENDING")
    void reservedServicePointIsSingleShot() {
        final InterfaceAdapter pia = rig().peerIa();
        final Rig.Side p = rig().side(pia, null);
        final EventDispatcher crEvd = rig().evd(pia, 8, EventStream.CR);
        final long q = freeQualifier(pia);
        Rig.onFreedQualifier(() -> ResourceTracker.track(
                pia.createReservedServicePoint(q, p.ep(), crEvd)));
        assertStatus("ep_free while RESERVED", p.ep()::close, StatusType.INVALID_STATE);
        final Rig.Side a1 = rig().side(rig().ia(), null);
        a1.ep().connect(rig().addressOf(pia), q, ConformanceTimeouts.event(), null);
        final ConnectionRequest cr = awaitRequest(crEvd);
        assertStatus("ep_free while PASSIVE_CONNECTION_PENDING", p.ep()::close, StatusType.INVALID_STATE);
        final Rig.Side a2 = rig().side(rig().ia(), null);
        a2.ep().connect(rig().addressOf(pia), q, ConformanceTimeouts.event(), null);
        final ConnectionEvent e = Rig.awaitAnyConnection(a2.connectEvd(), "a reject of the second request");
        assertNotEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, e.number(), "second request");
        Rig.assertQuiet(crEvd, "no second request is delivered");
        cr.accept(null, null);
        Rig.awaitConnection(a1.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    @Rule(id = "CM-11", level = Level.REQUIRED,
            text = "dat_cr_query gives the requester's address, the qualifier and service point, and the RDMA Read "
                    + "depths the requester asked for; dat_ep_query of connected EPs gives both addresses")
    void requestAndEndpointAddresses() {
        final io.dat4j.InterfaceAdapterAttributes ia = rig().ia().attributes();
        final int in = Math.min(2, ia.maxRdmaReadPerEndpointIn());
        final int out = Math.min(1, ia.maxRdmaReadPerEndpointOut());
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), EndpointAttributes.builder().maxRdmaReadIn(in)
                .maxRdmaReadOut(out).build());
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        final ConnectionRequestParameters q = cr.query();
        assertNotNull(q.remoteAddress(), "remote_ia_address");
        assertEquals(rig().addressOf(rig().ia()), q.remoteAddress().getAddress(), "requester's address");
        assertSame(l.psp(), q.servicePoint(), "service point");
        assertEquals(in, q.requestedRdmaReadIn(), "requested RDMA Read in");
        assertEquals(out, q.requestedRdmaReadOut(), "requested RDMA Read out");
        cr.accept(p.ep(), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitConnection(p.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertNotNull(a.ep().query().remoteAddress(), "active EP's remote address");
        assertNotNull(p.ep().query().remoteAddress(), "passive EP's remote address");
        assertNotNull(a.ep().query().localAddress(), "active EP's local address");
    }

    @Rule(id = "CM-12", level = Level.CAPABILITY, requires = Capability.DUP_CONNECT,
            text = "dat_ep_dup_connect connects a second EP to the same peer as a connected one")
    void dupConnect() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l, null);
        rig().awaitRequest(l).accept(p.ep(), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final Rig.Side a2 = rig().side(rig().ia(), null);
        final Rig.Side p2 = rig().side(rig().peerIa(), null);
        a2.ep().dupConnect(a.ep(), ConformanceTimeouts.event(), null);
        rig().awaitRequest(l).accept(p2.ep(), null);
        Rig.awaitConnection(a2.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    @Rule(id = "CM-13", level = Level.CAPABILITY, requires = Capability.CR_HANDOFF,
            text = "dat_cr_handoff moves a pending request to another service point of the IA, where it arrives and "
                    + "can be accepted")
    void handoff() {
        final Rig.Listener l1 = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Listener l2 = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Side p = rig().side(rig().peerIa(), null);
        rig().connect(a, l1, null);
        rig().awaitRequest(l1).handoff(l2.psp().connectionQualifier());
        rig().awaitRequest(l2).accept(p.ep(), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    // ---- two processes ----

    private PeerProcess peer() {
        assumeTrue(rig().fixture().peer().isPresent(), "the fixture offers no second JVM");
        return rig().startPeer();
    }

    @Rule(id = "XP-01", level = Level.CAPABILITY, requires = Capability.INTER_PROCESS, timeoutSeconds = 90,
            text = "Across two processes: connect with private data to a peer JVM that accepts with private data; "
                    + "both sides see the other's bytes")
    void interProcessAccept() {
        final PeerProcess peer = peer();
        final byte[] theirs = pattern(Math.min(8, attributes().maxAcceptPrivateData()), 31);
        final byte[] ours = pattern(Math.min(8, attributes().maxConnectPrivateData()), 32);
        final long q = peer.listen(PeerProcess.Mode.ACCEPT, theirs);
        final Rig.Side a = rig().side(rig().ia(), null);
        a.ep().connect(peer.address(), q, ConformanceTimeouts.event(), ours);
        final ConnectionEvent e = Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertPrivateData("the peer's accept private data", theirs, e.privateData());
        final String outcome = peer.outcome();
        assertEquals("OUTCOME ESTABLISHED " + (ours.length == 0 ? "-" : HexFormat.of().formatHex(ours)), outcome,
                "the peer's view");
        a.ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
    }

    @Rule(id = "XP-02", level = Level.CAPABILITY, requires = Capability.INTER_PROCESS, timeoutSeconds = 90,
            text = "Across two processes: a peer JVM that rejects with private data gives PEER_REJECTED with those "
                    + "bytes (none when the provider lacks REJECT_PRIVATE_DATA)")
    void interProcessReject() {
        final PeerProcess peer = peer();
        final boolean withData = rig().ia().supports(Capability.REJECT_PRIVATE_DATA)
                && attributes().maxRejectPrivateData() > 0;
        final byte[] theirs = withData ? pattern(Math.min(8, attributes().maxRejectPrivateData()), 33) : null;
        final long q = peer.listen(PeerProcess.Mode.REJECT, theirs);
        final Rig.Side a = rig().side(rig().ia(), null);
        a.ep().connect(peer.address(), q, ConformanceTimeouts.event(), null);
        final ConnectionEvent e = Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_PEER_REJECTED);
        if (withData) {
            assertPrivateData("the peer's reject private data", theirs, e.privateData());
        }
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
    }

    @Rule(id = "XP-03", level = Level.CAPABILITY, requires = Capability.INTER_PROCESS, timeoutSeconds = 120,
            text = "Across two processes: messages of 1 B to 1 MiB sent to an echoing peer JVM come back unchanged")
    void interProcessEcho() {
        final PeerProcess peer = peer();
        final long q = peer.listen(PeerProcess.Mode.ECHO, null);
        final Rig.Side a = rig().side(rig().ia(), null);
        final int max = (int) Math.min(1 << 20, a.ep().query().attributes().maxMessageSize());
        final Rig.Buffer out = rig().buffer(a, max, MemoryPrivilege.LOCAL);
        final Rig.Buffer in = rig().buffer(a, max, MemoryPrivilege.LOCAL);
        a.ep().connect(peer.address(), q, ConformanceTimeouts.event(), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        int messages = 0;
        for (int size = 1; size <= max; size *= 16) {
            final MemorySegment src = out.segment().asSlice(0, size);
            Checks.fill(src, size);
            a.ep().postRecv(in.triplet(0, size), size);
            a.ep().postSend(out.triplet(0, size), -size);
            assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(a.requestEvd(), "send").status(), "send");
            final DtoCompletionEvent r = Rig.awaitDto(a.recvEvd(), "the echo");
            assertEquals(DtoStatus.SUCCESS, r.status(), "echo status");
            assertEquals(size, r.transferredLength(), "echo length");
            Checks.assertPattern("echo of " + size + " bytes", in.segment().asSlice(0, size), size);
            messages++;
        }
        a.ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertEquals("OUTCOME ECHOED " + messages, peer.outcome(), "the peer echoed every message");
    }

    @Rule(id = "XP-04", level = Level.CAPABILITY, requires = Capability.INTER_PROCESS, timeoutSeconds = 90,
            text = "Across two processes: when the peer JVM quits, the connected EP gets DISCONNECTED (or BROKEN), "
                    + "its posted receive is flushed, and the peer exits 0")
    void interProcessPeerQuits() {
        final PeerProcess peer = peer();
        final long q = peer.listen(PeerProcess.Mode.ACCEPT, null);
        final Rig.Side a = rig().side(rig().ia(), null);
        final Rig.Buffer in = rig().buffer(a, 64, MemoryPrivilege.LOCAL);
        a.ep().postRecv(in.triplet(), 5);
        a.ep().connect(peer.address(), q, ConformanceTimeouts.event(), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        peer.outcome();
        assertEquals(0, peer.quit(), "peer exit code");
        final ConnectionEvent e = Rig.awaitAnyConnection(a.connectEvd(), "DISCONNECTED");
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || e.number() == EventNumber.CONNECTION_EVENT_BROKEN, "event " + e.number());
        assertEquals(DtoStatus.FLUSHED, Rig.awaitDto(a.recvEvd(), "the flushed receive").status(), "flushed");
    }
}
