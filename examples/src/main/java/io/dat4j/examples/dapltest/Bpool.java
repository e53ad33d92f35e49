package io.dat4j.examples.dapltest;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * A buffer pool ({@code Bpool}, {@code dapl_bpool.c}): {@code num_segs} buffers of {@code seg_size} bytes, each size
 * rounded up to {@code DAT_OPTIMAL_ALIGNMENT} (256) and the first aligned to it, in one block of native memory that
 * one LMR registers with every privilege. C's memory windows are switched off in dapltest, so a peer's RDMA goes
 * through the LMR's {@code rmr_context}. Buffer {@code i} starts {@code i * segSize()} bytes in; a transfer of
 * {@code n} segments of {@code s} bytes gathers the first {@code s} bytes of buffers 0 to {@code n - 1}.
 *
 * <p>Thread safety: the owning test thread allocates and destroys it; the provider moves data in and out meanwhile.
 */
final class Bpool {

    /** {@code DAT_OPTIMAL_ALIGNMENT}. */
    static final int ALIGNMENT = 256;

    private final Arena arena;
    private final MemorySegment block;
    private final int segSize;
    private final int numSegs;
    private final LocalMemoryRegion lmr;

    private Bpool(final Arena arena, final MemorySegment block, final int segSize, final int numSegs,
            final LocalMemoryRegion lmr) {
        this.arena = arena;
        this.block = block;
        this.segSize = segSize;
        this.numSegs = numSegs;
        this.lmr = lmr;
    }

    /** {@return {@code DT_RoundSize}: a size rounded up to a power-of-two alignment} */
    static long roundSize(final long size, final long align) {
        return (size + align - 1) & ~(align - 1);
    }

    /**
     * {@code DT_BpoolAlloc}.
     *
     * @param log where failures are printed
     * @param ia the IA
     * @param pz the PZ the LMR belongs to
     * @param segSize bytes per buffer before rounding
     * @param numSegs buffers
     * @return the pool, or null after printing why not
     */
    static Bpool alloc(final Log log, final InterfaceAdapter ia, final ProtectionZone pz, final long segSize,
            final long numSegs) {
        final long seg = roundSize(segSize, ALIGNMENT);
        final long size = seg * numSegs;
        if (seg > Integer.MAX_VALUE || numSegs < 0 || size < 0 || size > Integer.MAX_VALUE) {
            log.printf("No Memory to create bpool buffer!\n");
            return null;
        }
        /* shared: the provider's threads move the data */
        final Arena arena = Arena.ofShared();
        final MemorySegment block;
        try {
            block = arena.allocate(size, ALIGNMENT);
        } catch (final OutOfMemoryError e) {
            arena.close();
            log.printf("No Memory to create bpool buffer!\n");
            return null;
        }
        try {
            final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, block, MemoryPrivilege.ALL);
            if (lmr.registeredAddress() > block.address()
                    || lmr.registeredSize() < size + (block.address() - lmr.registeredAddress())) {
                log.printf("DT_BpoolAlloc: dat_lmr_create bogusin: 0x%x, %x out 0x%x, %x\n", block.address(), size,
                        lmr.registeredAddress(), lmr.registeredSize());
                lmr.close();
                arena.close();
                return null;
            }
            return new Bpool(arena, block, (int) seg, (int) numSegs, lmr);
        } catch (final DatException e) {
            log.printf("DT_BpoolAlloc: dat_lmr_create failed %s\n", Log.ret(e));
            arena.close();
            return null;
        }
    }

    /**
     * {@code DT_Bpool_Destroy}: frees the LMR, then the memory.
     *
     * @param log where failures are printed
     * @return false if the LMR would not go
     */
    boolean destroy(final Log log) {
        boolean ok = true;
        try {
            lmr.close();
        } catch (final DatException e) {
            log.printf("DT_Bpool_Destroy: dat_lmr_free failed %s\n", Log.ret(e));
            ok = false;
        }
        if (ok) {
            arena.close();
        }
        return ok;
    }

    /** {@return buffer {@code i}, {@link #segSize()} bytes} */
    MemorySegment buffer(final int i) {
        return block.asSlice((long) i * segSize, segSize);
    }

    /** {@return the address of buffer {@code i} ({@code DT_Bpool_GetBuffer})} */
    long address(final int i) {
        return block.address() + (long) i * segSize;
    }

    /** {@return the rounded size of one buffer ({@code DT_Bpool_GetBuffSize})} */
    int segSize() {
        return segSize;
    }

    /** {@return the number of buffers} */
    int numSegs() {
        return numSegs;
    }

    /** {@return the LMR's {@code rmr_context}, for a peer's RDMA ({@code DT_Bpool_GetRMR})} */
    int rmrContext() {
        return lmr.rmrContext();
    }

    /** {@return the triplet of {@code length} bytes of buffer {@code i}} */
    LocalMemoryTriplet triplet(final int i, final long length) {
        return new LocalMemoryTriplet(lmr.lmrContext(), address(i), length);
    }

    /** {@return the triplets of a transfer: the first {@code length} bytes of buffers 0 to {@code n - 1}} */
    List<LocalMemoryTriplet> triplets(final int n, final long length) {
        final LocalMemoryTriplet[] t = new LocalMemoryTriplet[n];
        for (int j = 0; j < n; j++) {
            t[j] = triplet(j, length);
        }
        return List.of(t);
    }

    /**
     * {@code DT_post_recv_buffer}: posts buffer {@code index} ({@code size} bytes) with its address as cookie.
     *
     * @param log where failures are printed
     * @param ep the EP
     * @param index the buffer
     * @param size the length posted
     * @return false after printing the error
     */
    boolean postRecv(final Log log, final Endpoint ep, final int index, final int size) {
        try {
            ep.postRecv(List.of(triplet(index, size)), address(index), CompletionFlag.DEFAULT);
            return true;
        } catch (final DatException e) {
            log.printf("Test Error: dat_ep_post_recv failed: %s\n", Log.ret(e));
            return false;
        }
    }

    /**
     * {@code DT_post_send_buffer}: sends {@code size} bytes of buffer {@code index} with its address as cookie.
     *
     * @param log where failures are printed
     * @param ep the EP
     * @param index the buffer
     * @param size the length sent
     * @return false after printing the error
     */
    boolean postSend(final Log log, final Endpoint ep, final int index, final int size) {
        try {
            ep.postSend(List.of(triplet(index, size)), address(index), CompletionFlag.DEFAULT);
            return true;
        } catch (final DatException e) {
            log.printf("Test Error: dat_ep_post_send failed: %s\n", Log.ret(e));
            return false;
        }
    }
}
