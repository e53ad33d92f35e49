package io.dat4j.provider.rdmacm;

import io.dat4j.CloseMode;
import io.dat4j.DatException;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventNumber;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.CmEvent;
import io.dat4j.provider.rdmacm.ffi.ConnectionParameters;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import io.dat4j.kit.ConnectionUpcalls;
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
 * The transport half of an EP: the life cycle of its {@code rdma_cm_id} (openib_cma: {@code dapls_ib_connect},
 * {@code dapls_ib_accept_connection}, {@code dapls_ib_disconnect}). Connect creates the identifier and runs
 * resolve_addr, resolve_route and rdma_connect on the CM thread as the events arrive, with the consumer's timeout on
 * the transport's timer; accept takes the request's identifier. Every CM event type is handled, and the outcome goes
 * to the kit as exactly one connection upcall, which fires the EP's transition in the kit's state machine: this class
 * keeps no EP state, only the identifier's own step ({@link CmStep}). Its parts: the RC QP and the work posted to it
 * ({@link QueuePair}), the wait of a GRACEFUL disconnect ({@link GracefulDisconnect}).
 *
 * <p>Threads and locks: the identifier, its step and the QP's creation and teardown are guarded by one lock,
 * {@link #lock} ({@link LockRank#TRANSPORT}), taken by the kit's hooks (under the EP's kit lock, which ranks above),
 * by the CM thread ({@code dat4j-rdmacm-cm-N}, CM events) and by the timer thread ({@code dat4j-rdmacm-timer}:
 * connect timeouts, GRACEFUL steps, breaks after an error completion or a QP's fatal async event). Posting does not
 * take it ({@link QueuePair}). Connection upcalls (established, failed, disconnected, broken, flush) take the EP's
 * lock, so they wait in {@link #upcalls} and {@link #unlock()} makes them once this lock is released; completions are
 * made under a CQ's lock (ranked below). See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class RdmaCmEndpoint implements EndpointTransport {

    private static final Logger LOG = Logging.logger(RdmaCmEndpoint.class);

    /**
     * Where the EP's {@code rdma_cm_id} is in the CM protocol: what the identifier has done, which the kit's EP state
     * machine does not know (the EP's own state is {@link EndpointUpcalls#state()}; this class keeps no copy of it).
     * Null while the EP has no identifier (before connect or accept, and after the connection ended). The EP is
     * ACTIVE_CONNECTION_PENDING through the first three steps, COMPLETION_PENDING in {@link #ACCEPT_SENT}. The
     * identifier is {@link #ESTABLISHED} as soon as the CM says so, under this class's lock, and the EP becomes
     * CONNECTED only when the kit takes the {@code established} upcall, made after the lock is released: until
     * then the EP's state lags, and the next CM event (a DISCONNECTED right behind the ESTABLISHED), a timeout that
     * fired meanwhile or an error completion are interpreted by what the identifier did.
     */
    private enum CmStep {
        /** {@code rdma_resolve_addr} called: ADDR_RESOLVED next. */
        ADDRESS_QUERY,
        /** {@code rdma_resolve_route} called: ROUTE_RESOLVED next. */
        ROUTE_QUERY,
        /** {@code rdma_connect} sent the REQ (the QP exists): ESTABLISHED (REP received) or REJECTED next. */
        CONNECT_SENT,
        /** {@code rdma_accept} sent the REP (the QP exists): ESTABLISHED (RTU received) next. */
        ACCEPT_SENT,
        /** RDMA_CM_EVENT_ESTABLISHED arrived: the identifier is connected until the connection is torn down. */
        ESTABLISHED
    }

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
    /**
     * The kit's view of the connection the identifier carries (from the connect or accept hook); each queued connection
     * upcall takes the one current when it was decided, so one made after that connection ended is ignored by the kit.
     * Written under {@link #lock}; read without it on the completion path, to tie an error to its connection.
     */
    private volatile ConnectionUpcalls connection;
    /** The identifier's step; written under {@link #lock}, read without it on the completion path. */
    private volatile CmStep step;
    private ConnectionParameters parameters;
    private ScheduledFuture<?> timeout;
    private boolean disconnectRequested;
    /** True while the identifier is this side's connect, false for an accept (guarded by {@link #lock}). */
    private boolean active;
    /** When the identifier's current step began, {@link System#nanoTime} ({@link ConnectionStepEvent}; lock). */
    private long stepStart;
    /** When this side's rdma_disconnect was sent, or 0 ({@link ConnectionStepEvent}; guarded by {@link #lock}). */
    private long disconnectStart;
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
        return !closed && step == CmStep.ESTABLISHED;
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
    public void connect(final ConnectionUpcalls upcalls, final InetAddress remoteAddress,
            final long connectionQualifier, final long timeoutNanos, final byte[] privateData, final int rdmaReadIn,
            final int rdmaReadOut) {
        final EndpointAttributes a = ep.attributes();
        final ConnectionParameters p = ConnectionPolicy.forConnect(
                PrivateData.frame(privateData, RdmaCmProvider.WIRE_CONNECT_PRIVATE_DATA), rdmaReadIn, rdmaReadOut,
                a.retryCount(), a.rnrRetryCount(), transport.device());
        lock.lock();
        try {
            requireOpen();
            final long t0 = System.nanoTime();
            final MemorySegment newId = transport.cm().createId(this::onEvent);
            ConnectionStepEvent.record("create id", true, index, t0);
            try {
                stepStart = System.nanoTime();
                CmCalls.resolveAddr(newId, new InetSocketAddress(transport.address(), 0),
                        new InetSocketAddress(remoteAddress, RdmaCmTransport.port(connectionQualifier)),
                        RdmaCmTransport.RESOLVE_TIMEOUT_MS);
            } catch (final RuntimeException e) {
                transport.cm().destroyId(newId);
                throw e;
            }
            id = newId;
            connection = upcalls;
            parameters = p;
            step = CmStep.ADDRESS_QUERY;
            active = true;
            disconnectRequested = false;
            disconnectStart = 0;
            if (timeoutNanos != Long.MAX_VALUE) {
                timeout = transport.timer().schedule(this::onTimeout, timeoutNanos, TimeUnit.NANOSECONDS);
            }
        } finally {
            unlock();
        }
    }

    @Override
    public void accept(final ConnectionUpcalls upcalls, final RequestTransport request,
            final byte[] privateData, final int rdmaReadIn, final int rdmaReadOut) {
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
            ConnectionStepEvent.record("request", false, index, r.arrived());
            id = r.id();
            connection = upcalls;
            active = false;
            // (an EP reset after an earlier connection accepts as a new one: a DISCONNECTED is answered with DREP)
            disconnectRequested = false;
            disconnectStart = 0;
            transport.cm().register(r.id().address(), this::onEvent);
            try {
                final long t0 = System.nanoTime();
                queuePair.create(id);
                ConnectionStepEvent.record("create qp", false, index, t0);
                stepStart = System.nanoTime();
                CmCalls.accept(id, p);
            } catch (final RuntimeException e) {
                // RA-02: report the failure; the identifier is the request's, reject it as C uDAPL does
                queuePair.destroy(id, disconnectRequested);
                try {
                    CmCalls.reject(r.id(), null);
                } catch (final RuntimeException ignored) {
                    LOG.debug("reject after failed accept", ignored);
                }
                transport.cm().destroyId(r.id());
                id = null;
                step = null;
                upcall(() -> {
                    // CRA-07: the receives posted to the EP are flushed, as after any establishment that failed
                    upcalls.flush();
                    upcalls.connectionFailed(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
                });
                LOG.debug("rdma_accept failed (the requester is gone?)", e);
                return;
            }
            parameters = p;
            step = CmStep.ACCEPT_SENT;
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
                failOrBreakLocked(EventNumber.CONNECTION_EVENT_UNREACHABLE, ex.toString());
            }
        } finally {
            unlock();
        }
    }

    private void handle(final CmEvent e, final MemorySegment current) {
        switch (e.type()) {
            case ADDR_RESOLVED -> {
                if (step == CmStep.ADDRESS_QUERY) {
                    ConnectionStepEvent.record("resolve addr", true, index, stepStart);
                    stepStart = System.nanoTime();
                    CmCalls.resolveRoute(current, RdmaCmTransport.RESOLVE_TIMEOUT_MS);
                    step = CmStep.ROUTE_QUERY;
                }
            }
            case ROUTE_RESOLVED -> {
                if (step == CmStep.ROUTE_QUERY) {
                    ConnectionStepEvent.record("resolve route", true, index, stepStart);
                    final long t0 = System.nanoTime();
                    queuePair.create(current);
                    ConnectionStepEvent.record("create qp", true, index, t0);
                    stepStart = System.nanoTime();
                    CmCalls.connect(current, parameters);
                    step = CmStep.CONNECT_SENT;
                }
            }
            case ADDR_ERROR, ROUTE_ERROR, UNREACHABLE, CONNECT_ERROR ->
                    failOrBreakLocked(EventNumber.CONNECTION_EVENT_UNREACHABLE,
                            e.type() + " (status " + e.status() + ")");
            case REJECTED -> {
                if (step == CmStep.CONNECT_SENT) {
                    final byte[] consumer = RejectData.decode(e.status(), e.connection().privateData());
                    failLocked(consumer == null ? EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED
                            : EventNumber.CONNECTION_EVENT_PEER_REJECTED, consumer);
                } else if (step == CmStep.ACCEPT_SENT) {
                    failLocked(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
                }
            }
            case ESTABLISHED -> {
                if (step == CmStep.CONNECT_SENT || step == CmStep.ACCEPT_SENT) {
                    established(e, current, step == CmStep.CONNECT_SENT);
                }
            }
            case DISCONNECTED -> {
                if (disconnectStart != 0) {
                    ConnectionStepEvent.record("disconnect", active, index, disconnectStart);
                    disconnectStart = 0;
                }
                if (!disconnectRequested) {
                    // the peer's DREQ: answer with our DREP, as openib_cma does
                    disconnectQuietly(current);
                }
                if (step == CmStep.ESTABLISHED) {
                    final ConnectionUpcalls c = connection;
                    teardownLocked();
                    upcall(() -> {
                        c.flush();
                        c.disconnected();
                    });
                } else if (step == CmStep.ACCEPT_SENT) {
                    failLocked(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
                }
            }
            case DEVICE_REMOVAL -> {
                failOrBreakLocked(EventNumber.CONNECTION_EVENT_UNREACHABLE, "RDMA device removed");
                transport.asyncError("RDMA device removed under IA " + transport.address().getHostAddress());
            }
            case CONNECT_REQUEST, CONNECT_RESPONSE, MULTICAST_JOIN, MULTICAST_ERROR, ADDR_CHANGE, TIMEWAIT_EXIT,
                    UNKNOWN -> LOG.debug("EP event {} (status {}): nothing to do", e.type(), e.status());
            default -> LOG.debug("EP event {}", e.type());
        }
    }

    /**
     * RDMA_CM_EVENT_ESTABLISHED: the identifier is connected. The EP becomes CONNECTED when the kit takes the
     * upcall, after this lock is released; if it no longer waits for it (disconnected or freed meanwhile), the
     * connection is taken down again.
     */
    private void established(final CmEvent e, final MemorySegment current, final boolean active) {
        // what may throw comes first: a failure here leaves the step, and the establishment fails as a whole
        final int in = active ? e.connection().responderResources() : parameters.responderResources();
        final int out = active ? e.connection().initiatorDepth() : parameters.initiatorDepth();
        final byte[] pdata = active ? PrivateData.unframe(e.connection().privateData()) : null;
        final InetSocketAddress local = CmCalls.idLocalAddress(current);
        final InetSocketAddress peer = CmCalls.idPeerAddress(current);
        cancelTimeout();
        ConnectionStepEvent.record(active ? "connect" : "accept", active, index, stepStart);
        step = CmStep.ESTABLISHED;
        queuePair.established();
        final ConnectionUpcalls c = connection;
        final boolean side = active;
        upcall(() -> {
            final long t0 = System.nanoTime();
            final boolean taken = c.established(pdata, in, out, local, peer);
            ConnectionStepEvent.record("established upcall", side, index, t0);
            if (!taken) {
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

    /**
     * The identifier failed: a pending connect fails with {@code activeFailure} (its receives flushed), a pending
     * accept with ACCEPT_COMPLETION_ERROR, and an established connection breaks (BROKEN, the rest flushed); without
     * an identifier nothing happens. Caller holds {@link #lock}.
     *
     * @param activeFailure the event of a pending connect
     * @param reason why an established connection broke
     */
    private void failOrBreakLocked(final EventNumber activeFailure, final String reason) {
        final CmStep s = step;
        if (s == null) {
            return;
        }
        switch (s) {
            case ADDRESS_QUERY, ROUTE_QUERY, CONNECT_SENT -> failLocked(activeFailure, null);
            case ACCEPT_SENT -> failLocked(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null);
            case ESTABLISHED -> {
                final ConnectionUpcalls c = connection;
                teardownLocked();
                upcall(() -> {
                    c.flush();
                    c.broken(reason);
                });
            }
        }
    }

    /**
     * A work request completed in error (not FLUSHED): the QP is in the error state, so the connection is over. As
     * uDAPL does for a connected EP: disconnect abruptly, post BROKEN, flush the rest. Runs on the timer thread, not
     * on the polling thread, which may hold a CQ that {@link #teardownLocked()} polls.
     */
    void errorCompleted(final PostedOperation op, final io.dat4j.DtoStatus status, final int wcStatus) {
        if (step != CmStep.ESTABLISHED || closed) {
            return;
        }
        breakLater(connection, op.kind() + " completed " + status + " (" + CompletionStatus.describe(wcStatus) + ")");
    }

    /**
     * A fatal async event of the QP ({@code IBV_EVENT_QP_FATAL}, {@code QP_REQ_ERR}, {@code QP_ACCESS_ERR}): the QP is
     * in the error state, so a connected EP breaks as on an error completion (BROKEN, then the rest flushed). Runs on
     * the timer thread. The async EVD's {@code ASYNC_ERROR_EP_BROKEN} is the caller's.
     *
     * @param reason what the device reported
     */
    void qpAsyncError(final String reason) {
        if (step != CmStep.ESTABLISHED || closed) {
            LOG.debug("EP {}: {} while not connected", index, reason);
            return;
        }
        breakLater(connection, reason);
    }

    /**
     * Breaks the connection on the timer thread ({@link #breakOnError}), if it is still the EP's then.
     *
     * @param failed the connection the error belongs to
     * @param reason what happened
     */
    private void breakLater(final ConnectionUpcalls failed, final String reason) {
        try {
            transport.timer().execute(() -> breakOnError(failed, reason));
        } catch (final java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("IA closing: {} not reported as BROKEN", reason);
        }
    }

    /** {@return the send and recv CQ the EP's last QP was created with, or nulls (tests)} */
    MemorySegment[] queuePairCqs() {
        lock.lock();
        try {
            return queuePair.lastCqs();
        } finally {
            unlock();
        }
    }

    /** {@return the kit's half of this EP} */
    EndpointUpcalls upcalls() {
        return ep;
    }

    private void breakOnError(final ConnectionUpcalls failed, final String reason) {
        lock.lock();
        try {
            final MemorySegment current = id;
            if (closed || step != CmStep.ESTABLISHED || current == null || connection != failed) {
                return; // (an error of an earlier connection of the EP, reset and connected again meanwhile)
            }
            // (an error completion the peer can provoke, connection after connection: the kit's rate-limited log)
            final io.dat4j.kit.AdapterUpcalls a = transport.adapter();
            if (a != null) {
                a.remoteFaults().warn("EP " + index + ": " + reason + "; the connection is broken");
            }
            disconnectQuietly(current);
            teardownLocked();
            upcall(() -> {
                failed.flush();
                failed.broken(reason);
            });
        } finally {
            unlock();
        }
    }

    private void onTimeout() {
        lock.lock();
        try {
            if (!closed && (step == CmStep.ADDRESS_QUERY || step == CmStep.ROUTE_QUERY
                    || step == CmStep.CONNECT_SENT)) {
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
        final ConnectionUpcalls c = connection;
        teardownLocked();
        upcall(() -> {
            c.flush();
            c.connectionFailed(number, privateData);
        });
    }

    private void disconnectQuietly(final MemorySegment current) {
        if (!disconnectRequested && step == CmStep.ESTABLISHED) {
            disconnectStart = System.nanoTime();
        }
        disconnectRequested = true;
        try {
            CmCalls.disconnect(current);
        } catch (final NativeCallException e) {
            LOG.debug("rdma_disconnect: {}", e.getMessage());
        }
    }

    /**
     * Destroys QP and identifier (the EP has no step any more); completions the QP still holds are dropped here and
     * flushed by the kit.
     */
    private void teardownLocked() {
        final long t0 = System.nanoTime();
        step = null;
        disconnectStart = 0;
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
            ConnectionStepEvent.record("destroy", active, index, t0);
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
            if (step == CmStep.ESTABLISHED) {
                // the EP is DISCONNECT_PENDING (or DISCONNECTED, freed, or the established upcall is still to be
                // made): the connection is taken down with rdma_disconnect, and the CM's DISCONNECTED ends it
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
                disconnectQuietly(current);
                final ConnectionUpcalls c = connection;
                teardownLocked();
                upcall(c::flush);
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
                // the kit ended this connection while it ran (an ABRUPT disconnect that outlasted
                // dat4j.kit.abruptDisconnectMillis): what its QP held is flushed, allowed until this hook returns
                final ConnectionUpcalls c = connection;
                teardownLocked();
                upcall(c::flush);
            }
        } finally {
            unlock();
        }
    }

    @Override
    public void close() {
        final long t0 = System.nanoTime();
        final boolean side;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            side = active;
            cancelTimeout();
            graceful.end();
            final MemorySegment current = id;
            if (current != null && step == CmStep.ESTABLISHED) {
                disconnectQuietly(current);
            }
            queuePair.forgetLastWqe(); // a freed EP gets no more events
            step = null;
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
        ConnectionStepEvent.record("free", side, index, t0);
    }

    // ------------------------------------------------------------------ data path

    @Override
    public void post(final PostedOperation op) {
        queuePair.post(op);
    }
}
