package io.dat4j.kit.internal;

import io.dat4j.Capability;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConnectionRequestParameters;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.HandleType;
import io.dat4j.PrivateData;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.RequestTransport;
import io.dat4j.kit.internal.EndpointStateMachine.Trigger;
import java.net.InetSocketAddress;

/**
 * The kit's pending connection request ({@code DAT_CR_HANDLE}), with libdapl's accept rules
 * ({@code dapl_cr_accept.c}): the three-way EP resolution, the RDMA read depth check, and the CR's death on accept or
 * reject.
 *
 * <p>Thread safety: the first accept or reject that passes its checks claims the CR under its lock
 * ({@link LockRank#REQUEST}); the EP's lock is taken after it is released, never under it. See "Threading and locks"
 * in {@code docs/provider-kit.md}.
 */
final class KitConnectionRequest extends KitHandle implements ConnectionRequest {

    private static final byte[] NONE = new byte[0];

    private final KitInterfaceAdapter ia;
    private volatile KitServicePoint sp;
    private final RequestTransport request;
    private final InetSocketAddress remote;
    private final PrivateData privateData;
    private final int readIn;
    private final int readOut;
    private final KitEndpoint bound;
    private final KitLock lock = new KitLock(LockRank.REQUEST, this);
    private boolean consumed;

    KitConnectionRequest(final KitInterfaceAdapter ia, final KitServicePoint sp, final RequestTransport request,
            final InetSocketAddress remote, final byte[] privateData, final int readIn, final int readOut,
            final KitEndpoint bound) {
        this.ia = ia;
        this.sp = sp;
        this.request = request;
        this.remote = remote;
        this.privateData = PrivateData.of(privateData);
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
        final Trigger op;
        if (endpoint != null && bound != null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP, "this request already names its EP ("
                    + (bound.isProviderCreated() ? "provider-created" : "the RSP's") + "); pass null");
        } else if (endpoint == null && bound == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP,
                    "no EP given and the request names none (PSP with the CONSUMER flag): pass an UNCONNECTED EP");
        } else if (endpoint != null) {
            ep = ia.handles().checkEndpoint(endpoint, 2);
            op = Trigger.ACCEPT_CONSUMER_ENDPOINT;
        } else {
            ep = bound;
            if (ep.isClosed()) {
                throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP, "the request's EP was freed");
            }
            op = Trigger.ACCEPT_BOUND_ENDPOINT;
        }
        if (ep.connectEvd() == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP, "the EP has no connect EVD; for a"
                    + " provider-created EP, give the PSP an EVD that takes EventStream.CONNECTION");
        }
        final int[] depths = ep.negotiateAccept(readIn, readOut);
        claim();
        try {
            ep.accept(op, depths, (t, connection, in, out) -> t.accept(connection, request, pdata, in, out));
        } catch (final RuntimeException e) {
            // the CR stays pending (the EP went back to where it was)
            lock.lock();
            try {
                consumed = false;
            } finally {
                lock.unlock();
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

    /** Claims the CR for an accept or reject: the first one wins. */
    private void claim() {
        lock.lock();
        try {
            checkUnconsumed();
            consumed = true;
        } finally {
            lock.unlock();
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
        lock.lock();
        try {
            checkUnconsumed();
            consumed = true;
            markClosed();
        } finally {
            lock.unlock();
        }
        ia.removeChild(this);
        settled();
        try {
            KitLock.assertNoneHeld("RequestTransport.reject");
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
            bound.tryFire(Trigger.REQUEST_DROPPED);
        }
    }

    /** The event could not be posted: forget the CR (the transport rejects as non-peer). */
    void abandon() {
        lock.lock();
        try {
            consumed = true;
        } finally {
            lock.unlock();
        }
        if (markClosed()) {
            ia.removeChild(this);
            settled();
            if (bound != null && !bound.isProviderCreated()) {
                bound.tryFire(Trigger.REQUEST_DROPPED);
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
        lock.lock();
        try {
            checkUnconsumed();
            before = sp;
            sp = target;
        } finally {
            lock.unlock();
        }
        if (!target.evd.post(new ConnectionRequestEvent(target.evd, target, ia.localAddress(), connectionQualifier, this,
                false))) {
            lock.lock();
            try {
                sp = before;
            } finally {
                lock.unlock();
            }
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null,
                    "the target PSP's EVD is full; the request stays with its service point");
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (isClosed() || consumed) {
                return;
            }
        } finally {
            lock.unlock();
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
