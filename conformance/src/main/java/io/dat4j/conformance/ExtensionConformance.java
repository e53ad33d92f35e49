package io.dat4j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dat4j.Capability;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionRequest;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointAttributes;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The IB extensions of {@code dat_ib_extensions.h} that dapl's dtestx exercises: RDMA write with immediate data and
 * the 64-bit remote atomics (fetch-and-add, compare-and-swap). Each rule runs only where the provider declares the
 * capability it needs, and is skipped with the reason otherwise. Remote atomics are held to the checks of RDMA at the
 * target (rmr_context, bounds, privilege, protection zone) with {@link MemoryPrivilege#REMOTE_ATOMIC} as the
 * privilege, and to IB's alignment (an 8-byte aligned word).
 */
public abstract class ExtensionConformance extends ConformanceBase {

    private static final Set<MemoryPrivilege> ATOMIC_TARGET = Set.of(MemoryPrivilege.LOCAL_READ,
            MemoryPrivilege.LOCAL_WRITE, MemoryPrivilege.REMOTE_READ, MemoryPrivilege.REMOTE_WRITE,
            MemoryPrivilege.REMOTE_ATOMIC);

    /** For subclasses. */
    protected ExtensionConformance() {
    }

    private static DtoCompletionEvent assertSuccess(final Rig.Side s, final boolean recv, final DtoOperation op,
            final long cookie, final long length) {
        final DtoCompletionEvent d = Rig.awaitDto(recv ? s.recvEvd() : s.requestEvd(), op.name());
        assertEquals(DtoStatus.SUCCESS, d.status(), op + " status");
        assertEquals(op, d.operation(), "operation");
        assertEquals(cookie, d.cookie(), "cookie");
        assertSame(s.ep(), d.endpoint(), "EP");
        assertEquals(length, d.transferredLength(), op + " transferred length");
        return d;
    }

    private static long word(final Rig.Buffer b) {
        return b.segment().get(ValueLayout.JAVA_LONG, 0);
    }

    private static void word(final Rig.Buffer b, final long value) {
        b.segment().set(ValueLayout.JAVA_LONG, 0, value);
    }

    private static void fetchAndAdd(final Rig.Side s, final long add, final Rig.Buffer result, final long cookie,
            final RemoteMemoryTriplet target) {
        s.ep().postFetchAndAdd(add, result.triplet(0, 8), cookie, target, CompletionFlag.DEFAULT);
    }

    private static void compareAndSwap(final Rig.Side s, final long compare, final long swap,
            final Rig.Buffer result, final long cookie, final RemoteMemoryTriplet target) {
        s.ep().postCompareAndSwap(compare, swap, result.triplet(0, 8), cookie, target, CompletionFlag.DEFAULT);
    }

    /** A connection whose passive EP is in a given PZ of {@link Rig#peerIa()}. */
    private Rig.Connection connectInto(final ProtectionZone passivePz) {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side active = rig().side(rig().ia(), null);
        final Rig.Side passive = rig().side(rig().peerIa(), passivePz, null);
        rig().connect(active, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        cr.accept(passive.ep(), null);
        Rig.awaitEstablished(passive);
        Rig.awaitEstablished(active);
        return new Rig.Connection(active, passive);
    }

    /**
     * Posts an atomic the initiator's checks accept and expects the target to refuse it: REMOTE_ACCESS, or another
     * error status with the connection broken (as on InfiniBand), and the word unchanged.
     */
    private static void assertAtomicRefused(final Rig.Side initiator, final boolean cas,
            final RemoteMemoryTriplet target, final Rig.Buffer result, final String what) {
        Rig.assertRefusedByTarget(initiator, 9, () -> {
            if (cas) {
                compareAndSwap(initiator, 0, 1, result, 9, target);
            } else {
                fetchAndAdd(initiator, 1, result, 9, target);
            }
        }, what);
    }

    @Rule(id = "EXT-01", level = Level.CAPABILITY, requires = Capability.RDMA_WRITE_IMMEDIATE,
            text = "dat_ib_post_rdma_write_immed writes the data into the peer's region and consumes one posted "
                    + "receive, which completes SUCCESS RECEIVE_IMMEDIATE with its cookie, the length written and "
                    + "the 32-bit immediate data, its buffer untouched; the initiator completes SUCCESS "
                    + "RDMA_WRITE_IMMEDIATE with the length; a 0-byte write with immediate data still delivers it")
    void rdmaWriteImmediate() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer src = rig().buffer(c.active(), 256, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 512, MemoryPrivilege.ALL);
        final Rig.Buffer recv = rig().buffer(c.passive(), 64, MemoryPrivilege.LOCAL);
        Checks.fill(src.segment(), 41);
        dst.segment().fill((byte) 0x5A);
        recv.segment().fill((byte) 0x33);
        c.passive().ep().postRecv(List.of(recv.triplet(0, 64)), 77, CompletionFlag.DEFAULT);
        c.passive().ep().postRecv(List.of(recv.triplet(0, 64)), 78, CompletionFlag.DEFAULT);
        c.active().ep().postRdmaWriteImmediate(List.of(src.triplet(0, 256)), 0x9999, dst.remote(128, 256),
                0xCAFEF00D, CompletionFlag.DEFAULT);
        assertSuccess(c.active(), false, DtoOperation.RDMA_WRITE_IMMEDIATE, 0x9999, 256);
        final DtoCompletionEvent r = assertSuccess(c.passive(), true, DtoOperation.RECEIVE_IMMEDIATE, 77, 256);
        assertEquals(0xCAFEF00D, r.immediateData(), "immediate data");
        Checks.assertPattern("data written with immediate data", dst.segment().asSlice(128, 256), 41);
        assertEquals((byte) 0x5A, dst.segment().get(ValueLayout.JAVA_BYTE, 127), "byte before");
        assertEquals((byte) 0x5A, dst.segment().get(ValueLayout.JAVA_BYTE, 384), "byte after");
        recv.segment().elements(ValueLayout.JAVA_BYTE).forEach(e -> assertEquals((byte) 0x33,
                e.get(ValueLayout.JAVA_BYTE, 0), "the receive's buffer is not written"));
        c.active().ep().postRdmaWriteImmediate(List.of(), 0x7777, dst.remote(0, 0), 1, CompletionFlag.DEFAULT);
        assertSuccess(c.active(), false, DtoOperation.RDMA_WRITE_IMMEDIATE, 0x7777, 0);
        assertEquals(1, assertSuccess(c.passive(), true, DtoOperation.RECEIVE_IMMEDIATE, 78, 0).immediateData(),
                "immediate data of a 0-byte write");
    }

    @Rule(id = "EXT-02", level = Level.CAPABILITY, requires = Capability.FETCH_AND_ADD,
            text = "dat_ib_post_fetch_and_add adds to the peer's 64-bit word (modulo 2^64) and returns its "
                    + "original value in the first 8 bytes of the local segment; the completion is SUCCESS "
                    + "FETCH_AND_ADD with the cookie; the bytes around the word are untouched")
    void fetchAndAdd() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer target = rig().buffer(c.passive(), 64, ATOMIC_TARGET);
        final Rig.Buffer result = rig().buffer(c.active(), 16, MemoryPrivilege.LOCAL);
        target.segment().fill((byte) 0x5A);
        target.segment().set(ValueLayout.JAVA_LONG, 8, 0x10);
        result.segment().fill((byte) 0);
        fetchAndAdd(c.active(), 0x100, result, 0x7777, target.remote(8, 8));
        assertSuccess(c.active(), false, DtoOperation.FETCH_AND_ADD, 0x7777, 8);
        assertEquals(0x10L, word(result), "original value returned");
        assertEquals(0x110L, target.segment().get(ValueLayout.JAVA_LONG, 8), "word after the addition");
        assertEquals(0x5A5A5A5A5A5A5A5AL, word(target), "bytes before the word");
        assertEquals(0x5A5A5A5A5A5A5A5AL, target.segment().get(ValueLayout.JAVA_LONG, 16), "bytes after the word");
        target.segment().set(ValueLayout.JAVA_LONG, 8, -1L);
        fetchAndAdd(c.active(), 2, result, 0x7778, target.remote(8, 8));
        assertSuccess(c.active(), false, DtoOperation.FETCH_AND_ADD, 0x7778, 8);
        assertEquals(-1L, word(result), "original value returned");
        assertEquals(1L, target.segment().get(ValueLayout.JAVA_LONG, 8), "the addition wraps around");
    }

    @Rule(id = "EXT-03", level = Level.CAPABILITY, requires = Capability.COMPARE_AND_SWAP,
            text = "dat_ib_post_cmp_and_swap replaces the peer's 64-bit word only when it equals the compare value, "
                    + "and returns the original value either way in the local segment; the completion is SUCCESS "
                    + "COMPARE_AND_SWAP with the cookie")
    void compareAndSwap() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer target = rig().buffer(c.passive(), 64, ATOMIC_TARGET);
        final Rig.Buffer result = rig().buffer(c.active(), 8, MemoryPrivilege.LOCAL);
        word(target, 0x12345);
        compareAndSwap(c.active(), 0x654321, 0x6789A, result, 3333, target.remote(0, 8));
        assertSuccess(c.active(), false, DtoOperation.COMPARE_AND_SWAP, 3333, 8);
        assertEquals(0x12345L, word(result), "original value (no match)");
        assertEquals(0x12345L, word(target), "no swap when the word differs");
        compareAndSwap(c.active(), 0x12345, 0x98765, result, 3334, target.remote(0, 64));
        assertSuccess(c.active(), false, DtoOperation.COMPARE_AND_SWAP, 3334, 8);
        assertEquals(0x12345L, word(result), "original value (match)");
        assertEquals(0x98765L, word(target), "swapped");
    }

    @Rule(id = "EXT-04", level = Level.CAPABILITY, requires = {Capability.FETCH_AND_ADD,
        Capability.COMPARE_AND_SWAP},
            text = "An atomic on a region registered without REMOTE_ATOMIC (with REMOTE_READ and REMOTE_WRITE) is "
                    + "refused by the target as an access error (REMOTE_ACCESS, or an error with the connection "
                    + "broken) and leaves the word unchanged; REMOTE_ATOMIC alone (with LOCAL_WRITE) suffices")
    void atomicNeedsRemoteAtomicPrivilege() {
        for (final boolean cas : new boolean[] {false, true}) {
            final Rig.Connection c = rig().connect();
            final Rig.Buffer noAtomic = rig().buffer(c.passive(), 64, MemoryPrivilege.ALL);
            final Rig.Buffer atomicOnly = rig().buffer(c.passive(), 64, Set.of(MemoryPrivilege.LOCAL_WRITE,
                    MemoryPrivilege.REMOTE_ATOMIC));
            final Rig.Buffer result = rig().buffer(c.active(), 8, MemoryPrivilege.LOCAL);
            word(atomicOnly, 0);
            if (cas) {
                compareAndSwap(c.active(), 0, 5, result, 1, atomicOnly.remote(0, 8));
                assertSuccess(c.active(), false, DtoOperation.COMPARE_AND_SWAP, 1, 8);
            } else {
                fetchAndAdd(c.active(), 5, result, 1, atomicOnly.remote(0, 8));
                assertSuccess(c.active(), false, DtoOperation.FETCH_AND_ADD, 1, 8);
            }
            assertEquals(5L, word(atomicOnly), "REMOTE_ATOMIC region served");
            word(noAtomic, 0);
            assertAtomicRefused(c.active(), cas, noAtomic.remote(0, 8), result,
                    (cas ? "compare-and-swap" : "fetch-and-add") + " on a region without REMOTE_ATOMIC");
            assertEquals(0L, word(noAtomic), "the word of a region without REMOTE_ATOMIC");
        }
    }

    @Rule(id = "EXT-05", level = Level.CAPABILITY, requires = Capability.FETCH_AND_ADD,
            text = "An atomic is held to RDMA's target checks: a word past the end of the region, an unknown "
                    + "rmr_context, and a region of another PZ of the target IA (REMOTE_ATOMIC, in bounds) are each "
                    + "refused as an access error, and no word is changed")
    void atomicTargetChecks() {
        final ProtectionZone own = rig().pz(rig().peerIa());
        final Rig.Buffer foreign = rig().buffer(rig().peerIa(), rig().pz(rig().peerIa()), 64, ATOMIC_TARGET);
        final Rig.Buffer region = rig().buffer(rig().peerIa(), own, 64, ATOMIC_TARGET);
        word(foreign, 0);
        region.segment().fill((byte) 0);
        final RemoteMemoryTriplet r = region.remote(0, 64);
        final List<RemoteMemoryTriplet> refused = new ArrayList<>();
        refused.add(new RemoteMemoryTriplet(r.rmrContext(), r.virtualAddress() + 64, 8));
        refused.add(new RemoteMemoryTriplet(r.rmrContext() ^ 0x5A5A5A5A, r.virtualAddress(), 8));
        refused.add(foreign.remote(0, 8));
        final String[] what = {"an atomic past the end of the region", "an atomic with an unknown rmr_context",
            "an atomic on a region of another PZ"};
        for (int i = 0; i < refused.size(); i++) {
            final Rig.Connection c = connectInto(own);
            final Rig.Buffer result = rig().buffer(c.active(), 8, MemoryPrivilege.LOCAL);
            fetchAndAdd(c.active(), 1, result, 2, r);
            assertSuccess(c.active(), false, DtoOperation.FETCH_AND_ADD, 2, 8);
            assertEquals((long) i, word(result), "the EP's own PZ is served");
            assertAtomicRefused(c.active(), false, refused.get(i), result, what[i]);
        }
        assertEquals(0L, word(foreign), "the word of another PZ");
        assertEquals((long) refused.size(), word(region), "only the served atomics changed the word");
        for (long off = 8; off < 64; off += 8) {
            assertEquals(0L, region.segment().get(ValueLayout.JAVA_LONG, off), "word at offset " + off);
        }
    }

    @Rule(id = "EXT-06", level = Level.CAPABILITY, requires = Capability.FETCH_AND_ADD,
            text = "The initiator checks an atomic's arguments as the C call returns them: a remote address not "
                    + "8-byte aligned or a remote segment shorter than 8 bytes is INVALID_PARAMETER, a local segment "
                    + "shorter than 8 bytes is LENGTH_ERROR, a null triplet or null flags INVALID_PARAMETER; on an EP "
                    + "whose negotiated max_rdma_read_out is 0 an atomic is INVALID_STATE (it counts against the "
                    + "initiator depth, as an RDMA read); nothing is posted")
    void atomicArgumentChecks() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer target = rig().buffer(c.passive(), 64, ATOMIC_TARGET);
        final Rig.Buffer result = rig().buffer(c.active(), 16, MemoryPrivilege.LOCAL);
        final RemoteMemoryTriplet r = target.remote(0, 64);
        final LocalMemoryTriplet l = result.triplet(0, 8);
        final var ep = c.active().ep();
        expect(StatusType.INVALID_PARAMETER, () -> ep.postFetchAndAdd(1, l, 1,
                new RemoteMemoryTriplet(r.rmrContext(), r.virtualAddress() + 4, 8), CompletionFlag.DEFAULT),
                "misaligned remote address");
        expect(StatusType.INVALID_PARAMETER, () -> ep.postFetchAndAdd(1, l, 1,
                new RemoteMemoryTriplet(r.rmrContext(), r.virtualAddress(), 4), CompletionFlag.DEFAULT),
                "remote segment of 4 bytes");
        expect(StatusType.LENGTH_ERROR, () -> ep.postFetchAndAdd(1, result.triplet(0, 4), 1, r,
                CompletionFlag.DEFAULT), "local segment of 4 bytes");
        expect(StatusType.INVALID_PARAMETER, () -> ep.postFetchAndAdd(1, null, 1, r, CompletionFlag.DEFAULT),
                "null local triplet");
        expect(StatusType.INVALID_PARAMETER, () -> ep.postFetchAndAdd(1, l, 1, null, CompletionFlag.DEFAULT),
                "null remote triplet");
        expect(StatusType.INVALID_PARAMETER, () -> ep.postFetchAndAdd(1, l, 1, r, null), "null flags");
        final EndpointAttributes zero = EndpointAttributes.builder().maxRdmaReadIn(0).maxRdmaReadOut(0).build();
        final Rig.Connection z = rig().connect(zero, zero);
        final Rig.Buffer zr = rig().buffer(z.active(), 8, MemoryPrivilege.LOCAL);
        final Rig.Buffer zt = rig().buffer(z.passive(), 64, ATOMIC_TARGET);
        expect(StatusType.INVALID_STATE, () -> z.active().ep().postFetchAndAdd(1, zr.triplet(0, 8), 1,
                zt.remote(0, 8), CompletionFlag.DEFAULT), "an atomic with max_rdma_read_out 0");
        Rig.assertQuiet(c.active().requestEvd(), "no refused atomic completes");
        Rig.assertQuiet(z.active().requestEvd(), "no refused atomic completes");
        assertEquals(0L, word(target), "no refused atomic reached the word");
        assertEquals(0L, word(zt), "no refused atomic reached the word");
    }

    private static void expect(final StatusType type, final org.junit.jupiter.api.function.Executable call,
            final String what) {
        final DatException e = assertThrows(DatException.class, call, what);
        assertEquals(type, e.type(), what + ": " + e.getMessage());
    }

    @Rule(id = "EXT-07", level = Level.CAPABILITY, requires = {Capability.FETCH_AND_ADD,
        Capability.COMPARE_AND_SWAP, Capability.THREAD_SAFE}, timeoutSeconds = 120,
            text = "Atomics on one word from several connections at once apply one after another: 3 connections "
                    + "each adding 1 a hundred times (fetch-and-add, and compare-and-swap retried until it "
                    + "matches) leave the word at the total, and every fetch-and-add returned a distinct value")
    void atomicsAreAtomicAcrossConnections() throws Exception {
        final ProtectionZone pz = rig().pz(rig().peerIa());
        final Rig.Buffer target = rig().buffer(rig().peerIa(), pz, 64, ATOMIC_TARGET);
        word(target, 0);
        final RemoteMemoryTriplet r = target.remote(0, 8);
        final int conns = 3;
        final int per = 100;
        final List<Rig.Connection> cs = new ArrayList<>();
        final List<Rig.Buffer> results = new ArrayList<>();
        for (int i = 0; i < conns; i++) {
            final Rig.Connection c = connectInto(pz);
            cs.add(c);
            results.add(rig().buffer(c.active(), 8, MemoryPrivilege.LOCAL));
        }
        final ExecutorService pool = Executors.newFixedThreadPool(conns);
        try {
            final List<Future<List<Long>>> fs = new ArrayList<>();
            for (int i = 0; i < conns; i++) {
                final Rig.Side s = cs.get(i).active();
                final Rig.Buffer res = results.get(i);
                fs.add(pool.submit(() -> {
                    final List<Long> seen = new ArrayList<>();
                    for (int k = 0; k < per; k++) {
                        fetchAndAdd(s, 1, res, k, r);
                        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(s.requestEvd(), "fetch-and-add").status());
                        seen.add(word(res));
                        long expected = 0;
                        while (true) {
                            compareAndSwap(s, expected, expected + 1, res, k, r);
                            assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(s.requestEvd(), "compare-and-swap")
                                    .status());
                            final long was = word(res);
                            if (was == expected) {
                                break;
                            }
                            expected = was;
                        }
                    }
                    return seen;
                }));
            }
            final TreeSet<Long> all = new TreeSet<>();
            int count = 0;
            for (final Future<List<Long>> f : fs) {
                final List<Long> seen = f.get();
                all.addAll(seen);
                count += seen.size();
            }
            assertEquals(count, all.size(), "every fetch-and-add saw a value no other saw");
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2L * conns * per, word(target), "the word after every atomic");
    }
}
