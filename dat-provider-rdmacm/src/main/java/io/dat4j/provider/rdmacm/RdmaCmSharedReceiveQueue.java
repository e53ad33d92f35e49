package io.dat4j.provider.rdmacm;

import io.dat4j.SrqAttributes;
import io.dat4j.provider.rdmacm.ffi.LibRdmaCm;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import io.dat4j.kit.SharedReceiveBuffer;
import io.dat4j.kit.SharedReceiveTransport;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A DAT SRQ as an {@code ibv_srq} in the PZ's PD ({@code dapls_ib_srq_alloc} of the openib providers): the kit's
 * buffers are posted with {@code ibv_post_srq_recv} (through {@code ibv_context.ops}, no allocation per post), and
 * the QPs of the SRQ's EPs are created attached to it. A buffer's {@code wr_id} is {@link #WR_ID_FLAG} with its
 * sequence, so the completion, which arrives on the CQ of whichever QP consumed it, names the buffer.
 *
 * <p>Thread safety: the kit posts under the SRQ's lock; the methods here are synchronized as well, a leaf under which
 * nothing else is taken. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class RdmaCmSharedReceiveQueue implements SharedReceiveTransport {

    /** Marks the {@code wr_id} of an SRQ buffer (EP work requests never set the top bit). */
    static final long WR_ID_FLAG = 1L << 63;

    private final LibRdmaCm.VerbsOps ops;
    private final MemorySegment srq;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment wr = LibRdmaCm.allocateRecvWr(arena);
    private final MemorySegment badWr = arena.allocate(ValueLayout.ADDRESS);
    private final MemorySegment sges;
    private int capacity;
    private boolean closed;

    /**
     * Creates the SRQ ({@code ibv_create_srq}).
     *
     * @param ops the device's data-path entries
     * @param pd the PZ's PD
     * @param attributes the checked size
     */
    RdmaCmSharedReceiveQueue(final LibRdmaCm.VerbsOps ops, final MemorySegment pd, final SrqAttributes attributes) {
        this.ops = ops;
        this.capacity = attributes.maxRecvDtos();
        this.sges = LibRdmaCm.allocateSges(arena, Math.max(1, attributes.maxRecvIov()));
        try {
            this.srq = LibRdmaCm.createSrq(pd, attributes.maxRecvDtos(), Math.max(1, attributes.maxRecvIov()));
        } catch (final RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** {@return the buffers the SRQ holds at most} */
    synchronized int capacity() {
        return capacity;
    }

    /** {@return the {@code ibv_srq}, for {@code ibv_qp_init_attr.srq}} */
    MemorySegment srq() {
        return srq;
    }

    @Override
    public synchronized void post(final SharedReceiveBuffer buffer) {
        final int n = buffer.segmentCount();
        for (int i = 0; i < n; i++) {
            final RdmaCmTransport.Registration r = (RdmaCmTransport.Registration) buffer.region(i).registration();
            LibRdmaCm.sge(sges, i, buffer.region(i).baseAddress() + buffer.offset(i), (int) buffer.length(i),
                    r.lkey());
        }
        LibRdmaCm.recvWr(wr, WR_ID_FLAG | buffer.sequence(), sges, n);
        final int rc = LibRdmaCm.postSrqRecv(ops, srq, wr, badWr);
        if (rc != 0) {
            throw new NativeCallException("ibv_post_srq_recv", rc);
        }
    }

    @Override
    public synchronized void resize(final int maxRecvDtos) {
        if (maxRecvDtos > capacity) {
            LibRdmaCm.resizeSrq(srq, maxRecvDtos);
            capacity = maxRecvDtos;
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            LibRdmaCm.destroySrq(srq);
        } finally {
            arena.close();
        }
    }
}
