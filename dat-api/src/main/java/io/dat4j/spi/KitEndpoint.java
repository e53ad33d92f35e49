package io.dat4j.spi;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointParameters;
import io.dat4j.EndpointState;
import io.dat4j.EndpointStatus;
import io.dat4j.EventNumber;
import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.Qos;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The kit's endpoint ({@code DAT_EP_HANDLE}): argument and state checks of every EP call, the two operation queues,
 * and the upcalls that move the state and post events. The transport half is an {@link EndpointTransport}.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
final class KitEndpoint extends KitHandle implements Endpoint, EndpointUpcalls {

    private static final Set<EndpointState> PENDING = EnumSet.of(EndpointState.ACTIVE_CONNECTION_PENDING,
            EndpointState.COMPLETION_PENDING);
    private static final Set<EndpointState> ACTIVE_PENDING = EnumSet.of(EndpointState.ACTIVE_CONNECTION_PENDING);
    private static final Set<EndpointState> ACCEPT_PENDING = EnumSet.of(EndpointState.COMPLETION_PENDING);
    private static final Set<EndpointState> UP = EnumSet.of(EndpointState.CONNECTED,
            EndpointState.DISCONNECT_PENDING);
    /** How long an ABRUPT disconnect waits for the transport's end of the connection. */
    private static final long ABRUPT_WAIT_NANOS = 1_000_000L * Long.getLong("dat4j.kit.abruptDisconnectMillis", 250);
    private static final Set<EndpointState> NEEDS_DISCONNECT = EnumSet.of(EndpointState.CONNECTED,
            EndpointState.DISCONNECT_PENDING, EndpointState.ACTIVE_CONNECTION_PENDING,
            EndpointState.COMPLETION_PENDING);

    private final KitInterfaceAdapter ia;
    private volatile KitProtectionZone pz;
    private final KitEventDispatcher recvEvd;
    private final KitEventDispatcher requestEvd;
    private final KitEventDispatcher connectEvd;
    private final boolean providerCreated;
    private final EndpointStateMachine sm = new EndpointStateMachine();
    private volatile EndpointAttributes requested;
    private volatile EndpointAttributes resolved;
    private volatile EndpointAttributes inForce;
    private final OperationQueue recvQueue;
    private final KitSharedReceiveQueue srq;
    private final OperationQueue requestQueue;
    private volatile EndpointTransport transport;
    private volatile KitReservedServicePoint reservedBy;
    private volatile InetSocketAddress localAddress;
    private volatile InetSocketAddress remoteAddress;
    private volatile long remoteQualifier;

    KitEndpoint(final KitInterfaceAdapter ia, final KitProtectionZone pz, final KitEventDispatcher recvEvd,
            final KitEventDispatcher requestEvd, final KitEventDispatcher connectEvd, final EndpointAttributes given,
            final EndpointAttributes resolved, final boolean providerCreated, final KitSharedReceiveQueue srq) {
        this.ia = ia;
        this.srq = srq;
        this.pz = pz;
        this.recvEvd = recvEvd;
        this.requestEvd = requestEvd;
        this.connectEvd = connectEvd;
        this.requested = given;
        this.resolved = resolved;
        this.inForce = resolved;
        this.providerCreated = providerCreated;
        this.recvQueue = srq == null
                ? new OperationQueue(this, true, resolved.maxRecvDtos(), resolved.maxRecvIov())
                : new OperationQueue(this, true, Math.max(resolved.maxRecvDtos(), srq.capacity()),
                        Math.max(resolved.maxRecvIov(), srq.query().maxRecvIov()));
        this.requestQueue = new OperationQueue(this, false, resolved.maxRequestDtos(),
                Math.max(resolved.maxRequestIov(), Math.max(resolved.maxRdmaReadIov(), resolved.maxRdmaWriteIov())));
    }

    void transport(final EndpointTransport value) {
        transport = value;
    }

    EndpointTransport transport() {
        return transport;
    }

    EndpointStateMachine stateMachine() {
        return sm;
    }

    KitEventDispatcher recvEvd() {
        return recvEvd;
    }

    KitEventDispatcher requestEvd() {
        return requestEvd;
    }

    KitEventDispatcher connectEvd() {
        return connectEvd;
    }

    KitProtectionZone pz() {
        return pz;
    }

    boolean isProviderCreated() {
        return providerCreated;
    }

    void reservedBy(final KitReservedServicePoint rsp) {
        reservedBy = rsp;
    }

    @Override
    KitInterfaceAdapter owner() {
        return ia;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.INVALID_HANDLE_EP;
    }

    @Override
    public HandleType handleType() {
        return HandleType.EP;
    }

    // ------------------------------------------------------------------ queries

    @Override
    public InterfaceAdapter interfaceAdapter() {
        checkOpen();
        return ia;
    }

    @Override
    public Endpoint endpoint() {
        return this;
    }

    @Override
    public EndpointAttributes attributes() {
        return inForce;
    }

    @Override
    public Object protectionZoneRegistration() {
        return pz.registration();
    }

    @Override
    public KitEventDispatcher recvDispatcher() {
        return recvEvd;
    }

    @Override
    public KitEventDispatcher requestDispatcher() {
        return requestEvd;
    }

    @Override
    public EndpointParameters query() {
        checkOpen();
        return new EndpointParameters(ia, sm.state(), localAddress, localAddress == null ? 0 : localAddress.getPort(),
                remoteAddress, remoteQualifier, pz, recvEvd, requestEvd, connectEvd, null, inForce);
    }

    @Override
    public EndpointState state() {
        checkOpen();
        return sm.state();
    }

    @Override
    public EndpointStatus status() {
        checkOpen();
        return new EndpointStatus(sm.state(), recvQueue.outstanding() == 0, requestQueue.outstanding() == 0);
    }

    @Override
    public void modify(final EndpointAttributes attributes) {
        checkOpen();
        if (attributes == null) {
            throw Checks.invalidArg(2, "attributes are null");
        }
        final EndpointAttributes r = ia.resolveAttributes(attributes, 2);
        synchronized (sm) {
            sm.require(EndpointStateMachine.Operation.MODIFY);
            if (!recvQueue.resize(r.maxRecvDtos(), r.maxRecvIov())
                    || !requestQueue.resize(r.maxRequestDtos(), Math.max(r.maxRequestIov(),
                    Math.max(r.maxRdmaReadIov(), r.maxRdmaWriteIov())))) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_EP_UNCONNECTED,
                        "operations are posted; the queue sizes can change only on an idle EP");
            }
            requested = attributes;
            resolved = r;
            inForce = r;
        }
    }

    @Override
    public void modifyProtectionZone(final ProtectionZone protectionZone) {
        checkOpen();
        final KitProtectionZone next = ia.checkPz(protectionZone, 3);
        synchronized (sm) {
            final EndpointState s = sm.state();
            if (s != EndpointState.UNCONNECTED && !(s == EndpointState.TENTATIVE_CONNECTION_PENDING
                    && providerCreated)) {
                throw Checks.invalidState(EndpointStateMachine.subtypeOf(s), "the PZ of an EP changes only while"
                        + " UNCONNECTED (or TENTATIVE_CONNECTION_PENDING for a provider-created EP), not " + s);
            }
            if (recvQueue.outstanding() != 0 || requestQueue.outstanding() != 0) {
                throw Checks.invalidState(EndpointStateMachine.subtypeOf(s),
                        "operations are posted under the current PZ; the PZ changes only on an idle EP");
            }
            if (srq != null && srq.pz() != next) {
                throw Checks.invalidArg(3, "the EP uses an SRQ of another PZ; an EP and its SRQ share one PZ");
            }
            final KitProtectionZone previous = pz;
            if (previous == next) {
                return;
            }
            next.retain();
            pz = next;
            previous.release();
        }
    }

    // ------------------------------------------------------------------ connection management

    @Override
    public void connect(final InetAddress remote, final long remoteConnectionQualifier, final Duration timeout,
            final byte[] privateData, final Qos qos, final ConnectFlag flag) {
        checkOpen();
        if (remote == null) {
            throw Checks.invalidArg(2, "remote address is null");
        }
        if (remoteConnectionQualifier < 0) {
            throw Checks.invalidArg(3, "connection qualifier must not be negative, was " + remoteConnectionQualifier);
        }
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw Checks.invalidArg(4, "timeout must be positive (EventDispatcher.INFINITE for none), was "
                    + timeout);
        }
        final byte[] pdata = privateData == null ? new byte[0] : privateData.clone();
        final int max = ia.providerLimits().maxConnectPrivateData();
        if (pdata.length > max) {
            throw Checks.lengthError("connect private data is " + pdata.length + " bytes; this provider carries at"
                    + " most " + max);
        }
        if (qos == null) {
            throw Checks.invalidArg(6, "QoS is null");
        }
        if (flag == null) {
            throw Checks.invalidArg(7, "connect flag is null");
        }
        if (qos != Qos.BEST_EFFORT) {
            throw new DatException(StatusType.MODEL_NOT_SUPPORTED, null, "QoS " + qos + " is not supported;"
                    + " use BEST_EFFORT");
        }
        if (flag != ConnectFlag.DEFAULT) {
            throw new DatException(StatusType.MODEL_NOT_SUPPORTED, null, "connect flag " + flag
                    + " is not supported; use DEFAULT");
        }
        long nanos;
        try {
            nanos = timeout.toNanos();
        } catch (final ArithmeticException e) {
            nanos = Long.MAX_VALUE;
        }
        sm.transition(EndpointStateMachine.Operation.CONNECT, EndpointState.ACTIVE_CONNECTION_PENDING);
        remoteQualifier = remoteConnectionQualifier;
        final EndpointAttributes a = inForce;
        try {
            transport.connect(remote, remoteConnectionQualifier, nanos, pdata, a.maxRdmaReadIn(),
                    a.maxRdmaReadOut());
        } catch (final RuntimeException e) {
            sm.compareAndSet(EndpointState.ACTIVE_CONNECTION_PENDING, EndpointState.UNCONNECTED);
            throw e;
        }
    }

    @Override
    public void dupConnect(final Endpoint connected, final Duration timeout, final byte[] privateData) {
        checkOpen();
        if (!ia.has(Capability.DUP_CONNECT)) {
            throw Checks.notImplemented("dat_ep_dup_connect");
        }
        final KitEndpoint other = ia.checkEndpoint(connected, 2);
        final InetSocketAddress peer = other.remoteAddress;
        if (other.sm.state() != EndpointState.CONNECTED || peer == null || other.remoteQualifier == 0) {
            throw Checks.invalidArg(2, "the EP to duplicate must be connected by an active connect");
        }
        connect(peer.getAddress(), other.remoteQualifier, timeout, privateData);
    }

    /** CRA-10..12: the RDMA read depths this EP would use for a request, or INVALID_PARAMETER with no effect. */
    int[] negotiateAccept(final int requestIn, final int requestOut) {
        final EndpointAttributes given = requested;
        final EndpointAttributes r = resolved;
        final boolean explicitIn = !KitInterfaceAdapter.unset(given.maxRdmaReadIn());
        final boolean explicitOut = !KitInterfaceAdapter.unset(given.maxRdmaReadOut());
        int out = r.maxRdmaReadOut();
        int in = r.maxRdmaReadIn();
        if (explicitOut) {
            if (out > requestIn) {
                throw Checks.invalidArg(2, "CRA-10: the EP's maxRdmaReadOut " + out
                        + " exceeds the requester's maxRdmaReadIn " + requestIn);
            }
        } else {
            out = Math.min(out, Math.max(0, requestIn));
        }
        if (explicitIn) {
            if (in < requestOut) {
                throw Checks.invalidArg(2, "CRA-10: the EP's maxRdmaReadIn " + in
                        + " is below the requester's maxRdmaReadOut " + requestOut);
            }
        } else {
            final int limit = ia.limits().maxRdmaReadPerEndpointIn();
            in = Math.min(limit, Math.max(in, requestOut));
            if (in < requestOut) {
                throw Checks.invalidArg(2, "CRA-10: the requester's maxRdmaReadOut " + requestOut
                        + " exceeds this IA's limit " + limit);
            }
        }
        return new int[] {in, out};
    }

    void acceptStarted(final int in, final int out) {
        inForce = resolved.toBuilder().maxRdmaReadIn(in).maxRdmaReadOut(out).build();
    }

    void acceptUnwound() {
        inForce = resolved;
    }

    @Override
    public void disconnect(final CloseMode mode) {
        checkOpen();
        if (mode == null) {
            throw Checks.invalidArg(2, "close mode is null");
        }
        while (true) {
            final EndpointState s = sm.state();
            sm.require(EndpointStateMachine.Operation.DISCONNECT);
            switch (s) {
                case DISCONNECTED:
                    return;
                case ACTIVE_CONNECTION_PENDING, COMPLETION_PENDING:
                    if (sm.moveFrom(PENDING, EndpointState.DISCONNECTED) != null) {
                        callDisconnect(CloseMode.ABRUPT);
                        postConnectionEvent(EventNumber.CONNECTION_EVENT_DISCONNECTED, null);
                        return;
                    }
                    break;
                case CONNECTED:
                    if (sm.compareAndSet(EndpointState.CONNECTED, EndpointState.DISCONNECT_PENDING)) {
                        callDisconnect(mode);
                        if (mode == CloseMode.ABRUPT) {
                            awaitDisconnected();
                        }
                        return;
                    }
                    break;
                case DISCONNECT_PENDING:
                    if (mode == CloseMode.GRACEFUL) {
                        throw EndpointStateMachine.invalidState(EndpointStateMachine.Operation.DISCONNECT, s);
                    }
                    callDisconnect(CloseMode.ABRUPT);
                    awaitDisconnected();
                    return;
                default:
                    throw EndpointStateMachine.invalidState(EndpointStateMachine.Operation.DISCONNECT, s);
            }
        }
    }

    /** ABRUPT returns once the EP is DISCONNECTED, as libdapl's (openib_cma: at most 250 ms, then it forces it). */
    private void awaitDisconnected() {
        sm.awaitLeaving(EndpointState.DISCONNECT_PENDING, ABRUPT_WAIT_NANOS);
        if (!isClosed() && sm.moveFrom(UP, EndpointState.DISCONNECTED) != null) {
            postEnd(EventNumber.CONNECTION_EVENT_DISCONNECTED);
        }
    }

    private void callDisconnect(final CloseMode mode) {
        try {
            transport.disconnect(mode);
        } catch (final RuntimeException e) {
            KitInterfaceAdapter.LOG.warn("transport disconnect of {} failed", this, e);
        }
    }

    @Override
    public void reset() {
        checkOpen();
        final EndpointState before = sm.transition(EndpointStateMachine.Operation.RESET, EndpointState.UNCONNECTED);
        if (before == EndpointState.DISCONNECTED) {
            localAddress = null;
            remoteAddress = null;
            remoteQualifier = 0;
            inForce = resolved;
            transport.reset();
        }
    }

    // ------------------------------------------------------------------ data transfer

    @Override
    public void postRecv(final List<LocalMemoryTriplet> segments, final long cookie, final Set<CompletionFlag> flags) {
        checkOpen();
        if (srq != null) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_SRQ_IN_USE, "the EP takes its receives from an"
                    + " SRQ (dat_ep_create_with_srq); post receives with SharedReceiveQueue.postRecv");
        }
        if (recvEvd == null) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_EP_EVD_RECV, "the EP has no recv EVD");
        }
        post(recvQueue, DtoOperation.RECEIVE, segments, cookie, flags, null, inForce.maxRecvIov(),
                EndpointStateMachine.Operation.POST_RECV, true, inForce.maxMessageSize());
    }

    @Override
    public void postSend(final List<LocalMemoryTriplet> segments, final long cookie, final Set<CompletionFlag> flags) {
        checkOpen();
        checkRequestEvd();
        post(requestQueue, DtoOperation.SEND, segments, cookie, flags, null, inForce.maxRequestIov(),
                EndpointStateMachine.Operation.POST_REQUEST, false, inForce.maxMessageSize());
    }

    @Override
    public void postRdmaRead(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        checkOpen();
        if (!ia.has(Capability.RDMA_READ)) {
            throw Checks.notImplemented("dat_ep_post_rdma_read");
        }
        checkRequestEvd();
        if (remote == null) {
            throw Checks.invalidArg(5, "remote triplet is null");
        }
        if (sm.state() == EndpointState.CONNECTED && inForce.maxRdmaReadOut() == 0) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_EP_NOTREADY, "the EP's RDMA read depth out is 0"
                    + " (maxRdmaReadOut as negotiated): it cannot issue RDMA reads (CRA-11)");
        }
        post(requestQueue, DtoOperation.RDMA_READ, segments, cookie, flags, remote, inForce.maxRdmaReadIov(),
                EndpointStateMachine.Operation.POST_REQUEST, true, inForce.maxRdmaSize());
    }

    @Override
    public void postRdmaWrite(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        checkOpen();
        if (!ia.has(Capability.RDMA_WRITE)) {
            throw Checks.notImplemented("dat_ep_post_rdma_write");
        }
        checkRequestEvd();
        if (remote == null) {
            throw Checks.invalidArg(5, "remote triplet is null");
        }
        post(requestQueue, DtoOperation.RDMA_WRITE, segments, cookie, flags, remote, inForce.maxRdmaWriteIov(),
                EndpointStateMachine.Operation.POST_REQUEST, false, inForce.maxRdmaSize());
    }

    private void checkRequestEvd() {
        if (requestEvd == null) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_EP_EVD_REQUEST, "the EP has no request EVD");
        }
    }

    private void post(final OperationQueue q, final DtoOperation kind, final List<LocalMemoryTriplet> segments,
            final long cookie, final Set<CompletionFlag> flags, final RemoteMemoryTriplet remote, final int maxIov,
            final EndpointStateMachine.Operation stateOp, final boolean localWrite, final long maxLength) {
        if (segments == null) {
            throw Checks.invalidArg(3, "segment list is null (use an empty list for none)");
        }
        if (flags == null) {
            throw Checks.invalidArg(remote == null ? 5 : 6, "completion flags are null (use CompletionFlag.DEFAULT)");
        }
        final int n = segments.size();
        if (n > maxIov) {
            throw Checks.invalidArg(2, n + " segments exceed the EP's limit of " + maxIov + " per " + kind);
        }
        if (remote != null && remote.segmentLength() < 0) {
            throw Checks.invalidArg(5, "remote segment length is negative");
        }
        final int mask = flags.isEmpty() ? 0 : CompletionFlag.mask(flags);
        q.lock.lock();
        boolean committed = false;
        PostedOperation op = null;
        try {
            sm.require(stateOp);
            op = q.reserve(kind, cookie, mask);
            if (op == null) {
                throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "the EP's " + kind + " queue holds "
                        + q.capacity() + " outstanding operations, all in use; reap completions first");
            }
            DtoStatus local = null;
            long total = 0;
            for (int i = 0; i < n; i++) {
                final LocalMemoryTriplet t = segments.get(i);
                if (t == null) {
                    throw Checks.invalidArg(3, "segment " + i + " is null");
                }
                final long len = t.segmentLength();
                if (len < 0) {
                    throw Checks.invalidArg(3, "segment " + i + " has a negative length " + len);
                }
                if (len == 0) {
                    continue;
                }
                total += len;
                if (total < 0) {
                    throw Checks.lengthError("total length overflows");
                }
                if (local == null) {
                    final KitMemoryRegion r = ia.localRegion(t.lmrContext());
                    if (r == null || r.isClosed() || r.pz() != pz || !r.memory().scope().isAlive()
                            || !RegionTable.inBounds(r, t.virtualAddress(), len)
                            || (localWrite && !r.allows(MemoryPrivilege.LOCAL_WRITE))) {
                        local = DtoStatus.LOCAL_PROTECTION;
                    } else {
                        op.addSegment(r, t.virtualAddress() - r.baseAddress(), len);
                    }
                }
            }
            if (total > maxLength) {
                throw Checks.lengthError(kind + " of " + total + " bytes exceeds the EP's limit of " + maxLength);
            }
            if (remote != null) {
                if (remote.segmentLength() < total) {
                    throw Checks.lengthError("remote segment of " + remote.segmentLength()
                            + " bytes is shorter than the local " + total);
                }
                op.remote(remote.rmrContext(), remote.virtualAddress(), remote.segmentLength());
            }
            q.commit();
            committed = true;
            if (local != null) {
                q.complete(op, local, 0);
            } else {
                try {
                    transport.post(op);
                } catch (final RuntimeException e) {
                    KitInterfaceAdapter.LOG.error("transport post of {} on {} failed", op, this, e);
                    q.complete(op, DtoStatus.LOCAL_EP, 0);
                }
            }
        } finally {
            if (!committed && op != null) {
                op.clearSegments();
            }
            q.lock.unlock();
        }
    }

    // ------------------------------------------------------------------ upcalls

    @Override
    public boolean established(final byte[] privateData, final int rdmaReadIn, final int rdmaReadOut,
            final InetSocketAddress local, final InetSocketAddress remote) {
        if (isClosed()) {
            return false;
        }
        synchronized (sm) {
            if (!PENDING.contains(sm.state())) {
                return false;
            }
            inForce = resolved.toBuilder().maxRdmaReadIn(rdmaReadIn).maxRdmaReadOut(rdmaReadOut).build();
            localAddress = local;
            remoteAddress = remote;
            if (remoteQualifier == 0 && remote != null) {
                // passive side: the requester's port, as the CR's remote port qualifier and C uDAPL's cma provider
                remoteQualifier = remote.getPort();
            }
            sm.force(EndpointState.CONNECTED);
        }
        postConnectionEvent(EventNumber.CONNECTION_EVENT_ESTABLISHED, privateData);
        return true;
    }

    @Override
    public boolean connectionFailed(final EventNumber number, final byte[] privateData) {
        if (number == null || !number.isConnectionEvent() || number == EventNumber.CONNECTION_EVENT_ESTABLISHED
                || number == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || number == EventNumber.CONNECTION_EVENT_BROKEN) {
            throw new IllegalArgumentException("not an establishment failure: " + number);
        }
        if (isClosed()) {
            return false;
        }
        final Set<EndpointState> from = number == EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR
                ? ACCEPT_PENDING : ACTIVE_PENDING;
        if (sm.moveFrom(from, EndpointState.DISCONNECTED) == null) {
            return false;
        }
        postConnectionEvent(number, number == EventNumber.CONNECTION_EVENT_PEER_REJECTED ? privateData : null);
        return true;
    }

    @Override
    public boolean disconnected() {
        if (isClosed() || sm.moveFrom(UP, EndpointState.DISCONNECTED) == null) {
            return false;
        }
        postEnd(EventNumber.CONNECTION_EVENT_DISCONNECTED);
        sm.signal();
        return true;
    }

    @Override
    public boolean broken(final String reason) {
        if (isClosed() || sm.moveFrom(UP, EndpointState.DISCONNECTED) == null) {
            return false;
        }
        KitInterfaceAdapter.LOG.debug("connection of {} broke: {}", this, reason);
        postEnd(EventNumber.CONNECTION_EVENT_BROKEN);
        sm.signal();
        return true;
    }

    /** The end of the connection and, for an EP of an SRQ, its EP_BROKEN, one EP after another (SRQ's endLock). */
    private void postEnd(final EventNumber n) {
        if (srq == null) {
            postConnectionEvent(n, null);
            return;
        }
        synchronized (srq.endLock) {
            postConnectionEvent(n, null);
            srq.lastReceiveTaken(this);
        }
    }

    @Override
    public void complete(final PostedOperation operation, final DtoStatus status, final long transferredLength) {
        (operation.kind() == DtoOperation.RECEIVE ? recvQueue : requestQueue).complete(operation, status,
                transferredLength);
    }

    @Override
    public PostedOperation takeSharedReceive() {
        final KitSharedReceiveQueue s = srq;
        if (s == null || isClosed()) {
            return null;
        }
        recvQueue.lock.lock();
        try {
            while (true) {
                if (recvQueue.outstandingLocked() == recvQueue.capacity()) {
                    return null;
                }
                final SharedReceiveBuffer e = s.take();
                if (e == null) {
                    return null;
                }
                final PostedOperation op = receiveOf(e);
                if (op != null) {
                    return op;
                }
            }
        } finally {
            recvQueue.lock.unlock();
        }
    }

    @Override
    public PostedOperation takeSharedReceive(final long sequence) {
        final KitSharedReceiveQueue s = srq;
        if (s == null || isClosed()) {
            return null;
        }
        recvQueue.lock.lock();
        try {
            SharedReceiveBuffer failed;
            while (recvQueue.outstandingLocked() < recvQueue.capacity()
                    && (failed = s.takeFailedBefore(sequence)) != null) {
                receiveOf(failed);
            }
            if (recvQueue.outstandingLocked() == recvQueue.capacity()) {
                KitInterfaceAdapter.LOG.warn("SRQ receive {} of {}: the EP's receive queue is full", sequence, this);
                return null;
            }
            final SharedReceiveBuffer e = s.take(sequence);
            return e == null ? null : receiveOf(e);
        } finally {
            recvQueue.lock.unlock();
        }
    }

    /**
     * Makes an SRQ buffer a RECEIVE of this EP (under the receive queue's lock, with room in it); one that failed the
     * local checks, or whose LMR was freed since, completes with LOCAL_PROTECTION at once.
     *
     * @return the operation, or null when it completed already
     */
    private PostedOperation receiveOf(final SharedReceiveBuffer e) {
        final PostedOperation op = recvQueue.reserve(DtoOperation.RECEIVE, e.cookie(), e.flags());
        DtoStatus local = e.localError();
        for (int i = 0; local == null && i < e.segmentCount(); i++) {
            if (e.region(i).isClosed()) {
                local = DtoStatus.LOCAL_PROTECTION;
            } else {
                op.addSegment(e.region(i), e.offset(i), e.length(i));
            }
        }
        recvQueue.commit();
        if (local == null) {
            return op;
        }
        recvQueue.complete(op, local, 0);
        return null;
    }

    @Override
    public SharedReceiveTransport sharedReceiveTransport() {
        final KitSharedReceiveQueue s = srq;
        return s == null ? null : s.transport();
    }

    @Override
    public boolean hasSharedReceive() {
        final KitSharedReceiveQueue s = srq;
        return s != null && !isClosed() && s.hasPosted();
    }

    /** Tells the transport that the EP's SRQ got a buffer (it may be holding a message for want of one). */
    void sharedReceivePosted() {
        final EndpointTransport t = transport;
        if (t != null && !isClosed()) {
            try {
                t.sharedReceivePosted();
            } catch (final RuntimeException e) {
                KitInterfaceAdapter.LOG.warn("transport SRQ notification of {} failed", this, e);
            }
        }
    }

    @Override
    public void flush() {
        recvQueue.flush();
        requestQueue.flush();
    }

    private void postConnectionEvent(final EventNumber n, final byte[] privateData) {
        final KitEventDispatcher evd = connectEvd;
        if (evd != null) {
            evd.post(new ConnectionEvent(n, evd, this, privateData));
        }
    }

    // ------------------------------------------------------------------ free

    @Override
    public void close() {
        if (isClosed()) {
            return;
        }
        final EndpointState s = sm.state();
        if (!EndpointStateMachine.Operation.FREE.allows(s)) {
            throw EndpointStateMachine.invalidState(EndpointStateMachine.Operation.FREE, s);
        }
        forceClose();
    }

    @Override
    void forceClose() {
        if (!markClosed()) {
            return;
        }
        final EndpointState before = sm.force(EndpointState.DISCONNECTED);
        final EndpointTransport t = transport;
        if (t != null) {
            if (NEEDS_DISCONNECT.contains(before)) {
                try {
                    t.disconnect(CloseMode.ABRUPT);
                } catch (final RuntimeException e) {
                    KitInterfaceAdapter.LOG.warn("transport disconnect of {} failed", this, e);
                }
            }
            try {
                t.close();
            } catch (final RuntimeException e) {
                KitInterfaceAdapter.LOG.warn("transport close of {} failed", this, e);
            }
        }
        flush();
        final KitReservedServicePoint rsp = reservedBy;
        if (rsp != null && before == EndpointState.RESERVED) {
            rsp.close();
        }
        pz.release();
        if (srq != null) {
            srq.detach(this);
            ia.srqEndpoints(-1);
        }
        if (recvEvd != null) {
            recvEvd.release();
        }
        if (requestEvd != null) {
            requestEvd.release();
        }
        if (connectEvd != null) {
            connectEvd.release();
        }
        ia.removeChild(this);
    }
}
