package io.dat4j;

import java.net.InetSocketAddress;

/**
 * {@code DAT_CONNECTION_REQUEST_EVENT}: a peer asked to connect to a service point ({@code DAT_CR_ARRIVAL_EVENT_DATA}).
 * Query the request for the peer's address and private data, then accept or reject it.
 *
 * @param dispatcher the CR EVD
 * @param servicePoint the PSP or RSP the request arrived at, {@code sp_handle}
 * @param localAddress the local IA address, {@code local_ia_address_ptr}
 * @param connectionQualifier the qualifier the peer connected to, {@code conn_qual}
 * @param request the pending request, {@code cr_handle}
 * @param truncated true if the private data was truncated, {@code truncate_flag}
 */
public record ConnectionRequestEvent(EventDispatcher dispatcher, ServicePoint servicePoint,
        InetSocketAddress localAddress, long connectionQualifier, ConnectionRequest request, boolean truncated)
        implements Event {

    @Override
    public EventNumber number() {
        return EventNumber.CONNECTION_REQUEST_EVENT;
    }
}
