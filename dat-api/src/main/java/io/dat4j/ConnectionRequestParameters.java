package io.dat4j;

import java.net.InetSocketAddress;

/**
 * What {@code dat_cr_query} returns ({@code DAT_CR_PARAM}), plus the RDMA read depths the requester asked for. Two
 * values are equal when every component is, the private data compared by content.
 *
 * {@snippet :
 * if (crEvd.await(timeout) instanceof ConnectionRequestEvent cre) {
 *     ConnectionRequestParameters p = cre.request().query();       // dat_cr_query
 *     if (p.privateData().contentEquals(EXPECTED_HELLO)) {
 *         cre.request().accept(ep, null);
 *     } else {
 *         cre.request().reject(null);
 *     }
 * }
 * }
 *
 * @param remoteAddress the requester's address and port, {@code remote_ia_address_ptr}
 * @param remotePortQualifier the requester's port qualifier
 * @param privateData the requester's private data, never null ({@link PrivateData#EMPTY} for none)
 * @param servicePoint the service point it arrived at
 * @param connectionQualifier the qualifier it arrived at
 * @param endpoint the EP the request names (RSP or provider-created), or null
 * @param requestedRdmaReadIn the requester's {@code maxRdmaReadIn} (its responder resources)
 * @param requestedRdmaReadOut the requester's {@code maxRdmaReadOut} (its initiator depth)
 */
public record ConnectionRequestParameters(InetSocketAddress remoteAddress, long remotePortQualifier,
        PrivateData privateData, ServicePoint servicePoint, long connectionQualifier, Endpoint endpoint,
        int requestedRdmaReadIn, int requestedRdmaReadOut) {

    /**
     * Replaces null private data by {@link PrivateData#EMPTY}.
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
        if (privateData == null) {
            privateData = PrivateData.EMPTY;
        }
    }

    /**
     * Copies the private data from an array.
     *
     * @param remoteAddress requester address
     * @param remotePortQualifier requester port
     * @param privateData private data, or null; copied
     * @param servicePoint the SP
     * @param connectionQualifier the qualifier
     * @param endpoint the EP the request names, or null
     * @param requestedRdmaReadIn requester reads in
     * @param requestedRdmaReadOut requester reads out
     */
    public ConnectionRequestParameters(final InetSocketAddress remoteAddress, final long remotePortQualifier,
            final byte[] privateData, final ServicePoint servicePoint, final long connectionQualifier,
            final Endpoint endpoint, final int requestedRdmaReadIn, final int requestedRdmaReadOut) {
        this(remoteAddress, remotePortQualifier, PrivateData.of(privateData), servicePoint, connectionQualifier,
                endpoint, requestedRdmaReadIn, requestedRdmaReadOut);
    }

    /** {@return the size of the private data, {@code private_data_size}} */
    public int privateDataSize() {
        return privateData.length();
    }
}
