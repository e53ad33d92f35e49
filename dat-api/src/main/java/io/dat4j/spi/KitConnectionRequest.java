package io.dat4j.spi;

import io.dat4j.Capability;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConnectionRequestParameters;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.EndpointState;
import io.dat4j.HandleType;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.net.InetSocketAddress;

/**
 * The kit's pending connection request ({@code DAT_CR_HANDLE}), with libdapl's accept rules
 * ({@code dapl_cr_accept.c}): the three-way EP resolution, the RDMA read depth check, and the CR's death on accept or
 * reject. Thread safe: the first accept or reject that passes its checks wins.
 */
final class KitConnectionRequest extends KitHandle implements ConnectionRequest {

    private static final byte[] NONE = new byte[0];

    private final KitInterfaceAdapter ia;
    private volatile KitServicePoint sp;
    private final RequestTransport request;
    private final InetSocketAddress remote;
    private final byte[] privateData;
    private final int readIn;
    private final int readOut;
    private final KitEndpoint bound;
    private boolean consumed;

    KitConnectionRequest(final KitInterfaceAdapter ia, final KitServicePoint sp, final RequestTransport request,
            final InetSocketAddress remote, final byte[] privateData, final int readIn, final int readOut,
            final KitEndpoint bound) {
        this.ia = ia;
        this.sp = sp;
        this.request = request;
        this.remote = remote;
        this.privateData = privateData == null ? NONE : privateData.clone();
        this.readIn = readIn;
        this.readOut = readOut;
        this.bound = bound;
    }

    @Override
    KitInterfaceAdapter owner() {
        return ia;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.INVALID_HANDLE_CR;
    }

    @Override
    public HandleType handleType() {
        return HandleType.CR;
    }

    @Override
    public ConnectionRequestParameters query() {
        checkOpen();
        return new ConnectionRequestParameters(remote, remote == null ? 0 : remote.getPort(), privateData, sp.self(),
                sp.qualifier(), bound, readIn, readOut);
    }

    @Override
    public void accept(final Endpoint endpoint, final byte[] data) {
        checkOpen();
        final byte[] pdata = data == null ? NONE : data.clone();
        final int max = ia.providerLimits().maxAcceptPrivateData();
        if (pdata.length > max) {
            throw Checks.lengthError("accept private data is " + pdata.length + " bytes; this provider carries at most "
                    + max);
        }
        final KitEndpoint ep;
        final EndpointStateMachine.Operation op;
        if (endpoint != null && bound != null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP, "this request already names its EP ("
                    + (bound.isProviderCreated() ? "provider-created" : "the RSP's") + "); pass null");
        } else if (endpoint == null && bound == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP,
                    "no EP given and the request names none (PSP with the CONSUMER flag): pass an UNCONNECTED EP");
        } else if (endpoint != null) {
            ep = ia.checkEndpoint(endpoint, 2);
            op = EndpointStateMachine.Operation.ACCEPT_CONSUMER_ENDPOINT;
        } else {
            ep = bound;
            if (ep.isClosed()) {
                throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP, "the request's EP was freed");
            }
            op = EndpointStateMachine.Operation.ACCEPT_BOUND_ENDPOINT;
        }
        if (ep.connectEvd() == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP, "the EP has no connect EVD; for a"
                    + " provider-created EP, give the PSP an EVD that takes EventStream.CONNECTION");
        }
        final int[] depths = ep.negotiateAccept(readIn, readOut);
        synchronized (this) {
            checkUnconsumed();
            ep.stateMachine().transition(op, EndpointState.COMPLETION_PENDING);
            consumed = true;
        }
        ep.acceptStarted(depths[0], depths[1]);
        try {
            ep.transport().accept(request, pdata, depths[0], depths[1]);
        } catch (final RuntimeException e) {
            // unwind: the CR stays pending and the EP goes back to where it was
            ep.stateMachine().compareAndSet(EndpointState.COMPLETION_PENDING,
                    op == EndpointStateMachine.Operation.ACCEPT_CONSUMER_ENDPOINT ? EndpointState.UNCONNECTED
                            : bound.isProviderCreated() ? EndpointState.TENTATIVE_CONNECTION_PENDING
                                    : EndpointState.PASSIVE_CONNECTION_PENDING);
            ep.acceptUnwound();
            synchronized (this) {
                consumed = false;
            }
            throw e;
        }
        markClosed();
        ia.removeChild(this);
        settled();
    }

    /** The request is accepted, rejected or forgotten: a provider-created EP no longer counts as pending. */
    private void settled() {
        if (bound != null && bound.isProviderCreated() && sp instanceof final KitPublicServicePoint p) {
            p.providerRequestSettled();
        }
    }

    private void checkUnconsumed() {
        checkOpen();
        if (consumed) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_CR, "the request is being accepted or rejected");
        }
    }

    @Override
    public void reject(final byte[] data) {
        checkOpen();
        final byte[] pdata = data == null ? NONE : data.clone();
        if (!ia.has(Capability.REJECT_PRIVATE_DATA) && pdata.length > 0) {
            throw Checks.lengthError("this provider carries no private data with a reject");
        }
        final int max = ia.providerLimits().maxRejectPrivateData();
        if (pdata.length > max) {
            throw Checks.lengthError("reject private data is " + pdata.length + " bytes; this provider carries at most "
                    + max);
        }
        doReject(pdata);
    }

    private void doReject(final byte[] pdata) {
        synchronized (this) {
            checkUnconsumed();
            consumed = true;
            markClosed();
        }
        ia.removeChild(this);
        settled();
        try {
            request.reject(pdata);
        } catch (final RuntimeException e) {
            KitInterfaceAdapter.LOG.warn("rejecting {} failed", this, e);
        }
        unbind();
    }

    private void unbind() {
        if (bound == null) {
            return;
        }
        if (bound.isProviderCreated()) {
            bound.forceClose();
        } else {
            bound.stateMachine().compareAndSet(EndpointState.PASSIVE_CONNECTION_PENDING, EndpointState.UNCONNECTED);
        }
    }

    /** The event could not be posted: forget the CR (the transport rejects as non-peer). */
    void abandon() {
        synchronized (this) {
            consumed = true;
        }
        if (markClosed()) {
            ia.removeChild(this);
            settled();
            if (bound != null && !bound.isProviderCreated()) {
                bound.stateMachine().compareAndSet(EndpointState.PASSIVE_CONNECTION_PENDING,
                        EndpointState.UNCONNECTED);
            }
        }
    }

    @Override
    public void handoff(final long connectionQualifier) {
        checkOpen();
        if (!ia.has(Capability.CR_HANDOFF)) {
            throw Checks.notImplemented("dat_cr_handoff");
        }
        if (bound != null) {
            throw Checks.invalidState(StatusSubtype.NO_SUBTYPE, "the request names its EP (RSP or provider-created);"
                    + " only a request of a CONSUMER PSP can be handed off");
        }
        final KitPublicServicePoint target = ia.findConsumerPsp(connectionQualifier);
        if (target == null) {
            throw Checks.invalidArg(2, "no open PSP with the CONSUMER flag listens on qualifier "
                    + connectionQualifier + " in this IA");
        }
        final KitServicePoint before;
        synchronized (this) {
            checkUnconsumed();
            before = sp;
            sp = target;
        }
        if (!target.evd.post(new ConnectionRequestEvent(target.evd, target, ia.localAddress(), connectionQualifier, this,
                false))) {
            synchronized (this) {
                sp = before;
            }
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null,
                    "the target PSP's EVD is full; the request stays with its service point");
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (isClosed() || consumed) {
                return;
            }
        }
        try {
            doReject(NONE);
        } catch (final io.dat4j.DatException e) {
            // lost a race with accept or reject: nothing left to do
        }
    }

    @Override
    void forceClose() {
        close();
    }
}
