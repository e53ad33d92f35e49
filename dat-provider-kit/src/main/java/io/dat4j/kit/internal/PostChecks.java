package io.dat4j.kit.internal;

import io.dat4j.Capability;
import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import java.util.List;
import java.util.Set;

/**
 * The argument checks of the IB extension posts ({@code dat_ib_post_rdma_write_immed},
 * {@code dat_ib_post_fetch_and_add}, {@code dat_ib_post_cmp_and_swap}), with C's argument numbers, before
 * {@link KitEndpoint#postExtension} posts them as any request ({@link EndpointPosting}).
 *
 * <p>Stateless; takes no lock (the EP's post takes the EP's lock, "Threading and locks" in
 * {@code docs/provider-kit.md}).
 */
final class PostChecks {

    /** The size of the word of an atomic (IB: 8 bytes, 8-byte aligned). */
    static final int ATOMIC_SIZE = 8;

    private PostChecks() {
    }

    /**
     * {@code dat_ib_post_rdma_write_immed(ep, size, lbuf, cookie, rbuf, idata, flags)}.
     *
     * @param ep the EP
     * @param segments the local segments (C's {@code lbuf}, argument 3)
     * @param cookie the cookie
     * @param remote the remote triplet (argument 5)
     * @param immediateData the immediate data
     * @param flags the flags (argument 7)
     */
    static void postRdmaWriteImmediate(final KitEndpoint ep, final List<LocalMemoryTriplet> segments,
            final long cookie, final RemoteMemoryTriplet remote, final int immediateData,
            final Set<CompletionFlag> flags) {
        ep.checkOpen();
        if (!ep.owner().has(Capability.RDMA_WRITE_IMMEDIATE)) {
            throw Checks.notImplemented("dat_ib_post_rdma_write_immed (Capability.RDMA_WRITE_IMMEDIATE)");
        }
        if (segments == null) {
            throw Checks.invalidArg(3, "segment list is null (use an empty list for none)");
        }
        if (remote == null) {
            throw Checks.invalidArg(5, "remote triplet is null");
        }
        if (flags == null) {
            throw Checks.invalidArg(7, "completion flags are null (use CompletionFlag.DEFAULT)");
        }
        ep.postExtension(DtoOperation.RDMA_WRITE_IMMEDIATE, segments, cookie, remote, flags,
                Integer.toUnsignedLong(immediateData), 0);
    }

    /**
     * {@code dat_ib_post_fetch_and_add(ep, add, lbuf, cookie, rbuf, flags)} and
     * {@code dat_ib_post_cmp_and_swap(ep, cmp, swap, lbuf, cookie, rbuf, flags)}.
     *
     * @param ep the EP
     * @param kind FETCH_AND_ADD or COMPARE_AND_SWAP
     * @param operand the value to add, or the value to compare
     * @param swap the value to store (compare-and-swap)
     * @param local where the original value goes
     * @param cookie the cookie
     * @param remote the remote word
     * @param flags the flags
     */
    static void postAtomic(final KitEndpoint ep, final DtoOperation kind, final long operand, final long swap,
            final LocalMemoryTriplet local, final long cookie, final RemoteMemoryTriplet remote,
            final Set<CompletionFlag> flags) {
        final boolean cas = kind == DtoOperation.COMPARE_AND_SWAP;
        final String call = cas ? "dat_ib_post_cmp_and_swap" : "dat_ib_post_fetch_and_add";
        final int shift = cas ? 1 : 0; // compare-and-swap has one operand more before lbuf
        ep.checkOpen();
        if (!ep.owner().has(cas ? Capability.COMPARE_AND_SWAP : Capability.FETCH_AND_ADD)) {
            throw Checks.notImplemented(call + " (Capability." + (cas ? "COMPARE_AND_SWAP" : "FETCH_AND_ADD") + ")");
        }
        if (local == null) {
            throw Checks.invalidArg(3 + shift, "local triplet is null (8 bytes for the original value)");
        }
        if (local.segmentLength() < ATOMIC_SIZE) {
            throw Checks.lengthError(call + ": the local segment of " + local.segmentLength()
                    + " bytes cannot hold the 8-byte original value");
        }
        if (remote == null) {
            throw Checks.invalidArg(5 + shift, "remote triplet is null");
        }
        if ((remote.virtualAddress() & (ATOMIC_SIZE - 1)) != 0) {
            throw Checks.invalidArg(5 + shift, "remote address 0x" + Long.toHexString(remote.virtualAddress())
                    + " is not 8-byte aligned, as an IB atomic needs");
        }
        if (remote.segmentLength() < ATOMIC_SIZE) {
            throw Checks.invalidArg(5 + shift, "remote segment of " + remote.segmentLength()
                    + " bytes is shorter than the 8-byte word of an atomic");
        }
        if (flags == null) {
            throw Checks.invalidArg(6 + shift, "completion flags are null (use CompletionFlag.DEFAULT)");
        }
        final LocalMemoryTriplet word = local.segmentLength() == ATOMIC_SIZE ? local
                : new LocalMemoryTriplet(local.lmrContext(), local.virtualAddress(), ATOMIC_SIZE);
        final RemoteMemoryTriplet target = remote.segmentLength() == ATOMIC_SIZE ? remote
                : new RemoteMemoryTriplet(remote.rmrContext(), remote.virtualAddress(), ATOMIC_SIZE);
        ep.postExtension(kind, List.of(word), cookie, target, flags, operand, swap);
    }
}
