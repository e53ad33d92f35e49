package io.dat4j.kit.internal;

import io.dat4j.Capability;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.HandleType;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusSubtype;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.RequestTransport;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The kit's public service point ({@code DAT_PSP_HANDLE}). A PSP with the PROVIDER flag creates an EP for each request;
 * at most {@code dat4j.kit.providerEndpointsPending} of them (default 64; {@link io.dat4j.kit.KitSettings}) may wait for
 * the consumer's accept or reject at once, and at most half of the IA's {@code max_eps} over every PSP
 * ({@link KitInterfaceAdapter#admitProviderEndpoint}); a request beyond either bound is refused (NON_PEER_REJECTED at
 * the requester) and the refusal logged, rate-limited. Remote requests therefore never use up the EPs the consumer
 * creates itself. Thread safe; see {@link KitServicePoint}.
 */
final class KitPublicServicePoint extends KitServicePoint implements PublicServicePoint {

    private final ServicePointFlag flag;
    private final int pendingBound;
    /** Provider-created EPs of this PSP whose request is not yet accepted, rejected or destroyed. */
    private final AtomicInteger pending = new AtomicInteger();

    KitPublicServicePoint(final KitInterfaceAdapter ia, final KitEventDispatcher evd, final ServicePointFlag flag) {
        super(ia, evd);
        this.flag = flag;
        this.pendingBound = ia.config().settings().providerEndpointsPending();
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
            if (pending.incrementAndGet() > pendingBound) {
                pending.decrementAndGet();
                faults.warn("request from " + remoteAddress + " refused (NON_PEER_REJECTED): " + pendingBound
                        + " provider-created EPs of this PSP already wait for accept or reject ("
                        + io.dat4j.kit.KitSettings.PROVIDER_ENDPOINTS_PENDING + ")");
                return false;
            }
            if (!ia.admitProviderEndpoint()) {
                pending.decrementAndGet();
                faults.warn("request from " + remoteAddress + " refused (NON_PEER_REJECTED): half of the IA's"
                        + " max_eps are provider-created EPs waiting for accept or reject");
                return false;
            }
            try {
                ep = ia.createProviderEndpoint(evd);
            } catch (final RuntimeException e) {
                providerRequestSettled();
                // caused by the request, not a defect: the reason, no stack trace
                faults.warn("request from " + remoteAddress + " refused (NON_PEER_REJECTED): cannot create its"
                        + " provider EP: " + e.getMessage());
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

    /** The request of a provider-created EP of this PSP was accepted, rejected or destroyed. */
    void providerRequestSettled() {
        pending.decrementAndGet();
        ia.providerEndpointSettled();
    }

    @Override
    void closed() {
        // requests already delivered stay valid
    }

    /**
     * Creates a PSP ({@code dat_psp_create}, {@code dat_psp_create_any}) for its IA, inside the IA's count of
     * creations; the CR EVD is retained before the transport listens.
     */
    static PublicServicePoint create(final KitInterfaceAdapter ia, final long qual, final EventDispatcher crEvd,
            final ServicePointFlag flag, final boolean any) {
        if (crEvd == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_CR, "CR EVD is null");
        }
        final KitEventDispatcher evd = ia.handles().checkEvd(crEvd, StatusSubtype.INVALID_HANDLE_EVD_CR,
                EventStream.CR, 3);
        if (flag == null) {
            throw Checks.invalidArg(4, "PSP flag is null");
        }
        if (flag == ServicePointFlag.PROVIDER && !ia.supports(Capability.PROVIDER_CREATED_ENDPOINTS)) {
            throw Checks.notImplemented("DAT_PSP_PROVIDER_FLAG (provider-created EPs)");
        }
        KitChildren.retained(evd, StatusSubtype.INVALID_HANDLE_EVD_CR, 3);
        final KitPublicServicePoint psp = new KitPublicServicePoint(ia, evd, flag);
        try {
            KitLock.assertNoneHeld("Transport.listen");
            psp.listener(any ? ia.transport().listenAny(psp.upcalls())
                    : ia.transport().listen(qual, psp.upcalls()));
        } catch (final RuntimeException e) {
            evd.release();
            throw e;
        }
        ia.addChild(psp);
        return psp;
    }
}
