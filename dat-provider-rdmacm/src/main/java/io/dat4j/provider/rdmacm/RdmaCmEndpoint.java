package io.dat4j.provider.rdmacm;

import io.dat4j.CloseMode;
import io.dat4j.DatException;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventNumber;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.CmEvent;
import io.dat4j.provider.rdmacm.ffi.ConnectionParameters;
import io.dat4j.provider.rdmacm.ffi.LibRdmaCm;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import io.dat4j.kit.DeferredUpcalls;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RequestTransport;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
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
    private enum Phase { IDLE, CONNECTING, ACCEPTING, CONNECTED, DOWN }

    private final RdmaCmTransport transport;
    private final EndpointUpcalls ep;
    private final KitLock lock = new KitLock(LockRank.TRANSPORT, this);
    /** Connection upcalls queued under {@link #lock}, made by {@link #unlock()} in order. */
    private final DeferredUpcalls upcalls = new DeferredUpcalls(lock, this);
    private final int index;
    /** The EP's QP and the work posted to it. */
    private final QueuePair queuePair;
    /** The wait of a GRACEFUL disconnect for the outstanding requests. */
    private final GracefulDisconnect graceful;
    private volatile MemorySegment id;
    private volatile Phase phase = Phase.IDLE;
    private ConnectionParameters parameters;
    private ScheduledFuture<?> timeout;
    private boolean disconnectRequested;
    private volatile boolean closed;

    RdmaCmEndpoint(final RdmaCmTransport transport, final EndpointUpcalls ep) {
        this.transport = transport;
        this.ep = ep;
        this.index = transport.demultiplexer().register(this);
        this.queuePair = new QueuePair(this, transport, ep, index);
        this.graceful = new GracefulDisconnect(this, queuePair, transport);
    }

    /**
     * {@return the operation of a work completion, now forgotten, or null for a stale one or the drain marker}; a
     * request's completion first completes, SUCCESS, the earlier requests posted unsignalled that it implies
     *
     * @param wrId the completion's wr_id
     */
    PostedOperation completed(final long wrId) {
        final QueuePair q = queuePair;
        return q == null ? null : q.completed(wrId);
    }

    /**
     * {@return the SRQ buffer the EP's QP consumed, as a receive of this EP, or null}
     *
     * @param sequence the buffer's sequence (its wr_id without {@link RdmaCmSharedReceiveQueue#WR_ID_FLAG})
     */
    PostedOperation takeSharedReceive(final long sequence) {
        return ep.takeSharedReceive(sequence);
    }

    /** Called by the completion path after a send or RDMA completion was reported ({@link GracefulDisconnect}). */
    void requestCompleted() {
        graceful.requestCompleted();
    }

    /** Takes the EP's transport lock ({@link GracefulDisconnect}'s timer steps). */
    void lock() {
        lock.lock();
    }

    /** {@return true while the identifier is connected and the EP not freed}; caller holds the lock */
    boolean establishedLocked() {
        return !closed && phase == Phase.CONNECTED;
    }

    /** Sends {@code rdma_disconnect} on the identifier, if there is one; caller holds the lock. */
    void disconnectLocked() {
        final MemorySegment current = id;
        if (current != null) {
            disconnectQuietly(current);
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
    void unlock() {
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
                queuePair.create(id);
                LibRdmaCm.accept(id, p);
            } catch (final RuntimeException e) {
                // RA-02: report the failure; the identifier is the request's, reject it as C uDAPL does
                queuePair.destroy(id, disconnectRequested);
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
                    queuePair.create(current);
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
                    queuePair.established();
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
        graceful.end();
        queuePair.destroy(id, disconnectRequested);
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
                if (mode == CloseMode.GRACEFUL && queuePair.requestsOutstanding() > 0) {
                    // DAT GRACEFUL: outstanding sends and RDMA complete first (GracefulDisconnect)
                    graceful.begin();
                    // the unsignalled requests at the tail complete silently: the drain marker's completion
                    // retires them
                    queuePair.postDrainMarker();
                    if (queuePair.requestsOutstanding() > 0) {
                        return;
                    }
                }
                graceful.end();
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
            graceful.end();
            final MemorySegment current = id;
            if (current != null && phase == Phase.CONNECTED) {
                disconnectQuietly(current);
            }
            queuePair.forgetLastWqe(); // a freed EP gets no more events
            queuePair.destroy(current, disconnectRequested);
            id = null;
            if (current != null) {
                transport.cm().destroyId(current);
            }
            queuePair.free();
            closed = true;
        } finally {
            unlock();
        }
        transport.demultiplexer().unregister(index);
        queuePair.release();
    }

    // ------------------------------------------------------------------ data path

    @Override
    public void post(final PostedOperation op) {
        queuePair.post(op);
    }
}
