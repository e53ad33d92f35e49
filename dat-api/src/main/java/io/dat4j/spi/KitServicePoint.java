package io.dat4j.spi;

import io.dat4j.ConnectionRequestEvent;
import io.dat4j.EventDispatcher;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ServicePoint;
import java.net.InetSocketAddress;

/** The common part of the kit's PSP and RSP: the listener, the CR EVD, and posting a request. Thread safe. */
abstract sealed class KitServicePoint extends KitHandle implements ServicePointUpcalls
        permits KitPublicServicePoint, KitReservedServicePoint {

    final KitInterfaceAdapter ia;
    final KitEventDispatcher evd;
    /** The faults remote parties cause through this service point, rate-limited (see {@link RemoteFaultLog}). */
    final RemoteFaultLog faults = new RemoteFaultLog(KitInterfaceAdapter.LOG, this);
    private volatile ListenerTransport listener;
    private volatile long qualifier;

    KitServicePoint(final KitInterfaceAdapter ia, final KitEventDispatcher evd) {
        this.ia = ia;
        this.evd = evd;
    }

    void listener(final ListenerTransport value) {
        listener = value;
        qualifier = value.connectionQualifier();
    }

    final void stopListening() {
        final ListenerTransport l = listener;
        if (l != null) {
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

    @Override
    public final RemoteFaultLog remoteFaults() {
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
