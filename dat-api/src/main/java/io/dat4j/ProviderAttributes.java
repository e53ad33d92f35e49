package io.dat4j;

import java.util.Map;
import java.util.Set;

/**
 * The provider attributes of {@code dat_ia_query} ({@code DAT_PROVIDER_ATTR}), with the private-data limits of each
 * connection step split out, because transports differ per step (InfiniBand: REQ 56, REP 196 bytes).
 *
 * @param providerName the provider's name ({@code tcp}, {@code rdmacm})
 * @param providerVersionMajor provider major version
 * @param providerVersionMinor provider minor version
 * @param datVersionMajor DAT major version (2)
 * @param datVersionMinor DAT minor version (0)
 * @param maxPrivateDataSize {@code max_private_data_size}: the smallest of the three limits below
 * @param maxConnectPrivateData bytes of private data {@code dat_ep_connect} carries
 * @param maxAcceptPrivateData bytes {@code dat_cr_accept} carries
 * @param maxRejectPrivateData bytes {@code dat_cr_reject} carries
 * @param capabilities the optional features it supports
 * @param providerSpecific named attributes ({@code provider_specific_attr})
 */
public record ProviderAttributes(String providerName, int providerVersionMajor, int providerVersionMinor,
        int datVersionMajor, int datVersionMinor, int maxPrivateDataSize, int maxConnectPrivateData,
        int maxAcceptPrivateData, int maxRejectPrivateData, Set<Capability> capabilities,
        Map<String, String> providerSpecific) {

    /**
     * Copies the collections.
     *
     * @param providerName name
     * @param providerVersionMajor major
     * @param providerVersionMinor minor
     * @param datVersionMajor DAT major
     * @param datVersionMinor DAT minor
     * @param maxPrivateDataSize overall limit
     * @param maxConnectPrivateData connect limit
     * @param maxAcceptPrivateData accept limit
     * @param maxRejectPrivateData reject limit
     * @param capabilities capabilities
     * @param providerSpecific named attributes
     */
    public ProviderAttributes {
        capabilities = Set.copyOf(capabilities);
        providerSpecific = Map.copyOf(providerSpecific);
    }
}
