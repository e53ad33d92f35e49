package io.dat4j;

import java.net.InetSocketAddress;

/**
 * What {@code dat_cr_query} returns ({@code DAT_CR_PARAM}), plus the RDMA read depths the requester asked for.
 *
 * @param remoteAddress the requester's address and port, {@code remote_ia_address_ptr}
 * @param remotePortQualifier the requester's port qualifier
 * @param privateData the requester's private data, never null
 * @param servicePoint the service point it arrived at
 * @param connectionQualifier the qualifier it arrived at
 * @param endpoint the EP the request names (RSP or provider-created), or null
 * @param requestedRdmaReadIn the requester's {@code maxRdmaReadIn} (its responder resources)
 * @param requestedRdmaReadOut the requester's {@code maxRdmaReadOut} (its initiator depth)
 */
public record ConnectionRequestParameters(InetSocketAddress remoteAddress, long remotePortQualifier,
        byte[] privateData, ServicePoint servicePoint, long connectionQualifier, Endpoint endpoint,
        int requestedRdmaReadIn, int requestedRdmaReadOut) {

    /**
     * Copies the private data.
     *
     * @param remoteAddress requester address
     * @param remotePortQualifier requester port
     * @param privateData private data, or null
     * @param servicePoint the SP
     * @param connectionQualifier the qualifier
     * @param endpoint the EP the request names, or null
     * @param requestedRdmaReadIn requester reads in
     * @param requestedRdmaReadOut requester reads out
     */
    public ConnectionRequestParameters {
        privateData = privateData == null ? new byte[0] : privateData.clone();
    }

    /** {@return a copy of the private data} */
    @Override
    public byte[] privateData() {
        return privateData.clone();
    }
}
