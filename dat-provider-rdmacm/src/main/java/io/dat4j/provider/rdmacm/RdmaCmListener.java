package io.dat4j.provider.rdmacm;

import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.CmEvent;
import io.dat4j.provider.rdmacm.ffi.CmEventType;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.ServicePointUpcalls;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Logger;

/**
 * A listening identifier behind a PSP or RSP (openib_cma: {@code dapls_ib_setup_conn_listener}): created on the IA's
 * event channel, bound to the IA address and the qualifier's port, listening. Each CONNECT_REQUEST becomes a
 * {@link RdmaCmRequest} handed to the service point; one the service point refuses is rejected as a non-peer.
 *
 * <p>Threads and locks: requests arrive on the CM thread, which calls up into the service point holding no lock;
 * {@code close} may come from any thread (an atomic flag makes it idempotent). See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class RdmaCmListener implements ListenerTransport {

    private static final Logger LOG = Logging.logger(RdmaCmListener.class);

    private final RdmaCmTransport transport;
    private final ServicePointUpcalls servicePoint;
    private final MemorySegment id;
    private final long qualifier;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Listens.
     *
     * @param transport the IA transport
     * @param qualifier the qualifier, or -1 for "any" (the kernel picks the port, which becomes the qualifier)
     * @param port the port to bind
     * @param servicePoint where requests go
     */
    RdmaCmListener(final RdmaCmTransport transport, final long qualifier, final int port,
            final ServicePointUpcalls servicePoint) {
        this.transport = transport;
        this.servicePoint = servicePoint;
        this.id = transport.cm().createId(this::onEvent);
        try {
            CmCalls.bindAddr(id, new InetSocketAddress(transport.address(), port));
            CmCalls.listen(id, 0);
        } catch (final RuntimeException e) {
            transport.cm().destroyId(id);
            throw e;
        }
        this.qualifier = qualifier < 0 ? CmCalls.sourcePort(id) : qualifier;
    }

    @Override
    public long connectionQualifier() {
        return qualifier;
    }

    private void onEvent(final CmEvent e) {
        if (e.type() != CmEventType.CONNECT_REQUEST) {
            LOG.debug("listener {}: {} ignored", qualifier, e.type());
            return;
        }
        final MemorySegment newId = MemorySegment.ofAddress(e.id());
        if (closed.get()) {
            refuse(newId);
            return;
        }
        final RdmaCmRequest request = new RdmaCmRequest(transport, newId, e.connection());
        transport.cm().register(e.id(), request::onEvent);
        final byte[] pdata = PrivateData.unframe(e.connection().privateData());
        // the event shows the requester's values from our side: its initiator depth is our responder resources
        final boolean taken = servicePoint.connectionRequested(request, CmCalls.idPeerAddress(newId),
                pdata, e.connection().initiatorDepth(),
                e.connection().responderResources());
        if (!taken) {
            request.refuse();
        }
    }

    private void refuse(final MemorySegment newId) {
        try {
            CmCalls.reject(newId, null);
        } finally {
            CmCalls.destroyId(newId);
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            transport.cm().destroyId(id);
        }
    }
}
