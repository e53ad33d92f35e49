package io.dat4j.kit.internal;

import io.dat4j.Endpoint;
import io.dat4j.HandleType;
import io.dat4j.ReservedServicePoint;
import io.dat4j.StatusSubtype;
import io.dat4j.kit.RequestTransport;
import io.dat4j.kit.internal.EndpointStateMachine.Trigger;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The kit's reserved service point ({@code DAT_RSP_HANDLE}): one request for its bound EP. Thread safe; see
 * {@link KitServicePoint}.
 */
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
    boolean connectionRequested(final RequestTransport request, final InetSocketAddress remoteAddress,
            final byte[] privateData, final int requestedRdmaReadIn, final int requestedRdmaReadOut) {
        if (isClosed() || ia.isClosing() || !used.compareAndSet(false, true)) {
            return false;
        }
        if (ep.tryFire(Trigger.REQUEST_BOUND) == null) {
            return false;
        }
        stopListening();
        final boolean ok = deliver(request, remoteAddress, privateData, requestedRdmaReadIn, requestedRdmaReadOut,
                ep);
        if (!ok) {
            ep.tryFire(Trigger.REQUEST_DROPPED);
        }
        return ok;
    }

    @Override
    void closed() {
        ep.tryFire(Trigger.UNRESERVE);
        ep.reservedBy(null);
    }
}
