package io.dat4j.kit.internal;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;
import io.dat4j.ConnectFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointParameters;
import io.dat4j.EndpointState;
import io.dat4j.EndpointStatus;
import io.dat4j.EventNumber;
import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.ProtectionZone;
import io.dat4j.Qos;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.ConnectionUpcalls;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.internal.EndpointStateMachine.Trigger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;

/**
 * The kit's endpoint ({@code DAT_EP_HANDLE}): argument and state checks of the EP's calls, its state, attributes
 * and connection management, and the two operation queues; the data path (posting) is {@link EndpointPosting}. The
 * transport half is an {@link EndpointTransport}; what the transport reports comes in through
 * {@link KitEndpointUpcalls}, a separate object so that the consumer's handle cannot be cast to it.
 *
 * <p>Thread safety: one lock per EP, {@link #lock} ({@link LockRank#ENDPOINT}): it guards the state machine, the
 * attributes, the PZ and the posting side of both queues, and is held across every transport hook but
 * {@code close}. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class KitEndpoint extends KitHandle implements Endpoint {

    private static final Set<EndpointState> NEEDS_DISCONNECT = EnumSet.of(EndpointState.CONNECTED,
            EndpointState.DISCONNECT_PENDING, EndpointState.ACTIVE_CONNECTION_PENDING,
            EndpointState.COMPLETION_PENDING);

    /** The EP's one lock. */
    final KitLock lock = new KitLock(LockRank.ENDPOINT, this);
    /** Signalled under {@link #lock} when the connection has ended ({@link #postEnd}). */
    private final Condition ended = lock.newCondition();
    private final KitInterfaceAdapter ia;
    private volatile KitProtectionZone pz;
    private final KitEventDispatcher recvEvd;
    private final KitEventDispatcher requestEvd;
    private final KitEventDispatcher connectEvd;
    private final boolean providerCreated;
    private final EndpointStateMachine sm;
    private final KitEndpointUpcalls upcalls;
    /** The data path: {@code post*} and {@code tryPost*}. */
    private final EndpointPosting posting;
    private volatile EndpointAttributes requested;
    private volatile EndpointAttributes resolved;
    private volatile EndpointAttributes inForce;
    private final OperationQueue recvQueue;
    private final KitSharedReceiveQueue srq;
    private final OperationQueue requestQueue;
    private volatile EndpointTransport transport;
    /** The connection begun by the last connect or accept, until the EP is reset after it; under {@link #lock}. */
    private KitConnection connection;
    private volatile KitReservedServicePoint reservedBy;
    private volatile InetSocketAddress localAddress;
    private volatile InetSocketAddress remoteAddress;
    private volatile long remoteQualifier;

    KitEndpoint(final KitInterfaceAdapter ia, final KitProtectionZone pz, final KitEventDispatcher recvEvd,
            final KitEventDispatcher requestEvd, final KitEventDispatcher connectEvd, final EndpointAttributes given,
            final EndpointAttributes resolved, final boolean providerCreated, final KitSharedReceiveQueue srq) {
        this.ia = ia;
        this.sm = new EndpointStateMachine(lock, ia.gate);
        this.srq = srq;
        this.pz = pz;
        this.recvEvd = recvEvd;
        this.requestEvd = requestEvd;
        this.connectEvd = connectEvd;
        this.requested = given;
        this.resolved = resolved;
        this.inForce = resolved;
        this.providerCreated = providerCreated;
        this.upcalls = new KitEndpointUpcalls(this);
        this.posting = new EndpointPosting(this, ia);
        this.recvQueue = srq == null
                ? new OperationQueue(this, true, resolved.maxRecvDtos(), resolved.maxRecvIov(), recvEvd)
                : new OperationQueue(this, true, Math.max(resolved.maxRecvDtos(), srq.capacity()),
                        Math.max(resolved.maxRecvIov(), srq.query().maxRecvIov()), null); // SRQ takes: own lock
        this.requestQueue = new OperationQueue(this, false, resolved.maxRequestDtos(),
                Math.max(resolved.maxRequestIov(), Math.max(resolved.maxRdmaReadIov(), resolved.maxRdmaWriteIov())),
                requestEvd);
    }

    void transport(final EndpointTransport value) {
        transport = value;
    }

    EndpointTransport transport() {
        return transport;
    }

    KitEndpointUpcalls upcalls() {
        return upcalls;
    }

    /** Begins a connection for a connect or accept hook; caller holds the lock. */
    private KitConnection beginConnection() {
        leaveConnection();
        connection = new KitConnection(this);
        return connection;
    }

    /** The kit ended the current connection itself: its transitions are ignored from now on; caller holds the lock. */
    private void endConnection() {
        if (connection != null) {
            connection.advance(KitConnection.ENDED);
        }
    }

    /** The EP leaves its connection (reset, a hook that threw, free): ignored altogether; caller holds the lock. */
    private void leaveConnection() {
        if (connection != null) {
            connection.advance(KitConnection.GONE);
            connection = null;
        }
    }

    EndpointStateMachine stateMachine() {
        return sm;
    }

    OperationQueue recvQueue() {
        return recvQueue;
    }

    OperationQueue requestQueue() {
        return requestQueue;
    }

    KitSharedReceiveQueue srq() {
        return srq;
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

    EndpointAttributes inForce() {
        return inForce;
    }

    boolean isProviderCreated() {
        return providerCreated;
    }

    void reservedBy(final KitReservedServicePoint rsp) {
        reservedBy = rsp;
    }

    /**
     * Fires a consumer trigger under the EP's lock.
     *
     * @return the state before
     * @throws DatException INVALID_STATE when it is not allowed now
     */
    EndpointState fire(final Trigger t) {
        lock.lock();
        try {
            return sm.fire(t);
        } finally {
            lock.unlock();
        }
    }

    /** Fires a kit or transport trigger under the EP's lock; {@return the state before, or null if it did not apply} */
    EndpointState tryFire(final Trigger t) {
        lock.lock();
        try {
            return sm.tryFire(t);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The transport reports the connection up (under the EP's lock): records the negotiated depths and addresses.
     *
     * @return false if the EP no longer waits for it
     */
    boolean establishedLocked(final int rdmaReadIn, final int rdmaReadOut, final InetSocketAddress local,
            final InetSocketAddress remote) {
        if (sm.tryFire(Trigger.ESTABLISHED) == null) {
            return false;
        }
        inForce = resolved.toBuilder().maxRdmaReadIn(rdmaReadIn).maxRdmaReadOut(rdmaReadOut).build();
        localAddress = local;
        remoteAddress = remote;
        if (remoteQualifier == 0 && remote != null) {
            // passive side: the requester's port, as the CR's remote port qualifier and C uDAPL's cma provider
            remoteQualifier = remote.getPort();
        }
        return true;
    }

    /** Posts a connection event to the connect EVD (EP lock held or not; the EVD's lock ranks below). */
    void postConnectionEvent(final EventNumber n, final byte[] privateData) {
        final KitEventDispatcher evd = connectEvd;
        if (evd != null) {
            evd.post(new ConnectionEvent(n, evd, this, privateData));
        }
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
    public EndpointParameters query() {
        checkOpen();
        return new EndpointParameters(ia, sm.state(), localAddress, localAddress == null ? 0 : localAddress.getPort(),
                remoteAddress, remoteQualifier, pz, recvEvd, requestEvd, connectEvd, srq, inForce);
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
        lock.lock();
        try {
            checkOpen();
            sm.fire(Trigger.MODIFY);
            if (!recvQueue.resize(r.maxRecvDtos(), r.maxRecvIov())
                    || !requestQueue.resize(r.maxRequestDtos(), Math.max(r.maxRequestIov(),
                    Math.max(r.maxRdmaReadIov(), r.maxRdmaWriteIov())))) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_EP_UNCONNECTED,
                        "operations are posted; the queue sizes can change only on an idle EP");
            }
            requested = attributes;
            resolved = r;
            inForce = r;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void modifyProtectionZone(final ProtectionZone protectionZone) {
        checkOpen();
        final KitProtectionZone next = ia.handles().checkPz(protectionZone, 3);
        lock.lock();
        try {
            checkOpen();
            final EndpointState s = sm.fire(Trigger.MODIFY_PZ);
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
            if (!next.tryRetain()) {
                throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_PZ, "PZ (argument 3) was freed meanwhile");
            }
            pz = next;
            previous.release();
        } finally {
            lock.unlock();
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
        lock.lock();
        try {
            checkOpen();
            sm.fire(Trigger.CONNECT);
            remoteQualifier = remoteConnectionQualifier;
            final EndpointAttributes a = inForce;
            try {
                transport.connect(beginConnection(), remote, remoteConnectionQualifier, nanos, pdata,
                        a.maxRdmaReadIn(), a.maxRdmaReadOut());
            } catch (final RuntimeException e) {
                leaveConnection();
                sm.tryFire(Trigger.CONNECT_UNWOUND);
                throw e;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void dupConnect(final Endpoint connected, final Duration timeout, final byte[] privateData) {
        checkOpen();
        if (!ia.has(Capability.DUP_CONNECT)) {
            throw Checks.notImplemented("dat_ep_dup_connect");
        }
        final KitEndpoint other = ia.handles().checkEndpoint(connected, 2);
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
        final boolean explicitIn = !EndpointAttributeRules.unset(given.maxRdmaReadIn());
        final boolean explicitOut = !EndpointAttributeRules.unset(given.maxRdmaReadOut());
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

    /**
     * Accepts a request on this EP ({@code dat_cr_accept}'s EP part): moves it to COMPLETION_PENDING and calls the
     * transport, under the EP's lock; unwinds the state when the transport throws.
     *
     * @param trigger ACCEPT_CONSUMER_ENDPOINT or ACCEPT_BOUND_ENDPOINT
     * @param call the transport's accept, given the negotiated depths
     */
    void accept(final Trigger trigger, final int[] depths, final AcceptCall call) {
        lock.lock();
        try {
            if (isClosed()) {
                throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP, "the EP was freed");
            }
            sm.fire(trigger);
            inForce = resolved.toBuilder().maxRdmaReadIn(depths[0]).maxRdmaReadOut(depths[1]).build();
            try {
                call.accept(transport, beginConnection(), depths[0], depths[1]);
            } catch (final RuntimeException e) {
                // unwind: the EP goes back to where it was (the CR stays pending)
                leaveConnection();
                sm.tryFire(Trigger.ACCEPT_UNWOUND);
                inForce = resolved;
                throw e;
            }
        } finally {
            lock.unlock();
        }
    }

    /** The transport half of an accept. */
    @FunctionalInterface
    interface AcceptCall {
        /**
         * Calls the transport's accept hook.
         *
         * @param t the EP's transport
         * @param connection the connection the accept begins
         * @param in the negotiated responder resources
         * @param out the negotiated initiator depth
         */
        void accept(EndpointTransport t, ConnectionUpcalls connection, int in, int out);
    }

    @Override
    public void disconnect(final CloseMode mode) {
        checkOpen();
        if (mode == null) {
            throw Checks.invalidArg(2, "close mode is null");
        }
        lock.lock();
        try {
            checkOpen();
            final EndpointState s = sm.state();
            if (s == EndpointState.DISCONNECT_PENDING && mode == CloseMode.GRACEFUL) {
                throw EndpointStateMachine.invalidState(Trigger.DISCONNECT, s);
            }
            switch (sm.fire(Trigger.DISCONNECT)) {
                case ACTIVE_CONNECTION_PENDING, COMPLETION_PENDING -> {
                    endConnection();
                    callDisconnect(CloseMode.ABRUPT);
                    postConnectionEvent(EventNumber.CONNECTION_EVENT_DISCONNECTED, null);
                }
                case CONNECTED -> {
                    callDisconnect(mode);
                    if (mode == CloseMode.ABRUPT) {
                        awaitDisconnected();
                    }
                }
                case DISCONNECT_PENDING -> {
                    callDisconnect(CloseMode.ABRUPT);
                    awaitDisconnected();
                }
                default -> {
                    // DISCONNECTED: nothing to do
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * ABRUPT returns once the EP is DISCONNECTED, as libdapl's openib_cma (which waits up to 250 ms, then forces
     * it): waits on {@link #ended}, which releases the EP's lock so that the transport's upcall can take it, at most
     * {@link io.dat4j.kit.KitSettings#abruptDisconnectMillis()}; then makes the EP DISCONNECTED itself if the
     * transport has not. The caller holds the lock.
     */
    private void awaitDisconnected() {
        ia.gate.releaseForWait(); // the transport's end of the connection comes from its own thread
        long left = TimeUnit.MILLISECONDS.toNanos(ia.config().settings().abruptDisconnectMillis());
        try {
            while (sm.state() == EndpointState.DISCONNECT_PENDING && left > 0 && !isClosed()) {
                left = ended.awaitNanos(left);
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!isClosed() && sm.tryFire(Trigger.DISCONNECTED) != null) {
            endConnection();
            postEnd(EventNumber.CONNECTION_EVENT_DISCONNECTED);
        }
    }

    /**
     * Posts the end of the connection (DISCONNECTED or BROKEN) and, for an EP of an SRQ, its EP_BROKEN on the async
     * EVD, one EP after another ({@link KitSharedReceiveQueue#endLock}); then wakes an ABRUPT disconnect waiting in
     * {@link #awaitDisconnected}. The caller holds the EP's lock.
     *
     * @param n the event
     */
    void postEnd(final EventNumber n) {
        if (srq == null) {
            postConnectionEvent(n, null);
        } else {
            srq.endLock.lock();
            try {
                postConnectionEvent(n, null);
                srq.lastReceiveTaken(this);
            } finally {
                srq.endLock.unlock();
            }
        }
        ended.signalAll();
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
        lock.lock();
        try {
            checkOpen();
            if (sm.fire(Trigger.RESET) == EndpointState.DISCONNECTED) {
                localAddress = null;
                remoteAddress = null;
                remoteQualifier = 0;
                inForce = resolved;
                try {
                    transport.reset();
                } finally {
                    leaveConnection(); // after the hook: it may still flush what the connection left
                }
            }
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ data transfer (EndpointPosting)

    @Override
    public void postRecv(final List<LocalMemoryTriplet> segments, final long cookie, final Set<CompletionFlag> flags) {
        posting.postRecv(segments, cookie, flags, false);
    }

    @Override
    public boolean tryPostRecv(final List<LocalMemoryTriplet> segments, final long cookie,
            final Set<CompletionFlag> flags) {
        return posting.postRecv(segments, cookie, flags, true);
    }

    @Override
    public void postSend(final List<LocalMemoryTriplet> segments, final long cookie, final Set<CompletionFlag> flags) {
        posting.postSend(segments, cookie, flags, false);
    }

    @Override
    public boolean tryPostSend(final List<LocalMemoryTriplet> segments, final long cookie,
            final Set<CompletionFlag> flags) {
        return posting.postSend(segments, cookie, flags, true);
    }

    @Override
    public void postRdmaRead(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        posting.postRdmaRead(segments, cookie, remote, flags, false);
    }

    @Override
    public boolean tryPostRdmaRead(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        return posting.postRdmaRead(segments, cookie, remote, flags, true);
    }

    @Override
    public void postRdmaWrite(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        posting.postRdmaWrite(segments, cookie, remote, flags, false);
    }

    @Override
    public void postRdmaWriteImmediate(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final int immediateData, final Set<CompletionFlag> flags) {
        PostChecks.postRdmaWriteImmediate(this, segments, cookie, remote, immediateData, flags);
    }

    @Override
    public void postFetchAndAdd(final long addValue, final LocalMemoryTriplet local, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        PostChecks.postAtomic(this, DtoOperation.FETCH_AND_ADD, addValue, 0, local, cookie, remote, flags);
    }

    @Override
    public void postCompareAndSwap(final long compareValue, final long swapValue, final LocalMemoryTriplet local,
            final long cookie, final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        PostChecks.postAtomic(this, DtoOperation.COMPARE_AND_SWAP, compareValue, swapValue, local, cookie,
                remote, flags);
    }

    /** Posts an IB extension request checked by {@link PostChecks} ({@link EndpointPosting#postExtension}). */
    void postExtension(final DtoOperation kind, final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags, final long operand, final long swap) {
        posting.postExtension(kind, segments, cookie, remote, flags, operand, swap);
    }

    @Override
    public boolean tryPostRdmaWrite(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        return posting.postRdmaWrite(segments, cookie, remote, flags, true);
    }

    /** Tells the transport that the EP's SRQ got a buffer (it may be holding a message for want of one). */
    void sharedReceivePosted() {
        posting.sharedReceivePosted();
    }

    // ------------------------------------------------------------------ free

    @Override
    public void close() {
        lock.lock();
        try {
            if (isClosed()) {
                return;
            }
            final EndpointState s = sm.state();
            if (!EndpointStateMachine.applies(Trigger.FREE, s)) {
                throw EndpointStateMachine.invalidState(Trigger.FREE, s);
            }
        } finally {
            lock.unlock();
        }
        forceClose();
    }

    /**
     * Frees the EP: under its lock, marks it closed (no post or hook starts after) and disconnects it abruptly if
     * needed; then, with no lock held, closes the transport half and flushes what is left.
     */
    @Override
    void forceClose() {
        final EndpointState before;
        lock.lock();
        try {
            if (!markClosed()) {
                return;
            }
            before = sm.tryFire(Trigger.FORCED_FREE);
            leaveConnection();
            if (transport != null && NEEDS_DISCONNECT.contains(before)) {
                callDisconnect(CloseMode.ABRUPT);
            }
        } finally {
            lock.unlock();
        }
        final EndpointTransport t = transport;
        if (t != null) {
            KitLock.assertNoneHeld("EndpointTransport.close");
            try {
                t.close();
            } catch (final RuntimeException e) {
                KitInterfaceAdapter.LOG.warn("transport close of {} failed", this, e);
            }
        }
        upcalls.flushAll();
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
