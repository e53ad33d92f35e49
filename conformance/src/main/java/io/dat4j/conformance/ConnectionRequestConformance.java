package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertPrivateData;
import static io.dat4j.conformance.Checks.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Capability;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConnectionRequestParameters;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.Event;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;
import java.net.InetAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Connection requests: waiting for one on a CR EVD, one CR per request and its lifetime, {@code dat_cr_query}, and the
 * EP a PSP with the PROVIDER flag creates for each request (GR-01, GR-03, GR-04, CE-03 of the seed rules). Part of
 * {@link ConnectionManagementConformance}.
 */
public abstract class ConnectionRequestConformance extends ConformanceBase {

    /** For subclasses. */
    protected ConnectionRequestConformance() {
    }

    @Rule(id = "GR-01", level = Level.REQUIRED,
            text = "Waiting on a CR EVD with no request pending times out with TIMEOUT_EXPIRED; a blocked wait "
                    + "returns the request when one arrives")
    void waitForRequest() throws Exception {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        assertStatus("wait on an empty CR EVD", () -> l.crEvd().await(ConformanceTimeouts.quiet()),
                StatusType.TIMEOUT_EXPIRED);
        // What the connect needs from the listening IA is read before the waiter starts: while it waits, this thread
        // calls only the active IA, so each IA has one caller at a time and the rule needs no THREAD_SAFE.
        final Rig.Side active = rig().activeSide();
        final InetAddress address = rig().addressOf(l.ia());
        final long qualifier = l.psp().connectionQualifier();
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
        active.ep().connect(address, qualifier, ConformanceTimeouts.event(), null);
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
        assumeTrue(rig().providerAttributes().maxConnectPrivateData() >= 1, "no connect private data");
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Pending q1 = rig().request(l, new byte[] {1});
        final Rig.Pending q2 = rig().request(l, new byte[] {2});
        final ConnectionRequest cr1 = q1.request();
        final ConnectionRequest cr2 = q2.request();
        assertNotSame(cr1, cr2, "two requests, two CRs");
        final ConnectionRequestParameters p1 = cr1.query();
        final ConnectionRequestParameters p2 = cr2.query();
        assertPrivateData("first CR", new byte[] {1}, p1.privateData());
        assertPrivateData("second CR", new byte[] {2}, p2.privateData());
        assertEquals(l.psp().connectionQualifier(), p1.connectionQualifier(), "qualifier");
        assertNotNull(p1.remoteAddress(), "remote address");
        cr1.close();
        assertTrue(cr1.isClosed(), "a closed CR is destroyed");
        final ConnectionEvent e = Rig.awaitAnyConnection(q1.active().connectEvd(), "a reject");
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_PEER_REJECTED
                || e.number() == EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, "event " + e.number());
        final Rig.Side p = rig().passiveSide();
        assertPrivateData("second CR after the first was destroyed", new byte[] {2}, cr2.query().privateData());
        cr2.accept(p.ep(), null);
        Rig.awaitEstablished(q2.active());
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
        final Rig.Side p = rig().passiveSide();
        final ConnectionRequest cr = rig().request(l, a, null).request();
        final ConnectionRequestParameters q = cr.query();
        assertNotNull(q.remoteAddress(), "remote_ia_address");
        assertEquals(rig().addressOf(rig().ia()), q.remoteAddress().getAddress(), "requester's address");
        assertSame(l.psp(), q.servicePoint(), "service point");
        assertEquals(in, q.requestedRdmaReadIn(), "requested RDMA Read in");
        assertEquals(out, q.requestedRdmaReadOut(), "requested RDMA Read out");
        cr.accept(p.ep(), null);
        Rig.awaitEstablished(a);
        Rig.awaitEstablished(p);
        assertNotNull(a.ep().query().remoteAddress(), "active EP's remote address");
        assertNotNull(p.ep().query().remoteAddress(), "passive EP's remote address");
        assertNotNull(a.ep().query().localAddress(), "active EP's local address");
    }

    @Rule(id = "GR-04", level = Level.CAPABILITY, requires = Capability.PROVIDER_CREATED_ENDPOINTS,
            text = "A request at a PSP with the PROVIDER flag comes with an EP already allocated: "
                    + "TENTATIVE_CONNECTION_PENDING, with a PZ and a connect EVD that takes CONNECTION events")
    void providerCreatedEndpointComesWithRequest() {
        final ConnectionRequest cr = rig().request(ServicePointFlag.PROVIDER).request();
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
        final Rig.Pending q = rig().request(ServicePointFlag.PROVIDER);
        final Rig.Side a = q.active();
        final ConnectionRequest cr = q.request();
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
        Rig.awaitEstablished(a);
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
        final Rig.Pending q1 = rig().request(l, null);
        final Rig.Pending q2 = rig().request(l, null);
        final Endpoint e1 = ResourceTracker.track(q1.request().query().endpoint());
        final Endpoint e2 = ResourceTracker.track(q2.request().query().endpoint());
        assertNotSame(e1, e2, "two requests, two EPs");
        q1.request().accept(null, null);
        q2.request().accept(null, null);
        Rig.awaitEstablished(q1.active());
        Rig.awaitEstablished(q2.active());
        Rig.awaitState(e1, EndpointState.CONNECTED);
        Rig.awaitState(e2, EndpointState.CONNECTED);
    }
}
