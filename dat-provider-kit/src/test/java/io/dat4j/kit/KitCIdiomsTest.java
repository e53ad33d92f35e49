package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.AsyncErrorReason;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a C uDAPL program does, translated literally, means in the kit what it means to libdapl (docs/porting.md, "C
 * idioms and what they become"): zeroed {@code DAT_EP_ATTR} fields, {@code DAT_VALUE_UNKNOWN}, the SRQ limits of
 * {@code DAT_IA_ATTR}, {@code dat_srq_post_recv} without flags, and the EP_BROKEN async event that tells a program
 * an SRQ EP is done.
 */
@Timeout(30)
class KitCIdiomsTest extends ScriptedIaTest {

    KitCIdiomsTest() {
        super(EventStream.DEFAULT, 8192, MemoryPrivilege.ALL);
    }

    /** dtestsrq.c's ep_attr: memset to 0, then the queue sizes and one segment each way. */
    private static EndpointAttributes cZeroed() {
        return EndpointAttributes.builder().maxMessageSize(0).maxRdmaSize(0).maxRecvDtos(4).maxRequestDtos(4)
                .maxRecvIov(1).maxRequestIov(1).maxRdmaReadIn(0).maxRdmaReadOut(0).maxRdmaReadIov(0)
                .maxRdmaWriteIov(0).requestCompletionFlags(CompletionFlag.DEFAULT).build();
    }

    private Endpoint connected(final EndpointAttributes a) {
        final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, a);
        ep.connect(LO, 7, Duration.ofSeconds(5), null);
        assertTrue(transport.ep(ep).conn.established(null, 0, 0, PEER, PEER));
        assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, evd.dequeue().number());
        return ep;
    }

    @Test
    @DisplayName("zeroed max_message_size, max_rdma_size and RDMA segment counts are no limits of the EP's own, as "
            + "libdapl never checks them; zero RDMA read depths are taken as given")
    void shouldTreatZeroedAttributesAsLibdapl() {
        final InterfaceAdapterAttributes lim = ia.attributes();
        final Endpoint ep = connected(cZeroed());
        final EndpointAttributes q = ep.query().attributes();
        assertEquals(lim.maxMessageSize(), q.maxMessageSize(), "0: the IA's limit");
        assertEquals(lim.maxRdmaSize(), q.maxRdmaSize(), "0: the IA's limit");
        assertEquals(1, q.maxRdmaReadIov(), "0: the request segment count");
        assertEquals(1, q.maxRdmaWriteIov(), "0: the request segment count");
        assertEquals(0, q.maxRdmaReadIn());
        assertEquals(0, q.maxRdmaReadOut());
        assertEquals(List.of("connect 7 0 0 0"), transport.ep(ep).calls, "connect asks for no RDMA reads, as C");
        ep.postSend(List.of(lmr.triplet(0, 4096)), 1, CompletionFlag.DEFAULT);
        ep.postRdmaWrite(List.of(lmr.triplet(0, 4096)), 2, lmr.remoteTriplet(4096, 4096), CompletionFlag.DEFAULT);
        assertEquals(List.of("connect 7 0 0 0", "post SEND", "post RDMA_WRITE"), transport.ep(ep).calls);
        // an RDMA read needs a depth out, as on a device with initiator depth 0 (CRA-11)
        fails(StatusType.INVALID_STATE, () -> ep.postRdmaRead(List.of(lmr.triplet(0, 16)), 3,
                lmr.remoteTriplet(0, 16), CompletionFlag.DEFAULT));
        // a zero EP limit is also what an UNCONNECTED modify means
        final Endpoint other = ia.createEndpoint(pz, evd, evd, evd, null);
        other.modify(cZeroed());
        assertEquals(lim.maxMessageSize(), other.query().attributes().maxMessageSize());
    }

    @Test
    @DisplayName("zeroed queue sizes and segment counts are refused, as libdapl refuses them for an EP with EVDs")
    void shouldRefuseZeroedQueuesAsLibdapl() {
        for (final EndpointAttributes a : List.of(cZeroed().toBuilder().maxRecvDtos(0).build(),
                cZeroed().toBuilder().maxRequestDtos(0).build(), cZeroed().toBuilder().maxRecvIov(0).build(),
                cZeroed().toBuilder().maxRequestIov(0).build())) {
            assertEquals(StatusSubtype.INVALID_ARG6, fails(StatusType.INVALID_PARAMETER,
                    () -> ia.createEndpoint(pz, evd, evd, evd, a)).subtype(), a.toString());
        }
    }

    @Test
    @DisplayName("DAT_VALUE_UNKNOWN (-2) in any DAT_EP_ATTR field lets the provider choose, as DEFAULT_VALUE")
    void shouldAcceptDatValueUnknown() {
        final int u = EndpointAttributes.VALUE_UNKNOWN;
        assertEquals(-2, u, "dat.h: ((DAT_COUNT) ~0) - 1");
        final EndpointAttributes unknown = EndpointAttributes.builder().maxMessageSize(u).maxRdmaSize(u)
                .maxRecvDtos(u).maxRequestDtos(u).maxRecvIov(u).maxRequestIov(u).maxRdmaReadIn(u).maxRdmaReadOut(u)
                .maxRdmaReadIov(u).maxRdmaWriteIov(u).build();
        final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, unknown);
        final Endpoint dflt = ia.createEndpoint(pz, evd, evd, evd, EndpointAttributes.DEFAULTS);
        assertEquals(dflt.query().attributes(), ep.query().attributes());
        dflt.modify(unknown);
        assertEquals(ep.query().attributes(), dflt.query().attributes());
        fails(StatusType.INVALID_PARAMETER, () -> ia.createEndpoint(pz, evd, evd, evd,
                EndpointAttributes.builder().maxRecvDtos(-3).build()));
        // the retry counts are not DAT_EP_ATTR fields (RC-06, RC-07)
        fails(StatusType.INVALID_PARAMETER, () -> ia.createEndpoint(pz, evd, evd, evd,
                EndpointAttributes.builder().retryCount(u).build()));
    }

    @Test
    @DisplayName("max_recv_per_srq and max_ep_per_srq are queryable and bound dat_srq_create, dat_srq_resize and "
            + "dat_ep_create_with_srq")
    void shouldQueryAndEnforceTheSrqLimits() {
        final InterfaceAdapterAttributes a = ia.attributes();
        assertEquals(ScriptedTransport.MAX_RECV_PER_SRQ, a.maxRecvPerSrq());
        assertEquals(ScriptedTransport.MAX_EP_PER_SRQ, a.maxEndpointsPerSrq());
        assertTrue(a.maxRecvPerSrq() > a.maxDtoPerEndpoint(), "the SRQ limit is its own, not the EP's");
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(a.maxRecvPerSrq(), 1, 0));
        assertEquals(StatusSubtype.INVALID_ARG3, fails(StatusType.INVALID_PARAMETER,
                () -> ia.createSharedReceiveQueue(pz, new SrqAttributes(a.maxRecvPerSrq() + 1, 1, 0))).subtype());
        fails(StatusType.INVALID_PARAMETER, () -> srq.resize(a.maxRecvPerSrq() + 1));
        final Endpoint[] eps = new Endpoint[a.maxEndpointsPerSrq()];
        for (int i = 0; i < eps.length; i++) {
            eps[i] = ia.createEndpointWithSrq(pz, evd, evd, evd, srq, null);
        }
        assertEquals(StatusSubtype.RESOURCE_SRQ, fails(StatusType.INSUFFICIENT_RESOURCES,
                () -> ia.createEndpointWithSrq(pz, evd, evd, evd, srq, null)).subtype());
        eps[0].close();
        eps[0] = ia.createEndpointWithSrq(pz, evd, evd, evd, srq, null);
        // the refused EP was not counted against the IA: every EP of the IA can still be created
        final int more = a.maxEndpoints() - eps.length;
        final Endpoint[] rest = new Endpoint[more];
        for (int i = 0; i < more; i++) {
            rest[i] = ia.createEndpoint(pz, evd, evd, evd, null);
        }
        fails(StatusType.INSUFFICIENT_RESOURCES, () -> ia.createEndpoint(pz, evd, evd, evd, null));
    }

    @Test
    @DisplayName("an IA without RDMA (0 RDMA segments, no RDMA capability) creates EPs with default, zeroed and "
            + "unknown attributes, their RDMA segment counts 0; asking for one is INVALID_PARAMETER ARG6")
    void shouldCreateEndpointsOfAnIaWithoutRdma() {
        final KitConfig c = ScriptedTransport.config(java.util.EnumSet.noneOf(io.dat4j.Capability.class), 8);
        final InterfaceAdapterAttributes l = c.attributes();
        final InterfaceAdapterAttributes noRdma = new InterfaceAdapterAttributes(l.adapterName(), l.vendorName(),
                l.address(), l.maxEndpoints(), l.maxDtoPerEndpoint(), 0, 0, l.maxEventDispatchers(),
                l.maxEventDispatcherQueueLength(), l.maxIovSegmentsPerDto(), l.maxLocalMemoryRegions(),
                l.maxLocalMemoryRegionSize(), l.maxProtectionZones(), l.maxMessageSize(), 0,
                l.maxRemoteMemoryRegions(), l.maxSharedReceiveQueues(), 0, 0);
        final EndpointAttributes defaults = c.endpointDefaults().toBuilder().maxRdmaSize(0).maxRdmaReadIn(0)
                .maxRdmaReadOut(0).maxRdmaReadIov(0).maxRdmaWriteIov(0).build();
        try (InterfaceAdapter plain = ScriptedTransport.open(new KitConfig("plain0", noRdma, c.providerAttributes(),
                defaults, 8), new ScriptedTransport())) {
            final ProtectionZone z = plain.createProtectionZone();
            final EventDispatcher e = plain.createEventDispatcher(8, null, EventStream.DEFAULT);
            for (final EndpointAttributes a : new EndpointAttributes[] {null, cZeroed(),
                EndpointAttributes.builder().maxRdmaReadIov(EndpointAttributes.VALUE_UNKNOWN).build()}) {
                final EndpointAttributes q = plain.createEndpoint(z, e, e, e, a).query().attributes();
                assertEquals(0, q.maxRdmaReadIov(), String.valueOf(a));
                assertEquals(0, q.maxRdmaWriteIov(), String.valueOf(a));
            }
            fails(StatusType.INVALID_PARAMETER, () -> plain.createEndpoint(z, e, e, e,
                    EndpointAttributes.builder().maxRdmaWriteIov(1).build()));
        }
    }

    @Test
    @DisplayName("a provider's EP defaults with a field left unset are refused when the KitConfig is made, naming the"
            + " field, not at every consumer's createEndpoint as the consumer's INVALID_PARAMETER ARG6")
    void shouldRefuseEndpointDefaultsWithAFieldUnset() {
        final KitConfig c = ScriptedTransport.config(java.util.EnumSet.allOf(io.dat4j.Capability.class), 8);
        final EndpointAttributes unset = c.endpointDefaults().toBuilder()
                .retryCount(EndpointAttributes.DEFAULT_VALUE).build();
        final IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> new KitConfig("partial0", c.attributes(), c.providerAttributes(), unset, 8));
        assertTrue(x.getMessage().contains("retryCount"), x.getMessage());
    }

    @Test
    @DisplayName("the one-segment posts with a null segment (C: a null iov) are INVALID_PARAMETER ARG3 naming "
            + "segment 0, not a NullPointerException")
    void shouldRefuseANullSingleSegment() {
        final Endpoint ep = connected(null);
        final DatException send = fails(StatusType.INVALID_PARAMETER,
                () -> ep.postSend((io.dat4j.LocalMemoryTriplet) null, 1));
        assertEquals(StatusSubtype.INVALID_ARG3, send.subtype());
        assertTrue(send.getMessage().contains("segment 0 is null"), send.getMessage());
        assertEquals(StatusSubtype.INVALID_ARG3, fails(StatusType.INVALID_PARAMETER,
                () -> ep.postRecv((io.dat4j.LocalMemoryTriplet) null, 2)).subtype());
        assertTrue(transport.ep(ep).posted.isEmpty(), "nothing reached the transport");
    }

    @Test
    @DisplayName("a request EVD sized to the EP's max_request_dtos, as C programs size it, never overflows: a "
            + "completed request keeps its slot until its event has entered the EVD (libdapl: until its work "
            + "completion is moved from the CQ into the EVD), so the post fails with INSUFFICIENT_RESOURCES first")
    void shouldRefuseThePostBeforeAnEvdSizedAsInCOverflows() {
        final EventDispatcher requests = ia.createEventDispatcher(4, null, java.util.Set.of(EventStream.DTO));
        final Endpoint ep = ia.createEndpoint(pz, evd, requests, evd,
                EndpointAttributes.builder().maxRequestDtos(4).build());
        ep.connect(LO, 7, Duration.ofSeconds(5), null);
        assertTrue(transport.ep(ep).conn.established(null, 0, 0, PEER, PEER));
        assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, evd.dequeue().number());
        long cookie = 0;
        // post and complete until the post is refused: 4 events fill the EVD, 4 more completions wait holding their
        // slots (libdapl: 4 work completions copied into the EVD by dat_evd_wait, 4 left in the CQ)
        while (ep.tryPostSend(List.of(lmr.triplet(0, 8)), cookie, CompletionFlag.DEFAULT)) {
            final PostedOperation op;
            synchronized (transport.ep(ep)) {
                op = transport.ep(ep).posted.getLast();
            }
            transport.ep(ep).up.complete(op, io.dat4j.DtoStatus.SUCCESS, 8);
            cookie++;
            assertTrue(cookie <= 8, "more than 4 requests in flight beyond the 4 events the EVD holds");
        }
        assertEquals(8, cookie, "4 events in the EVD, 4 completions waiting with their slots");
        assertEquals(StatusType.INSUFFICIENT_RESOURCES, assertThrows(DatException.class,
                () -> ep.postSend(List.of(lmr.triplet(0, 8)), 99, CompletionFlag.DEFAULT)).type());
        assertEquals(4, requests.size(), "the EVD holds its length, no more");
        assertNull(ia.asyncEventDispatcher().poll(), "nothing overflowed");
        // taking an event moves the first waiting completion in, and frees its slot: one post fits again
        assertEquals(0, ((DtoCompletionEvent) requests.dequeue()).cookie());
        assertEquals(4, requests.size());
        assertTrue(ep.tryPostSend(List.of(lmr.triplet(0, 8)), 8, CompletionFlag.DEFAULT));
        assertFalse(ep.tryPostSend(List.of(lmr.triplet(0, 8)), 9, CompletionFlag.DEFAULT));
        final PostedOperation last;
        synchronized (transport.ep(ep)) {
            last = transport.ep(ep).posted.getLast();
        }
        transport.ep(ep).up.complete(last, io.dat4j.DtoStatus.SUCCESS, 8);
        for (long c = 1; c <= 8; c++) {
            assertEquals(c, ((DtoCompletionEvent) requests.dequeue()).cookie(), "every completion once, in order");
        }
        assertNull(requests.poll());
        assertNull(ia.asyncEventDispatcher().poll(), "nothing overflowed");
        for (long c = 10; c < 14; c++) {
            assertTrue(ep.tryPostSend(List.of(lmr.triplet(0, 8)), c, CompletionFlag.DEFAULT), "all 4 slots free");
        }
    }

    @Test
    @DisplayName("dat_srq_post_recv(srq, n, iov, cookie) has a Java form without flags; a null flag set is "
            + "INVALID_PARAMETER with no argument subtype, C having no such argument")
    void shouldPostSrqReceivesTheCWay() {
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(4, 1, 0));
        final Endpoint ep = ia.createEndpointWithSrq(pz, evd, evd, evd, srq, null);
        srq.postRecv(List.of(lmr.triplet(0, 64)), 77);
        assertEquals(1, srq.available());
        final PostedOperation op = transport.ep(ep).up.takeSharedReceive();
        assertEquals(77, op.cookie());
        assertEquals(0, op.flags(), "DAT_COMPLETION_DEFAULT_FLAG");
        transport.ep(ep).up.complete(op, io.dat4j.DtoStatus.SUCCESS, 10);
        assertEquals(77, ((DtoCompletionEvent) evd.dequeue()).cookie());
        assertEquals(StatusSubtype.NO_SUBTYPE, fails(StatusType.INVALID_PARAMETER,
                () -> srq.postRecv(List.of(lmr.triplet(0, 64)), 1, null)).subtype());
        assertEquals(StatusSubtype.INVALID_ARG3, fails(StatusType.INVALID_PARAMETER,
                () -> srq.postRecv(null, 1)).subtype());
    }

    @Test
    @DisplayName("an EP of the kit's SRQ posts DAT_ASYNC_ERROR_EP_BROKEN about itself when its connection ends, as "
            + "libdapl for IBV_EVENT_QP_LAST_WQE_REACHED, and stays DISCONNECTED")
    void shouldPostEpBrokenWhenAnSrqEpsConnectionEnds() {
        final EventDispatcher async = ia.asyncEventDispatcher();
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(4, 1, 0));
        final Endpoint[] eps = new Endpoint[3];
        for (int i = 0; i < eps.length; i++) {
            eps[i] = ia.createEndpointWithSrq(pz, evd, evd, evd, srq, null);
            eps[i].connect(LO, 7, Duration.ofSeconds(5), null);
            assertTrue(transport.ep(eps[i]).conn.established(null, 0, 0, PEER, PEER));
            assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, evd.dequeue().number());
        }
        final Endpoint plain = connected(null);
        assertNull(async.poll());
        // the peer disconnected, the consumer disconnected (the transport never answered), the connection broke
        assertTrue(transport.ep(eps[0]).conn.disconnected());
        eps[1].disconnect(CloseMode.ABRUPT);
        assertFalse(transport.ep(eps[1]).conn.disconnected(), "ended by the ABRUPT disconnect already");
        assertTrue(transport.ep(eps[2]).conn.broken("test"));
        assertTrue(transport.ep(plain).conn.disconnected());
        for (final Endpoint ep : eps) {
            final AsyncErrorEvent e = (AsyncErrorEvent) async.dequeue();
            assertEquals(EventNumber.ASYNC_ERROR_EP_BROKEN, e.number());
            assertSame(ep, e.source());
            assertEquals(AsyncErrorReason.EP_OTHER_ERROR, e.reasonCode());
            assertEquals(EndpointState.DISCONNECTED, ep.state());
        }
        assertNull(async.poll(), "nothing for an EP without an SRQ");
        // freeing a connected SRQ EP posts nothing about the freed handle
        eps[0].close();
        final Endpoint freed = ia.createEndpointWithSrq(pz, evd, evd, evd, srq, null);
        freed.connect(LO, 7, Duration.ofSeconds(5), null);
        assertTrue(transport.ep(freed).conn.established(null, 0, 0, PEER, PEER));
        freed.close();
        assertNull(async.poll());
    }

    @Test
    @DisplayName("dat_ep_disconnect(DAT_CLOSE_ABRUPT_FLAG) returns with the EP DISCONNECTED and its event posted, as "
            + "libdapl's: at once when the transport ends the connection, forced when it does not answer")
    void shouldReturnFromAbruptDisconnectOnceDisconnected() {
        for (final boolean answers : new boolean[] {true, false}) {
            final Endpoint ep = connected(null);
            transport.ep(ep).answerDisconnect = answers;
            ep.disconnect(CloseMode.ABRUPT);
            assertEquals(EndpointState.DISCONNECTED, ep.state());
            final io.dat4j.Event e = evd.poll();
            assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED, e == null ? null : e.number(), "answers=" + answers);
            assertSame(ep, ((io.dat4j.ConnectionEvent) e).endpoint());
            if (!answers) {
                assertFalse(transport.ep(ep).conn.disconnected(), "a late end changes nothing");
            }
            assertNull(evd.poll(), "one DISCONNECTED");
        }
        // GRACEFUL returns at once, DISCONNECT_PENDING until the transport ends the connection
        final Endpoint graceful = connected(null);
        graceful.disconnect(CloseMode.GRACEFUL);
        assertEquals(EndpointState.DISCONNECT_PENDING, graceful.state());
        assertNull(evd.poll());
    }

    @Test
    @DisplayName("the async EVD keeps room for the EP_BROKEN of every SRQ EP: a program that frees its EPs slower "
            + "than their connections end loses none of them, and the EVD does not overflow (dat_ia_open asked 8)")
    void shouldKeepRoomForEveryEpBroken() {
        final EventDispatcher async = ia.asyncEventDispatcher();
        final int asked = async.query().queueLength();
        final List<Endpoint> eps = new java.util.ArrayList<>();
        for (int q = 0; q < 2; q++) {
            final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(4, 1, 0));
            for (int i = 0; i < ScriptedTransport.MAX_EP_PER_SRQ; i++) {
                final Endpoint ep = ia.createEndpointWithSrq(pz, evd, evd, evd, srq, null);
                ep.connect(LO, 7, Duration.ofSeconds(5), null);
                assertTrue(transport.ep(ep).conn.established(null, 0, 0, PEER, PEER));
                evd.dequeue();
                eps.add(ep);
            }
        }
        assertTrue(eps.size() > asked, eps.size() + " SRQ EPs, more than the " + asked + " events asked for");
        for (final Endpoint ep : eps) {
            assertTrue(transport.ep(ep).conn.disconnected());
        }
        for (final Endpoint ep : eps) {
            final AsyncErrorEvent e = (AsyncErrorEvent) async.dequeue();
            assertEquals(EventNumber.ASYNC_ERROR_EP_BROKEN, e.number());
            assertSame(ep, e.source());
        }
        assertNull(async.poll());
        for (final Endpoint ep : eps) {
            ep.close();
        }
        assertEquals(asked, async.query().queueLength(), "back to the length asked once the EPs are freed");
    }

    @Test
    @DisplayName("a transport with its own SRQ reports the last WQE itself: the kit posts nothing")
    void shouldLeaveTheEventToADeviceSrq() {
        transport.deviceSrq = new java.util.concurrent.CopyOnWriteArrayList<>();
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(4, 1, 0));
        final Endpoint ep = ia.createEndpointWithSrq(pz, evd, evd, evd, srq, null);
        ep.connect(LO, 7, Duration.ofSeconds(5), null);
        assertTrue(transport.ep(ep).conn.established(null, 0, 0, PEER, PEER));
        assertTrue(transport.ep(ep).conn.disconnected());
        assertNull(ia.asyncEventDispatcher().poll());
    }
}
