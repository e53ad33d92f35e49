package io.dat4j.provider.rdmacm.ffi;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_context;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_context_ops;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_recv_wr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_send_wr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_sge;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_wc;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cma_h;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.nio.charset.StandardCharsets;

/**
 * The verbs data path: posting work requests ({@code ibv_post_send}, {@code ibv_post_recv},
 * {@code ibv_post_srq_recv}) and taking completions ({@code ibv_poll_cq}, {@code ibv_req_notify_cq}), with the work
 * request opcodes, send flags and completion statuses. These functions are {@code static inline} in {@code verbs.h};
 * they are called here, as the inline code does, through the function pointers of {@code ibv_context.ops}, resolved
 * once per context into {@link VerbsOps} and invoked through the {@code static final} downcall handles of the
 * generated function-pointer classes ({@code ibv_context_ops.post_send.invoke} ...): no lookup, no errno capture and
 * no allocation per call; each returns the errno (or, for a poll, a negative value) itself.
 *
 * <p>The provider posts from {@link WorkRequest}s and polls into {@link CompletionBatch}es, which write and read the
 * structs at constant offsets. The struct helpers here ({@link #sendWr}, {@link #wcStatus}, ...) slice the generated
 * accessors: simpler, slower, for code that posts rarely.
 *
 * <p>Thread safety: every method may be called from any thread; a QP, an SRQ and a CQ are serialised by their owners.
 */
public final class DataPath {

    /** {@code IBV_WR_RDMA_WRITE}. */
    public static final int IBV_WR_RDMA_WRITE = 0;
    /** {@code IBV_WR_RDMA_WRITE_WITH_IMM}. */
    public static final int IBV_WR_RDMA_WRITE_WITH_IMM = 1;
    /** {@code IBV_WR_SEND}. */
    public static final int IBV_WR_SEND = 2;
    /** {@code IBV_WR_RDMA_READ}. */
    public static final int IBV_WR_RDMA_READ = 4;
    /** {@code IBV_WR_ATOMIC_CMP_AND_SWP}. */
    public static final int IBV_WR_ATOMIC_CMP_AND_SWP = 5;
    /** {@code IBV_WR_ATOMIC_FETCH_AND_ADD}. */
    public static final int IBV_WR_ATOMIC_FETCH_AND_ADD = 6;
    /** {@code IBV_SEND_FENCE}. */
    public static final int IBV_SEND_FENCE = 1;
    /** {@code IBV_SEND_SIGNALED}. */
    public static final int IBV_SEND_SIGNALED = 2;
    /** {@code IBV_SEND_SOLICITED}. */
    public static final int IBV_SEND_SOLICITED = 4;
    /** {@code IBV_SEND_INLINE}. */
    public static final int IBV_SEND_INLINE = 8;
    /** {@code IBV_WC_SUCCESS}. */
    public static final int IBV_WC_SUCCESS = 0;
    /** {@code IBV_WC_LOC_LEN_ERR}. */
    public static final int IBV_WC_LOC_LEN_ERR = 1;
    /** {@code IBV_WC_LOC_QP_OP_ERR}. */
    public static final int IBV_WC_LOC_QP_OP_ERR = 2;
    /** {@code IBV_WC_LOC_EEC_OP_ERR}. */
    public static final int IBV_WC_LOC_EEC_OP_ERR = 3;
    /** {@code IBV_WC_LOC_PROT_ERR}. */
    public static final int IBV_WC_LOC_PROT_ERR = 4;
    /** {@code IBV_WC_WR_FLUSH_ERR}. */
    public static final int IBV_WC_WR_FLUSH_ERR = 5;
    /** {@code IBV_WC_MW_BIND_ERR}. */
    public static final int IBV_WC_MW_BIND_ERR = 6;
    /** {@code IBV_WC_BAD_RESP_ERR}. */
    public static final int IBV_WC_BAD_RESP_ERR = 7;
    /** {@code IBV_WC_LOC_ACCESS_ERR}. */
    public static final int IBV_WC_LOC_ACCESS_ERR = 8;
    /** {@code IBV_WC_REM_INV_REQ_ERR}. */
    public static final int IBV_WC_REM_INV_REQ_ERR = 9;
    /** {@code IBV_WC_REM_ACCESS_ERR}. */
    public static final int IBV_WC_REM_ACCESS_ERR = 10;
    /** {@code IBV_WC_REM_OP_ERR}. */
    public static final int IBV_WC_REM_OP_ERR = 11;
    /** {@code IBV_WC_RETRY_EXC_ERR}. */
    public static final int IBV_WC_RETRY_EXC_ERR = 12;
    /** {@code IBV_WC_RNR_RETRY_EXC_ERR}. */
    public static final int IBV_WC_RNR_RETRY_EXC_ERR = 13;
    /** {@code IBV_WC_LOC_RDD_VIOL_ERR}. */
    public static final int IBV_WC_LOC_RDD_VIOL_ERR = 14;
    /** {@code IBV_WC_REM_INV_RD_REQ_ERR}. */
    public static final int IBV_WC_REM_INV_RD_REQ_ERR = 15;
    /** {@code IBV_WC_REM_ABORT_ERR}. */
    public static final int IBV_WC_REM_ABORT_ERR = 16;
    /** {@code IBV_WC_INV_EECN_ERR}. */
    public static final int IBV_WC_INV_EECN_ERR = 17;
    /** {@code IBV_WC_INV_EEC_STATE_ERR}. */
    public static final int IBV_WC_INV_EEC_STATE_ERR = 18;
    /** {@code IBV_WC_FATAL_ERR}. */
    public static final int IBV_WC_FATAL_ERR = 19;
    /** {@code IBV_WC_RESP_TIMEOUT_ERR}. */
    public static final int IBV_WC_RESP_TIMEOUT_ERR = 20;
    /** {@code IBV_WC_GENERAL_ERR}. */
    public static final int IBV_WC_GENERAL_ERR = 21;
    /** {@code IBV_WC_RECV}: receive opcodes have this bit. */
    public static final int IBV_WC_RECV = 128;
    /** {@code IBV_WC_RECV_RDMA_WITH_IMM}: the work completion opcode of a receive a write with immediate consumed. */
    public static final int IBV_WC_RECV_RDMA_WITH_IMM = 129;
    /** Size of a {@code struct ibv_sge}. */
    public static final long SGE_SIZE = 16;
    /** Size of a {@code struct ibv_wc}. */
    public static final long WC_SIZE = 48;

    private DataPath() {
    }

    // ---------------------------------------------------------------- posting and polling

    /**
     * The data-path entries of one device context's {@code ibv_context.ops}: what {@code ibv_post_send} and the other
     * inline functions of {@code verbs.h} call.
     *
     * @param postSend {@code ops.post_send}
     * @param postRecv {@code ops.post_recv}
     * @param pollCq {@code ops.poll_cq}
     * @param reqNotifyCq {@code ops.req_notify_cq}
     * @param postSrqRecv {@code ops.post_srq_recv}
     */
    public record VerbsOps(MemorySegment postSend, MemorySegment postRecv, MemorySegment pollCq,
            MemorySegment reqNotifyCq, MemorySegment postSrqRecv) {
    }

    /**
     * {@return the data-path function pointers of a device context}
     *
     * @param context an open {@code ibv_context} (for a QP: {@code qp->context}, for an identifier: {@code id->verbs})
     */
    public static VerbsOps opsOf(final MemorySegment context) {
        final MemorySegment ops = ibv_context.ops(context.reinterpret(ibv_context.sizeof()));
        return new VerbsOps(ibv_context_ops.post_send(ops), ibv_context_ops.post_recv(ops),
                ibv_context_ops.poll_cq(ops), ibv_context_ops.req_notify_cq(ops),
                ibv_context_ops.post_srq_recv(ops));
    }

    /**
     * {@code ibv_post_send}: posts a chain of {@code struct ibv_send_wr}.
     *
     * @param ops the context's ops
     * @param qp the QP
     * @param wr the first work request
     * @param badWr a pointer-sized slot that receives the failing request
     * @return 0, or an errno (ENOMEM when the send queue is full, EINVAL for a bad request)
     */
    public static int postSend(final VerbsOps ops, final MemorySegment qp, final MemorySegment wr,
            final MemorySegment badWr) {
        return ibv_context_ops.post_send.invoke(ops.postSend(), qp, wr, badWr);
    }

    /**
     * {@code ibv_post_recv}: posts a chain of {@code struct ibv_recv_wr}.
     *
     * @param ops the context's ops
     * @param qp the QP
     * @param wr the first work request
     * @param badWr a pointer-sized slot that receives the failing request
     * @return 0, or an errno
     */
    public static int postRecv(final VerbsOps ops, final MemorySegment qp, final MemorySegment wr,
            final MemorySegment badWr) {
        return ibv_context_ops.post_recv.invoke(ops.postRecv(), qp, wr, badWr);
    }

    /**
     * {@code ibv_post_srq_recv}: posts a chain of {@code struct ibv_recv_wr} to a shared receive queue.
     *
     * @param ops the context's ops
     * @param srq the SRQ
     * @param wr the first work request
     * @param badWr a pointer-sized slot that receives the failing request
     * @return 0, or an errno (ENOMEM when the SRQ is full)
     */
    public static int postSrqRecv(final VerbsOps ops, final MemorySegment srq, final MemorySegment wr,
            final MemorySegment badWr) {
        return ibv_context_ops.post_srq_recv.invoke(ops.postSrqRecv(), srq, wr, badWr);
    }

    /**
     * {@code ibv_poll_cq}: takes up to {@code entries} completions into an array of {@code struct ibv_wc}.
     *
     * @param ops the context's ops
     * @param cq the CQ
     * @param entries the array's length
     * @param wc the array
     * @return the number taken, or a negative value on error
     */
    public static int pollCq(final VerbsOps ops, final MemorySegment cq, final int entries, final MemorySegment wc) {
        return ibv_context_ops.poll_cq.invoke(ops.pollCq(), cq, entries, wc);
    }

    /**
     * {@code ibv_req_notify_cq}: asks for a completion event on the CQ's channel.
     *
     * @param ops the context's ops
     * @param cq the CQ
     * @param solicitedOnly only for solicited completions
     * @return 0, or an errno
     */
    public static int reqNotifyCq(final VerbsOps ops, final MemorySegment cq, final boolean solicitedOnly) {
        return ibv_context_ops.req_notify_cq.invoke(ops.reqNotifyCq(), cq, solicitedOnly ? 1 : 0);
    }

    /**
     * {@return the text of a work completion status ({@code ibv_wc_status_str})}
     *
     * @param status the status
     */
    public static String wcStatusStr(final int status) {
        return rdma_cma_h.ibv_wc_status_str(status).reinterpret(128).getString(0, StandardCharsets.US_ASCII);
    }

    // ---------------------------------------------------------------- work requests (slicing accessors)

    /**
     * {@return {@code count} zeroed {@code struct ibv_sge}}
     *
     * @param allocator where
     * @param count how many
     */
    public static MemorySegment allocateSges(final SegmentAllocator allocator, final int count) {
        final MemorySegment s = ibv_sge.allocateArray(count, allocator);
        s.fill((byte) 0);
        return s;
    }

    /**
     * Fills one scatter/gather entry.
     *
     * @param sges the array
     * @param index the entry
     * @param address the start address
     * @param length the length in bytes
     * @param lkey the MR's lkey
     */
    public static void sge(final MemorySegment sges, final int index, final long address, final int length,
            final int lkey) {
        final MemorySegment s = ibv_sge.asSlice(sges, index);
        ibv_sge.addr(s, address);
        ibv_sge.length(s, length);
        ibv_sge.lkey(s, lkey);
    }

    /**
     * {@return a zeroed {@code struct ibv_send_wr}}
     *
     * @param allocator where
     */
    public static MemorySegment allocateSendWr(final SegmentAllocator allocator) {
        final MemorySegment s = ibv_send_wr.allocate(allocator);
        s.fill((byte) 0);
        return s;
    }

    /**
     * Fills a send work request (one, unchained).
     *
     * @param wr the request
     * @param wrId the cookie
     * @param sges the gather list
     * @param sgeCount entries used
     * @param opcode {@link #IBV_WR_SEND}, {@link #IBV_WR_RDMA_WRITE} or {@link #IBV_WR_RDMA_READ}
     * @param flags {@code IBV_SEND_*}
     * @param remoteAddress for RDMA, the peer's address
     * @param rkey for RDMA, the peer's rkey
     */
    public static void sendWr(final MemorySegment wr, final long wrId, final MemorySegment sges, final int sgeCount,
            final int opcode, final int flags, final long remoteAddress, final int rkey) {
        ibv_send_wr.wr_id(wr, wrId);
        ibv_send_wr.next(wr, MemorySegment.NULL);
        ibv_send_wr.sg_list(wr, sgeCount == 0 ? MemorySegment.NULL : sges);
        ibv_send_wr.num_sge(wr, sgeCount);
        ibv_send_wr.opcode(wr, opcode);
        ibv_send_wr.send_flags(wr, flags);
        final MemorySegment rdma = ibv_send_wr.wr.rdma(ibv_send_wr.wr(wr));
        ibv_send_wr.wr.rdma.remote_addr(rdma, remoteAddress);
        ibv_send_wr.wr.rdma.rkey(rdma, rkey);
    }

    /**
     * {@return a zeroed {@code struct ibv_recv_wr}}
     *
     * @param allocator where
     */
    public static MemorySegment allocateRecvWr(final SegmentAllocator allocator) {
        final MemorySegment s = ibv_recv_wr.allocate(allocator);
        s.fill((byte) 0);
        return s;
    }

    /**
     * Fills a receive work request (one, unchained).
     *
     * @param wr the request
     * @param wrId the cookie
     * @param sges the scatter list
     * @param sgeCount entries used
     */
    public static void recvWr(final MemorySegment wr, final long wrId, final MemorySegment sges, final int sgeCount) {
        ibv_recv_wr.wr_id(wr, wrId);
        ibv_recv_wr.next(wr, MemorySegment.NULL);
        ibv_recv_wr.sg_list(wr, sgeCount == 0 ? MemorySegment.NULL : sges);
        ibv_recv_wr.num_sge(wr, sgeCount);
    }

    // ---------------------------------------------------------------- work completions (slicing accessors)

    /**
     * {@return an array of {@code count} {@code struct ibv_wc}}
     *
     * @param allocator where
     * @param count how many
     */
    public static MemorySegment allocateWcs(final SegmentAllocator allocator, final int count) {
        return ibv_wc.allocateArray(count, allocator);
    }

    /**
     * {@return the {@code wr_id} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static long wcWrId(final MemorySegment wcs, final int index) {
        return ibv_wc.wr_id(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code status} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcStatus(final MemorySegment wcs, final int index) {
        return ibv_wc.status(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code opcode} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcOpcode(final MemorySegment wcs, final int index) {
        return ibv_wc.opcode(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code byte_len} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcByteLength(final MemorySegment wcs, final int index) {
        return ibv_wc.byte_len(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code qp_num} of completion {@code index}: the QP that consumed the work request}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcQpNum(final MemorySegment wcs, final int index) {
        return ibv_wc.qp_num(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code vendor_err} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcVendorError(final MemorySegment wcs, final int index) {
        return ibv_wc.vendor_err(ibv_wc.asSlice(wcs, index));
    }
}
