package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertStatus;
import static io.dat4j.conformance.Checks.assertSucceeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.RemoteMemoryRegion;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;
import java.lang.foreign.MemorySegment;
import java.util.HashSet;
import java.util.Set;

/**
 * Protection zones and memory: {@code dat_pz_*}, {@code dat_lmr_*}, {@code dat_rmr_*}, {@code dat_srq_*}, and the
 * dapltest FFT cases pz and mem.
 */
public abstract class MemoryConformance extends ConformanceBase {

    /** For subclasses. */
    protected MemoryConformance() {
    }

    @Rule(id = "FFT-PZ-0", level = Level.REQUIRED, text = "A PZ is created and freed; the freed handle is closed")
    void createAndFreePz() {
        final ProtectionZone pz = rig().pz(rig().ia());
        assertSuccessfulFree(pz);
    }

    private static void assertSuccessfulFree(final ProtectionZone pz) {
        assertFalse(pz.isClosed(), "new PZ open");
        assertSucceeds("pz_free", pz::close);
        assertTrue(pz.isClosed(), "freed PZ closed");
        assertSucceeds("a second pz_free", pz::close);
    }

    @Rule(id = "FFT-PZ-1", level = Level.REQUIRED,
            text = "dat_pz_free of a PZ an EP still uses fails with INVALID_STATE and the PZ stays usable")
    void freePzInUseByEp() {
        final Rig.Side s = rig().side(rig().ia(), null);
        assertStatus("pz_free with an EP", s.pz()::close, StatusType.INVALID_STATE);
        assertFalse(s.pz().isClosed(), "PZ still open");
        s.ep().close();
        assertSucceeds("pz_free after ep_free", s.pz()::close);
    }

    @Rule(id = "FFT-PZ-2", level = Level.REQUIRED,
            text = "dat_pz_free of a PZ an LMR still uses fails with INVALID_STATE and the PZ stays usable")
    void freePzInUseByLmr() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final Rig.Buffer b = rig().buffer(ia, pz, 4096, MemoryPrivilege.LOCAL);
        assertStatus("pz_free with an LMR", pz::close, StatusType.INVALID_STATE);
        assertFalse(pz.isClosed(), "PZ still open");
        b.lmr().close();
        assertSucceeds("pz_free after lmr_free", pz::close);
    }

    @Rule(id = "FFT-MEM-0", level = Level.REQUIRED,
            text = "LMRs of typical sizes register: registered size and address cover the region, the segment and "
                    + "privileges are kept, and an rmr_context exists exactly when a remote privilege was given")
    void registerTypicalSizes() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        for (final long size : new long[] {1, 4096, 65536, 1 << 20}) {
            final Rig.Buffer b = rig().buffer(ia, pz, size, MemoryPrivilege.ALL);
            final LocalMemoryRegion l = b.lmr();
            assertTrue(l.registeredSize() >= size, "registered size " + l.registeredSize() + " >= " + size);
            assertTrue(l.registeredAddress() <= b.segment().address() && l.registeredAddress() + l.registeredSize()
                    >= b.segment().address() + size, "registered range covers the region");
            assertEquals(b.segment().address(), l.segment().address(), "segment address");
            assertEquals(size, l.segment().byteSize(), "segment size");
            assertEquals(MemoryPrivilege.ALL, l.privileges(), "privileges");
            assertNotEquals(0, l.rmrContext(), "rmr_context with remote privileges");
            assertEquals(pz, l.protectionZone(), "PZ");
            final Rig.Buffer local = rig().buffer(ia, pz, size, MemoryPrivilege.LOCAL);
            assertEquals(0, local.lmr().rmrContext(), "rmr_context without remote privileges");
        }
    }

    @Rule(id = "FFT-MEM-1", level = Level.REQUIRED,
            text = "Many LMRs register at once with distinct lmr_contexts and free cleanly")
    void registerMany() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final Set<Integer> contexts = new HashSet<>();
        for (int i = 0; i < 32; i++) {
            final Rig.Buffer b = rig().buffer(ia, pz, 4096, MemoryPrivilege.ALL);
            assertTrue(contexts.add(b.lmr().lmrContext()), "lmr_context " + b.lmr().lmrContext() + " is unique");
            if (i % 2 == 0) {
                b.lmr().close();
            }
        }
    }

    @Rule(id = "FFT-MEM-2", level = Level.REQUIRED,
            text = "dat_lmr_create of a zero-length region fails with LENGTH_ERROR")
    void zeroLengthRegion() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final MemorySegment seg = rig().allocate(64).asSlice(0, 0);
        assertStatus("lmr_create of 0 bytes", () -> ResourceTracker.track(ia.createLocalMemoryRegion(pz, seg,
                MemoryPrivilege.LOCAL)), StatusType.LENGTH_ERROR);
    }

    @Rule(id = "FFT-MEM-3", level = Level.REQUIRED,
            text = "dat_lmr_create with a freed or null PZ fails with INVALID_HANDLE")
    void invalidPz() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        pz.close();
        final MemorySegment seg = rig().allocate(4096);
        assertStatus("lmr_create with a freed PZ", () -> ResourceTracker.track(ia.createLocalMemoryRegion(pz, seg,
                MemoryPrivilege.LOCAL)), StatusType.INVALID_HANDLE);
        assertStatus("lmr_create with a null PZ", () -> ResourceTracker.track(ia.createLocalMemoryRegion(null, seg,
                MemoryPrivilege.LOCAL)), StatusType.INVALID_HANDLE);
    }

    @Rule(id = "FFT-MEM-4", level = Level.REQUIRED,
            text = "dat_lmr_free is idempotent, and a freed LMR's calls fail with INVALID_HANDLE")
    void freeLmr() {
        final Rig.Buffer b = rig().buffer(rig().ia(), rig().pz(rig().ia()), 4096, MemoryPrivilege.LOCAL);
        b.lmr().close();
        assertTrue(b.lmr().isClosed(), "freed");
        assertSucceeds("a second lmr_free", b.lmr()::close);
        assertStatus("triplet of a freed LMR", () -> b.lmr().triplet(0, 1), StatusType.INVALID_HANDLE);
    }

    @Rule(id = "MEM-01", level = Level.REQUIRED,
            text = "dat_lmr_create of heap (non-native) memory fails with INVALID_PARAMETER")
    void heapMemoryRefused() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final MemorySegment heap = MemorySegment.ofArray(new byte[4096]);
        assertStatus("lmr_create of a heap segment", () -> ResourceTracker.track(ia.createLocalMemoryRegion(pz,
                heap, MemoryPrivilege.LOCAL)), StatusType.INVALID_PARAMETER);
    }

    @Rule(id = "MEM-02", level = Level.REQUIRED,
            text = "A local or remote triplet outside the region fails with LENGTH_ERROR; inside it names the "
                    + "region's contexts and addresses")
    void tripletBounds() {
        final Rig.Buffer b = rig().buffer(rig().ia(), rig().pz(rig().ia()), 4096, MemoryPrivilege.ALL);
        final LocalMemoryTriplet t = b.lmr().triplet(100, 200);
        assertEquals(b.lmr().lmrContext(), t.lmrContext(), "lmr_context");
        assertEquals(b.segment().address() + 100, t.virtualAddress(), "virtual address");
        assertEquals(200, t.segmentLength(), "length");
        final RemoteMemoryTriplet r = b.lmr().remoteTriplet(0, 4096);
        assertEquals(b.lmr().rmrContext(), r.rmrContext(), "rmr_context");
        assertStatus("triplet past the end", () -> b.lmr().triplet(4000, 200), StatusType.LENGTH_ERROR);
        assertStatus("triplet at a negative offset", () -> b.lmr().triplet(-1, 2), StatusType.LENGTH_ERROR);
        assertStatus("remote triplet past the end", () -> b.lmr().remoteTriplet(1, 4096), StatusType.LENGTH_ERROR);
    }

    @Rule(id = "MEM-03", level = Level.REQUIRED,
            text = "dat_lmr_create with a PZ of another IA fails with INVALID_HANDLE")
    void pzOfAnotherIa() {
        final ProtectionZone other = rig().pz(rig().peerIa());
        final MemorySegment seg = rig().allocate(4096);
        assertStatus("lmr_create with a foreign PZ", () -> ResourceTracker.track(rig().ia().createLocalMemoryRegion(
                other, seg, MemoryPrivilege.LOCAL)), StatusType.INVALID_HANDLE, StatusType.INVALID_PARAMETER);
    }

    @Rule(id = "RMR-01", level = Level.CAPABILITY, requires = Capability.RMR,
            text = "dat_rmr_create gives an unbound RMR of the PZ (rmr_context 0) that frees cleanly")
    void rmrCreate() {
        final ProtectionZone pz = rig().pz(rig().ia());
        final RemoteMemoryRegion rmr = ResourceTracker.track(rig().ia().createRemoteMemoryRegion(pz));
        assertEquals(pz, rmr.protectionZone(), "PZ");
        assertEquals(0, rmr.rmrContext(), "unbound");
        rmr.close();
        assertTrue(rmr.isClosed(), "freed");
    }

    @Rule(id = "SRQ-01", level = Level.CAPABILITY, requires = Capability.SRQ,
            text = "dat_srq_create/post_recv/query: posted receives are counted as available; an EP using the SRQ "
                    + "keeps it from being freed (INVALID_STATE)")
    void srqBasics() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final SharedReceiveQueue srq = ResourceTracker.track(ia.createSharedReceiveQueue(pz,
                new SrqAttributes(16, 1, 0)));
        final Rig.Buffer b = rig().buffer(ia, pz, 4096, MemoryPrivilege.LOCAL);
        srq.postRecv(java.util.List.of(b.triplet()), 1, io.dat4j.CompletionFlag.DEFAULT);
        assertEquals(1, srq.available(), "available_dto_count");
        final io.dat4j.Endpoint ep = ResourceTracker.track(ia.createEndpointWithSrq(pz,
                rig().evd(ia, 8, io.dat4j.EventStream.DTO), rig().evd(ia, 8, io.dat4j.EventStream.DTO),
                rig().evd(ia, 8, io.dat4j.EventStream.CONNECTION), srq, null));
        assertStatus("srq_free in use", srq::close, StatusType.INVALID_STATE);
        ep.close();
    }

    @Rule(id = "SRQ-02", level = Level.CAPABILITY, requires = Capability.SRQ,
            text = "dat_srq_set_lw: when a message takes a buffer and fewer than the low watermark stay posted, the "
                    + "async EVD gets one event about the SRQ (reason SRQ_LOW_WATERMARK_EVENT) and the watermark is "
                    + "disarmed (query shows 0); further consumption gives no second event")
    void srqLowWatermark() {
        final InterfaceAdapter passiveIa = rig().peerIa();
        final ProtectionZone pz = rig().pz(passiveIa);
        final SharedReceiveQueue srq = ResourceTracker.track(passiveIa.createSharedReceiveQueue(pz,
                new SrqAttributes(8, 1, 0)));
        final Rig.Buffer in = rig().buffer(passiveIa, pz, 3 * 64, MemoryPrivilege.LOCAL);
        for (int i = 0; i < 3; i++) {
            srq.postRecv(java.util.List.of(in.triplet(i * 64L, 64)), 100 + i, io.dat4j.CompletionFlag.DEFAULT);
        }
        srq.setLowWatermark(2);
        assertEquals(2, srq.query().lowWatermark(), "armed watermark");
        final Rig.Listener l = rig().listen(passiveIa, io.dat4j.ServicePointFlag.CONSUMER);
        final io.dat4j.EventDispatcher recv = rig().evd(passiveIa, Rig.QUEUE_LENGTH, io.dat4j.EventStream.DTO);
        final io.dat4j.EventDispatcher conn = rig().evd(passiveIa, Rig.QUEUE_LENGTH,
                io.dat4j.EventStream.CONNECTION);
        final io.dat4j.Endpoint passive = ResourceTracker.track(passiveIa.createEndpointWithSrq(pz, recv, recv, conn,
                srq, null));
        final Rig.Side active = rig().side(rig().ia(), null);
        rig().connect(active, l, null);
        rig().awaitRequest(l).accept(passive, null);
        Rig.awaitConnection(conn, io.dat4j.EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitConnection(active.connectEvd(), io.dat4j.EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final Rig.Buffer out = rig().buffer(active, 64, MemoryPrivilege.LOCAL);
        final io.dat4j.EventDispatcher async = passiveIa.asyncEventDispatcher();
        for (int i = 0; i < 3; i++) {
            active.ep().postSend(out.triplet(), i);
            assertEquals(io.dat4j.DtoStatus.SUCCESS, Rig.awaitDto(active.requestEvd(), "send " + i).status(),
                    "send " + i);
            assertEquals(100 + i, Rig.awaitDto(recv, "receive " + i).cookie(), "FIFO buffer of message " + i);
            if (i == 0) {
                Rig.assertQuiet(async, "2 of 3 buffers left, not below the watermark 2");
            } else if (i == 1) {
                final io.dat4j.AsyncErrorEvent e = org.junit.jupiter.api.Assertions.assertInstanceOf(
                        io.dat4j.AsyncErrorEvent.class, Rig.await(async, "the SRQ low-watermark event"),
                        "async event");
                assertEquals(io.dat4j.AsyncErrorReason.SRQ_LOW_WATERMARK_EVENT, e.reasonCode(), "reason");
                assertEquals(srq, e.source(), "the event names the SRQ");
                assertEquals(0, srq.query().lowWatermark(), "one-shot: disarmed after the event");
            } else {
                Rig.assertQuiet(async, "the watermark is disarmed: no second event");
            }
        }
        passive.close();
    }
}
