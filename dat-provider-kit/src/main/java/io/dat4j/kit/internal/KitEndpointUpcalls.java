package io.dat4j.kit.internal;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.SharedReceiveTransport;

/**
 * What the transport reports to its EP ({@link EndpointUpcalls}): the completions of its operations, SRQ takes and the
 * queries; the transport triggers of the EP's state machine come through each connection's {@link KitConnection}. A
 * separate object from the consumer's {@link Endpoint} handle, so that the handle cannot be cast to it.
 *
 * <p>Thread safety: data upcalls ({@link #complete}, {@link #takeSharedReceive()}, {@link #hasSharedReceive}) take
 * only locks ranked below every transport lock ({@link LockRank#OPERATION_QUEUE} and after). See "Threading and locks"
 * in {@code docs/provider-kit.md}.
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
    public void completeReceiveImmediate(final PostedOperation receive, final DtoStatus status,
            final long writtenLength, final int immediateData) {
        if (!(receive instanceof KitOperation op) || op.endpoint() != this || op.kind() != DtoOperation.RECEIVE) {
            throw new IllegalArgumentException(receive + " is not a receive posted on " + ep);
        }
        ep.recvQueue().completeImmediate(op, status, writtenLength, immediateData);
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
                if (q.outstanding() == q.capacity()) {
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
            while (q.outstanding() < q.capacity() && (failed = s.takeFailedBefore(sequence)) != null) {
                receiveOf(q, failed);
            }
            if (q.outstanding() == q.capacity()) {
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
