package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.Qos;
import io.dat4j.ReservedServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class KitSemanticsTest extends ScriptedIaTest {

    KitSemanticsTest() {
        super(EventStream.DEFAULT, 0, MemoryPrivilege.ALL);
    }

    private Endpoint ep() {
        return ia.createEndpoint(pz, evd, evd, evd, null);
    }

    private ConnectionRequest request(final long qual, final int readIn, final int readOut,
            final ScriptedTransport.Req req) {
        assertTrue(transport.listeners.get(qual).connectionRequested(req, PEER, new byte[] {1, 2, 3}, readIn,
                readOut));
        final ConnectionRequestEvent e = (ConnectionRequestEvent) evd.dequeue();
        assertEquals(qual, e.connectionQualifier());
        return e.request();
    }

    private Endpoint connected() {
        final Endpoint ep = ep();
        ep.connect(LO, 7, Duration.ofSeconds(5), null);
        assertTrue(transport.ep(ep).conn.established(new byte[] {9}, 2, 2, PEER, PEER));
        assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, evd.dequeue().number());
        return ep;
    }

    @Test
    void shouldNotLetAConsumerCastAHandleToTheTransportsView() {
        final Endpoint ep = ep();
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        final PublicServicePoint psp = ia.createPublicServicePoint(31, evd, ServicePointFlag.CONSUMER);
        final ConnectionRequest cr = request(31, 1, 1, new ScriptedTransport.Req());
        final io.dat4j.SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new io.dat4j.SrqAttributes(4, 1, 0));
        final List<Class<?>> views = List.of(AdapterUpcalls.class, EndpointUpcalls.class, ServicePointUpcalls.class,
                EventSink.class, RegisteredRegion.class, PostedOperation.class, RegionTable.class,
                SharedReceiveBuffer.class, Transport.class, EndpointTransport.class);
        for (final Object handle : List.of(ia, pz, evd, ep, lmr, psp, cr, srq, ia.asyncEventDispatcher())) {
            for (final Class<?> view : views) {
                assertFalse(view.isInstance(handle), handle + " is a " + view.getSimpleName());
            }
            final Module m = handle.getClass().getModule();
            assertFalse(m.isNamed() && m.isExported(handle.getClass().getPackageName()),
                    handle.getClass() + " is in an exported package");
        }
        srq.close();
        cr.reject(null);
    }

    @Test
    void shouldRefuseForeignAndClosedHandles() {
        final ScriptedTransport t2 = new ScriptedTransport();
        try (InterfaceAdapter other = ScriptedTransport.open(t2)) {
            final ProtectionZone otherPz = other.createProtectionZone();
            final EventDispatcher otherEvd = other.createEventDispatcher(4, null, EventStream.DEFAULT);
            assertEquals(StatusSubtype.INVALID_HANDLE_PZ, fails(StatusType.INVALID_HANDLE,
                    () -> ia.createEndpoint(otherPz, evd, evd, evd, null)).subtype());
            assertEquals(StatusSubtype.INVALID_HANDLE_EVD_CONN, fails(StatusType.INVALID_HANDLE,
                    () -> ia.createEndpoint(pz, evd, evd, otherEvd, null)).subtype());
            assertEquals(StatusSubtype.INVALID_HANDLE_EVD_CR, fails(StatusType.INVALID_HANDLE,
                    () -> ia.createPublicServicePoint(10, otherEvd, ServicePointFlag.CONSUMER)).subtype());
            final Endpoint mine = ep();
            final Endpoint theirs = other.createEndpoint(otherPz, otherEvd, otherEvd, otherEvd, null);
            assertTrue(transport.listeners.isEmpty());
            final PublicServicePoint psp = ia.createPublicServicePoint(11, evd, ServicePointFlag.CONSUMER);
            final ConnectionRequest cr = request(11, 2, 2, new ScriptedTransport.Req());
            fails(StatusType.INVALID_HANDLE, () -> cr.accept(theirs, null));
            assertEquals(EndpointState.UNCONNECTED, mine.state());
            psp.close();
        }
        final ProtectionZone freed = ia.createProtectionZone();
        freed.close();
        fails(StatusType.INVALID_HANDLE, () -> ia.createEndpoint(freed, evd, evd, evd, null));
        fails(StatusType.INVALID_HANDLE, freed::interfaceAdapter);
        freed.close();
    }

    @Test
    void shouldRefuseEvdsThatDoNotTakeTheStream() {
        final EventDispatcher dtoOnly = ia.createEventDispatcher(4, null, EnumSet.of(EventStream.DTO));
        assertEquals(StatusSubtype.INVALID_HANDLE_EVD_CONN, fails(StatusType.INVALID_HANDLE,
                () -> ia.createEndpoint(pz, dtoOnly, dtoOnly, dtoOnly, null)).subtype());
        final EventDispatcher connOnly = ia.createEventDispatcher(4, null, EnumSet.of(EventStream.CONNECTION));
        assertEquals(StatusSubtype.INVALID_HANDLE_EVD_RECV, fails(StatusType.INVALID_HANDLE,
                () -> ia.createEndpoint(pz, connOnly, null, connOnly, null)).subtype());
        fails(StatusType.INVALID_PARAMETER, () -> ia.createEventDispatcher(0, null, EventStream.DEFAULT));
        fails(StatusType.INVALID_PARAMETER, () -> ia.createEventDispatcher(4, null, Set.of()));
    }

    @Test
    void shouldRefuseMemoryTheProviderThreadsCannotTouch() {
        try (Arena confined = Arena.ofConfined()) {
            final DatException e = fails(StatusType.INVALID_PARAMETER,
                    () -> ia.createLocalMemoryRegion(pz, confined.allocate(64), MemoryPrivilege.LOCAL));
            assertEquals(StatusSubtype.INVALID_ARG3, e.subtype());
        }
        final Arena closed = Arena.ofShared();
        final java.lang.foreign.MemorySegment gone = closed.allocate(64);
        closed.close();
        assertEquals(StatusSubtype.INVALID_ARG3, fails(StatusType.INVALID_PARAMETER,
                () -> ia.createLocalMemoryRegion(pz, gone, MemoryPrivilege.LOCAL)).subtype());
        assertEquals(StatusSubtype.INVALID_ARG3, fails(StatusType.INVALID_PARAMETER,
                () -> ia.createLocalMemoryRegion(pz, java.lang.foreign.MemorySegment.ofArray(new byte[8]),
                        MemoryPrivilege.LOCAL)).subtype());
    }

    @Test
    void shouldRefuseFreeingObjectsInUse() {
        final Endpoint ep = ep();
        assertEquals(StatusSubtype.INVALID_STATE_PZ_IN_USE, fails(StatusType.INVALID_STATE, pz::close).subtype());
        assertEquals(StatusSubtype.INVALID_STATE_EVD_IN_USE, fails(StatusType.INVALID_STATE, evd::close)
                .subtype());
        ep.close();
        ep.close();
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.LOCAL);
        fails(StatusType.INVALID_STATE, pz::close);
        lmr.close();
        pz.close();
        evd.close();
        fails(StatusType.INVALID_STATE, () -> ia.asyncEventDispatcher().close());
    }

    @Test
    void shouldUseTheTransportsRemoteKeyAsRmrContext() {
        transport.nextRegistration = (RemoteKeyed) () -> 0x1234abcd;
        final LocalMemoryRegion remote = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        assertEquals(0x1234abcd, remote.rmrContext());
        assertEquals(1, transport.adapter.regions().size());
        final LocalMemoryRegion local = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.LOCAL);
        assertEquals(0, local.rmrContext());
        remote.close();
        assertEquals(0, transport.adapter.regions().size());
        local.close();
    }

    @Test
    void shouldRefuseGracefulCloseWithChildrenAndCloseEverythingAbruptly() {
        final Endpoint ep = connected();
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        final PublicServicePoint psp = ia.createPublicServicePoint(12, evd, ServicePointFlag.CONSUMER);
        assertEquals(StatusSubtype.INVALID_STATE_IA_IN_USE, fails(StatusType.INVALID_STATE,
                () -> ia.close(CloseMode.GRACEFUL)).subtype());
        assertFalse(ia.isClosed());
        ia.close(CloseMode.ABRUPT);
        assertTrue(ia.isClosed() && ep.isClosed() && lmr.isClosed() && psp.isClosed() && pz.isClosed()
                && evd.isClosed());
        assertTrue(transport.closed);
        assertTrue(transport.listeners.isEmpty());
        assertEquals(0, transport.adapter.regions().size());
        assertTrue(transport.ep(ep).calls.containsAll(List.of("disconnect ABRUPT", "close")));
        ia.close();
        fails(StatusType.INVALID_HANDLE, ia::createProtectionZone);
    }

    @Test
    void shouldCloseGracefullyWhenEmpty() {
        final ScriptedTransport t = new ScriptedTransport();
        final InterfaceAdapter empty = ScriptedTransport.open(t);
        empty.close(CloseMode.GRACEFUL);
        assertTrue(empty.isClosed() && t.closed);
    }

    @Test
    void shouldCheckConnectArguments() {
        final Endpoint ep = ep();
        assertEquals(StatusSubtype.INVALID_ARG4, fails(StatusType.INVALID_PARAMETER,
                () -> ep.connect(LO, 7, Duration.ZERO, null)).subtype());
        assertEquals(StatusSubtype.INVALID_ARG4, fails(StatusType.INVALID_PARAMETER,
                () -> ep.connect(LO, 7, Duration.ofSeconds(-1), null)).subtype());
        assertEquals(StatusSubtype.INVALID_ARG2, fails(StatusType.INVALID_PARAMETER,
                () -> ep.connect(null, 7, Duration.ofSeconds(1), null)).subtype());
        fails(StatusType.MODEL_NOT_SUPPORTED, () -> ep.connect(LO, 7, Duration.ofSeconds(1), null,
                Qos.HIGH_THROUGHPUT, ConnectFlag.DEFAULT));
        fails(StatusType.MODEL_NOT_SUPPORTED, () -> ep.connect(LO, 7, Duration.ofSeconds(1), null,
                Qos.BEST_EFFORT, ConnectFlag.MULTIPATH_REQUESTED));
        fails(StatusType.LENGTH_ERROR, () -> ep.connect(LO, 7, Duration.ofSeconds(1),
                new byte[ScriptedTransport.PDATA + 1]));
        assertEquals(EndpointState.UNCONNECTED, ep.state());
        assertTrue(transport.ep(ep).calls.isEmpty(), "no argument error reaches the transport");
        ep.connect(LO, 7, Duration.ofSeconds(1), new byte[ScriptedTransport.PDATA]);
        assertEquals(EndpointState.ACTIVE_CONNECTION_PENDING, ep.state());
        assertEquals(StatusSubtype.INVALID_STATE_EP_ACTCONNPENDING, fails(StatusType.INVALID_STATE,
                () -> ep.connect(LO, 7, Duration.ofSeconds(1), null)).subtype());
    }

    @Test
    void shouldMapEstablishmentFailuresToDisconnected() {
        for (final EventNumber n : List.of(EventNumber.CONNECTION_EVENT_PEER_REJECTED,
                EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, EventNumber.CONNECTION_EVENT_UNREACHABLE,
                EventNumber.CONNECTION_EVENT_TIMED_OUT)) {
            final Endpoint ep = ep();
            ep.connect(LO, 7, Duration.ofSeconds(1), null);
            assertTrue(transport.ep(ep).conn.connectionFailed(n, new byte[] {5}));
            final ConnectionEvent e = (ConnectionEvent) evd.dequeue();
            assertEquals(n, e.number());
            assertEquals(n == EventNumber.CONNECTION_EVENT_PEER_REJECTED ? 1 : 0, e.privateDataSize());
            assertEquals(EndpointState.DISCONNECTED, ep.state());
            assertFalse(transport.ep(ep).conn.established(null, 0, 0, PEER, PEER), "late event changes nothing");
            ep.reset();
            assertEquals(EndpointState.UNCONNECTED, ep.state());
            ep.close();
        }
    }

    @Test
    @DisplayName("a receive posted to a DISCONNECTED EP completes FLUSHED at once, after those before it, and never"
            + " reaches the transport; one posted after the reset waits for the next connection")
    void shouldFlushAReceivePostedOnceTheConnectionEnded() {
        final Endpoint ep = connected();
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        ep.postRecv(List.of(lmr.triplet(0, 8)), 1, CompletionFlag.DEFAULT);
        final ScriptedTransport.Ep t = transport.ep(ep);
        assertEquals(1, t.posted.size());
        final PostedOperation first = t.posted.get(0);
        assertTrue(t.conn.broken("test"));
        assertEquals(EventNumber.CONNECTION_EVENT_BROKEN, evd.dequeue().number());
        assertEquals(EndpointState.DISCONNECTED, ep.state());
        ep.postRecv(List.of(lmr.triplet(0, 8)), 2, CompletionFlag.DEFAULT);
        ep.postRecv(List.of(lmr.triplet(0, 8)), 3, Set.of(CompletionFlag.SUPPRESS));
        assertEquals(1, t.posted.size(), "a receive posted to a DISCONNECTED EP does not reach the transport");
        assertNull(evd.poll(), "held back behind the receive the transport still holds");
        t.up.complete(first, DtoStatus.FLUSHED, 0);
        for (long cookie = 1; cookie <= 3; cookie++) {
            final DtoCompletionEvent d = (DtoCompletionEvent) evd.dequeue();
            assertEquals(cookie, d.cookie());
            assertEquals(DtoStatus.FLUSHED, d.status(), "an error completion is never suppressed");
        }
        assertNull(evd.poll());
        ep.reset();
        ep.postRecv(List.of(lmr.triplet(0, 8)), 4, CompletionFlag.DEFAULT);
        assertEquals(2, t.posted.size(), "after the reset the receive is the next connection's");
        assertNull(evd.poll());
        ep.close();
        final DtoCompletionEvent d = (DtoCompletionEvent) evd.dequeue();
        assertEquals(4, d.cookie());
        assertEquals(DtoStatus.FLUSHED, d.status());
    }

    @Test
    void shouldDisconnectThroughTheTransportAndReportOnce() {
        final Endpoint ep = connected();
        ep.disconnect(CloseMode.GRACEFUL);
        assertEquals(EndpointState.DISCONNECT_PENDING, ep.state());
        fails(StatusType.INVALID_STATE, () -> ep.disconnect(CloseMode.GRACEFUL));
        assertTrue(transport.ep(ep).conn.disconnected());
        assertFalse(transport.ep(ep).conn.disconnected());
        assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED, evd.dequeue().number());
        ep.disconnect(CloseMode.ABRUPT);
        assertNull(evd.poll());
        final Endpoint pending = ep();
        pending.connect(LO, 7, Duration.ofSeconds(1), null);
        pending.disconnect(CloseMode.ABRUPT);
        assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED, evd.dequeue().number());
        assertEquals(EndpointState.DISCONNECTED, pending.state());
        fails(StatusType.INVALID_STATE, () -> ep().disconnect(CloseMode.ABRUPT));
    }

    @Test
    @DisplayName("the passive EP's remote port qualifier is the requester's port, as the CR's; the active EP keeps "
            + "the qualifier it connected to")
    void shouldReportTheRequestersPortOnThePassiveSide() {
        ia.createPublicServicePoint(21, evd, ServicePointFlag.CONSUMER);
        final ConnectionRequest cr = request(21, 2, 2, new ScriptedTransport.Req());
        assertEquals(PEER.getPort(), cr.query().remotePortQualifier());
        final Endpoint ep = ep();
        cr.accept(ep, null);
        assertEquals(0, ep.query().remotePortQualifier(), "not connected yet");
        assertTrue(transport.ep(ep).conn.established(null, 2, 2, new InetSocketAddress(LO, 21), PEER));
        assertEquals(PEER, ep.query().remoteAddress());
        assertEquals(PEER.getPort(), ep.query().remotePortQualifier());
        final Endpoint active = connected();
        assertEquals(7, active.query().remotePortQualifier(), "the connection qualifier, not the peer's port");
    }

    @Test
    @DisplayName("CRA-02 CRA-03 CRA-08 CRA-09: accept resolves the EP three ways and kills the CR")
    void shouldResolveTheAcceptEndpoint() {
        ia.createPublicServicePoint(20, evd, ServicePointFlag.CONSUMER);
        final ScriptedTransport.Req req = new ScriptedTransport.Req();
        final ConnectionRequest cr = request(20, 2, 2, req);
        assertArrayEquals(new byte[] {1, 2, 3}, cr.query().privateData().toByteArray());
        assertNull(cr.query().endpoint());
        assertEquals(StatusSubtype.INVALID_HANDLE_EP, fails(StatusType.INVALID_HANDLE, () -> cr.accept(null, null))
                .subtype());
        fails(StatusType.LENGTH_ERROR, () -> cr.accept(ep(), new byte[ScriptedTransport.PDATA + 1]));
        final Endpoint busy = connected();
        fails(StatusType.INVALID_STATE, () -> cr.accept(busy, null));
        final Endpoint ep = ep();
        cr.accept(ep, new byte[] {4});
        assertEquals(EndpointState.COMPLETION_PENDING, ep.state());
        assertSame(req, transport.ep(ep).accepted);
        assertEquals(StatusSubtype.INVALID_HANDLE_CR, fails(StatusType.INVALID_HANDLE, cr::query).subtype());
        fails(StatusType.INVALID_HANDLE, () -> cr.reject(null));
        assertTrue(transport.ep(ep).conn.established(null, 2, 2, PEER, PEER));
        assertEquals(EndpointState.CONNECTED, ep.state());
        assertNull(req.rejectedWith);
    }

    @Test
    @DisplayName("CRA-05 CRA-10 CRA-11 CRA-12: an EP that does not satisfy the RDMA read depths is refused with"
            + " no effect")
    void shouldCheckRdmaReadDepthsWithNoEffect() {
        ia.createPublicServicePoint(21, evd, ServicePointFlag.CONSUMER);
        final ScriptedTransport.Req req = new ScriptedTransport.Req();
        final ConnectionRequest cr = request(21, 1, 3, req);
        final Endpoint tooManyOut = ia.createEndpoint(pz, evd, evd, evd,
                EndpointAttributes.builder().maxRdmaReadOut(2).maxRdmaReadIn(4).build());
        assertEquals(StatusSubtype.INVALID_ARG2, fails(StatusType.INVALID_PARAMETER,
                () -> cr.accept(tooManyOut, null)).subtype());
        final Endpoint tooFewIn = ia.createEndpoint(pz, evd, evd, evd,
                EndpointAttributes.builder().maxRdmaReadOut(1).maxRdmaReadIn(2).build());
        fails(StatusType.INVALID_PARAMETER, () -> cr.accept(tooFewIn, null));
        assertEquals(EndpointState.UNCONNECTED, tooManyOut.state());
        assertNull(req.rejectedWith);
        assertArrayEquals(new byte[] {1, 2, 3}, cr.query().privateData().toByteArray());
        final Endpoint zero = ia.createEndpoint(pz, evd, evd, evd,
                EndpointAttributes.builder().maxRdmaReadOut(0).maxRdmaReadIn(4).build());
        cr.accept(zero, null);
        assertEquals(4, transport.ep(zero).acceptIn);
        assertEquals(0, transport.ep(zero).acceptOut);
        // defaults are adjusted to the request (CRA-12)
        final ConnectionRequest cr2 = request(21, 1, 3, new ScriptedTransport.Req());
        final Endpoint dflt = ep();
        cr2.accept(dflt, null);
        assertEquals(3, transport.ep(dflt).acceptIn);
        assertEquals(1, transport.ep(dflt).acceptOut);
        assertEquals(3, dflt.query().attributes().maxRdmaReadIn());
    }

    @Test
    void shouldUnwindWhenTheTransportRefusesAccept() {
        ia.createPublicServicePoint(22, evd, ServicePointFlag.CONSUMER);
        final ConnectionRequest cr = request(22, 2, 2, new ScriptedTransport.Req());
        final Endpoint ep = ep();
        transport.ep(ep).failAccept = new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "test");
        fails(StatusType.INSUFFICIENT_RESOURCES, () -> cr.accept(ep, null));
        assertEquals(EndpointState.UNCONNECTED, ep.state());
        transport.ep(ep).failAccept = null;
        cr.accept(ep, null);
    }

    @Test
    @DisplayName("RJ-01 RJ-02 RJ-04: reject carries private data and kills the CR")
    void shouldRejectWithPrivateData() {
        ia.createPublicServicePoint(23, evd, ServicePointFlag.CONSUMER);
        final ScriptedTransport.Req req = new ScriptedTransport.Req();
        final ConnectionRequest cr = request(23, 2, 2, req);
        fails(StatusType.LENGTH_ERROR, () -> cr.reject(new byte[ScriptedTransport.PDATA + 1]));
        assertNull(req.rejectedWith);
        cr.reject(new byte[] {7, 7});
        assertArrayEquals(new byte[] {7, 7}, req.rejectedWith);
        fails(StatusType.INVALID_HANDLE, () -> cr.accept(ep(), null));
        cr.close();
    }

    @Test
    @DisplayName("RJ-04 GR-04 CRA-02: provider-created EP is TENTATIVE, accepted with null, freed on reject")
    void shouldCreateProviderEndpoints() {
        ia.createPublicServicePoint(24, evd, ServicePointFlag.PROVIDER);
        final ConnectionRequest cr = request(24, 2, 2, new ScriptedTransport.Req());
        final Endpoint pep = cr.query().endpoint();
        assertNotNull(pep);
        assertEquals(EndpointState.TENTATIVE_CONNECTION_PENDING, pep.state());
        fails(StatusType.INVALID_STATE, pep::close);
        assertEquals(StatusSubtype.INVALID_HANDLE_EP, fails(StatusType.INVALID_HANDLE, () -> cr.accept(ep(), null))
                .subtype());
        cr.reject(null);
        assertTrue(pep.isClosed());
        final ConnectionRequest cr2 = request(24, 2, 2, new ScriptedTransport.Req());
        final Endpoint pep2 = cr2.query().endpoint();
        cr2.accept(null, null);
        assertEquals(EndpointState.COMPLETION_PENDING, pep2.state());
    }

    @Test
    @DisplayName("RJ-04: an RSP takes one request; reject returns its EP to UNCONNECTED")
    void shouldServeOneRequestPerRsp() {
        final Endpoint ep = ep();
        final ReservedServicePoint rsp = ia.createReservedServicePoint(25, ep, evd);
        assertEquals(EndpointState.RESERVED, ep.state());
        fails(StatusType.INVALID_STATE, ep::close);
        final ServicePointUpcalls up = transport.listeners.get(25L);
        final ConnectionRequest cr = request(25, 2, 2, new ScriptedTransport.Req());
        assertEquals(EndpointState.PASSIVE_CONNECTION_PENDING, ep.state());
        assertNull(transport.listeners.get(25L), "the RSP stops listening after one request");
        assertFalse(up.connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1));
        cr.reject(null);
        assertEquals(EndpointState.UNCONNECTED, ep.state());
        rsp.close();
        final Endpoint ep2 = ep();
        ia.createReservedServicePoint(26, ep2, evd);
        request(26, 2, 2, new ScriptedTransport.Req()).accept(null, null);
        assertEquals(EndpointState.COMPLETION_PENDING, ep2.state());
        assertTrue(transport.ep(ep2).conn.connectionFailed(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR,
                null));
        assertEquals(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, evd.dequeue().number());
        assertEquals(EndpointState.DISCONNECTED, ep2.state());
    }

    @Test
    void shouldHandARequestOffToAnotherPsp() {
        final EventDispatcher other = ia.createEventDispatcher(4, null, EnumSet.of(EventStream.CR));
        ia.createPublicServicePoint(30, evd, ServicePointFlag.CONSUMER);
        ia.createPublicServicePoint(31, other, ServicePointFlag.CONSUMER);
        ia.createPublicServicePoint(32, other, ServicePointFlag.PROVIDER);
        final ConnectionRequest cr = request(30, 2, 2, new ScriptedTransport.Req());
        assertEquals(StatusSubtype.INVALID_ARG2, fails(StatusType.INVALID_PARAMETER, () -> cr.handoff(99))
                .subtype());
        fails(StatusType.INVALID_PARAMETER, () -> cr.handoff(32));
        cr.handoff(31);
        final ConnectionRequestEvent e = (ConnectionRequestEvent) other.dequeue();
        assertSame(cr, e.request());
        assertEquals(31, e.connectionQualifier());
        assertEquals(31, cr.query().connectionQualifier());
        cr.accept(ep(), null);
        final ScriptedTransport t2 = new ScriptedTransport();
        try (InterfaceAdapter plain = ScriptedTransport.open(EnumSet.noneOf(io.dat4j.Capability.class), t2)) {
            final EventDispatcher e2 = plain.createEventDispatcher(4, null, EventStream.DEFAULT);
            plain.createPublicServicePoint(33, e2, ServicePointFlag.CONSUMER);
            assertTrue(t2.listeners.get(33L).connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1));
            final ConnectionRequest c2 = ((ConnectionRequestEvent) e2.dequeue()).request();
            fails(StatusType.NOT_IMPLEMENTED, () -> c2.handoff(33));
        }
    }

    @Test
    @DisplayName("remote requests at a PROVIDER PSP cannot use up the EPs the consumer creates itself")
    void shouldBoundTheProviderEndpointsPendingAtAProviderPsp() {
        final EventDispatcher big = ia.createEventDispatcher(1024, null, EventStream.DEFAULT);
        ia.createPublicServicePoint(40, big, ServicePointFlag.PROVIDER);
        final ServicePointUpcalls up = transport.listeners.get(40L);
        final int maxEps = ia.attributes().maxEndpoints();
        int delivered = 0;
        for (int i = 0; i < maxEps; i++) {
            if (up.connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1)) {
                delivered++;
            }
        }
        assertEquals(maxEps / 2, delivered, "provider-created EPs pending: at most half of max_eps");
        final ProtectionZone mine = ia.createProtectionZone();
        for (int i = 0; i < 10; i++) {
            ia.createEndpoint(mine, evd, evd, evd, null);
        }
        // a settled request (rejected here) makes room for the next one
        ((ConnectionRequestEvent) big.dequeue()).request().reject(null);
        assertTrue(up.connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1));
        assertFalse(up.connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1));
        // and each PSP has its own bound (dat4j.kit.providerEndpointsPending, a kit setting of the IA)
        final ScriptedTransport t2 = new ScriptedTransport();
        final KitConfig c = ScriptedTransport.config(EnumSet.allOf(io.dat4j.Capability.class), 8);
        try (InterfaceAdapter other = ScriptedTransport.open(new KitConfig(c.name(), c.attributes(),
                c.providerAttributes(), c.endpointDefaults(), c.asyncEventQueueLength(), new KitSettings(0, 10, 60, 3, 250)),
                t2)) {
            final EventDispatcher e2 = other.createEventDispatcher(64, null, EventStream.DEFAULT);
            other.createPublicServicePoint(41, e2, ServicePointFlag.PROVIDER);
            final ServicePointUpcalls up2 = t2.listeners.get(41L);
            for (int i = 0; i < 3; i++) {
                assertTrue(up2.connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1));
            }
            assertFalse(up2.connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1));
            ((ConnectionRequestEvent) e2.dequeue()).request().accept(null, null);
            assertTrue(up2.connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1),
                    "an accepted request no longer counts as pending");
        }
    }

    @Test
    void shouldRejectAsNonPeerWhenTheCrEvdIsFull() {
        final EventDispatcher small = ia.createEventDispatcher(1, null, EnumSet.of(EventStream.CR));
        ia.createPublicServicePoint(27, small, ServicePointFlag.CONSUMER);
        final ServicePointUpcalls up = transport.listeners.get(27L);
        assertTrue(up.connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1));
        assertFalse(up.connectionRequested(new ScriptedTransport.Req(), PEER, null, 1, 1));
        assertEquals(EventNumber.ASYNC_ERROR_EVD_OVERFLOW, ia.asyncEventDispatcher().dequeue().number());
    }

    @Test
    void shouldRefuseATakenQualifier() {
        ia.createPublicServicePoint(28, evd, ServicePointFlag.CONSUMER);
        fails(StatusType.CONN_QUAL_IN_USE, () -> ia.createPublicServicePoint(28, evd, ServicePointFlag.CONSUMER));
        final PublicServicePoint any = ia.createPublicServicePointAny(evd, ServicePointFlag.CONSUMER);
        assertTrue(any.connectionQualifier() > 0);
    }

    @Test
    void shouldGiveRandomNonZeroRmrContextsAndRevokeThemOnFree() {
        final Set<Integer> seen = new HashSet<>();
        final RegionTable table = transport.adapter.regions();
        final EndpointUpcalls at = transport.ep(ep()).up;
        int sequential = 0;
        int last = 0;
        for (int i = 0; i < 50; i++) {
            final LocalMemoryRegion r = ia.createLocalMemoryRegion(pz, arena.allocate(16), MemoryPrivilege.ALL);
            assertNotEquals(0, r.rmrContext());
            assertTrue(seen.add(r.rmrContext()));
            if (r.rmrContext() == last + 1) {
                sequential++;
            }
            last = r.rmrContext();
        }
        assertTrue(sequential < 3, "rmr contexts look sequential");
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        final long a = lmr.registeredAddress();
        final RegisteredRegion got = table.acquire(at, lmr.rmrContext(), a + 8, 56, true);
        assertSame(lmr, got.handle());
        assertEquals(lmr.rmrContext(), got.rmrContext());
        assertFalse(lmr instanceof RegisteredRegion, "the consumer's LMR cannot be cast to the transport's view");
        got.release();
        assertNull(table.acquire(at, lmr.rmrContext(), a + 8, 57, true));
        assertNull(table.acquire(at, lmr.rmrContext(), a - 1, 1, false));
        assertNull(table.acquire(at, lmr.rmrContext(), a + 8, Long.MAX_VALUE, false));
        assertNull(table.acquire(at, lmr.rmrContext(), -1L, 2, false), "address wrap must not pass");
        assertNull(table.acquire(at, lmr.rmrContext() + 1, a, 1, false));
        assertNotNull(table.refusal(at, lmr.rmrContext(), a + 60, 8, false));
        final LocalMemoryRegion ro = ia.createLocalMemoryRegion(pz, arena.allocate(64),
                Set.of(MemoryPrivilege.REMOTE_READ));
        assertNull(table.acquire(at, ro.rmrContext(), ro.registeredAddress(), 8, true));
        assertNotNull(table.acquire(at, ro.rmrContext(), ro.registeredAddress(), 8, false));
        ro.segment();
        table.acquire(at, ro.rmrContext(), ro.registeredAddress(), 8, false).release();
        final RegisteredRegion held = table.acquire(at, ro.rmrContext(), ro.registeredAddress(), 8, false);
        held.release();
        held.release();
        final int ctx = lmr.rmrContext();
        lmr.close();
        assertNull(table.acquire(at, ctx, a, 1, false));
        assertEquals(0, ia.createLocalMemoryRegion(pz, arena.allocate(8), MemoryPrivilege.LOCAL).rmrContext());
    }

    @Test
    @DisplayName("DTO-17 DTO-18: remote access is served only to an EP of the region's PZ, the PZ in force now")
    void shouldServeRemoteAccessOnlyWithinTheTargetEndpointsPz() {
        final RegionTable table = transport.adapter.regions();
        final ProtectionZone other = ia.createProtectionZone();
        final LocalMemoryRegion mine = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        final LocalMemoryRegion theirs = ia.createLocalMemoryRegion(other, arena.allocate(64), MemoryPrivilege.ALL);
        final EndpointUpcalls at = transport.ep(ep()).up;
        final RegisteredRegion got = table.acquire(at, mine.rmrContext(), mine.registeredAddress(), 64, true);
        assertSame(mine, got.handle());
        got.release();
        for (final boolean write : new boolean[] {true, false}) {
            assertNull(table.acquire(at, theirs.rmrContext(), theirs.registeredAddress(), 8, write),
                    "a region of another PZ must be refused");
            assertTrue(table.refusal(at, theirs.rmrContext(), theirs.registeredAddress(), 8, write)
                    .contains("another protection zone"));
        }
        // a provider-created EP starts in the IA's PZ and is moved while TENTATIVE: the PZ in force decides
        ia.createPublicServicePoint(29, evd, ServicePointFlag.PROVIDER);
        final ConnectionRequest cr = request(29, 2, 2, new ScriptedTransport.Req());
        final Endpoint pep = cr.query().endpoint();
        final EndpointUpcalls pat = transport.ep(pep).up;
        assertNull(table.acquire(pat, theirs.rmrContext(), theirs.registeredAddress(), 8, true));
        pep.modifyProtectionZone(other);
        final RegisteredRegion moved = table.acquire(pat, theirs.rmrContext(), theirs.registeredAddress(), 8, true);
        assertSame(theirs, moved.handle());
        moved.release();
        assertNull(table.acquire(pat, mine.rmrContext(), mine.registeredAddress(), 8, true),
                "the PZ the EP left no longer serves it");
        // an EP of another IA is refused everything, even a context that exists here
        final ScriptedTransport t2 = new ScriptedTransport();
        try (InterfaceAdapter ia2 = ScriptedTransport.open(t2)) {
            final EventDispatcher e2 = ia2.createEventDispatcher(4, null, EventStream.DEFAULT);
            final EndpointUpcalls stranger = t2.ep(ia2.createEndpoint(ia2.createProtectionZone(), e2, e2, e2, null))
                    .up;
            assertNull(table.acquire(stranger, mine.rmrContext(), mine.registeredAddress(), 8, false));
            assertNotNull(table.refusal(stranger, mine.rmrContext(), mine.registeredAddress(), 8, false));
        }
        cr.reject(null);
    }

    @Test
    void shouldGiveTheTransportAProtectionDomainPerPz() {
        final ProtectionZone pz2 = ia.createProtectionZone();
        final Object pd = transport.pds.get(transport.pds.size() - 1);
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz2, arena.allocate(8), MemoryPrivilege.LOCAL);
        assertSame(pd, transport.registered.get(transport.registered.size() - 1).protectionZoneRegistration());
        final Endpoint ep = ia.createEndpoint(pz2, evd, null, evd, null);
        final ScriptedTransport.Ep t = transport.ep(ep);
        assertSame(pd, t.up.protectionZoneRegistration());
        assertSame(evd, t.up.recvSink().dispatcher());
        assertNull(t.up.requestSink());
        ep.close();
        lmr.close();
        pz2.close();
        assertFalse(transport.pds.contains(pd));
    }

    @Test
    void shouldCheckLmrArguments() {
        fails(StatusType.LENGTH_ERROR, () -> ia.createLocalMemoryRegion(pz, arena.allocate(1).asSlice(0, 0),
                MemoryPrivilege.ALL));
        fails(StatusType.INVALID_PARAMETER, () -> ia.createLocalMemoryRegion(pz, MemorySegment.ofArray(new byte[8]),
                MemoryPrivilege.ALL));
        fails(StatusType.INVALID_PARAMETER, () -> ia.createLocalMemoryRegion(pz, null, MemoryPrivilege.ALL));
        fails(StatusType.INVALID_HANDLE, () -> ia.createLocalMemoryRegion(null, arena.allocate(8),
                MemoryPrivilege.ALL));
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.LOCAL);
        fails(StatusType.LENGTH_ERROR, () -> lmr.triplet(60, 5));
        fails(StatusType.PRIVILEGES_VIOLATION, () -> lmr.remoteTriplet(0, 8));
    }

    @Test
    void shouldFailBadLocalTripletsWithLocalProtectionInOrder() {
        final Endpoint ep = connected();
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.LOCAL);
        final LocalMemoryRegion readOnly = ia.createLocalMemoryRegion(pz, arena.allocate(64),
                Set.of(MemoryPrivilege.LOCAL_READ));
        ep.postSend(List.of(lmr.triplet(0, 8)), 1, CompletionFlag.DEFAULT);
        ep.postSend(List.of(new io.dat4j.LocalMemoryTriplet(lmr.lmrContext(), lmr.registeredAddress() + 60, 8)), 2,
                CompletionFlag.DEFAULT);
        assertNull(evd.poll(), "the bad op waits behind the outstanding first one");
        final ScriptedTransport.Ep t = transport.ep(ep);
        assertEquals(1, t.posted.size());
        t.up.complete(t.posted.get(0), DtoStatus.SUCCESS, 8);
        final DtoCompletionEvent c1 = (DtoCompletionEvent) evd.dequeue();
        assertEquals(1, c1.cookie());
        final DtoCompletionEvent c2 = (DtoCompletionEvent) evd.dequeue();
        assertEquals(2, c2.cookie());
        assertEquals(DtoStatus.LOCAL_PROTECTION, c2.status());
        ep.postRecv(List.of(readOnly.triplet(0, 8)), 3, CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.LOCAL_PROTECTION, ((DtoCompletionEvent) evd.dequeue()).status());
        fails(StatusType.INVALID_PARAMETER, () -> ep.postSend(null, 1, CompletionFlag.DEFAULT));
        fails(StatusType.INVALID_PARAMETER, () -> ep.postSend(List.of(lmr.triplet(0, 1), lmr.triplet(0, 1),
                lmr.triplet(0, 1), lmr.triplet(0, 1), lmr.triplet(0, 1)), 1, CompletionFlag.DEFAULT));
        final LocalMemoryRegion big = ia.createLocalMemoryRegion(pz, arena.allocate(1 << 21),
                MemoryPrivilege.LOCAL);
        fails(StatusType.LENGTH_ERROR, () -> ep.postSend(List.of(big.triplet(0, 1 << 21)), 5,
                CompletionFlag.DEFAULT));
    }

    @Test
    void shouldRefuseTheLmrOfTheLastPostOnceItIsFreed() {
        // the EP keeps the LMR its last post resolved, to skip the IA's table: a freed one must not serve a post
        final Endpoint ep = connected();
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        final io.dat4j.LocalMemoryTriplet kept = lmr.triplet(0, 8);
        ep.postSend(List.of(kept), 1, CompletionFlag.DEFAULT);
        final ScriptedTransport.Ep t = transport.ep(ep);
        t.up.complete(t.posted.get(0), DtoStatus.SUCCESS, 8);
        assertEquals(DtoStatus.SUCCESS, ((DtoCompletionEvent) evd.dequeue()).status());
        lmr.close();
        ep.postSend(List.of(kept), 2, CompletionFlag.DEFAULT);
        final DtoCompletionEvent c2 = (DtoCompletionEvent) evd.dequeue();
        assertEquals(2, c2.cookie());
        assertEquals(DtoStatus.LOCAL_PROTECTION, c2.status());
        assertEquals(1, t.posted.size(), "the transport never saw the post on the freed LMR");
        final LocalMemoryRegion other = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        ep.postSend(List.of(other.triplet(0, 8)), 3, CompletionFlag.DEFAULT);
        assertEquals(2, t.posted.size(), "a live LMR still serves the next post");
        ep.postSend(List.of(kept), 4, CompletionFlag.DEFAULT);
        assertEquals(2, t.posted.size(), "the freed LMR's triplet is refused after another LMR was resolved too");
    }

    @Test
    void shouldKeepCompletionsInPostingOrderAndFlush() {
        final Endpoint ep = connected();
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        for (int i = 0; i < 3; i++) {
            ep.postRecv(List.of(lmr.triplet(0, 8)), 10 + i, CompletionFlag.DEFAULT);
            ep.postSend(List.of(lmr.triplet(0, 8)), 20 + i, i == 0 ? Set.of(CompletionFlag.SUPPRESS)
                    : CompletionFlag.DEFAULT);
        }
        final ScriptedTransport.Ep t = transport.ep(ep);
        final List<PostedOperation> ops = List.copyOf(t.posted);
        t.up.complete(ops.get(5), DtoStatus.SUCCESS, 8); // send 22
        t.up.complete(ops.get(2), DtoStatus.SUCCESS, 5); // recv 11
        assertNull(evd.poll());
        t.up.complete(ops.get(1), DtoStatus.SUCCESS, 8); // send 20, suppressed: no event
        assertNull(evd.poll());
        t.up.complete(ops.get(3), DtoStatus.SUCCESS, 8); // send 21 releases 21 and 22
        assertEquals(21, ((DtoCompletionEvent) evd.dequeue()).cookie());
        assertEquals(22, ((DtoCompletionEvent) evd.dequeue()).cookie());
        t.up.complete(ops.get(0), DtoStatus.SUCCESS, 3);
        final DtoCompletionEvent r10 = (DtoCompletionEvent) evd.dequeue();
        assertEquals(10, r10.cookie());
        assertEquals(3, r10.transferredLength());
        assertEquals(io.dat4j.DtoOperation.RECEIVE, r10.operation());
        assertEquals(11, ((DtoCompletionEvent) evd.dequeue()).cookie());
        t.posted.clear();
        t.conn.flush();
        final DtoCompletionEvent r12 = (DtoCompletionEvent) evd.dequeue();
        assertEquals(12, r12.cookie());
        assertEquals(DtoStatus.FLUSHED, r12.status());
        assertNull(evd.poll());
        assertTrue(ep.status().inDtoIdle() && ep.status().outDtoIdle());
    }

    @Test
    void shouldRefusePostsInTheWrongStateAndWhenFull() {
        final Endpoint ep = ep();
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        assertEquals(StatusSubtype.INVALID_STATE_EP_UNCONNECTED, fails(StatusType.INVALID_STATE,
                () -> ep.postSend(lmr.triplet(0, 8), 1)).subtype());
        for (int i = 0; i < 8; i++) {
            ep.postRecv(lmr.triplet(0, 8), i);
        }
        fails(StatusType.INSUFFICIENT_RESOURCES, () -> ep.postRecv(lmr.triplet(0, 8), 9));
        assertFalse(ep.status().inDtoIdle());
        ep.close();
        for (int i = 0; i < 8; i++) {
            final DtoCompletionEvent e = (DtoCompletionEvent) evd.dequeue();
            assertEquals(i, e.cookie());
            assertEquals(DtoStatus.FLUSHED, e.status());
        }
    }
}
