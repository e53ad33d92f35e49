package io.dat4j.provider.rdmacm.ffi;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_wc;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;

/**
 * The array of {@code struct ibv_wc} that {@code ibv_poll_cq} fills, read field by field at each completion's offset
 * with the field's constant layout, without a slice per completion: the JIT tier that runs first (C1) does not fold
 * the checks and allocation of a slice, which made the generated {@code asSlice} accessors cost about four times as
 * much per completion. (A bulk copy of the batch into a Java array, then decoding from there, measured slower still
 * under C1: {@code MemorySegment.copy} is not inlined there.) The offsets come from the generated layout (checked
 * against the headers by the layout probe).
 *
 * <p>Thread safety: not thread-safe; the owner serialises polls.
 */
public final class CompletionBatch {

    private static final long WC_SIZE = ibv_wc.sizeof();

    private final MemorySegment wcs;
    private final int capacity;

    /**
     * Allocates room for {@code capacity} completions.
     *
     * @param allocator where (its lifetime is the batch's)
     * @param capacity the most completions one poll takes
     */
    public CompletionBatch(final SegmentAllocator allocator, final int capacity) {
        this.capacity = capacity;
        this.wcs = ibv_wc.allocateArray(capacity, allocator);
    }

    /**
     * {@code ibv_poll_cq} into this batch: takes up to its capacity.
     *
     * @param ops the context's ops
     * @param cq the CQ
     * @return the number taken, or a negative value on error
     */
    public int poll(final DataPath.VerbsOps ops, final MemorySegment cq) {
        return DataPath.pollCq(ops, cq, capacity, wcs);
    }

    /** {@return the native array} */
    MemorySegment nativeArray() {
        return wcs;
    }

    private static long base(final int index) {
        return index * WC_SIZE;
    }

    /**
     * {@return the {@code wr_id} of completion {@code index} of the last poll}
     *
     * @param index the entry
     */
    public long wrId(final int index) {
        return wcs.get(ibv_wc.wr_id$layout(), base(index) + ibv_wc.wr_id$offset());
    }

    /**
     * {@return the {@code status} of completion {@code index} of the last poll}
     *
     * @param index the entry
     */
    public int status(final int index) {
        return wcs.get(ibv_wc.status$layout(), base(index) + ibv_wc.status$offset());
    }

    /**
     * {@return the {@code opcode} of completion {@code index} of the last poll}
     *
     * @param index the entry
     */
    public int opcode(final int index) {
        return wcs.get(ibv_wc.opcode$layout(), base(index) + ibv_wc.opcode$offset());
    }

    /**
     * {@return the {@code byte_len} of completion {@code index} of the last poll}
     *
     * @param index the entry
     */
    public int byteLength(final int index) {
        return wcs.get(ibv_wc.byte_len$layout(), base(index) + ibv_wc.byte_len$offset());
    }

    /**
     * {@return the {@code imm_data} of completion {@code index} of the last poll}, as stored (libdapl passes it through
     * unconverted, so the Java side does too)
     *
     * @param index the entry
     */
    public int immData(final int index) {
        return wcs.get(ibv_wc.imm_data$layout(), base(index) + ibv_wc.imm_data$offset());
    }

    /**
     * {@return the {@code qp_num} of completion {@code index} of the last poll}
     *
     * @param index the entry
     */
    public int qpNum(final int index) {
        return wcs.get(ibv_wc.qp_num$layout(), base(index) + ibv_wc.qp_num$offset());
    }
}
