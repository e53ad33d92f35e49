package io.dat4j.provider.rdmacm;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventNumber;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.CmEvent;
import io.dat4j.provider.rdmacm.ffi.ConnectionParameters;
import io.dat4j.provider.rdmacm.ffi.LibRdmaCm;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import io.dat4j.provider.rdmacm.ffi.WorkRequest;
import io.dat4j.kit.DeferredUpcalls;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RequestTransport;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;

/**
 * The transport half of an EP: an {@code rdma_cm_id} with an RC QP (openib_cma: {@code dapls_ib_qp_alloc},
 * {@code dapls_ib_connect}, {@code dapls_ib_accept_connection}). The identifier and QP are created at connect (after
 * ROUTE_RESOLVED) or taken from the request at accept; receives posted before that wait here and are posted to the QP
 * as soon as it exists. Connect runs resolve_addr, resolve_route and rdma_connect on the CM thread as the events
 * arrive, with the consumer's timeout on the transport's timer. Every CM event type is handled.
 *
 * <p>Thread safety: identifier and QP changes happen under one lock, {@link #lock} ({@link LockRank#TRANSPORT}), taken
 * by the kit's hooks (under the EP's lock, which ranks above), the CM thread and the timer; posting does not take it
 * once the QP exists. Connection upcalls (established, failed, disconnected, broken, flush) take the EP's lock, so
 * they wait in {@link #upcalls} and {@link #unlock()} makes them once the lock is released; completions are made
 * under it (CQ polls). See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class RdmaCmEndpoint implements EndpointTransport {

    private static final Logger LOG = Logging.logger(RdmaCmEndpoint.class);
    /**
     * How long a GRACEFUL disconnect waits for outstanding sends and RDMA operations before it disconnects anyway
     * (their completions are then FLUSHED): an RC send to a peer that never posts a receive retries for ever with
     * rnr_retry 7, and a disconnect must not hang.
     */
    private final long gracefulDrainTimeoutMs;
    /** How long the QP's teardown waits for the drain marker's completion (normally flushed at once). */
    private final long drainMarkerWaitMs;
    /** How long the teardown of a connected SRQ EP's QP waits for IBV_EVENT_QP_LAST_WQE_REACHED. */
    private final long lastWqeWaitMs;
    /** How often a GRACEFUL disconnect polls the send CQ itself (the consumer may not be dequeuing meanwhile). */
    private static final long GRACEFUL_POLL_MS = 2;

    private enum Phase { IDLE, CONNECTING, ACCEPTING, CONNECTED, DOWN }

    private final RdmaCmTransport transport;
    private final EndpointUpcalls ep;
    private final KitLock lock = new KitLock(LockRank.TRANSPORT, this);
    /** Connection upcalls queued under {@link #lock}, made by {@link #unlock()} in order. */
    private final DeferredUpcalls upcalls = new DeferredUpcalls(lock, this);
    /**
     * Guards the QP against use after destroy: posting holds the read lock, creating and destroying the QP the write
     * lock. Never held during an upcall, so it cannot close a cycle with the kit's queue locks.
     */
    private final java.util.concurrent.locks.ReentrantReadWriteLock qpGuard =
            new java.util.concurrent.locks.ReentrantReadWriteLock();
    private final ArrayDeque<PostedOperation> waitingReceives = new ArrayDeque<>();
    /** Outstanding operations by {@code wr_id}, and the send queue's order (for unsignalled requests). */
    private final WorkRequestTable<PostedOperation> requests;
    /** Completes a request that a later completion implies (posted unsignalled, so it succeeded). */
    private final java.util.function.Consumer<PostedOperation> impliedSuccess =
            op -> op.endpoint().complete(op, io.dat4j.DtoStatus.SUCCESS, op.totalLength());
    /** The QP's send queue depth for the EP's requests ({@code max_send_wr} less the drain marker's entry). */
    private int sendDepth = 1;
    /** The CQ entries this EP's QP counts on (guarded by {@code lock}). */
    private RdmaCmTransport.Cq reservedSendCq;
    private RdmaCmTransport.Cq reservedRecvCq;
    private int reservedSend;
    private int reservedRecv;
    private final int index;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment badWr = arena.allocate(ValueLayout.ADDRESS);
    private final WorkRequest recvWr;
    private final WorkRequest sendWr;
    private MemorySegment privateCq;
    private volatile MemorySegment id;
    private volatile MemorySegment qp;
    private int qpNum;
    private volatile Phase phase = Phase.IDLE;
    private ConnectionParameters parameters;
    private ScheduledFuture<?> timeout;
    private boolean disconnectRequested;
    /** The QP of an SRQ EP was connected: its teardown waits for LAST_WQE_REACHED (guarded by {@code lock}). */
    private boolean lastWqeDue;
    /** A GRACEFUL disconnect waits for {@link #requestsOutstanding} to reach 0 (guarded by {@code lock}). */
    private volatile boolean gracefulPending;
    private ScheduledFuture<?> gracefulTimeout;
    private ScheduledFuture<?> gracefulPoller;
    private volatile boolean closed;

    RdmaCmEndpoint(final RdmaCmTransport transport, final EndpointUpcalls ep) {
        this.transport = transport;
        this.ep = ep;
        this.gracefulDrainTimeoutMs = transport.config().gracefulDrainTimeoutMillis();
        this.drainMarkerWaitMs = transport.config().drainMarkerWaitMillis();
        this.lastWqeWaitMs = transport.config().lastWqeWaitMillis();
        final EndpointAttributes a = ep.attributes();
        this.recvWr = WorkRequest.receive(arena, Math.max(1, a.maxRecvIov()));
        this.sendWr = WorkRequest.send(arena, Math.max(1, Math.max(a.maxRequestIov(),
                Math.max(a.maxRdmaReadIov(), a.maxRdmaWriteIov()))));
        this.index = transport.register(this);
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

    /**
     * {@return the SRQ buffer the EP's QP consumed, as a receive of this EP, or null}
     *
     * @param sequence the buffer's sequence (its wr_id without {@link RdmaCmSharedReceiveQueue#WR_ID_FLAG})
     */
    PostedOperation takeSharedReceive(final long sequence) {
        return ep.takeSharedReceive(sequence);
    }

    /**
     * Called by the completion path after a send or RDMA completion was reported: when a GRACEFUL disconnect waits
     * and nothing is outstanding any more, the disconnect runs on the timer thread (the completion path may hold a
     * CQ's lock, which {@link #drainCompletions()} takes under this EP's lock).
     */
    void requestCompleted() {
        if (gracefulPending && requestsOutstanding() == 0) {
            try {
                transport.timer().execute(this::gracefulDrained);
            } catch (final java.util.concurrent.RejectedExecutionException e) {
                LOG.debug("IA closing: the graceful disconnect is left to the close");
            }
        }
    }

    private int requestsOutstanding() {
        return requests.requestsOutstanding();
    }

    private void gracefulDrained() {
        lock.lock();
        try {
            if (!gracefulPending || closed || phase != Phase.CONNECTED || requestsOutstanding() != 0) {
                return;
            }
            endGracefulWait();
            final MemorySegment current = id;
            if (current != null) {
                disconnectQuietly(current);
            }
        } finally {
            unlock();
        }
    }

    /**
     * Polls the send CQ while a GRACEFUL disconnect waits: completions reach the request EVD (and the count) even
     * when the consumer waits only for the DISCONNECTED event. Same lock order as {@link #destroyQpLocked()}.
     */
    private void gracefulPoll() {
        lock.lock();
        try {
            if (!gracefulPending || closed || phase != Phase.CONNECTED) {
                return;
            }
            final RdmaCmTransport.Cq cq = transport.cqOf(ep.requestSink());
            if (cq != null) {
                cq.poll();
            }
        } finally {
            unlock();
        }
        gracefulDrained();
    }

    private void onGracefulTimeout() {
        lock.lock();
        try {
            if (!gracefulPending || closed || phase != Phase.CONNECTED) {
                return;
            }
            LOG.warn("GRACEFUL disconnect: {} send/RDMA operation(s) still outstanding after {} ms; disconnecting,"
                    + " they complete FLUSHED", requestsOutstanding(), gracefulDrainTimeoutMs);
            endGracefulWait();
            final MemorySegment current = id;
            if (current != null) {
                disconnectQuietly(current);
            }
        } finally {
            unlock();
        }
    }

    private void endGracefulWait() {
        gracefulPending = false;
        if (gracefulTimeout != null) {
            gracefulTimeout.cancel(false);
            gracefulTimeout = null;
        }
        if (gracefulPoller != null) {
            gracefulPoller.cancel(false);
            gracefulPoller = null;
        }
    }

    /** Queues a connection upcall (it takes the EP's lock, ranked above this one); caller holds {@link #lock}. */
    private void upcall(final Runnable r) {
        upcalls.add(r);
    }

    /**
     * Releases {@link #lock}; when this ends the thread's outermost hold, first makes the queued connection upcalls,
     * in order, each with the lock released (a transport never calls up holding its own lock).
     */
    private void unlock() {
        upcalls.unlock();
    }

    // ------------------------------------------------------------------ connect / accept

    @Override
    public void connect(final InetAddress remoteAddress, final long connectionQualifier, final long timeoutNanos,
            final byte[] privateData, final int rdmaReadIn, final int rdmaReadOut) {
        final EndpointAttributes a = ep.attributes();
        final ConnectionParameters p = ConnectionPolicy.forConnect(
                PrivateData.frame(privateData, RdmaCmProvider.WIRE_CONNECT_PRIVATE_DATA), rdmaReadIn, rdmaReadOut,
                a.retryCount(), a.rnrRetryCount(), transport.device());
        lock.lock();
        try {
            requireOpen();
            final MemorySegment newId = transport.cm().createId(this::onEvent);
            try {
                LibRdmaCm.resolveAddr(newId, new InetSocketAddress(transport.address(), 0),
                        new InetSocketAddress(remoteAddress, RdmaCmTransport.port(connectionQualifier)),
                        RdmaCmTransport.RESOLVE_TIMEOUT_MS);
            } catch (final RuntimeException e) {
                transport.cm().destroyId(newId);
                throw e;
            }
            id = newId;
            parameters = p;
            phase = Phase.CONNECTING;
            disconnectRequested = false;
            if (timeoutNanos != Long.MAX_VALUE) {
                timeout = transport.timer().schedule(this::onTimeout, timeoutNanos, TimeUnit.NANOSECONDS);
            }
        } finally {
            unlock();
        }
    }

    @Override
    public void accept(final RequestTransport request, final byte[] privateData, final int rdmaReadIn,
            final int rdmaReadOut) {
        if (!(request instanceof RdmaCmRequest r)) {
            throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_CR,
                    "the request does not come from this provider");
        }
        final ConnectionParameters p = ConnectionPolicy.forAccept(
                PrivateData.frame(privateData, RdmaCmProvider.WIRE_ACCEPT_PRIVATE_DATA), r.parameters(), rdmaReadIn,
                rdmaReadOut, ep.attributes().rnrRetryCount(), transport.device());
        lock.lock();
        try {
            requireOpen();
            if (!r.take()) {
                throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_CR,
                        "the request was already accepted or rejected");
            }
            id = r.id();
            transport.cm().register(r.id().address(), this::onEvent);
            try {
                createQp();
                LibRdmaCm.accept(id, p);
            } catch (final RuntimeException e) {
                // RA-02: report the failure; the identifier is the request's, reject it as C uDAPL does
                destroyQpLocked();
                try {
                    LibRdmaCm.reject(r.id(), null);
                } catch (final RuntimeException ignored) {
                    LOG.debug("reject after failed accept", ignored);
                }
                transport.cm().destroyId(r.id());
                id = null;
                phase = Phase.DOWN;
                upcall(() -> {
                    // CRA-07: the receives posted to the EP are flushed, as after any establishment that failed
                    ep.flush();
                    ep.connectionFailed(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
                });
                LOG.debug("rdma_accept failed (the requester is gone?)", e);
                return;
            }
            parameters = p;
            phase = Phase.ACCEPTING;
        } finally {
            unlock();
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_EP, "the EP is freed");
        }
    }

    /** Creates the RC QP on the identifier with the EP's EVDs' CQs and posts the receives that waited. */
    private void createQp() {
        final RdmaCmTransport.Cq recv = transport.cqOf(ep.recvSink());
        final RdmaCmTransport.Cq send = transport.cqOf(ep.requestSink());
        MemorySegment recvCq = recv == null ? null : recv.cq;
        MemorySegment sendCq = send == null ? null : send.cq;
        if (recvCq == null || sendCq == null) {
            if (privateCq == null) {
                privateCq = LibRdmaCm.createCq(transport.context(), 1, MemorySegment.NULL);
            }
            recvCq = recvCq == null ? privateCq : recvCq;
            sendCq = sendCq == null ? privateCq : sendCq;
        }
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
        final MemorySegment attr = LibRdmaCm.qpInitAttr(arena, sendCq, recvCq, srq,
                sendEntries, Math.max(1, a.maxRecvDtos()),
                Math.max(1, Math.max(a.maxRequestIov(), Math.max(a.maxRdmaReadIov(), a.maxRdmaWriteIov()))),
                Math.max(1, a.maxRecvIov()), 0);
        // the EP's PZ as it is now: dat_ep_modify changes it only while no QP exists (UNCONNECTED, TENTATIVE)
        try {
            LibRdmaCm.createQp(id, RdmaCmTransport.pdOf(ep.protectionZoneRegistration()), attr);
        } catch (final RuntimeException e) {
            releaseCqs();
            throw e;
        }
        final java.util.List<PostedOperation> failed = new java.util.ArrayList<>();
        qpGuard.writeLock().lock();
        try {
            qp = LibRdmaCm.idQp(id);
            qpNum = LibRdmaCm.qpNumber(qp);
            transport.qpCreated(qpNum, this);
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
            ep.complete(op, io.dat4j.DtoStatus.LOCAL_EP, 0);
        }
    }

    private void reserveCqs(final RdmaCmTransport.Cq send, final int sendEntries, final RdmaCmTransport.Cq recv,
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

    // ------------------------------------------------------------------ CM events

    private void onEvent(final CmEvent e) {
        lock.lock();
        try {
            final MemorySegment current = id;
            if (closed || current == null || current.address() != e.id()) {
                LOG.debug("late {} for a replaced identifier: ignored", e.type());
                return;
            }
            try {
                handle(e, current);
            } catch (final RuntimeException ex) {
                LOG.warn("handling {} failed", e.type(), ex);
                if (phase == Phase.CONNECTING) {
                    failLocked(EventNumber.CONNECTION_EVENT_UNREACHABLE, null);
                } else if (phase == Phase.ACCEPTING) {
                    failLocked(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
                } else if (phase == Phase.CONNECTED) {
                    phase = Phase.DOWN;
                    teardownLocked();
                    upcall(() -> {
                        ep.flush();
                        ep.broken(ex.toString());
                    });
                }
            }
        } finally {
            unlock();
        }
    }

    private void handle(final CmEvent e, final MemorySegment current) {
        switch (e.type()) {
            case ADDR_RESOLVED -> {
                if (phase == Phase.CONNECTING) {
                    LibRdmaCm.resolveRoute(current, RdmaCmTransport.RESOLVE_TIMEOUT_MS);
                }
            }
            case ROUTE_RESOLVED -> {
                if (phase == Phase.CONNECTING) {
                    createQp();
                    LibRdmaCm.connect(current, parameters);
                }
            }
            case ADDR_ERROR, ROUTE_ERROR, UNREACHABLE, CONNECT_ERROR -> {
                if (phase == Phase.CONNECTING) {
                    failLocked(EventNumber.CONNECTION_EVENT_UNREACHABLE, null);
                } else if (phase == Phase.ACCEPTING) {
                    failLocked(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
                } else if (phase == Phase.CONNECTED) {
                    phase = Phase.DOWN;
                    teardownLocked();
                    final String reason = e.type() + " (status " + e.status() + ")";
                    upcall(() -> {
                        ep.flush();
                        ep.broken(reason);
                    });
                }
            }
            case REJECTED -> {
                if (phase == Phase.CONNECTING) {
                    final byte[] consumer = RejectData.decode(e.status(), e.connection().privateData());
                    failLocked(consumer == null ? EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED
                            : EventNumber.CONNECTION_EVENT_PEER_REJECTED, consumer);
                } else if (phase == Phase.ACCEPTING) {
                    failLocked(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
                }
            }
            case ESTABLISHED -> {
                if (phase == Phase.CONNECTING || phase == Phase.ACCEPTING) {
                    final boolean active = phase == Phase.CONNECTING;
                    cancelTimeout();
                    phase = Phase.CONNECTED;
                    lastWqeDue = ep.sharedReceiveTransport() instanceof RdmaCmSharedReceiveQueue;
                    final int in = active ? e.connection().responderResources() : parameters.responderResources();
                    final int out = active ? e.connection().initiatorDepth() : parameters.initiatorDepth();
                    final byte[] pdata = active ? PrivateData.unframe(e.connection().privateData()) : null;
                    final InetSocketAddress local = LibRdmaCm.idLocalAddress(current);
                    final InetSocketAddress peer = LibRdmaCm.idPeerAddress(current);
                    upcall(() -> {
                        if (!ep.established(pdata, in, out, local, peer)) {
                            lock.lock();
                            try {
                                if (id == current) {
                                    disconnectQuietly(current);
                                }
                            } finally {
                                unlock();
                            }
                        }
                    });
                }
            }
            case DISCONNECTED -> {
                if (!disconnectRequested) {
                    // the peer's DREQ: answer with our DREP, as openib_cma does
                    disconnectQuietly(current);
                }
                if (phase == Phase.CONNECTED) {
                    phase = Phase.DOWN;
                    teardownLocked();
                    upcall(() -> {
                        ep.flush();
                        ep.disconnected();
                    });
                } else if (phase == Phase.ACCEPTING) {
                    failLocked(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
                }
            }
            case DEVICE_REMOVAL -> {
                if (phase == Phase.CONNECTED) {
                    phase = Phase.DOWN;
                    teardownLocked();
                    upcall(() -> {
                        ep.flush();
                        ep.broken("RDMA device removed");
                    });
                } else if (phase == Phase.CONNECTING) {
                    failLocked(EventNumber.CONNECTION_EVENT_UNREACHABLE, null);
                } else if (phase == Phase.ACCEPTING) {
                    failLocked(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
                }
                transport.asyncError("RDMA device removed under IA " + transport.address().getHostAddress());
            }
            case CONNECT_REQUEST, CONNECT_RESPONSE, MULTICAST_JOIN, MULTICAST_ERROR, ADDR_CHANGE, TIMEWAIT_EXIT,
                    UNKNOWN -> LOG.debug("EP event {} (status {}): nothing to do", e.type(), e.status());
            default -> LOG.debug("EP event {}", e.type());
        }
    }

    /**
     * A work request completed in error (not FLUSHED): the QP is in the error state, so the connection is over. As
     * uDAPL does for a connected EP: disconnect abruptly, post BROKEN, flush the rest. Runs on the timer thread, not
     * on the polling thread, which may hold a CQ that {@link #teardownLocked()} polls.
     */
    void errorCompleted(final PostedOperation op, final io.dat4j.DtoStatus status, final int wcStatus) {
        if (phase != Phase.CONNECTED || closed) {
            return;
        }
        final String reason = op.kind() + " completed " + status + " (ibv_wc_status " + wcStatus + ")";
        try {
            transport.timer().execute(() -> breakOnError(reason));
        } catch (final java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("IA closing: {} not reported as BROKEN", reason);
        }
    }

    /**
     * A fatal async event of the QP ({@code IBV_EVENT_QP_FATAL}, {@code QP_REQ_ERR}, {@code QP_ACCESS_ERR}): the QP is
     * in the error state, so a connected EP breaks as on an error completion (BROKEN, then the rest flushed). Runs on
     * the timer thread. The async EVD's {@code ASYNC_ERROR_EP_BROKEN} is the caller's.
     *
     * @param reason what the device reported
     */
    void qpAsyncError(final String reason) {
        if (phase != Phase.CONNECTED || closed) {
            LOG.debug("EP {}: {} while not connected", index, reason);
            return;
        }
        try {
            transport.timer().execute(() -> breakOnError(reason));
        } catch (final java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("IA closing: {} not reported as BROKEN", reason);
        }
    }

    /** {@return the kit's half of this EP} */
    EndpointUpcalls upcalls() {
        return ep;
    }

    private void breakOnError(final String reason) {
        lock.lock();
        try {
            final MemorySegment current = id;
            if (closed || phase != Phase.CONNECTED || current == null) {
                return;
            }
            // (an error completion the peer can provoke, connection after connection: the kit's rate-limited log)
            final io.dat4j.kit.AdapterUpcalls a = transport.adapter();
            if (a != null) {
                a.remoteFaults().warn("EP " + index + ": " + reason + "; the connection is broken");
            }
            phase = Phase.DOWN;
            disconnectQuietly(current);
            teardownLocked();
            upcall(() -> {
                ep.flush();
                ep.broken(reason);
            });
        } finally {
            unlock();
        }
    }

    private void onTimeout() {
        lock.lock();
        try {
            if (phase == Phase.CONNECTING && !closed) {
                failLocked(EventNumber.CONNECTION_EVENT_TIMED_OUT, null);
            }
        } finally {
            unlock();
        }
    }

    private void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }

    /** Establishment failed: event, then the QP's receives flushed (CRA-07) and the identifier dropped. */
    private void failLocked(final EventNumber number, final byte[] privateData) {
        cancelTimeout();
        phase = Phase.DOWN;
        teardownLocked();
        upcall(() -> {
            ep.flush();
            ep.connectionFailed(number, privateData);
        });
    }

    private void disconnectQuietly(final MemorySegment current) {
        disconnectRequested = true;
        try {
            LibRdmaCm.disconnect(current);
        } catch (final NativeCallException e) {
            LOG.debug("rdma_disconnect: {}", e.getMessage());
        }
    }

    /** Destroys QP and identifier; completions the QP still holds are dropped here and flushed by the kit. */
    private void teardownLocked() {
        endGracefulWait();
        destroyQpLocked();
        final MemorySegment current = id;
        id = null;
        if (current != null) {
            try {
                transport.cm().destroyId(current);
            } catch (final RuntimeException e) {
                LOG.warn("rdma_destroy_id", e);
            }
        }
    }

    private void destroyQpLocked() {
        final MemorySegment current = id;
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
        if (srq != null && qp != null && lastWqeDue && disconnectRequested
                && srq.awaitReported(qpNum, lastWqeWaitMs)) {
            DeviceAsyncEvents.postLastWqe(transport, this, "QP " + qpNum + " is in the error state and "
                    + transport.deviceName() + " did not report IBV_EVENT_QP_LAST_WQE_REACHED");
        }
        lastWqeDue = false;
        qpGuard.writeLock().lock();
        try {
            if (qp != null && current != null) {
                qp = null;
                transport.qpDestroyed(qpNum, this);
                LibRdmaCm.destroyQp(current);
                releaseCqs();
                if (srq != null) {
                    srq.detached(qpNum);
                }
            }
            requests.dropAll();
            waitingReceives.clear();
        } finally {
            qpGuard.writeLock().unlock();
        }
    }

    /** Moves what the EP's CQs hold into its EVDs (the kit polls them outside its own locks as well). */
    private void drainCompletions() {
        for (final io.dat4j.kit.EventSink evd : new io.dat4j.kit.EventSink[] {ep.recvSink(),
                ep.requestSink()}) {
            final RdmaCmTransport.Cq cq = transport.cqOf(evd);
            if (cq != null) {
                try {
                    cq.poll();
                } catch (final RuntimeException e) {
                    LOG.warn("polling the CQ before the QP is destroyed", e);
                }
            }
        }
    }

    // ------------------------------------------------------------------ disconnect, reset, close

    @Override
    public void disconnect(final CloseMode mode) {
        lock.lock();
        try {
            final MemorySegment current = id;
            if (current == null) {
                return;
            }
            if (phase == Phase.CONNECTED) {
                if (mode == CloseMode.GRACEFUL && requestsOutstanding() > 0) {
                    // DAT GRACEFUL: outstanding sends and RDMA complete first. rdma_disconnect moves the QP to the
                    // error state and would flush them, so it waits until the last one completed (openib_cma calls
                    // rdma_disconnect at once for both modes; see docs/providers.md)
                    if (!gracefulPending) {
                        gracefulPending = true;
                        gracefulTimeout = transport.timer().schedule(this::onGracefulTimeout,
                                gracefulDrainTimeoutMs, TimeUnit.MILLISECONDS);
                        gracefulPoller = transport.timer().scheduleWithFixedDelay(this::gracefulPoll,
                                GRACEFUL_POLL_MS, GRACEFUL_POLL_MS, TimeUnit.MILLISECONDS);
                    }
                    // the unsignalled requests at the tail complete silently: the drain marker's completion
                    // retires them
                    postDrainMarker();
                    if (requestsOutstanding() > 0) {
                        return;
                    }
                }
                endGracefulWait();
                disconnectQuietly(current);
            } else {
                // an aborted pending connect: the kit has moved the EP to DISCONNECTED and posts the event
                cancelTimeout();
                phase = Phase.DOWN;
                disconnectQuietly(current);
                teardownLocked();
                upcall(ep::flush);
            }
        } finally {
            unlock();
        }
    }

    @Override
    public void reset() {
        lock.lock();
        try {
            cancelTimeout();
            if (id != null) {
                teardownLocked();
                upcall(ep::flush);
            }
            phase = Phase.IDLE;
        } finally {
            unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            cancelTimeout();
            endGracefulWait();
            final MemorySegment current = id;
            if (current != null && phase == Phase.CONNECTED) {
                disconnectQuietly(current);
            }
            lastWqeDue = false; // a freed EP gets no more events
            destroyQpLocked();
            id = null;
            if (current != null) {
                transport.cm().destroyId(current);
            }
            if (privateCq != null) {
                LibRdmaCm.destroyCq(privateCq);
                privateCq = null;
            }
            closed = true;
        } finally {
            unlock();
        }
        transport.unregister(index);
        arena.close();
    }

    // ------------------------------------------------------------------ data path

    @Override
    public void post(final PostedOperation op) {
        qpGuard.readLock().lock();
        try {
            if (op.kind() == DtoOperation.RECEIVE) {
                if (qp == null) {
                    if (closed) {
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
            case SEND -> LibRdmaCm.IBV_WR_SEND;
            case RDMA_WRITE -> LibRdmaCm.IBV_WR_RDMA_WRITE;
            case RDMA_READ -> LibRdmaCm.IBV_WR_RDMA_READ;
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
            sendWr.send(wrId, n, opcode, signal ? LibRdmaCm.IBV_SEND_SIGNALED : 0, op.remoteAddress(),
                    op.rmrContext());
            rc = LibRdmaCm.postSend(transport.ops(), q, sendWr.request(), badWr);
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
    private boolean postDrainMarker() {
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
                sendWr.send(wrId, 0, LibRdmaCm.IBV_WR_RDMA_WRITE, LibRdmaCm.IBV_SEND_SIGNALED, 0, 0);
                final int rc = LibRdmaCm.postSend(transport.ops(), q, sendWr.request(), badWr);
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

    /**
     * Before the QP is destroyed: gives the requests posted unsignalled at the tail of the send queue their
     * completions (the marker's, polled here for at most {@code drainMarkerWaitMs}), so that those that succeeded
     * are retired SUCCESS and only the others are FLUSHED. Caller holds {@code lock}.
     */
    private void drainUnsignalled() {
        if (!postDrainMarker()) {
            return;
        }
        final RdmaCmTransport.Cq cq = transport.cqOf(ep.requestSink());
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

    private void postReceive(final PostedOperation op) {
        final MemorySegment q = qp;
        final long wrId;
        final int rc;
        synchronized (recvWr) {
            final int n = fill(recvWr, op);
            wrId = requests.track(op, false, true);
            recvWr.receive(wrId, n);
            rc = LibRdmaCm.postRecv(transport.ops(), q, recvWr.request(), badWr);
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
