package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;

/**
 * Service points: {@code dat_psp_create} and {@code dat_psp_create_any} qualifiers, {@code dat_psp_free} (what it
 * stops and what it leaves valid, and that its qualifier is free at once), the single request of an RSP, and
 * {@code dat_cr_handoff} between service points. Part of {@link ConnectionManagementConformance}.
 */
public abstract class ServicePointConformance extends ConformanceBase {

    /** For subclasses. */
    protected ServicePointConformance() {
    }

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
        final long q = rig().freeQualifier(rig().peerIa());
        final EventDispatcher evd = rig().evd(rig().peerIa(), 4, EventStream.CR);
        final PublicServicePoint psp = Rig.onFreedQualifier(() -> ResourceTracker.track(rig().peerIa()
                .createPublicServicePoint(q, evd, ServicePointFlag.CONSUMER)));
        assertEquals(q, psp.connectionQualifier(), "qualifier");
        rig().connect(rig().activeSide(), rig().peerIa(), q, null);
        Rig.awaitRequest(evd).reject(null);
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
            final long q = rig().freeQualifier(pia);
            final EventDispatcher evd = rig().evd(pia, 4, EventStream.CR);
            final PublicServicePoint psp = ResourceTracker.track(pia.createPublicServicePoint(q, evd,
                    ServicePointFlag.CONSUMER));
            rig().connect(rig().activeSide(), pia, q, null);
            Rig.awaitRequest(evd).reject(null);
            psp.close();
        }
    }

    @Rule(id = "CM-09", level = Level.REQUIRED,
            text = "dat_psp_free stops listening (a later connect is refused as NON_PEER_REJECTED or UNREACHABLE "
                    + "and delivers nothing) but a request delivered before stays valid and can be accepted")
    void freeServicePoint() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Pending pending = rig().request(l, null);
        final long q = l.psp().connectionQualifier();
        l.psp().close();
        final Rig.Side p = rig().passiveSide();
        pending.request().accept(p.ep(), null);
        Rig.awaitEstablished(pending.active());
        final Rig.Side late = rig().activeSide();
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
        final Rig.Reservation r = rig().reserve(rig().peerIa());
        assertStatus("ep_free while RESERVED", r.owner().ep()::close, StatusType.INVALID_STATE);
        final Rig.Pending first = rig().request(r);
        final ConnectionRequest cr = first.request();
        assertStatus("ep_free while PASSIVE_CONNECTION_PENDING", r.owner().ep()::close, StatusType.INVALID_STATE);
        final Rig.Side a2 = rig().activeSide();
        rig().connect(a2, r.owner().ia(), r.qualifier(), null);
        final ConnectionEvent e = Rig.awaitAnyConnection(a2.connectEvd(), "a reject of the second request");
        assertNotEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, e.number(), "second request");
        Rig.assertQuiet(r.crEvd(), "no second request is delivered");
        cr.accept(null, null);
        Rig.awaitEstablished(first.active());
    }

    @Rule(id = "CM-13", level = Level.CAPABILITY, requires = Capability.CR_HANDOFF,
            text = "dat_cr_handoff moves a pending request to another service point of the IA, where it arrives and "
                    + "can be accepted")
    void handoff() {
        final Rig.Listener l1 = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Listener l2 = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Pending q = rig().request(l1, null);
        final Rig.Side p = rig().passiveSide();
        q.request().handoff(l2.psp().connectionQualifier());
        rig().awaitRequest(l2).accept(p.ep(), null);
        Rig.awaitEstablished(q.active());
    }
}
