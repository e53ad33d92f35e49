package io.dat4j.provider.rdmacm;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointAttributes;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.PostedOperation;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.DataPath;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import io.dat4j.provider.rdmacm.ffi.StructCopy;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import io.dat4j.provider.rdmacm.ffi.WorkRequest;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import org.apache.logging.log4j.Logger;

/**
 * The RC QP of one EP ({@code dapls_ib_qp_alloc}, {@code dapls_ib_post_send}, {@code dapls_ib_post_recv}) and the
 * work posted to it: created on the EP's identifier at connect (after ROUTE_RESOLVED) or accept, in the EP's PZ's PD,
 * with the EP's EVDs' CQs (reserving room in them) and, for an SRQ EP, the SRQ; destroyed when the connection ends.
 * Receives posted before the QP exists wait here and are posted when it is created. Outstanding work requests are in
 * a {@link WorkRequestTable} (a {@code wr_id} per operation; SUPPRESS requests unsignalled, retired by a later
 * completion or by the drain marker). Before the QP is destroyed, the completions its CQs hold are reported as they
 * completed, the unsignalled tail is retired by the drain marker, and a connected SRQ EP's teardown waits for
 * {@code IBV_EVENT_QP_LAST_WQE_REACHED}.
 *
 * <p>Threads and locks: owned by its {@link RdmaCmEndpoint}; created and destroyed under the EP's transport lock
 * ({@link io.dat4j.kit.LockRank#TRANSPORT}). Posting runs on the consumer's thread (the kit's post hook, under the EP's
 * kit lock) and does not take the transport lock: the QP is guarded against use after destroy by {@link #qpGuard}
 * (posts hold its read lock, creation and destruction its write lock), an unranked leaf like the monitors of the work
 * request buffers and of the waiting receives: nothing ranked is taken and no upcall is made under them. See
 * "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class QueuePair {

    private static final Logger LOG = Logging.logger(QueuePair.class);

    private final RdmaCmEndpoint owner;
    private final RdmaCmTransport transport;
    private final EndpointUpcalls ep;
    /** How long the QP's teardown waits for the drain marker's completion (normally flushed at once). */
    private final long drainMarkerWaitMs;
    /** How long the teardown of a connected SRQ EP's QP waits for IBV_EVENT_QP_LAST_WQE_REACHED. */
    private final long lastWqeWaitMs;
    private final ReentrantReadWriteLock qpGuard = new ReentrantReadWriteLock();
    private final ArrayDeque<PostedOperation> waitingReceives = new ArrayDeque<>();
    /** Outstanding operations by {@code wr_id}, and the send queue's order (for unsignalled requests). */
    private final WorkRequestTable<PostedOperation> requests;
    /** Completes a request that a later completion implies (posted unsignalled, so it succeeded). */
    private final Consumer<PostedOperation> impliedSuccess =
            op -> op.endpoint().complete(op, DtoStatus.SUCCESS, op.totalLength());
    /** The EP's work request buffers, the IA's ({@link WorkRequestPool}) until {@link #release}. */
    private final WorkRequestPool.Buffers buffers;
    private final MemorySegment badWr;
    private final WorkRequest recvWr;
    private final WorkRequest sendWr;
    /** The QP's send queue depth for the EP's requests ({@code max_send_wr} less the drain marker's entry). */
    private int sendDepth = 1;
    /** The CQ entries this QP counts on (guarded by the EP's transport lock). */
    private CompletionQueue reservedSendCq;
    private CompletionQueue reservedRecvCq;
    private int reservedSend;
    private int reservedRecv;
    /**
     * A CQ of the EP's own for an SRQ EP without a recv or request EVD (verbs needs both CQs; the SRQ's receives
     * complete on it); other EPs without one use the IA's ({@link RdmaCmTransport#emptyCq}).
     */
    private MemorySegment privateCq;
    private volatile MemorySegment qp;
    private int qpNum;
    /** The CQs the last QP was created with (tests). */
    private MemorySegment lastSendCq;
    private MemorySegment lastRecvCq;
    /** The QP of an SRQ EP was connected: its teardown waits for LAST_WQE_REACHED (guarded by the EP's lock). */
    private boolean lastWqeDue;
    private volatile boolean freed;

    /**
     * Prepares the QP of an EP (the QP itself is created by {@link #create}).
     *
     * @param owner the EP's transport half
     * @param transport the IA's transport
     * @param ep the kit's half of the EP
     * @param index the EP's index in {@code wr_id}s ({@link CompletionDemultiplexer#register})
     */
    QueuePair(final RdmaCmEndpoint owner, final RdmaCmTransport transport, final EndpointUpcalls ep,
            final int index) {
        this.owner = owner;
        this.transport = transport;
        this.ep = ep;
        this.drainMarkerWaitMs = transport.config().drainMarkerWaitMillis();
        this.lastWqeWaitMs = transport.config().lastWqeWaitMillis();
        final EndpointAttributes a = ep.attributes();
        this.buffers = transport.workRequests().take(Math.max(1, a.maxRecvIov()), Math.max(1,
                Math.max(a.maxRequestIov(), Math.max(a.maxRdmaReadIov(), a.maxRdmaWriteIov()))));
        this.badWr = buffers.badWr();
        this.recvWr = buffers.recv();
        this.sendWr = buffers.send();
        this.requests = new WorkRequestTable<>(index, Math.min(WorkRequestTable.MARKER_SLOT - 1,
                Math.max(1, a.maxRecvDtos()) + Math.max(1, a.maxRequestDtos()) + 1));
    }

    /**
     * {@return the operation of a work completion, now forgotten, or null for a stale one or the drain marker}; a
     * request's completion first completes, SUCCESS, the earlier requests posted unsignalled that it implies
     *
     * @param wrId the completion's wr_id
     */
    PostedOperation completed(final long wrId) {
        return requests.completed(wrId, impliedSuccess);
    }

    /** {@return the sends and RDMA operations posted and not completed yet} */
    int requestsOutstanding() {
        return requests.requestsOutstanding();
    }

    /** {@return the send and recv CQ the last QP was created with, or nulls (tests); caller holds the EP's lock} */
    MemorySegment[] lastCqs() {
        return new MemorySegment[] {lastSendCq, lastRecvCq};
    }

    /** {@return true while the QP exists} */
    boolean exists() {
        return qp != null;
    }

    /** The connection of an SRQ EP is established: its teardown will wait for LAST_WQE_REACHED. */
    void established() {
        lastWqeDue = ep.sharedReceiveTransport() instanceof RdmaCmSharedReceiveQueue;
    }

    /** The EP is freed: its QP's teardown waits for no LAST_WQE_REACHED (a freed EP gets no more events). */
    void forgetLastWqe() {
        lastWqeDue = false;
    }

    // ------------------------------------------------------------------ creation

    /**
     * Creates the RC QP on the identifier with the EP's EVDs' CQs and posts the receives that waited. Caller holds
     * the EP's transport lock.
     *
     * @param id the EP's identifier (route resolved, or the request's)
     */
    void create(final MemorySegment id) {
        final CompletionQueue recv = transport.cqOf(ep.recvSink());
        final CompletionQueue send = transport.cqOf(ep.requestSink());
        MemorySegment recvCq = recv == null ? null : recv.cq();
        MemorySegment sendCq = send == null ? null : send.cq();
        if (recvCq == null || sendCq == null) {
            final MemorySegment none;
            if (ep.sharedReceiveTransport() instanceof RdmaCmSharedReceiveQueue) {
                if (privateCq == null) {
                    privateCq = VerbsCalls.createCq(transport.context(), 1, MemorySegment.NULL);
                }
                none = privateCq;
            } else {
                // (as libdapl: one CQ of the IA, not a CQ created and destroyed with every EP)
                none = transport.emptyCq();
            }
            recvCq = recvCq == null ? none : recvCq;
            sendCq = sendCq == null ? none : sendCq;
        }
        lastSendCq = sendCq;
        lastRecvCq = recvCq;
        final EndpointAttributes a = ep.attributes();
        // dat_ep_create_with_srq: the QP consumes the SRQ's buffers (ibv_qp_init_attr.srq), not receives of its own
        final MemorySegment srq = ep.sharedReceiveTransport() instanceof RdmaCmSharedReceiveQueue s ? s.srq()
                : MemorySegment.NULL;
        // one send-queue entry more than the EP's requests: the drain marker's (postDrainMarker)
        sendDepth = Math.max(1, a.maxRequestDtos());
        final int recvDepth = ep.sharedReceiveTransport() instanceof RdmaCmSharedReceiveQueue s
                ? Math.max(s.capacity(), Math.max(1, a.maxRecvDtos())) : Math.max(1, a.maxRecvDtos());
        // each CQ holds what its QPs can complete at once (dapl sizes a CQ to its EVD only; a flush of a QP deeper
        // than the CQ would overrun it and lose completions)
        // (none when the EP asks for the device's max_qp_wr: a marker that finds the queue full is not posted)
        final int sendEntries = Math.min(sendDepth + 1, Math.max(sendDepth, transport.device().maxQpWr()));
        reserveCqs(send, sendEntries, recv, recvDepth);
        // the EP's PZ as it is now: dat_ep_modify changes it only while no QP exists (UNCONNECTED, TENTATIVE)
        try (Arena call = Arena.ofConfined()) {
            final MemorySegment attr = StructCopy.qpInitAttr(call, sendCq, recvCq, srq,
                    sendEntries, Math.max(1, a.maxRecvDtos()),
                    Math.max(1, Math.max(a.maxRequestIov(), Math.max(a.maxRdmaReadIov(), a.maxRdmaWriteIov()))),
                    Math.max(1, a.maxRecvIov()), 0);
            CmCalls.createQp(id, RdmaCmTransport.pdOf(ep.protectionZoneRegistration()), attr);
        } catch (final RuntimeException e) {
            releaseCqs();
            throw e;
        }
        final List<PostedOperation> failed = new ArrayList<>();
        qpGuard.writeLock().lock();
        try {
            qp = CmCalls.idQp(id);
            qpNum = VerbsCalls.qpNumber(qp);
            transport.demultiplexer().qpCreated(qpNum, owner);
            if (ep.sharedReceiveTransport() instanceof RdmaCmSharedReceiveQueue s) {
                s.attached(qpNum);
            }
            PostedOperation op;
            while ((op = waitingReceives.poll()) != null) {
                try {
                    postReceive(op);
                } catch (final RuntimeException e) {
                    failed.add(op);
                }
            }
        } finally {
            qpGuard.writeLock().unlock();
        }
        for (final PostedOperation op : failed) {
            ep.complete(op, DtoStatus.LOCAL_EP, 0);
        }
    }

    private void reserveCqs(final CompletionQueue send, final int sendEntries, final CompletionQueue recv,
            final int recvEntries) {
        releaseCqs();
        if (send != null) {
            send.reserve(sendEntries);
            reservedSendCq = send;
            reservedSend = sendEntries;
        }
        if (recv != null) {
            recv.reserve(recvEntries);
            reservedRecvCq = recv;
            reservedRecv = recvEntries;
        }
    }

    private void releaseCqs() {
        if (reservedSendCq != null) {
            reservedSendCq.release(reservedSend);
            reservedSendCq = null;
        }
        if (reservedRecvCq != null) {
            reservedRecvCq.release(reservedRecv);
            reservedRecvCq = null;
        }
    }

    // ------------------------------------------------------------------ teardown

    /**
     * Destroys the QP (if it exists) and forgets every outstanding work request: completions already in the CQs are
     * reported as they completed first, the unsignalled requests at the tail are retired by the drain marker, and a
     * connected SRQ EP whose disconnect was sent waits for LAST_WQE_REACHED. What remains is the kit's to flush.
     * Caller holds the EP's transport lock.
     *
     * @param id the EP's identifier, or null
     * @param disconnectSent rdma_disconnect was called on the identifier (the QP is in the error state)
     */
    void destroy(final MemorySegment id, final boolean disconnectSent) {
        if (qp != null) {
            // completions already in the CQs (a reply that arrived just before the peer disconnected) are reported
            // as they completed, before the rest is flushed: destroying the QP first would report them FLUSHED;
            // requests posted unsignalled that succeeded are retired by the drain marker's completion
            drainUnsignalled();
            drainCompletions();
        }
        final RdmaCmSharedReceiveQueue srq = ep.sharedReceiveTransport() instanceof RdmaCmSharedReceiveQueue s
                ? s : null;
        // rdma_disconnect put the QP in the error state: verbs reports the last WQE (RdmaCmSharedReceiveQueue)
        if (srq != null && qp != null && lastWqeDue && disconnectSent && srq.awaitReported(qpNum, lastWqeWaitMs)) {
            DeviceAsyncEvents.postLastWqe(transport, owner, "QP " + qpNum + " is in the error state and "
                    + transport.deviceName() + " did not report IBV_EVENT_QP_LAST_WQE_REACHED");
        }
        lastWqeDue = false;
        boolean destroyed = false;
        qpGuard.writeLock().lock();
        try {
            if (qp != null && id != null) {
                qp = null;
                destroyed = true;
                transport.demultiplexer().qpDestroyed(qpNum, owner);
                CmCalls.destroyQp(id);
                if (srq != null) {
                    srq.detached(qpNum);
                }
            }
            requests.dropAll();
            waitingReceives.clear();
        } finally {
            qpGuard.writeLock().unlock();
        }
        if (destroyed) {
            // (after the guard: a CQ's lock is ranked, the guard is a leaf)
            releaseCqs();
        }
    }

    /**
     * The EP is freed: destroys its private CQ and refuses further posts. Caller holds the EP's transport lock, after
     * {@link #destroy}.
     */
    void free() {
        freed = true;
        if (privateCq != null) {
            VerbsCalls.destroyCq(privateCq);
            privateCq = null;
        }
    }

    /**
     * Gives the work request buffers back to the IA, once the QP is destroyed and the EP's index unregistered: no
     * thread posts any more (a post finds no QP before it touches them), so the next EP has them to itself.
     */
    void release() {
        transport.workRequests().give(buffers);
    }

    /** Moves what the EP's CQs hold into its EVDs (the kit polls them outside its own locks as well). */
    void drainCompletions() {
        for (final EventSink evd : new EventSink[] {ep.recvSink(), ep.requestSink()}) {
            final CompletionQueue cq = transport.cqOf(evd);
            if (cq != null) {
                try {
                    cq.poll();
                } catch (final RuntimeException e) {
                    LOG.warn("polling the CQ before the QP is destroyed", e);
                }
            }
        }
    }

    /**
     * Before the QP is destroyed: gives the requests posted unsignalled at the tail of the send queue their
     * completions (the marker's, polled here for at most {@code drainMarkerWaitMs}), so that those that succeeded
     * are retired SUCCESS and only the others are FLUSHED. Caller holds the EP's transport lock.
     */
    private void drainUnsignalled() {
        if (!postDrainMarker()) {
            return;
        }
        final CompletionQueue cq = transport.cqOf(ep.requestSink());
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(drainMarkerWaitMs);
        while (requests.markerPending() && System.nanoTime() - deadline < 0) {
            if (cq == null || cq.poll() == 0) {
                try {
                    Thread.sleep(1);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        if (requests.markerPending()) {
            LOG.debug("the drain marker did not complete in {} ms; the unsignalled requests complete FLUSHED",
                    drainMarkerWaitMs);
        }
    }

    // ------------------------------------------------------------------ posting

    /**
     * Posts an operation the kit accepted ({@link io.dat4j.kit.EndpointTransport#post}): a receive before the QP
     * exists waits for it; a request needs the QP.
     *
     * @param op the operation
     */
    void post(final PostedOperation op) {
        qpGuard.readLock().lock();
        try {
            if (op.kind() == DtoOperation.RECEIVE) {
                if (qp == null) {
                    if (freed) {
                        throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_EP,
                                "the EP is freed");
                    }
                    // before connect/accept: posted to the QP as soon as it exists
                    synchronized (waitingReceives) {
                        waitingReceives.add(op);
                    }
                    return;
                }
                postReceive(op);
                return;
            }
            postRequest(op);
        } finally {
            qpGuard.readLock().unlock();
        }
    }

    private void postRequest(final PostedOperation op) {
        final MemorySegment q = qp;
        if (q == null) {
            throw new DatException(StatusType.INVALID_STATE, StatusSubtype.INVALID_STATE_EP_NOTREADY,
                    "the EP has no QP");
        }
        final int opcode = switch (op.kind()) {
            case SEND -> DataPath.IBV_WR_SEND;
            case RDMA_WRITE -> DataPath.IBV_WR_RDMA_WRITE;
            case RDMA_READ -> DataPath.IBV_WR_RDMA_READ;
            case RDMA_WRITE_IMMEDIATE -> DataPath.IBV_WR_RDMA_WRITE_WITH_IMM;
            case FETCH_AND_ADD -> DataPath.IBV_WR_ATOMIC_FETCH_AND_ADD;
            case COMPARE_AND_SWAP -> DataPath.IBV_WR_ATOMIC_CMP_AND_SWP;
            default -> throw new DatException(StatusType.NOT_IMPLEMENTED, null, op.kind() + " is not supported");
        };
        final long wrId;
        final int rc;
        synchronized (sendWr) {
            final int n = fill(sendWr, op);
            // SUPPRESS: unsignalled, as openib's dapls_ib_post_send; its completion is implied by a later one. The
            // request that fills the send queue is signalled all the same, so that the queue can always drain
            final boolean signal = WorkRequestTable.signalled(op.hasFlag(CompletionFlag.SUPPRESS),
                    requests.requestsOutstanding(), sendDepth);
            wrId = requests.track(op, true, signal);
            sendWr.send(wrId, n, opcode, signal ? DataPath.IBV_SEND_SIGNALED : 0, op.remoteAddress(),
                    op.rmrContext());
            if (op.kind().isExtension()) {
                RdmaCmExtensions.prepare(sendWr, op);
            }
            rc = DataPath.postSend(transport.ops(), q, sendWr.request(), badWr);
        }
        if (rc != 0) {
            requests.untrack(wrId);
            throw new NativeCallException("ibv_post_send", rc);
        }
    }

    /**
     * Posts the drain marker when requests posted unsignalled are the last outstanding ones: a signalled zero-length
     * RDMA write (no rkey is checked for zero bytes) in the send-queue entry kept for it. Its completion, SUCCESS on
     * a live QP, FLUSHED on one in the error state, retires them ({@link WorkRequestTable}).
     *
     * @return true if a marker is now pending
     */
    boolean postDrainMarker() {
        qpGuard.readLock().lock();
        try {
            final MemorySegment q = qp;
            if (q == null) {
                return false;
            }
            synchronized (sendWr) {
                final long wrId = requests.beginMarker();
                if (wrId < 0) {
                    return requests.markerPending();
                }
                sendWr.send(wrId, 0, DataPath.IBV_WR_RDMA_WRITE, DataPath.IBV_SEND_SIGNALED, 0, 0);
                final int rc = DataPath.postSend(transport.ops(), q, sendWr.request(), badWr);
                if (rc != 0) {
                    requests.markerFailed();
                    LOG.debug("ibv_post_send of the drain marker: errno {}", rc);
                    return false;
                }
                return true;
            }
        } finally {
            qpGuard.readLock().unlock();
        }
    }

    private void postReceive(final PostedOperation op) {
        final MemorySegment q = qp;
        final long wrId;
        final int rc;
        synchronized (recvWr) {
            final int n = fill(recvWr, op);
            wrId = requests.track(op, false, true);
            recvWr.receive(wrId, n);
            rc = DataPath.postRecv(transport.ops(), q, recvWr.request(), badWr);
        }
        if (rc != 0) {
            requests.untrack(wrId);
            throw new NativeCallException("ibv_post_recv", rc);
        }
    }

    /** Fills scatter/gather entries from the kit's resolved segments; returns how many. */
    private static int fill(final WorkRequest wr, final PostedOperation op) {
        final int n = op.segmentCount();
        for (int i = 0; i < n; i++) {
            final RdmaCmTransport.Registration r = (RdmaCmTransport.Registration) op.region(i).registration();
            wr.sge(i, op.region(i).baseAddress() + op.offset(i), (int) op.length(i), r.lkey());
        }
        return n;
    }
}
