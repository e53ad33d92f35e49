package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.Endpoint;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;

/**
 * Refused connections: {@code dat_cr_reject} by the listener and what it leaves of the CR and of an RSP's or a
 * provider-created EP, and a connect that the transport refuses because nobody listens (RJ-01, RJ-03, RJ-04 of the
 * seed rules). Part of {@link ConnectionManagementConformance}; private data of reject is in
 * {@link PrivateDataConformance}.
 */
public abstract class RejectConformance extends ConformanceBase {

    /** For subclasses. */
    protected RejectConformance() {
    }

    @Rule(id = "RJ-01", level = Level.REQUIRED,
            text = "The listener rejects a request: the active side gets PEER_REJECTED naming its EP, which ends "
                    + "DISCONNECTED")
    void reject() {
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        final Rig.Side a = q.active();
        q.request().reject(null);
        final ConnectionEvent e = Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_PEER_REJECTED);
        assertSame(a.ep(), e.endpoint(), "the event names the active EP");
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
    }

    @Rule(id = "RJ-03", level = Level.REQUIRED,
            text = "A connect to a qualifier nobody listens on is rejected by the transport, told apart from a "
                    + "consumer reject: NON_PEER_REJECTED or UNREACHABLE, and the EP ends DISCONNECTED")
    void connectToNobody() {
        final long q = rig().freeQualifier(rig().peerIa());
        final Rig.Side a = rig().activeSide();
        rig().connect(a, rig().peerIa(), q, null);
        final ConnectionEvent e = Rig.awaitAnyConnection(a.connectEvd(), "NON_PEER_REJECTED or UNREACHABLE");
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED
                || e.number() == EventNumber.CONNECTION_EVENT_UNREACHABLE, "event " + e.number());
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
    }

    @Rule(id = "RJ-04", level = Level.REQUIRED,
            text = "After reject the CR is gone: query, accept and reject fail with INVALID_HANDLE")
    void rejectConsumesRequest() {
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        final Rig.Side p = rig().passiveSide();
        final ConnectionRequest cr = q.request();
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
        final Rig.Reservation r = rig().reserve(rig().peerIa());
        final ConnectionRequest cr = rig().request(r).request();
        cr.reject(null);
        assertEquals(EndpointState.UNCONNECTED, r.owner().ep().state(), "the RSP's EP after reject");
        assertStatus("cr_query after reject", cr::query, StatusType.INVALID_HANDLE);
    }

    @Rule(id = "RJ-04-PROVIDER", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "After reject of a request with a provider-created EP, that EP is freed")
    void rejectFreesProviderEndpoint() {
        final ConnectionRequest cr = rig().request(ServicePointFlag.PROVIDER).request();
        final Endpoint ep = ResourceTracker.track(cr.query().endpoint());
        cr.reject(null);
        assertTrue(ep.isClosed(), "the provider-created EP is freed by reject");
    }
}
