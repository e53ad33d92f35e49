package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertPrivateData;
import static io.dat4j.conformance.Checks.assertStatus;
import static io.dat4j.conformance.Checks.pattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Capability;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;
import java.time.Duration;
import java.util.Set;

/**
 * Connection establishment: {@code dat_cr_accept} with an explicit EP, an RSP's EP or a provider-created EP, accepts
 * that must fail with no effect or must not establish (CRA-01..03, CRA-05..12 of the seed rules), RDMA Read depths,
 * and {@code dat_ep_dup_connect}. Part of {@link ConnectionManagementConformance}; private data of accept is in
 * {@link PrivateDataConformance}.
 */
public abstract class EstablishmentConformance extends ConformanceBase {

    private static final Set<StatusType> REFUSED = Set.of(StatusType.INVALID_HANDLE, StatusType.INVALID_PARAMETER,
            StatusType.INVALID_STATE);

    /** For subclasses. */
    protected EstablishmentConformance() {
    }

    private static void assertRefused(final String what, final Runnable call) {
        try {
            call.run();
            fail(what + ": expected the call to fail with one of " + REFUSED + ", but it succeeded");
        } catch (final DatException e) {
            assertTrue(REFUSED.contains(e.type()), what + ": expected one of " + REFUSED + ", got " + e.status());
        }
    }

    @Rule(id = "CRA-01", level = Level.REQUIRED,
            text = "Accept with an explicit EP connects both EPs: ESTABLISHED on the local connect EVD and on the "
                    + "active side's, each naming its EP; both EPs CONNECTED")
    void acceptExplicitEndpoint() {
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        final Rig.Side a = q.active();
        final Rig.Side p = rig().passiveSide();
        q.request().accept(p.ep(), null);
        final ConnectionEvent pe = Rig.awaitEstablished(p);
        final ConnectionEvent ae = Rig.awaitEstablished(a);
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
        final Rig.Reservation r = rig().reserve(rig().peerIa());
        final Rig.Side p = r.owner();
        assertEquals(EndpointState.RESERVED, p.ep().state(), "EP of a new RSP");
        final Rig.Pending q = rig().request(r);
        final ConnectionRequest cr = q.request();
        assertSame(p.ep(), cr.query().endpoint(), "cr_query names the RSP's EP");
        assertSame(r.rsp(), cr.query().servicePoint(), "cr_query names the RSP");
        assertEquals(EndpointState.PASSIVE_CONNECTION_PENDING, p.ep().state(), "EP with the request pending");
        cr.accept(null, null);
        Rig.awaitEstablished(p);
        Rig.awaitEstablished(q.active());
        assertEquals(EndpointState.CONNECTED, p.ep().state(), "state after ESTABLISHED");
    }

    @Rule(id = "CRA-02-PROVIDER", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "Accept with a null EP on a request of a PSP with the PROVIDER flag uses the provider-created EP "
                    + "(TENTATIVE_CONNECTION_PENDING), which becomes CONNECTED")
    void acceptNullEndpointProviderCreated() {
        final Rig.Pending q = rig().request(ServicePointFlag.PROVIDER);
        final ConnectionRequest cr = q.request();
        final Endpoint ep = ResourceTracker.track(cr.query().endpoint());
        assertNotNull(ep, "a PROVIDER PSP's request names an EP");
        assertEquals(EndpointState.TENTATIVE_CONNECTION_PENDING, ep.state(), "provider-created EP state");
        cr.accept(null, null);
        Rig.awaitConnection(ep.query().connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitEstablished(q.active());
        assertEquals(EndpointState.CONNECTED, ep.state(), "state after ESTABLISHED");
    }

    @Rule(id = "CRA-03-RSP", level = Level.CAPABILITY, requires = Capability.RSP,
            text = "Passing an EP to accept when the request already names one (RSP) fails with INVALID_HANDLE or "
                    + "INVALID_PARAMETER with no effect: accept with null then succeeds")
    void acceptWithEndpointWhenRequestNamesOne() {
        final Rig.Reservation r = rig().reserve(rig().peerIa());
        final Rig.Side other = rig().passiveSide();
        final Rig.Pending q = rig().request(r);
        final ConnectionRequest cr = q.request();
        assertStatus("accept with an EP on an RSP request", () -> cr.accept(other.ep(), null),
                StatusType.INVALID_HANDLE, StatusType.INVALID_PARAMETER);
        assertEquals(EndpointState.UNCONNECTED, other.ep().state(), "the passed EP is untouched");
        assertEquals(EndpointState.PASSIVE_CONNECTION_PENDING, r.owner().ep().state(), "the RSP's EP is untouched");
        Rig.assertQuiet(q.active().connectEvd(), "the active side sees nothing");
        cr.accept(null, null);
        Rig.awaitEstablished(q.active());
    }

    @Rule(id = "CRA-03-PROVIDER", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "Passing an EP to accept when the request names a provider-created EP fails with INVALID_HANDLE or "
                    + "INVALID_PARAMETER with no effect: accept with null then succeeds")
    void acceptWithEndpointWhenProviderCreated() {
        final Rig.Side other = rig().passiveSide();
        final Rig.Pending q = rig().request(ServicePointFlag.PROVIDER);
        final ConnectionRequest cr = q.request();
        ResourceTracker.track(cr.query().endpoint());
        assertStatus("accept with an EP on a PROVIDER request", () -> cr.accept(other.ep(), null),
                StatusType.INVALID_HANDLE, StatusType.INVALID_PARAMETER);
        assertEquals(EndpointState.UNCONNECTED, other.ep().state(), "the passed EP is untouched");
        cr.accept(null, null);
        Rig.awaitEstablished(q.active());
    }

    @Rule(id = "CRA-05", level = Level.REQUIRED,
            text = "Accept with an EP that does not satisfy the request (CONNECTED, or of another IA) fails with no "
                    + "effect on that EP, the pending CR, its private data or the remote EP; the same CR is then "
                    + "accepted with a suitable EP")
    void acceptWithUnsuitableEndpointHasNoEffect() {
        final int max = rig().providerAttributes().maxConnectPrivateData();
        final byte[] pd = pattern(Math.min(16, max), 5);
        final Rig.Connection busy = rig().connect();
        final Rig.Side foreign = rig().activeSide();
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER, pd);
        final Rig.Side a = q.active();
        final ConnectionRequest cr = q.request();
        assertRefused("accept with a CONNECTED EP", () -> cr.accept(busy.passive().ep(), null));
        assertEquals(EndpointState.CONNECTED, busy.passive().ep().state(), "the CONNECTED EP is untouched");
        assertRefused("accept with an EP of another IA", () -> cr.accept(foreign.ep(), null));
        assertEquals(EndpointState.UNCONNECTED, foreign.ep().state(), "the foreign EP is untouched");
        assertFalse(cr.isClosed(), "the CR is still pending");
        assertPrivateData("the CR's private data after the refused accepts", pd, cr.query().privateData());
        assertEquals(EndpointState.ACTIVE_CONNECTION_PENDING, a.ep().state(), "the remote EP is still pending");
        Rig.assertQuiet(a.connectEvd(), "the remote EP sees nothing");
        Rig.assertQuiet(busy.active().connectEvd(), "the busy connection's peer sees nothing");
        final Rig.Side p = rig().passiveSide();
        cr.accept(p.ep(), null);
        Rig.awaitEstablished(p);
        Rig.awaitEstablished(a);
        assertEquals(EndpointState.CONNECTED, busy.passive().ep().state(), "the busy connection is still up");
    }

    @Rule(id = "CRA-06", level = Level.CAPABILITY, requires = Capability.CONNECT_TIMEOUT,
            text = "Accept after the active side timed out does not establish: ACCEPT_COMPLETION_ERROR arrives on the "
                    + "local EP's connect EVD")
    void acceptAfterActiveTimeout() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().activeSide();
        final Rig.Side p = rig().passiveSide();
        a.ep().connect(rig().addressOf(l.ia()), l.psp().connectionQualifier(),
                ConformanceTimeouts.scaled(Duration.ofMillis(500)), null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        final ConnectionEvent to = Rig.awaitAnyConnection(a.connectEvd(), "TIMED_OUT");
        assertNotEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, to.number(), "the active side timed out");
        Rig.acceptExpectingCompletionError(cr, p);
        Rig.assertNotEstablishedNow(a.connectEvd());
    }

    @Rule(id = "CRA-06-GONE", level = Level.REQUIRED,
            text = "Accept after the requesting EP has gone (freed while pending) does not establish: "
                    + "ACCEPT_COMPLETION_ERROR arrives on the local EP's connect EVD")
    void acceptAfterRequesterGone() {
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        final Rig.Side p = rig().passiveSide();
        q.active().ep().close();
        Rig.acceptExpectingCompletionError(q.request(), p);
    }

    @Rule(id = "CRA-07", level = Level.REQUIRED,
            text = "When accept does not establish the connection, the EP goes to DISCONNECTED and every posted "
                    + "receive is flushed (FLUSHED, with its cookie) to its recv EVD")
    void failedAcceptFlushesReceives() {
        final Rig.Side p = rig().passiveSide();
        final Rig.Buffer b = rig().buffer(p, 4096, MemoryPrivilege.LOCAL);
        p.ep().postRecv(b.triplet(0, 1024), 11);
        p.ep().postRecv(b.triplet(1024, 1024), 12);
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        q.active().ep().close();
        Rig.acceptExpectingCompletionError(q.request(), p);
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
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        final Rig.Side p = rig().passiveSide();
        final Rig.Side p2 = rig().passiveSide();
        final ConnectionRequest cr = q.request();
        cr.accept(p.ep(), null);
        assertTrue(cr.isClosed(), "the CR is destroyed by accept");
        assertStatus("cr_query after accept", cr::query, StatusType.INVALID_HANDLE);
        assertStatus("cr_accept after accept", () -> cr.accept(p2.ep(), null), StatusType.INVALID_HANDLE);
        assertStatus("cr_reject after accept", () -> cr.reject(null), StatusType.INVALID_HANDLE);
        assertEquals(EndpointState.UNCONNECTED, p2.ep().state(), "the second EP is untouched");
        Rig.awaitEstablished(q.active());
    }

    @Rule(id = "CRA-09", level = Level.REQUIRED,
            text = "Accept with a freed EP, or with no EP where the request names none, fails with INVALID_HANDLE; "
                    + "the CR stays acceptable")
    void acceptWithInvalidEndpoint() {
        final Rig.Side dead = rig().passiveSide();
        dead.ep().close();
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        final ConnectionRequest cr = q.request();
        assertStatus("accept with a freed EP", () -> cr.accept(dead.ep(), null), StatusType.INVALID_HANDLE);
        assertStatus("accept with no EP on a CONSUMER PSP", () -> cr.accept(null, null), StatusType.INVALID_HANDLE);
        final Rig.Side p = rig().passiveSide();
        cr.accept(p.ep(), null);
        Rig.awaitEstablished(q.active());
    }

    private static void assertNotEstablished(final ConnectionRequest cr, final Rig.Side p, final Rig.Side a) {
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
            assertNotEstablished(rig().request(l, a, null).request(), p, a);
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

    @Rule(id = "CM-12", level = Level.CAPABILITY, requires = Capability.DUP_CONNECT,
            text = "dat_ep_dup_connect connects a second EP to the same peer as a connected one")
    void dupConnect() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Pending q = rig().request(l, null);
        final Rig.Side p = rig().passiveSide();
        q.request().accept(p.ep(), null);
        Rig.awaitEstablished(q.active());
        final Rig.Side a2 = rig().activeSide();
        final Rig.Side p2 = rig().passiveSide();
        a2.ep().dupConnect(q.active().ep(), ConformanceTimeouts.event(), null);
        rig().awaitRequest(l).accept(p2.ep(), null);
        Rig.awaitEstablished(a2);
    }
}
