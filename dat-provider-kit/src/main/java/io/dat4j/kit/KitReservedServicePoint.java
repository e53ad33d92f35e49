package io.dat4j.kit;

import io.dat4j.Endpoint;
import io.dat4j.EndpointState;
import io.dat4j.HandleType;
import io.dat4j.ReservedServicePoint;
import io.dat4j.StatusSubtype;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicBoolean;

/** The kit's reserved service point ({@code DAT_RSP_HANDLE}): one request for its bound EP. Thread safe. */
final class KitReservedServicePoint extends KitServicePoint implements ReservedServicePoint {

    private final KitEndpoint ep;
    private final AtomicBoolean used = new AtomicBoolean();

    KitReservedServicePoint(final KitInterfaceAdapter ia, final KitEventDispatcher evd, final KitEndpoint ep) {
        super(ia, evd);
        this.ep = ep;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.INVALID_HANDLE_RSP;
    }

    @Override
    public HandleType handleType() {
        return HandleType.RSP;
    }

    @Override
    public Endpoint endpoint() {
        checkOpen();
        return ep;
    }

    @Override
    public boolean connectionRequested(final RequestTransport request, final InetSocketAddress remoteAddress,
            final byte[] privateData, final int requestedRdmaReadIn, final int requestedRdmaReadOut) {
        if (isClosed() || ia.isClosing() || !used.compareAndSet(false, true)) {
            return false;
        }
        if (!ep.stateMachine().compareAndSet(EndpointState.RESERVED, EndpointState.PASSIVE_CONNECTION_PENDING)) {
            return false;
        }
        stopListening();
        final boolean ok = deliver(request, remoteAddress, privateData, requestedRdmaReadIn, requestedRdmaReadOut,
                ep);
        if (!ok) {
            ep.stateMachine().compareAndSet(EndpointState.PASSIVE_CONNECTION_PENDING, EndpointState.UNCONNECTED);
        }
        return ok;
    }

    @Override
    void closed() {
        ep.stateMachine().compareAndSet(EndpointState.RESERVED, EndpointState.UNCONNECTED);
        ep.reservedBy(null);
    }
}
