package io.dat4j.provider.rdmacm;

import io.dat4j.SrqAttributes;
import io.dat4j.provider.rdmacm.ffi.DataPath;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import io.dat4j.kit.SharedReceiveBuffer;
import io.dat4j.kit.SharedReceiveTransport;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A DAT SRQ as an {@code ibv_srq} in the PZ's PD ({@code dapls_ib_srq_alloc} of the openib providers): the kit's
 * buffers are posted with {@code ibv_post_srq_recv} (through {@code ibv_context.ops}, no allocation per post), and
 * the QPs of the SRQ's EPs are created attached to it. A buffer's {@code wr_id} is {@link #WR_ID_FLAG} with its
 * sequence, so the completion, which arrives on the CQ of whichever QP consumed it, names the buffer.
 *
 * <p>A QP of the SRQ that leaves a connection goes to the error state, and the device then says that it will take no
 * more buffers ({@code IBV_EVENT_QP_LAST_WQE_REACHED}), which libdapl reports as {@code DAT_ASYNC_ERROR_EP_BROKEN}
 * about the EP ({@link DeviceAsyncEvents}). The EP's teardown waits for that event before it destroys the QP, as verbs
 * asks (destroying it first would discard the event). A device that never reports it (rxe, Linux 6.1) is noticed at
 * the first wait that runs out: the provider then posts the event itself, at once from then on, so that a program
 * waiting for it (dtestsrq) ends on every device. Each QP's event is posted once, whoever is first.
 *
 * <p>Thread safety: the kit posts under the SRQ's lock; the methods here are synchronized as well, a leaf under which
 * nothing else is taken. The last-WQE records are a concurrent map: the async event thread reports, the EP's teardown
 * waits. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class RdmaCmSharedReceiveQueue implements SharedReceiveTransport {

    /** Marks the {@code wr_id} of an SRQ buffer (EP work requests never set the top bit). */
    static final long WR_ID_FLAG = 1L << 63;

    private final DataPath.VerbsOps ops;
    private final MemorySegment srq;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment wr = DataPath.allocateRecvWr(arena);
    private final MemorySegment badWr = arena.allocate(ValueLayout.ADDRESS);
    private final MemorySegment sges;
    private int capacity;
    private boolean closed;
    /** By QP number, the QPs attached to this SRQ: whether the device reported the last WQE, and who posted it. */
    private final ConcurrentHashMap<Integer, LastWqe> lastWqe = new ConcurrentHashMap<>();
    /** A wait for the device's report ran out: the device does not report it. */
    private volatile boolean deviceSilent;

    /** One QP's LAST_WQE_REACHED: reported by the device, and posted as EP_BROKEN (once). */
    private record LastWqe(CountDownLatch reported, AtomicBoolean posted) {
    }

    /**
     * Creates the SRQ ({@code ibv_create_srq}).
     *
     * @param ops the device's data-path entries
     * @param pd the PZ's PD
     * @param attributes the checked size
     */
    RdmaCmSharedReceiveQueue(final DataPath.VerbsOps ops, final MemorySegment pd, final SrqAttributes attributes) {
        this.ops = ops;
        this.capacity = attributes.maxRecvDtos();
        this.sges = DataPath.allocateSges(arena, Math.max(1, attributes.maxRecvIov()));
        try {
            this.srq = VerbsCalls.createSrq(pd, attributes.maxRecvDtos(), Math.max(1, attributes.maxRecvIov()));
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

    /**
     * A QP was created attached to this SRQ.
     *
     * @param qpNum its number
     */
    void attached(final int qpNum) {
        lastWqe.put(qpNum, new LastWqe(new CountDownLatch(1), new AtomicBoolean()));
    }

    /**
     * The device reported {@code IBV_EVENT_QP_LAST_WQE_REACHED} for a QP of this SRQ.
     *
     * @param qpNum its number
     * @return true if the caller posts the EP_BROKEN (nobody has for this QP)
     */
    boolean deviceReported(final int qpNum) {
        deviceSilent = false;
        final LastWqe l = lastWqe.get(qpNum);
        if (l == null) {
            return false;
        }
        l.reported().countDown();
        return l.posted().compareAndSet(false, true);
    }

    /**
     * The teardown of a QP in the error state: waits at most {@code millis} for the device's report, unless the
     * device is known not to report it.
     *
     * @param qpNum the QP's number
     * @param millis how long
     * @return true if the caller posts the EP_BROKEN (the device did not report it, nobody posted it)
     */
    boolean awaitReported(final int qpNum, final long millis) {
        final LastWqe l = lastWqe.get(qpNum);
        if (l == null) {
            return false;
        }
        if (!deviceSilent) {
            try {
                if (!l.reported().await(millis, TimeUnit.MILLISECONDS)) {
                    deviceSilent = true;
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return l.posted().compareAndSet(false, true);
    }

    /**
     * A QP of this SRQ was destroyed.
     *
     * @param qpNum its number
     */
    void detached(final int qpNum) {
        lastWqe.remove(qpNum);
    }

    @Override
    public synchronized void post(final SharedReceiveBuffer buffer) {
        final int n = buffer.segmentCount();
        for (int i = 0; i < n; i++) {
            final RdmaCmTransport.Registration r = (RdmaCmTransport.Registration) buffer.region(i).registration();
            DataPath.sge(sges, i, buffer.region(i).baseAddress() + buffer.offset(i), (int) buffer.length(i),
                    r.lkey());
        }
        DataPath.recvWr(wr, WR_ID_FLAG | buffer.sequence(), sges, n);
        final int rc = DataPath.postSrqRecv(ops, srq, wr, badWr);
        if (rc != 0) {
            throw new NativeCallException("ibv_post_srq_recv", rc);
        }
    }

    @Override
    public synchronized void resize(final int maxRecvDtos) {
        if (maxRecvDtos > capacity) {
            VerbsCalls.resizeSrq(srq, maxRecvDtos);
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
            VerbsCalls.destroySrq(srq);
        } finally {
            arena.close();
        }
    }
}
