package io.dat4j;

import java.util.Set;

/**
 * One IA name as the registry sees it ({@code DAT_PROVIDER_INFO} of {@code dat_registry_list_providers}, plus what a
 * user needs to know before opening it).
 *
 * @param entry the registry line (from dat.conf, or offered by the provider itself)
 * @param provider the dat4j provider that serves it ({@code tcp}, {@code rdmacm}), or null when none does
 * @param available true if {@link Dat#openInterfaceAdapter(String)} can succeed
 * @param reason why it is unavailable, or null
 * @param capabilities what the provider supports (empty when there is none)
 * @param source where the entry came from: a file path, or {@code provider}
 */
public record ProviderListing(RegistryEntry entry, String provider, boolean available, String reason,
        Set<Capability> capabilities, String source) {

    /**
     * Copies the capabilities.
     *
     * @param entry entry
     * @param provider provider
     * @param available available
     * @param reason reason
     * @param capabilities capabilities
     * @param source source
     */
    public ProviderListing {
        capabilities = Set.copyOf(capabilities);
    }

    /** {@return the IA name} */
    public String iaName() {
        return entry.iaName();
    }
}
