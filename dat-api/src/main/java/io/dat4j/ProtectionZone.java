package io.dat4j;

/**
 * A protection zone ({@code DAT_PZ_HANDLE}): the LMRs, RMRs, EPs and SRQs that may work together. {@link #close()} is
 * {@code dat_pz_free}, refused with {@code INVALID_STATE PZ_IN_USE} while any of them is open.
 */
public interface ProtectionZone extends Handle {

    /** {@return the IA it belongs to, {@code dat_pz_query}} */
    InterfaceAdapter interfaceAdapter();

    /**
     * Starts an endpoint in this PZ: {@code interfaceAdapter().endpointBuilder(this)}.
     *
     * {@snippet :
     * try (Endpoint ep = pz.endpointBuilder().completionEvd(dtoEvd).connectEvd(connEvd).create()) {
     *     ep.connect(peer, qualifier, Duration.ofSeconds(5), null);
     * }
     * }
     *
     * @return a builder; {@link EndpointBuilder#create()} checks and creates
     */
    default EndpointBuilder endpointBuilder() {
        return interfaceAdapter().endpointBuilder(this);
    }
}
