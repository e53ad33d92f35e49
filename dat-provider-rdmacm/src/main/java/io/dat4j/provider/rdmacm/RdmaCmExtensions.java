package io.dat4j.provider.rdmacm;

import io.dat4j.DtoOperation;
import io.dat4j.kit.PostedOperation;
import io.dat4j.provider.rdmacm.ffi.CompletionBatch;
import io.dat4j.provider.rdmacm.ffi.DataPath;
import io.dat4j.provider.rdmacm.ffi.WorkRequest;

/**
 * The IB extensions on verbs, as libdapl's openib extension maps them: {@code dat_ib_post_rdma_write_immed} is
 * {@code IBV_WR_RDMA_WRITE_WITH_IMM} with {@code imm_data}, {@code dat_ib_post_fetch_and_add} and
 * {@code dat_ib_post_cmp_and_swap} are {@code IBV_WR_ATOMIC_FETCH_AND_ADD} and {@code IBV_WR_ATOMIC_CMP_AND_SWP} with
 * {@code wr.atomic}; a receive completion with opcode {@code IBV_WC_RECV_RDMA_WITH_IMM} becomes RECEIVE_IMMEDIATE with
 * its {@code imm_data}. The immediate data is passed through as stored, unconverted, as libdapl does, so that a Java
 * peer and a C dapl peer read the same value. The target's checks of an atomic (rkey, bounds, REMOTE_ATOMIC, protection
 * domain, alignment) are the device's.
 *
 * <p>Stateless; the send work request is the caller's (under its lock).
 */
final class RdmaCmExtensions {

    /** {@link #immediate} when a completion carries no immediate data. */
    static final long NO_IMMEDIATE = Long.MIN_VALUE;

    private RdmaCmExtensions() {
    }

    /**
     * Writes the extension fields of a request into the send work request, after {@link WorkRequest#send}.
     *
     * @param wr the work request
     * @param op an RDMA_WRITE_IMMEDIATE, FETCH_AND_ADD or COMPARE_AND_SWAP
     */
    static void prepare(final WorkRequest wr, final PostedOperation op) {
        if (op.kind() == DtoOperation.RDMA_WRITE_IMMEDIATE) {
            wr.immediate(op.immediateData());
        } else {
            wr.atomic(op.remoteAddress(), op.rmrContext(), op.atomicOperand(), op.atomicSwap());
        }
    }

    /**
     * {@return the immediate data of a successful {@code IBV_WC_RECV_RDMA_WITH_IMM} completion (as an unsigned int in
     * a long), else {@link #NO_IMMEDIATE}} (an error completion's opcode is undefined: it is a plain receive then)
     *
     * @param wcs the polled completions
     * @param i the entry
     */
    static long immediate(final CompletionBatch wcs, final int i) {
        if (wcs.status(i) != DataPath.IBV_WC_SUCCESS || wcs.opcode(i) != DataPath.IBV_WC_RECV_RDMA_WITH_IMM) {
            return NO_IMMEDIATE;
        }
        return Integer.toUnsignedLong(wcs.immData(i));
    }
}
