package io.dat4j.kit.internal;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.SharedReceiveTransport;
import io.dat4j.kit.internal.EndpointStateMachine.Trigger;
import java.net.InetSocketAddress;

/**
 * What the transport reports to its EP ({@link EndpointUpcalls}): the transport triggers of the EP's state machine and
 * the completions of its operations. A separate object from the consumer's {@link Endpoint} handle, so that the handle
 * cannot be cast to it.
 *
 * <p>Thread safety: connection upcalls ({@link #established}, {@link #connectionFailed}, {@link #disconnected},
 * {@link #broken}, {@link #flush}) take the EP's lock ({@link LockRank#ENDPOINT}), so a transport makes them holding
 * none of its own locks; data upcalls ({@link #complete}, {@link #takeSharedReceive()}, {@link #hasSharedReceive})
 * take only locks ranked below every transport lock. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class KitEndpointUpcalls implements EndpointUpcalls {

    private final KitEndpoint ep;

    KitEndpointUpcalls(final KitEndpoint ep) {
        this.ep = ep;
    }

    /** {@return the kit's EP} */
    KitEndpoint ep() {
        return ep;
    }

    @Override
    public Endpoint endpoint() {
        return ep;
    }

    @Override
    public EndpointAttributes attributes() {
        return ep.inForce();
    }

    @Override
    public EndpointState state() {
        return ep.stateMachine().state();
    }

    @Override
    public Object protectionZoneRegistration() {
        return ep.pz().registration();
    }

    @Override
    public EventSink recvSink() {
        final KitEventDispatcher evd = ep.recvEvd();
        return evd == null ? null : evd.sink();
    }

    @Override
    public EventSink requestSink() {
        final KitEventDispatcher evd = ep.requestEvd();
        return evd == null ? null : evd.sink();
    }

    @Override
    public boolean isClosed() {
        return ep.isClosed();
    }

    // ------------------------------------------------------------------ connection upcalls (the EP's lock)

    @Override
    public boolean established(final byte[] privateData, final int rdmaReadIn, final int rdmaReadOut,
            final InetSocketAddress local, final InetSocketAddress remote) {
        if (ep.isClosed()) {
            return false;
        }
        ep.lock.lock();
        try {
            if (!ep.establishedLocked(rdmaReadIn, rdmaReadOut, local, remote)) {
                return false;
            }
            ep.postConnectionEvent(EventNumber.CONNECTION_EVENT_ESTABLISHED, privateData);
            return true;
        } finally {
            ep.lock.unlock();
        }
    }

    @Override
    public boolean connectionFailed(final EventNumber number, final byte[] privateData) {
        if (number == null || !number.isConnectionEvent() || number == EventNumber.CONNECTION_EVENT_ESTABLISHED
                || number == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || number == EventNumber.CONNECTION_EVENT_BROKEN) {
            throw new IllegalArgumentException("not an establishment failure: " + number);
        }
        final Trigger t = number == EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR ? Trigger.ACCEPT_FAILED
                : Trigger.CONNECTION_FAILED;
        return transportEvent(t, number, number == EventNumber.CONNECTION_EVENT_PEER_REJECTED ? privateData : null);
    }

    @Override
    public boolean disconnected() {
        return transportEvent(Trigger.DISCONNECTED, EventNumber.CONNECTION_EVENT_DISCONNECTED, null);
    }

    @Override
    public boolean broken(final String reason) {
        final boolean applied = transportEvent(Trigger.BROKEN, EventNumber.CONNECTION_EVENT_BROKEN, null);
        if (applied) {
            KitInterfaceAdapter.LOG.debug("connection of {} broke: {}", ep, reason);
        }
        return applied;
    }

    /** Fires a transport trigger and posts its event, under the EP's lock; false if it did not apply. */
    private boolean transportEvent(final Trigger t, final EventNumber n, final byte[] privateData) {
        if (ep.isClosed()) {
            return false;
        }
        ep.lock.lock();
        try {
            if (ep.stateMachine().tryFire(t) == null) {
                return false;
            }
            if (t == Trigger.DISCONNECTED || t == Trigger.BROKEN) {
                ep.postEnd(n);
            } else {
                ep.postConnectionEvent(n, privateData);
            }
            return true;
        } finally {
            ep.lock.unlock();
        }
    }

    /**
     * {@inheritDoc} Under the EP's lock, so that no post is between reserving a descriptor and handing it to the
     * transport meanwhile.
     */
    @Override
    public void flush() {
        ep.lock.lock();
        try {
            flushAll();
        } finally {
            ep.lock.unlock();
        }
    }

    /** Completes every outstanding operation FLUSHED (the EP's lock held, or the EP closed). */
    void flushAll() {
        ep.recvQueue().flush();
        ep.requestQueue().flush();
    }

    // ------------------------------------------------------------------ data upcalls (queue and SRQ locks only)

    @Override
    public void complete(final PostedOperation operation, final DtoStatus status, final long transferredLength) {
        if (!(operation instanceof KitOperation op) || op.endpoint() != this) {
            throw new IllegalArgumentException(operation + " was not posted on " + ep);
        }
        (op.kind() == DtoOperation.RECEIVE ? ep.recvQueue() : ep.requestQueue()).complete(op, status,
                transferredLength);
    }

    @Override
    public PostedOperation takeSharedReceive() {
        final KitSharedReceiveQueue s = ep.srq();
        if (s == null || ep.isClosed()) {
            return null;
        }
        final OperationQueue q = ep.recvQueue();
        q.lock.lock();
        try {
            while (true) {
                if (q.outstandingLocked() == q.capacity()) {
                    return null;
                }
                final KitSharedReceiveBuffer e = s.take();
                if (e == null) {
                    return null;
                }
                final KitOperation op = receiveOf(q, e);
                if (op != null) {
                    return op;
                }
            }
        } finally {
            q.lock.unlock();
        }
    }

    @Override
    public PostedOperation takeSharedReceive(final long sequence) {
        final KitSharedReceiveQueue s = ep.srq();
        if (s == null || ep.isClosed()) {
            return null;
        }
        final OperationQueue q = ep.recvQueue();
        q.lock.lock();
        try {
            KitSharedReceiveBuffer failed;
            while (q.outstandingLocked() < q.capacity() && (failed = s.takeFailedBefore(sequence)) != null) {
                receiveOf(q, failed);
            }
            if (q.outstandingLocked() == q.capacity()) {
                KitInterfaceAdapter.LOG.warn("SRQ receive {} of {}: the EP's receive queue is full", sequence, ep);
                return null;
            }
            final KitSharedReceiveBuffer e = s.take(sequence);
            return e == null ? null : receiveOf(q, e);
        } finally {
            q.lock.unlock();
        }
    }

    /**
     * Makes an SRQ buffer a RECEIVE of this EP (under the receive queue's lock, with room in it); one that failed the
     * local checks, or whose LMR was freed since, completes with LOCAL_PROTECTION at once.
     *
     * @return the operation, or null when it completed already
     */
    private static KitOperation receiveOf(final OperationQueue q, final KitSharedReceiveBuffer e) {
        final KitOperation op = q.reserve(DtoOperation.RECEIVE, e.cookie(), e.flags());
        DtoStatus local = e.localError();
        for (int i = 0; local == null && i < e.segmentCount(); i++) {
            if (e.region(i).isFreed()) {
                local = DtoStatus.LOCAL_PROTECTION;
            } else {
                op.addSegment(e.region(i), e.offset(i), e.length(i));
            }
        }
        q.commit();
        if (local == null) {
            return op;
        }
        q.complete(op, local, 0);
        return null;
    }

    @Override
    public SharedReceiveTransport sharedReceiveTransport() {
        final KitSharedReceiveQueue s = ep.srq();
        return s == null ? null : s.transport();
    }

    @Override
    public boolean hasSharedReceive() {
        final KitSharedReceiveQueue s = ep.srq();
        return s != null && !ep.isClosed() && s.hasPosted();
    }

    @Override
    public String toString() {
        return "upcalls of " + ep;
    }
}
