package io.dat4j.kit;

import io.dat4j.EndpointAttributes;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.ProviderAttributes;

/**
 * What a provider tells the {@link ProviderKit} about a new IA: its name, limits, capabilities and EP defaults.
 *
 * @param name the IA name it was opened with
 * @param attributes the IA attributes; every call is checked against these limits
 * @param providerAttributes the provider attributes, with the capabilities and private-data limits
 * @param endpointDefaults the EP attributes used for {@link EndpointAttributes#DEFAULT_VALUE} fields; every field
 *        set
 * @param asyncEventQueueLength the queue length of the async EVD, 1 or more
 */
public record KitConfig(String name, InterfaceAdapterAttributes attributes, ProviderAttributes providerAttributes,
        EndpointAttributes endpointDefaults, int asyncEventQueueLength) {

    /**
     * Checks that nothing is missing.
     *
     * @param name name
     * @param attributes IA attributes
     * @param providerAttributes provider attributes
     * @param endpointDefaults EP defaults
     * @param asyncEventQueueLength async EVD length
     */
    public KitConfig {
        if (name == null || attributes == null || providerAttributes == null || endpointDefaults == null) {
            throw new IllegalArgumentException("KitConfig needs a name, IA attributes, provider attributes and EP"
                    + " defaults");
        }
        if (asyncEventQueueLength < 1) {
            throw new IllegalArgumentException("async EVD queue length must be at least 1");
        }
    }
}
