package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The kit's shared receive queue: bookkeeping, checks, and how an EP consumes its buffers. */
@Timeout(30)
class KitSharedReceiveQueueTest extends ScriptedIaTest {

    KitSharedReceiveQueueTest() {
        super(EventStream.DEFAULT, 256, MemoryPrivilege.LOCAL);
    }

    private Endpoint ep(final SharedReceiveQueue srq) {
        return ia.createEndpointWithSrq(pz, evd, evd, evd, srq, null);
    }

    @Test
    @DisplayName("SRQ-01 kit: query, available, FIFO consumption with the srq cookie on the consuming EP's recv EVD")
    void consumesInPostingOrder() {
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(4, 2, 1));
        assertEquals(new SrqAttributes(4, 2, 1), srq.query());
        assertSame(pz, srq.protectionZone());
        assertSame(ia, srq.interfaceAdapter());
        final Endpoint a = ep(srq);
        final Endpoint b = ep(srq);
        srq.postRecv(List.of(lmr.triplet(0, 64)), 11, CompletionFlag.DEFAULT);
        srq.postRecv(List.of(lmr.triplet(64, 32), lmr.triplet(96, 32)), 12, CompletionFlag.DEFAULT);
        assertEquals(2, srq.available());
        assertTrue(transport.ep(a).calls.contains("srq posted"), "the transport is told of new buffers");
        final EndpointUpcalls upB = transport.ep(b).up;
        final EndpointUpcalls upA = transport.ep(a).up;
        assertTrue(upB.hasSharedReceive());
        final PostedOperation first = upB.takeSharedReceive();
        assertEquals(11, first.cookie());
        assertEquals(DtoOperation.RECEIVE, first.kind());
        assertEquals(64, first.length(0));
        final PostedOperation second = upA.takeSharedReceive();
        assertEquals(12, second.cookie());
        assertEquals(2, second.segmentCount());
        assertEquals(0, srq.available());
        assertNull(upA.takeSharedReceive(), "no buffer: the transport applies the RNR rule");
        upA.complete(second, DtoStatus.SUCCESS, 40);
        upB.complete(first, DtoStatus.SUCCESS, 5);
        final DtoCompletionEvent e1 = (DtoCompletionEvent) evd.dequeue();
        final DtoCompletionEvent e2 = (DtoCompletionEvent) evd.dequeue();
        assertEquals(List.of(12L, a, 40L), List.of(e1.cookie(), e1.endpoint(), e1.transferredLength()));
        assertEquals(List.of(11L, b, 5L), List.of(e2.cookie(), e2.endpoint(), e2.transferredLength()));
    }

    @Test
    @DisplayName("SRQ-01 device SRQ: buffers that pass the checks go to the transport in order; a QP names the one it "
            + "consumed by sequence, in any order, and earlier failed buffers complete LOCAL_PROTECTION on that EP")
    void deviceSrqTakesBuffersBySequence() {
        final java.util.List<SharedReceiveBuffer> device = new java.util.concurrent.CopyOnWriteArrayList<>();
        transport.deviceSrq = device;
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(4, 2, 0));
        assertEquals(List.of("create pd0 4"), transport.srqCalls, "created in the PZ's PD");
        final LocalMemoryRegion readOnly = ia.createLocalMemoryRegion(pz, arena.allocate(64),
                EnumSet.of(MemoryPrivilege.LOCAL_READ));
        final Endpoint a = ep(srq);
        final Endpoint b = ep(srq);
        assertSame(transport.ep(a).up.sharedReceiveTransport(), transport.ep(b).up.sharedReceiveTransport());
        srq.postRecv(List.of(lmr.triplet(0, 64)), 21, CompletionFlag.DEFAULT);
        srq.postRecv(List.of(readOnly.triplet(0, 8)), 22, CompletionFlag.DEFAULT);
        srq.postRecv(List.of(lmr.triplet(64, 32), lmr.triplet(96, 32)), 23, CompletionFlag.DEFAULT);
        assertEquals(2, device.size(), "the buffer that failed the checks never reaches the device");
        assertEquals(List.of(21L, 23L), List.of(device.get(0).cookie(), device.get(1).cookie()));
        assertEquals(2, device.get(1).segmentCount());
        assertEquals(96, device.get(1).offset(1));
        assertTrue(device.get(0).sequence() < device.get(1).sequence());
        // B's QP consumed the second buffer and its completion is polled first
        final PostedOperation second = transport.ep(b).up.takeSharedReceive(device.get(1).sequence());
        assertEquals(23, second.cookie());
        final DtoCompletionEvent bad = (DtoCompletionEvent) evd.dequeue();
        assertEquals(List.of(22L, DtoStatus.LOCAL_PROTECTION, b), List.of(bad.cookie(), bad.status(), bad.endpoint()));
        final PostedOperation first = transport.ep(a).up.takeSharedReceive(device.get(0).sequence());
        assertEquals(21, first.cookie());
        assertNull(transport.ep(a).up.takeSharedReceive(device.get(0).sequence()), "taken once");
        assertEquals(0, srq.available());
        srq.resize(8);
        assertTrue(transport.srqCalls.contains("resize 8"));
        a.close();
        b.close();
        srq.close();
        assertEquals("close", transport.srqCalls.get(transport.srqCalls.size() - 1));
    }

    @Test
    void badTripletCompletesWithLocalProtectionOnTheConsumingEp() {
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(4, 1, 0));
        final LocalMemoryRegion readOnly = ia.createLocalMemoryRegion(pz, arena.allocate(64),
                EnumSet.of(MemoryPrivilege.LOCAL_READ));
        final Endpoint a = ep(srq);
        srq.postRecv(List.of(readOnly.triplet(0, 8)), 1, CompletionFlag.DEFAULT);
        srq.postRecv(List.of(lmr.triplet(0, 8)), 2, CompletionFlag.DEFAULT);
        final PostedOperation op = transport.ep(a).up.takeSharedReceive();
        assertEquals(2, op.cookie(), "the bad buffer is skipped");
        final DtoCompletionEvent bad = (DtoCompletionEvent) evd.dequeue();
        assertEquals(List.of(1L, DtoStatus.LOCAL_PROTECTION), List.of(bad.cookie(), bad.status()));
    }

    @Test
    void refusesWhatDatRefuses() {
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(2, 1, 0));
        final Endpoint a = ep(srq);
        final DatException post = fails(StatusType.INVALID_STATE,
                () -> a.postRecv(List.of(lmr.triplet(0, 8)), 1, CompletionFlag.DEFAULT));
        assertEquals(StatusSubtype.INVALID_STATE_SRQ_IN_USE, post.subtype());
        assertEquals(StatusSubtype.INVALID_STATE_SRQ_IN_USE, fails(StatusType.INVALID_STATE, srq::close).subtype());
        fails(StatusType.INVALID_STATE, pz::close);
        fails(StatusType.INVALID_PARAMETER, () -> srq.postRecv(null, 1, CompletionFlag.DEFAULT));
        fails(StatusType.INVALID_PARAMETER, () -> srq.postRecv(List.of(lmr.triplet(0, 8)), 1, null));
        fails(StatusType.INVALID_PARAMETER,
                () -> srq.postRecv(List.of(lmr.triplet(0, 8), lmr.triplet(8, 8)), 1, CompletionFlag.DEFAULT));
        srq.postRecv(List.of(lmr.triplet(0, 8)), 1, CompletionFlag.DEFAULT);
        srq.postRecv(List.of(lmr.triplet(8, 8)), 2, CompletionFlag.DEFAULT);
        assertEquals(StatusSubtype.RESOURCE_SRQ, fails(StatusType.INSUFFICIENT_RESOURCES,
                () -> srq.postRecv(List.of(lmr.triplet(0, 8)), 3, CompletionFlag.DEFAULT)).subtype());
        fails(StatusType.INVALID_STATE, () -> srq.resize(1));
        srq.resize(8);
        assertEquals(8, srq.query().maxRecvDtos());
        fails(StatusType.INVALID_PARAMETER, () -> srq.resize(0));
        srq.setLowWatermark(3);
        assertEquals(3, srq.query().lowWatermark());
        fails(StatusType.INVALID_PARAMETER, () -> srq.setLowWatermark(9));
        fails(StatusType.INVALID_PARAMETER, () -> ia.createSharedReceiveQueue(pz, null));
        fails(StatusType.INVALID_PARAMETER, () -> ia.createSharedReceiveQueue(pz, new SrqAttributes(0, 1, 0)));
        fails(StatusType.INVALID_PARAMETER, () -> ia.createSharedReceiveQueue(pz, new SrqAttributes(2, 99, 0)));
        fails(StatusType.INVALID_HANDLE, () -> ia.createSharedReceiveQueue(null, new SrqAttributes(2, 1, 0)));
        assertEquals(StatusSubtype.INVALID_HANDLE_SRQ, fails(StatusType.INVALID_HANDLE, () -> ep(null)).subtype());
        final ProtectionZone other = ia.createProtectionZone();
        fails(StatusType.INVALID_PARAMETER, () -> ia.createEndpointWithSrq(other, evd, evd, evd, srq, null));
        final SharedReceiveQueue second = ia.createSharedReceiveQueue(pz, new SrqAttributes(2, 1, 0));
        assertEquals(StatusSubtype.RESOURCE_SRQ, fails(StatusType.INSUFFICIENT_RESOURCES,
                () -> ia.createSharedReceiveQueue(pz, new SrqAttributes(2, 1, 0))).subtype());
        second.close();
        a.close();
        srq.close();
        srq.close();
        assertEquals(StatusSubtype.INVALID_HANDLE_SRQ, fails(StatusType.INVALID_HANDLE, srq::available).subtype());
        fails(StatusType.INVALID_HANDLE, () -> ep(srq));
    }

    @Test
    void notImplementedWithoutTheCapability() {
        final InterfaceAdapter plain = ScriptedTransport.open(EnumSet.complementOf(EnumSet.of(Capability.SRQ)),
                new ScriptedTransport());
        try {
            final ProtectionZone p = plain.createProtectionZone();
            fails(StatusType.NOT_IMPLEMENTED, () -> plain.createSharedReceiveQueue(p, new SrqAttributes(2, 1, 0)));
        } finally {
            plain.close();
        }
    }

    @Test
    void iaCloseFreesTheSrqAndDiscardsItsBuffers() {
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(2, 1, 0));
        ep(srq);
        srq.postRecv(List.of(lmr.triplet(0, 8)), 1, CompletionFlag.DEFAULT);
        ia.close();
        assertTrue(srq.isClosed());
        fails(StatusType.INVALID_HANDLE, srq::query);
    }
}
