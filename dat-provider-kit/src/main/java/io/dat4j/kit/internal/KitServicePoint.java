package io.dat4j.kit.internal;

import io.dat4j.ConnectionRequestEvent;
import io.dat4j.EventDispatcher;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ServicePoint;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.RemoteFaultLog;
import io.dat4j.kit.RequestTransport;
import io.dat4j.kit.ServicePointUpcalls;
import java.net.InetSocketAddress;

/**
 * The common part of the kit's PSP and RSP: the listener, the CR EVD, and posting a request. What the listener
 * reports comes in through a separate object ({@link #upcalls()}), so that the consumer's handle cannot be cast to
 * {@link ServicePointUpcalls}.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; takes no lock of its own. A request takes the
 * locks of the IA (provider-created EPs), the EP (RSP) and the CR EVD, so the listener reports it holding none of the
 * transport's locks. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
abstract sealed class KitServicePoint extends KitHandle permits KitPublicServicePoint, KitReservedServicePoint {

    final KitInterfaceAdapter ia;
    final KitEventDispatcher evd;
    /** The faults remote parties cause through this service point, rate-limited (see {@link RemoteFaultLog}). */
    final RemoteFaultLog faults;
    private volatile ListenerTransport listener;
    private volatile long qualifier;
    private final ServicePointUpcalls upcalls = new ServicePointUpcalls() {
        @Override
        public boolean connectionRequested(final RequestTransport request, final InetSocketAddress remote,
                final byte[] pdata, final int readIn, final int readOut) {
            return requested(request, remote, pdata, readIn, readOut);
        }

        @Override
        public RemoteFaultLog remoteFaults() {
            return faults;
        }

        @Override
        public String toString() {
            return "upcalls of " + KitServicePoint.this;
        }
    };

    KitServicePoint(final KitInterfaceAdapter ia, final KitEventDispatcher evd) {
        this.ia = ia;
        this.evd = evd;
        this.faults = new RemoteFaultLog(KitInterfaceAdapter.LOG, this, ia.config().settings());
    }

    /** {@return what the listener reports to} */
    final ServicePointUpcalls upcalls() {
        return upcalls;
    }

    private boolean requested(final RequestTransport request, final InetSocketAddress remote, final byte[] pdata,
            final int readIn, final int readOut) {
        KitLock.assertNoneHeld("ServicePointUpcalls.connectionRequested");
        return connectionRequested(request, remote, pdata, readIn, readOut);
    }

    /**
     * A connection request arrived ({@link ServicePointUpcalls#connectionRequested}).
     *
     * @return false if it was refused
     */
    abstract boolean connectionRequested(RequestTransport request, InetSocketAddress remoteAddress,
            byte[] privateData, int requestedRdmaReadIn, int requestedRdmaReadOut);

    void listener(final ListenerTransport value) {
        listener = value;
        qualifier = value.connectionQualifier();
    }

    final void stopListening() {
        final ListenerTransport l = listener;
        if (l != null) {
            KitLock.assertNoneHeld("ListenerTransport.close");
            try {
                l.close();
            } catch (final RuntimeException e) {
                KitInterfaceAdapter.LOG.warn("closing the listener of {} failed", this, e);
            }
        }
    }

    @Override
    KitInterfaceAdapter owner() {
        return ia;
    }

    /** {@return the faults remote parties cause through this service point, rate-limited} */
    final RemoteFaultLog remoteFaults() {
        return faults;
    }

    /** {@return this service point as the API type} */
    final ServicePoint self() {
        return (ServicePoint) this;
    }

    /** {@return the IA} */
    public InterfaceAdapter interfaceAdapter() {
        checkOpen();
        return ia;
    }

    /** {@return the qualifier it listens on} */
    public long connectionQualifier() {
        checkOpen();
        return qualifier;
    }

    /** {@return the CR EVD} */
    public EventDispatcher eventDispatcher() {
        checkOpen();
        return evd;
    }

    /** Creates the CR and posts its event; undoes everything and returns false when the EVD is full. */
    final boolean deliver(final RequestTransport request, final InetSocketAddress remote, final byte[] privateData,
            final int readIn, final int readOut, final KitEndpoint bound) {
        final KitConnectionRequest cr = new KitConnectionRequest(ia, this, request, remote, privateData, readIn,
                readOut, bound);
        ia.addChild(cr);
        final boolean posted = evd.post(new ConnectionRequestEvent(evd, self(), ia.localAddress(), qualifier, cr, false));
        if (!posted) {
            cr.abandon();
        }
        return posted;
    }

    /** Frees the service point ({@code dat_psp_free}, {@code dat_rsp_free}). */
    public final void close() {
        if (!markClosed()) {
            return;
        }
        stopListening();
        closed();
        evd.release();
        ia.removeChild(this);
        faults.close();
    }

    /** {@return the qualifier, without the open check (a delivered request outlives its service point)} */
    final long qualifier() {
        return qualifier;
    }

    @Override
    public String toString() {
        return super.toString() + " on qualifier " + qualifier;
    }

    /** Subclass part of close, after the listener stopped. */
    abstract void closed();

    @Override
    final void forceClose() {
        close();
    }
}
