package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertPattern;
import static io.dat4j.conformance.Checks.fill;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Data transfer: send/receive, RDMA write and read from 0 B to 16 MiB with validated data, scatter/gather, ordering,
 * completion flags, and the completion status of each error case (local length and protection, remote access,
 * flushed).
 */
public abstract class DataTransferConformance extends ConformanceBase {

    /** The largest transfer the suite tries. */
    static final long MAX_SIZE = 16L << 20;
    private static final long[] SIZES = {0, 1, 63, 4096, 65536, 1 << 20, MAX_SIZE};

    /** For subclasses. */
    protected DataTransferConformance() {
    }

    private static long maxMessage(final Rig.Connection c) {
        return Math.min(MAX_SIZE, Math.min(c.active().ep().query().attributes().maxMessageSize(),
                c.passive().ep().query().attributes().maxMessageSize()));
    }

    private static long maxRdma(final Rig.Connection c) {
        return Math.min(MAX_SIZE, Math.min(c.active().ep().query().attributes().maxRdmaSize(),
                c.active().ia().attributes().maxRdmaSize()));
    }

    private static DtoCompletionEvent assertSuccess(final Rig.Side s, final boolean recv, final DtoOperation op,
            final long cookie, final long length) {
        final DtoCompletionEvent d = Rig.awaitDto(recv ? s.recvEvd() : s.requestEvd(), op.name());
        assertEquals(DtoStatus.SUCCESS, d.status(), op + " status");
        assertEquals(op, d.operation(), "operation");
        assertEquals(cookie, d.cookie(), "cookie");
        assertSame(s.ep(), d.endpoint(), "EP");
        if (length >= 0) {
            assertEquals(length, d.transferredLength(), op + " transferred length");
        }
        return d;
    }

    private static List<LocalMemoryTriplet> whole(final Rig.Buffer b, final long size) {
        return size == 0 ? List.of() : List.of(b.triplet(0, size));
    }

    @Rule(id = "DTO-01", level = Level.REQUIRED, timeoutSeconds = 90,
            text = "Send/receive of 0 B, 1 B, 63 B, 4 KiB, 64 KiB, 1 MiB and 16 MiB (up to max_message_size): "
                    + "the data arrives unchanged, the receive reports the message length, both complete SUCCESS "
                    + "with their cookies")
    void sendReceiveSizes() {
        final Rig.Connection c = rig().connect();
        final long max = maxMessage(c);
        final Rig.Buffer src = rig().buffer(c.active(), max, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), max, MemoryPrivilege.LOCAL);
        for (final long size : SIZES) {
            if (size > max) {
                continue;
            }
            final int seed = (int) size + 1;
            fill(src.segment().asSlice(0, size), seed);
            c.passive().ep().postRecv(whole(dst, max), size + 1000, CompletionFlag.DEFAULT);
            c.active().ep().postSend(whole(src, size), size + 2000, CompletionFlag.DEFAULT);
            assertSuccess(c.active(), false, DtoOperation.SEND, size + 2000, -1);
            assertSuccess(c.passive(), true, DtoOperation.RECEIVE, size + 1000, size);
            assertPattern("received " + size + " bytes", dst.segment().asSlice(0, size), seed);
        }
    }

    @Rule(id = "DTO-02", level = Level.REQUIRED,
            text = "A send gathered from several segments of two LMRs arrives in order, scattered into several "
                    + "receive segments")
    void scatterGather() {
        final Rig.Connection c = rig().connect();
        final int iov = Math.min(3, Math.min(c.active().ep().query().attributes().maxRequestIov(),
                c.passive().ep().query().attributes().maxRecvIov()));
        assumeTrue(iov >= 2, "the EPs allow a single segment per DTO");
        final Rig.Buffer s1 = rig().buffer(c.active(), 8192, MemoryPrivilege.LOCAL);
        final Rig.Buffer s2 = rig().buffer(c.active(), 8192, MemoryPrivilege.LOCAL);
        final Rig.Buffer d = rig().buffer(c.passive(), 16384, MemoryPrivilege.LOCAL);
        final byte[] all = Checks.pattern(1000 + 3000 + 500, 77);
        final List<LocalMemoryTriplet> gather = new ArrayList<>();
        MemorySegment.copy(all, 0, s1.segment(), java.lang.foreign.ValueLayout.JAVA_BYTE, 100, 1000);
        gather.add(s1.triplet(100, 1000));
        MemorySegment.copy(all, 1000, s2.segment(), java.lang.foreign.ValueLayout.JAVA_BYTE, 7, 3000);
        gather.add(s2.triplet(7, 3000));
        if (iov >= 3) {
            MemorySegment.copy(all, 4000, s1.segment(), java.lang.foreign.ValueLayout.JAVA_BYTE, 5000, 500);
            gather.add(s1.triplet(5000, 500));
        }
        final int total = iov >= 3 ? 4500 : 4000;
        final List<LocalMemoryTriplet> scatter = iov >= 3
                ? List.of(d.triplet(0, 10), d.triplet(9000, 2990), d.triplet(4000, 4000))
                : List.of(d.triplet(0, 10), d.triplet(9000, 8000));
        c.passive().ep().postRecv(scatter, 1, CompletionFlag.DEFAULT);
        c.active().ep().postSend(gather, 2, CompletionFlag.DEFAULT);
        assertSuccess(c.active(), false, DtoOperation.SEND, 2, -1);
        assertSuccess(c.passive(), true, DtoOperation.RECEIVE, 1, total);
        final byte[] got = new byte[total];
        int at = 0;
        for (final LocalMemoryTriplet t : scatter) {
            final int n = (int) Math.min(t.segmentLength(), total - at);
            MemorySegment.copy(d.segment(), java.lang.foreign.ValueLayout.JAVA_BYTE,
                    t.virtualAddress() - d.segment().address(), got, at, n);
            at += n;
            if (at == total) {
                break;
            }
        }
        assertEquals(java.util.HexFormat.of().formatHex(java.util.Arrays.copyOf(all, total)),
                java.util.HexFormat.of().formatHex(got), "gathered and scattered bytes");
    }

    @Rule(id = "DTO-03", level = Level.REQUIRED,
            text = "Completions come in posting order per queue, and messages arrive in sending order")
    void ordering() {
        final Rig.Connection c = rig().connect();
        final int n = Math.min(32, Math.min(c.active().ep().query().attributes().maxRequestDtos(),
                Math.min(c.passive().ep().query().attributes().maxRecvDtos(), Rig.QUEUE_LENGTH / 2)));
        final Rig.Buffer src = rig().buffer(c.active(), 64L * n, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 64L * n, MemoryPrivilege.LOCAL);
        for (int i = 0; i < n; i++) {
            c.passive().ep().postRecv(dst.triplet(64L * i, 64), i);
        }
        for (int i = 0; i < n; i++) {
            src.segment().set(java.lang.foreign.ValueLayout.JAVA_INT, 64L * i, i);
            c.active().ep().postSend(src.triplet(64L * i, 64), 100 + i);
        }
        for (int i = 0; i < n; i++) {
            assertSuccess(c.active(), false, DtoOperation.SEND, 100 + i, -1);
        }
        for (int i = 0; i < n; i++) {
            assertSuccess(c.passive(), true, DtoOperation.RECEIVE, i, 64);
            assertEquals(i, dst.segment().get(java.lang.foreign.ValueLayout.JAVA_INT, 64L * i),
                    "message " + i + " landed in receive " + i);
        }
    }

    @Rule(id = "DTO-04", level = Level.CAPABILITY, requires = Capability.RDMA_WRITE, timeoutSeconds = 90,
            text = "RDMA write of 0 B to 16 MiB (up to max_rdma_size) puts the data in the peer's region unchanged "
                    + "and nothing outside it; the completion is SUCCESS RDMA_WRITE with the length")
    void rdmaWriteSizes() {
        final Rig.Connection c = rig().connect();
        final long max = maxRdma(c);
        final Rig.Buffer src = rig().buffer(c.active(), max, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), max + 64, MemoryPrivilege.ALL);
        for (final long size : SIZES) {
            if (size > max) {
                continue;
            }
            final int seed = (int) size + 3;
            fill(src.segment().asSlice(0, size), seed);
            dst.segment().fill((byte) 0x5A);
            c.active().ep().postRdmaWrite(whole(src, size), size, dst.remote(32, size), CompletionFlag.DEFAULT);
            assertSuccess(c.active(), false, DtoOperation.RDMA_WRITE, size, size);
            assertPattern("RDMA-written " + size + " bytes", dst.segment().asSlice(32, size), seed);
            assertEquals((byte) 0x5A, dst.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 31), "byte before");
            assertEquals((byte) 0x5A, dst.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 32 + size),
                    "byte after");
        }
        Rig.assertQuiet(c.passive().recvEvd(), "an RDMA write consumes no receive");
    }

    @Rule(id = "DTO-05", level = Level.CAPABILITY, requires = Capability.RDMA_READ, timeoutSeconds = 90,
            text = "RDMA read of 0 B to 16 MiB (up to max_rdma_size) brings the peer's data unchanged; the completion "
                    + "is SUCCESS RDMA_READ with the length")
    void rdmaReadSizes() {
        final Rig.Connection c = rig().connect();
        assumeTrue(c.active().ep().query().attributes().maxRdmaReadOut() > 0, "max_rdma_read_out is 0");
        final long max = maxRdma(c);
        final Rig.Buffer dst = rig().buffer(c.active(), max, MemoryPrivilege.LOCAL);
        final Rig.Buffer src = rig().buffer(c.passive(), max, MemoryPrivilege.ALL);
        for (final long size : SIZES) {
            if (size > max) {
                continue;
            }
            final int seed = (int) size + 5;
            fill(src.segment().asSlice(0, size), seed);
            c.active().ep().postRdmaRead(whole(dst, size), size, src.remote(0, size), CompletionFlag.DEFAULT);
            assertSuccess(c.active(), false, DtoOperation.RDMA_READ, size, size);
            assertPattern("RDMA-read " + size + " bytes", dst.segment().asSlice(0, size), seed);
        }
    }

    @Rule(id = "DTO-06", level = Level.CAPABILITY, requires = {Capability.RDMA_READ, Capability.RDMA_WRITE},
            text = "RDMA write gathers from several local segments and RDMA read scatters into several, in order")
    void rdmaScatterGather() {
        final Rig.Connection c = rig().connect();
        assumeTrue(c.active().ep().query().attributes().maxRdmaReadOut() > 0, "max_rdma_read_out is 0");
        final Rig.Buffer local = rig().buffer(c.active(), 4096, MemoryPrivilege.LOCAL);
        final Rig.Buffer remote = rig().buffer(c.passive(), 4096, MemoryPrivilege.ALL);
        fill(local.segment(), 61);
        final List<LocalMemoryTriplet> gather = List.of(local.triplet(0, 100), local.triplet(2000, 300));
        c.active().ep().postRdmaWrite(gather, 1, remote.remote(0, 400), CompletionFlag.DEFAULT);
        assertSuccess(c.active(), false, DtoOperation.RDMA_WRITE, 1, 400);
        assertEquals(java.util.HexFormat.of().formatHex(local.segment().asSlice(0, 100).toArray(
                java.lang.foreign.ValueLayout.JAVA_BYTE)) + java.util.HexFormat.of().formatHex(local.segment()
                .asSlice(2000, 300).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)),
                java.util.HexFormat.of().formatHex(remote.segment().asSlice(0, 400).toArray(
                        java.lang.foreign.ValueLayout.JAVA_BYTE)), "gathered RDMA write");
        local.segment().fill((byte) 0);
        c.active().ep().postRdmaRead(List.of(local.triplet(1000, 150), local.triplet(3000, 250)), 2,
                remote.remote(0, 400), CompletionFlag.DEFAULT);
        assertSuccess(c.active(), false, DtoOperation.RDMA_READ, 2, 400);
        assertEquals(java.util.HexFormat.of().formatHex(remote.segment().asSlice(0, 400).toArray(
                java.lang.foreign.ValueLayout.JAVA_BYTE)),
                java.util.HexFormat.of().formatHex(local.segment().asSlice(1000, 150).toArray(
                        java.lang.foreign.ValueLayout.JAVA_BYTE)) + java.util.HexFormat.of().formatHex(
                        local.segment().asSlice(3000, 250).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)),
                "scattered RDMA read");
    }

    @Rule(id = "DTO-07", level = Level.CAPABILITY, requires = Capability.RECEIVE_LENGTH_ERROR,
            text = "A message larger than the posted receive completes the receive with LOCAL_LENGTH")
    void receiveTooSmall() {
        final Rig.Connection c = rig().connect();
        final DtoCompletionEvent d = sendIntoShortReceive(c, rig().buffer(c.active(), 4096, MemoryPrivilege.LOCAL),
                rig().buffer(c.passive(), 4096, MemoryPrivilege.LOCAL));
        assertEquals(DtoStatus.LOCAL_LENGTH, d.status(), "status of a receive too small for the message");
    }

    /** Posts a 100-byte receive (cookie 1), sends 4096 bytes into it (cookie 2); returns the receive's completion. */
    private static DtoCompletionEvent sendIntoShortReceive(final Rig.Connection c, final Rig.Buffer src,
            final Rig.Buffer dst) {
        c.passive().ep().postRecv(dst.triplet(0, 100), 1);
        c.active().ep().postSend(src.triplet(0, 4096), 2);
        final DtoCompletionEvent d = Rig.awaitDto(c.passive().recvEvd(), "the short receive");
        assertEquals(1, d.cookie(), "cookie");
        return d;
    }

    @Rule(id = "DTO-07-BOUNDS", level = Level.REQUIRED,
            text = "A message larger than the posted receive completes that receive in error (neither SUCCESS nor "
                    + "FLUSHED; LOCAL_LENGTH where the IA supports RECEIVE_LENGTH_ERROR) and changes no byte past "
                    + "the receive's buffer")
    void receiveTooSmallStaysInBounds() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer src = rig().buffer(c.active(), 4096, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 4096, MemoryPrivilege.LOCAL);
        fill(src.segment(), 3);
        dst.segment().fill((byte) 0x5a);
        final DtoCompletionEvent d = sendIntoShortReceive(c, src, dst);
        assertTrue(d.status() != DtoStatus.SUCCESS && d.status() != DtoStatus.FLUSHED,
                "a receive too small for the message must complete in error of its own, not " + d.status());
        final MemorySegment past = dst.segment().asSlice(100);
        final MemorySegment untouched = rig().allocate(past.byteSize()).fill((byte) 0x5a);
        assertEquals(-1, past.mismatch(untouched), "first changed byte past the receive's 100-byte buffer");
    }

    @Rule(id = "DTO-08", level = Level.REQUIRED,
            text = "A send naming memory outside any registered region (bad lmr_context or address) fails "
                    + "synchronously (PROTECTION_VIOLATION, INVALID_PARAMETER, INVALID_HANDLE or LENGTH_ERROR) or "
                    + "completes with LOCAL_PROTECTION or LOCAL_LENGTH, and sends nothing")
    void localProtection() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer src = rig().buffer(c.active(), 4096, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 4096, MemoryPrivilege.LOCAL);
        c.passive().ep().postRecv(dst.triplet(), 1);
        final LocalMemoryTriplet good = src.triplet();
        final LocalMemoryTriplet[] bad = {
            new LocalMemoryTriplet(good.lmrContext() ^ 0x5a5a5a5a, good.virtualAddress(), 64),
            new LocalMemoryTriplet(good.lmrContext(), good.virtualAddress() + 4000, 4096)};
        int cookie = 10;
        for (final LocalMemoryTriplet t : bad) {
            cookie++;
            try {
                c.active().ep().postSend(List.of(t), cookie, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                assertTrue(Set.of(StatusType.PROTECTION_VIOLATION, StatusType.INVALID_PARAMETER,
                        StatusType.INVALID_HANDLE, StatusType.LENGTH_ERROR).contains(e.type()),
                        "synchronous status " + e.status());
                continue;
            }
            final DtoCompletionEvent d = Rig.awaitDto(c.active().requestEvd(), "the bad send");
            assertTrue(d.status() == DtoStatus.LOCAL_PROTECTION || d.status() == DtoStatus.LOCAL_LENGTH,
                    "completion status " + d.status());
            break;
        }
        Rig.assertQuiet(c.passive().recvEvd(), "nothing was received");
    }

    private void assertRemoteAccessError(final Rig.Connection c, final boolean write, final RemoteMemoryTriplet target,
            final Rig.Buffer local, final String what) {
        try {
            if (write) {
                c.active().ep().postRdmaWrite(List.of(local.triplet(0, target.segmentLength())), 9, target,
                        CompletionFlag.DEFAULT);
            } else {
                c.active().ep().postRdmaRead(List.of(local.triplet(0, target.segmentLength())), 9, target,
                        CompletionFlag.DEFAULT);
            }
        } catch (final DatException e) {
            throw new AssertionError(what + ": the local post is valid, the remote side must refuse it with a "
                    + "REMOTE_ACCESS completion, not " + e.status(), e);
        }
        final DtoCompletionEvent d = Rig.awaitDto(c.active().requestEvd(), what);
        assertEquals(DtoStatus.REMOTE_ACCESS, d.status(), what + ": completion status");
        assertEquals(9, d.cookie(), what + ": cookie");
    }

    @Rule(id = "DTO-09", level = Level.CAPABILITY, requires = Capability.RDMA_WRITE, timeoutSeconds = 90,
            text = "An RDMA write to a region without REMOTE_WRITE, past its end, or with a bogus rmr_context "
                    + "completes with REMOTE_ACCESS and changes no remote byte, also a write of 16 MiB (up to "
                    + "max_rdma_size) whose refusal comes while it is still being sent (one connection per case: the "
                    + "error may break the connection, as on InfiniBand)")
    void remoteWriteViolations() {
        final Set<MemoryPrivilege> noRemoteWrite = Set.of(MemoryPrivilege.LOCAL_READ, MemoryPrivilege.LOCAL_WRITE,
                MemoryPrivilege.REMOTE_READ);
        for (int k = 0; k < 4; k++) {
            final Rig.Connection c = rig().connect();
            final long large = maxRdma(c);
            final Rig.Buffer local = rig().buffer(c.active(), k == 3 ? large : 8192, MemoryPrivilege.LOCAL);
            fill(local.segment(), 1);
            final Rig.Buffer target = rig().buffer(c.passive(), k == 3 ? large : 4096,
                    k == 0 ? noRemoteWrite : MemoryPrivilege.ALL);
            target.segment().fill((byte) 7);
            final RemoteMemoryTriplet t = switch (k) {
                case 0 -> target.remote(0, 64);
                case 1 -> new RemoteMemoryTriplet(target.lmr().rmrContext(), target.segment().address() + 4000, 200);
                case 2 -> new RemoteMemoryTriplet(target.lmr().rmrContext() ^ 0x13572468, target.segment().address(),
                        64);
                default -> new RemoteMemoryTriplet(target.lmr().rmrContext() ^ 0x0badf00d, target.segment().address(),
                        large);
            };
            final String what = switch (k) {
                case 0 -> "write without REMOTE_WRITE";
                case 1 -> "write past the end";
                case 2 -> "write with a bogus rmr_context";
                default -> "write of " + large + " bytes with a bogus rmr_context";
            };
            assertRemoteAccessError(c, true, t, local, what);
            assertAll(target.segment(), (byte) 7, what + ": region unchanged");
        }
    }

    @Rule(id = "DTO-10", level = Level.CAPABILITY, requires = Capability.RDMA_READ,
            text = "An RDMA read from a region without REMOTE_READ, past its end, with a bogus rmr_context, or from a "
                    + "freed LMR completes with REMOTE_ACCESS")
    void remoteReadViolations() {
        final Set<MemoryPrivilege> noRemoteRead = Set.of(MemoryPrivilege.LOCAL_READ, MemoryPrivilege.LOCAL_WRITE,
                MemoryPrivilege.REMOTE_WRITE);
        for (int k = 0; k < 4; k++) {
            final Rig.Connection c = rig().connect();
            assumeTrue(c.active().ep().query().attributes().maxRdmaReadOut() > 0, "max_rdma_read_out is 0");
            final Rig.Buffer local = rig().buffer(c.active(), 8192, MemoryPrivilege.LOCAL);
            final Rig.Buffer target = rig().buffer(c.passive(), 4096, k == 0 ? noRemoteRead : MemoryPrivilege.ALL);
            final RemoteMemoryTriplet t = switch (k) {
                case 0 -> target.remote(0, 64);
                case 1 -> new RemoteMemoryTriplet(target.lmr().rmrContext(), target.segment().address() + 4000, 200);
                case 2 -> new RemoteMemoryTriplet(target.lmr().rmrContext() ^ 0x2468ace0, target.segment().address(),
                        64);
                default -> target.remote(0, 64);
            };
            if (k == 3) {
                target.lmr().close();
            }
            final String what = switch (k) {
                case 0 -> "read without REMOTE_READ";
                case 1 -> "read past the end";
                case 2 -> "read with a bogus rmr_context";
                default -> "read from a freed LMR";
            };
            assertRemoteAccessError(c, false, t, local, what);
        }
    }

    /**
     * Posts an RDMA request that the target must refuse, and checks what the initiator sees: the request completes
     * REMOTE_ACCESS with its cookie, or (as an InfiniBand responder may end the connection on an access error) with
     * another error status while the connection breaks (BROKEN or DISCONNECTED on the connect EVD). Never SUCCESS.
     */
    private static void assertRefusedByTarget(final Rig.Side initiator, final boolean write,
            final RemoteMemoryTriplet target, final Rig.Buffer local, final String what) {
        final List<LocalMemoryTriplet> l = List.of(local.triplet(0, target.segmentLength()));
        try {
            if (write) {
                initiator.ep().postRdmaWrite(l, 9, target, CompletionFlag.DEFAULT);
            } else {
                initiator.ep().postRdmaRead(l, 9, target, CompletionFlag.DEFAULT);
            }
        } catch (final DatException e) {
            throw new AssertionError(what + ": the local post is valid, the target must refuse it, not the "
                    + "initiator with " + e.status(), e);
        }
        final DtoCompletionEvent d = Rig.awaitDto(initiator.requestEvd(), what);
        assertEquals(9, d.cookie(), what + ": cookie");
        assertNotEquals(DtoStatus.SUCCESS, d.status(), what + ": the target served it");
        if (d.status() != DtoStatus.REMOTE_ACCESS) {
            final EventNumber n = Rig.awaitAnyConnection(initiator.connectEvd(), what + ": completed " + d.status()
                    + ", not REMOTE_ACCESS, so the connection must break").number();
            assertTrue(n == EventNumber.CONNECTION_EVENT_BROKEN || n == EventNumber.CONNECTION_EVENT_DISCONNECTED,
                    what + ": completed " + d.status() + " and the connection event was " + n);
        }
    }

    private static void assertAll(final MemorySegment s, final byte value, final String what) {
        final long at = s.elements(java.lang.foreign.ValueLayout.JAVA_BYTE).filter(
                e -> e.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0) != value).findFirst()
                .map(e -> e.address() - s.address()).orElse(-1L);
        assertEquals(-1L, at, what + ": byte " + at + " changed");
    }

    @Rule(id = "DTO-17", level = Level.CAPABILITY, requires = Capability.RDMA_WRITE,
            text = "An RDMA write naming an LMR of another PZ of the target IA (valid rmr_context, in bounds, "
                    + "REMOTE_WRITE) is refused as an access error: it completes REMOTE_ACCESS (or breaks the "
                    + "connection, as on InfiniBand) and changes no byte of that LMR; the target EP's own PZ is "
                    + "served")
    void remoteWriteToAnotherProtectionZone() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer local = rig().buffer(c.active(), 4096, MemoryPrivilege.LOCAL);
        fill(local.segment(), 17);
        final Rig.Buffer own = rig().buffer(c.passive(), 4096, MemoryPrivilege.ALL);
        final Rig.Buffer foreign = rig().buffer(c.passive().ia(), rig().pz(c.passive().ia()), 4096,
                MemoryPrivilege.ALL);
        foreign.segment().fill((byte) 7);
        c.active().ep().postRdmaWrite(List.of(local.triplet(0, 4096)), 8, own.remote(), CompletionFlag.DEFAULT);
        assertSuccess(c.active(), false, DtoOperation.RDMA_WRITE, 8, 4096);
        assertPattern("RDMA write into the EP's own PZ", own.segment(), 17);
        assertRefusedByTarget(c.active(), true, foreign.remote(), local, "RDMA write to an LMR of another PZ");
        assertAll(foreign.segment(), (byte) 7, "the LMR of another PZ");
    }

    @Rule(id = "DTO-18", level = Level.CAPABILITY, requires = Capability.RDMA_READ,
            text = "An RDMA read naming an LMR of another PZ of the target IA (valid rmr_context, in bounds, "
                    + "REMOTE_READ) is refused as an access error: it completes REMOTE_ACCESS (or breaks the "
                    + "connection, as on InfiniBand) and brings none of its bytes; the target EP's own PZ is served")
    void remoteReadFromAnotherProtectionZone() {
        final Rig.Connection c = rig().connect();
        assumeTrue(c.active().ep().query().attributes().maxRdmaReadOut() > 0, "max_rdma_read_out is 0");
        final Rig.Buffer local = rig().buffer(c.active(), 4096, MemoryPrivilege.LOCAL);
        final Rig.Buffer own = rig().buffer(c.passive(), 4096, MemoryPrivilege.ALL);
        final Rig.Buffer foreign = rig().buffer(c.passive().ia(), rig().pz(c.passive().ia()), 4096,
                MemoryPrivilege.ALL);
        fill(own.segment(), 18);
        foreign.segment().fill((byte) 0x33);
        c.active().ep().postRdmaRead(List.of(local.triplet(0, 4096)), 8, own.remote(), CompletionFlag.DEFAULT);
        assertSuccess(c.active(), false, DtoOperation.RDMA_READ, 8, 4096);
        assertPattern("RDMA read from the EP's own PZ", local.segment(), 18);
        local.segment().fill((byte) 0);
        assertRefusedByTarget(c.active(), false, foreign.remote(), local, "RDMA read from an LMR of another PZ");
        assertAll(local.segment(), (byte) 0, "the local buffer of the refused read");
        assertAll(foreign.segment(), (byte) 0x33, "the LMR of another PZ");
    }

    @Rule(id = "DTO-19", level = Level.CAPABILITY, requires = Capability.RDMA_WRITE,
            text = "An RDMA write naming an LMR freed since its rmr_context was handed out is refused: it completes "
                    + "REMOTE_ACCESS (or breaks the connection, as on InfiniBand) and changes no byte of the memory, "
                    + "which the consumer still owns (reads from a freed LMR: DTO-10)")
    void remoteWriteToAFreedRegion() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer local = rig().buffer(c.active(), 4096, MemoryPrivilege.LOCAL);
        fill(local.segment(), 19);
        final Rig.Buffer target = rig().buffer(c.passive(), 4096, MemoryPrivilege.ALL);
        target.segment().fill((byte) 7);
        final RemoteMemoryTriplet stale = target.remote();
        target.lmr().close();
        assertRefusedByTarget(c.active(), true, stale, local, "RDMA write to a freed LMR");
        assertAll(target.segment(), (byte) 7, "the memory of the freed LMR");
    }

    @Rule(id = "DTO-20", level = Level.CAPABILITY, requires = {Capability.PROVIDER_CREATED_ENDPOINTS,
        Capability.RDMA_WRITE},
            text = "Remote access follows the PZ in force: a provider-created EP moved by dat_ep_modify to another "
                    + "PZ while TENTATIVE_CONNECTION_PENDING serves RDMA writes to that PZ's LMRs and refuses those "
                    + "of the IA's default PZ it started in (REMOTE_ACCESS, or a broken connection), changing no "
                    + "byte there")
    void remoteAccessFollowsTheProtectionZoneInForce() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.PROVIDER);
        final Rig.Side a = rig().side(rig().ia(), null);
        rig().connect(a, l, null);
        final io.dat4j.ConnectionRequest cr = rig().awaitRequest(l);
        final io.dat4j.Endpoint ep = io.dat4j.conformance.support.ResourceTracker.track(cr.query().endpoint());
        final io.dat4j.ProtectionZone initial = ep.query().protectionZone();
        final io.dat4j.ProtectionZone moved = rig().pz(rig().peerIa());
        final Rig.Buffer left = rig().buffer(rig().peerIa(), initial, 4096, MemoryPrivilege.ALL);
        final Rig.Buffer target = rig().buffer(rig().peerIa(), moved, 4096, MemoryPrivilege.ALL);
        left.segment().fill((byte) 7);
        ep.modifyProtectionZone(moved);
        cr.accept(null, null);
        Rig.awaitConnection(ep.query().connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final Rig.Buffer local = rig().buffer(a, 4096, MemoryPrivilege.LOCAL);
        fill(local.segment(), 20);
        a.ep().postRdmaWrite(List.of(local.triplet(0, 4096)), 8, target.remote(), CompletionFlag.DEFAULT);
        assertSuccess(a, false, DtoOperation.RDMA_WRITE, 8, 4096);
        assertPattern("RDMA write into the PZ the EP was moved to", target.segment(), 20);
        assertRefusedByTarget(a, true, left.remote(), local, "RDMA write to an LMR of the PZ the EP left");
        assertAll(left.segment(), (byte) 7, "the LMR of the PZ the EP left");
    }

    /** Posts with a triplet that must be refused: synchronously, or by a LOCAL_PROTECTION completion. */
    private static void assertRefusedLocally(final String what, final Runnable post,
            final io.dat4j.EventDispatcher evd, final long cookie) {
        try {
            post.run();
        } catch (final DatException e) {
            assertTrue(Set.of(StatusType.PROTECTION_VIOLATION, StatusType.INVALID_PARAMETER).contains(e.type()),
                    what + ": synchronous status " + e.status());
            return;
        }
        final DtoCompletionEvent d = Rig.awaitDto(evd, what);
        assertEquals(DtoStatus.LOCAL_PROTECTION, d.status(), what + ": completion status");
        assertEquals(cookie, d.cookie(), what + ": cookie");
    }

    @Rule(id = "DTO-16", level = Level.REQUIRED,
            text = "A receive or send naming an LMR of another PZ of the same IA is refused on the local side "
                    + "(PROTECTION_VIOLATION, or a LOCAL_PROTECTION completion) and sends nothing; the EP's own PZ "
                    + "works")
    void lmrOfAnotherProtectionZone() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer foreignDst = rig().buffer(c.passive().ia(), rig().pz(c.passive().ia()), 64,
                MemoryPrivilege.LOCAL);
        final Rig.Buffer foreignSrc = rig().buffer(c.active().ia(), rig().pz(c.active().ia()), 64,
                MemoryPrivilege.LOCAL);
        final Rig.Buffer src = rig().buffer(c.active(), 64, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 64, MemoryPrivilege.LOCAL);
        fill(src.segment(), 16);
        assertRefusedLocally("receive into an LMR of another PZ", () -> c.passive().ep().postRecv(
                foreignDst.triplet(), 1), c.passive().recvEvd(), 1);
        c.passive().ep().postRecv(dst.triplet(), 2);
        assertRefusedLocally("send from an LMR of another PZ", () -> c.active().ep().postSend(
                foreignSrc.triplet(), 3), c.active().requestEvd(), 3);
        Rig.assertQuiet(c.passive().recvEvd(), "nothing was received");
        c.active().ep().postSend(src.triplet(), 4);
        assertSuccess(c.active(), false, DtoOperation.SEND, 4, -1);
        assertSuccess(c.passive(), true, DtoOperation.RECEIVE, 2, 64);
        assertPattern("data of the EP's own PZ", dst.segment(), 16);
    }

    @Rule(id = "DTO-11", level = Level.REQUIRED,
            text = "After a disconnect, posting a send fails with INVALID_STATE and receives posted before complete "
                    + "FLUSHED")
    void afterDisconnect() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer b = rig().buffer(c.active(), 64, MemoryPrivilege.LOCAL);
        c.active().ep().postRecv(b.triplet(), 4);
        c.active().ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(c.active().connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Checks.assertStatus("post_send after disconnect", () -> c.active().ep().postSend(b.triplet(), 5),
                StatusType.INVALID_STATE);
        final DtoCompletionEvent d = Rig.awaitDto(c.active().recvEvd(), "the flushed receive");
        assertEquals(DtoStatus.FLUSHED, d.status(), "status");
        assertEquals(4, d.cookie(), "cookie");
    }

    @Rule(id = "DTO-12", level = Level.REQUIRED,
            text = "A successful send with SUPPRESS posts no completion; the next, unsuppressed send does")
    void suppressFlag() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer src = rig().buffer(c.active(), 64, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 128, MemoryPrivilege.LOCAL);
        c.passive().ep().postRecv(dst.triplet(0, 64), 1);
        c.passive().ep().postRecv(dst.triplet(64, 64), 2);
        c.active().ep().postSend(List.of(src.triplet()), 3, Set.of(CompletionFlag.SUPPRESS));
        c.active().ep().postSend(List.of(src.triplet()), 4, CompletionFlag.DEFAULT);
        assertSuccess(c.passive(), true, DtoOperation.RECEIVE, 1, 64);
        assertSuccess(c.passive(), true, DtoOperation.RECEIVE, 2, 64);
        assertSuccess(c.active(), false, DtoOperation.SEND, 4, -1);
        Rig.assertQuiet(c.active().requestEvd(), "no completion for the suppressed send");
    }

    @Rule(id = "DTO-13", level = Level.REQUIRED,
            text = "A send longer than max_message_size fails synchronously with LENGTH_ERROR (or completes with "
                    + "LOCAL_LENGTH); more segments than max_request_iov fail synchronously")
    void sendLimits() {
        final EndpointAttributes small = EndpointAttributes.builder().maxMessageSize(4096).build();
        final Rig.Connection c = rig().connect(small, null);
        final long mms = c.active().ep().query().attributes().maxMessageSize();
        assumeTrue(mms < MAX_SIZE, "max_message_size " + mms + " is too large to exceed");
        final Rig.Buffer src = rig().buffer(c.active(), mms + 1, MemoryPrivilege.LOCAL);
        try {
            c.active().ep().postSend(src.triplet(0, mms + 1), 1);
            assertNotEquals(DtoStatus.SUCCESS, Rig.awaitDto(c.active().requestEvd(), "oversize send").status(),
                    "an oversize send must not succeed");
        } catch (final DatException e) {
            assertEquals(StatusType.LENGTH_ERROR, e.type(), "status of an oversize send");
        }
        final int iov = c.active().ep().query().attributes().maxRequestIov();
        assumeTrue(iov < 1024, "max_request_iov is too large to exceed");
        final List<LocalMemoryTriplet> many = new ArrayList<>();
        for (int i = 0; i <= iov; i++) {
            many.add(src.triplet(0, 1));
        }
        Checks.assertStatus("post_send with max_request_iov+1 segments", () -> c.active().ep().postSend(many, 2,
                CompletionFlag.DEFAULT), StatusType.INVALID_PARAMETER, StatusType.LENGTH_ERROR);
    }

    @Rule(id = "DTO-14", level = Level.CAPABILITY, requires = Capability.RDMA_READ,
            text = "More RDMA Reads than max_rdma_read_out may be posted: they queue and all complete SUCCESS in "
                    + "order")
    void rdmaReadsBeyondDepthQueue() {
        final EndpointAttributes one = EndpointAttributes.builder().maxRdmaReadOut(1).build();
        final Rig.Connection c = rig().connect(one, null);
        assumeTrue(c.active().ep().query().attributes().maxRdmaReadOut() >= 1, "max_rdma_read_out is 0");
        final Rig.Buffer local = rig().buffer(c.active(), 8 * 1024, MemoryPrivilege.LOCAL);
        final Rig.Buffer remote = rig().buffer(c.passive(), 8 * 1024, MemoryPrivilege.ALL);
        fill(remote.segment(), 71);
        for (int i = 0; i < 8; i++) {
            c.active().ep().postRdmaRead(List.of(local.triplet(1024L * i, 1024)), i, remote.remote(1024L * i, 1024),
                    CompletionFlag.DEFAULT);
        }
        for (int i = 0; i < 8; i++) {
            assertSuccess(c.active(), false, DtoOperation.RDMA_READ, i, 1024);
        }
        assertEquals(java.util.HexFormat.of().formatHex(remote.segment().toArray(
                java.lang.foreign.ValueLayout.JAVA_BYTE)), java.util.HexFormat.of().formatHex(local.segment()
                .toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)), "data of the queued reads");
    }

    @Rule(id = "FFT-DATAXFER-0", level = Level.REQUIRED,
            text = "dapltest dataxfer: an EP created with a freed recv or request EVD, or a post on a freed EP, fails "
                    + "with INVALID_HANDLE")
    void freedHandlesInDataTransfer() {
        final io.dat4j.InterfaceAdapter ia = rig().ia();
        final io.dat4j.ProtectionZone pz = rig().pz(ia);
        final io.dat4j.EventDispatcher dead = rig().evd(ia, 8, io.dat4j.EventStream.DTO);
        final io.dat4j.EventDispatcher dto = rig().evd(ia, 8, io.dat4j.EventStream.DTO);
        final io.dat4j.EventDispatcher conn = rig().evd(ia, 8, io.dat4j.EventStream.CONNECTION);
        dead.close();
        Checks.assertStatus("ep_create with a freed recv EVD", () -> io.dat4j.conformance.support.ResourceTracker
                .track(ia.createEndpoint(pz, dead, dto, conn, null)), StatusType.INVALID_HANDLE);
        Checks.assertStatus("ep_create with a freed request EVD", () -> io.dat4j.conformance.support.ResourceTracker
                .track(ia.createEndpoint(pz, dto, dead, conn, null)), StatusType.INVALID_HANDLE);
        final Rig.Connection c = rig().connect();
        final Rig.Buffer b = rig().buffer(c.active(), 64, MemoryPrivilege.LOCAL);
        c.active().ep().close();
        Checks.assertStatus("post_send on a freed EP", () -> c.active().ep().postSend(b.triplet(), 1),
                StatusType.INVALID_HANDLE);
    }

    @Rule(id = "FFT-DATAXFER-1", level = Level.REQUIRED,
            text = "dapltest dataxfer: a wait on the DTO EVDs of a connection with nothing outstanding ends with "
                    + "TIMEOUT_EXPIRED (dapltest waits 10 s; the suite waits its quiet period)")
    void waitWithNothingOutstanding() {
        final Rig.Connection c = rig().connect();
        Checks.assertStatus("wait on the request EVD", () -> c.active().requestEvd().await(
                io.dat4j.conformance.support.ConformanceTimeouts.quiet()), StatusType.TIMEOUT_EXPIRED);
        Checks.assertStatus("wait on the recv EVD", () -> c.passive().recvEvd().await(
                io.dat4j.conformance.support.ConformanceTimeouts.quiet()), StatusType.TIMEOUT_EXPIRED);
    }

    @Rule(id = "DTO-15", level = Level.OPTIONAL,
            text = "A send to a peer with no receive posted, on an EP with rnr_retry_count 0, completes with "
                    + "RECEIVER_NOT_READY (or waits until a receive is posted)")
    void receiverNotReady() {
        final Rig.Connection c = rig().connect(EndpointAttributes.builder().rnrRetryCount(0).build(), null);
        final Rig.Buffer src = rig().buffer(c.active(), 64, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 64, MemoryPrivilege.LOCAL);
        c.active().ep().postSend(src.triplet(), 1);
        final io.dat4j.Event e;
        try {
            e = c.active().requestEvd().await(io.dat4j.conformance.support.ConformanceTimeouts.quiet());
        } catch (final DatException ex) {
            c.passive().ep().postRecv(dst.triplet(), 2);
            assertSuccess(c.active(), false, DtoOperation.SEND, 1, -1);
            return;
        }
        final DtoCompletionEvent d = org.junit.jupiter.api.Assertions.assertInstanceOf(DtoCompletionEvent.class, e);
        assertEquals(DtoStatus.RECEIVER_NOT_READY, d.status(), "status of a send nobody receives");
    }
}
