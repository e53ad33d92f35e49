package io.dat4j.provider.rdmacm;

import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.CmEvent;
import io.dat4j.provider.rdmacm.ffi.ConnectionParameters;
import io.dat4j.kit.RequestTransport;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Logger;

/**
 * A pending connection request: the identifier delivered with CONNECT_REQUEST (RA-01: accept is called on it, never
 * on the listener) and a copy of the request's parameters (RA-12: they stay valid after the event is acked).
 *
 * <p>Threads and locks: accepted (by the EP's transport half, under its lock) or rejected (by a consumer thread, with
 * no kit lock held) once: an atomic flag decides which, and nothing else is guarded. See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class RdmaCmRequest implements RequestTransport {

    private static final Logger LOG = Logging.logger(RdmaCmRequest.class);

    private final RdmaCmTransport transport;
    private final MemorySegment id;
    private final ConnectionParameters parameters;
    private final AtomicBoolean done = new AtomicBoolean();
    /** When the CM thread took the CONNECT_REQUEST, {@link System#nanoTime} ({@link ConnectionStepEvent}). */
    private final long arrived = System.nanoTime();

    RdmaCmRequest(final RdmaCmTransport transport, final MemorySegment id, final ConnectionParameters parameters) {
        this.transport = transport;
        this.id = id;
        this.parameters = parameters;
    }

    /** {@return when the request arrived, {@link System#nanoTime}} */
    long arrived() {
        return arrived;
    }

    MemorySegment id() {
        return id;
    }

    ConnectionParameters parameters() {
        return parameters;
    }

    /** Hands the identifier to an EP; the request can no longer be rejected. */
    boolean take() {
        return done.compareAndSet(false, true);
    }

    void onEvent(final CmEvent e) {
        LOG.debug("request id before accept: {} ignored", e.type());
    }

    @Override
    public void reject(final byte[] privateData) {
        ConnectionPolicy.checkReject(privateData);
        if (!done.compareAndSet(false, true)) {
            return;
        }
        try {
            CmCalls.reject(id, RejectData.encode(privateData));
        } finally {
            transport.cm().destroyId(id);
        }
    }

    /** Rejects without private data (the service point refused it: NON_PEER_REJECTED at the requester). */
    void refuse() {
        if (!done.compareAndSet(false, true)) {
            return;
        }
        try {
            CmCalls.reject(id, null);
        } finally {
            transport.cm().destroyId(id);
        }
    }
}
