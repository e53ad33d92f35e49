package io.dat4j.kit.internal;

import io.dat4j.HandleType;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusSubtype;
import io.dat4j.kit.RequestTransport;
import java.net.InetSocketAddress;

/** The kit's public service point ({@code DAT_PSP_HANDLE}). Thread safe; see {@link KitServicePoint}. */
final class KitPublicServicePoint extends KitServicePoint implements PublicServicePoint {

    private final ServicePointFlag flag;

    KitPublicServicePoint(final KitInterfaceAdapter ia, final KitEventDispatcher evd, final ServicePointFlag flag) {
        super(ia, evd);
        this.flag = flag;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.INVALID_HANDLE_PSP;
    }

    @Override
    public HandleType handleType() {
        return HandleType.PSP;
    }

    @Override
    public ServicePointFlag flag() {
        checkOpen();
        return flag;
    }

    /** {@return the flag, without the open check} */
    ServicePointFlag flagValue() {
        return flag;
    }

    @Override
    boolean connectionRequested(final RequestTransport request, final InetSocketAddress remoteAddress,
            final byte[] privateData, final int requestedRdmaReadIn, final int requestedRdmaReadOut) {
        if (isClosed() || ia.isClosing()) {
            return false;
        }
        KitEndpoint ep = null;
        if (flag == ServicePointFlag.PROVIDER) {
            try {
                ep = ia.createProviderEndpoint(evd);
            } catch (final RuntimeException e) {
                KitInterfaceAdapter.LOG.warn("PSP {}: cannot create the provider EP of a request", this, e);
                return false;
            }
        }
        final boolean ok = deliver(request, remoteAddress, privateData, requestedRdmaReadIn, requestedRdmaReadOut,
                ep);
        if (!ok && ep != null) {
            ep.forceClose();
        }
        return ok;
    }

    @Override
    void closed() {
        // requests already delivered stay valid
    }
}
