package io.dat4j.kit;

import io.dat4j.EndpointAttributes;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.ProviderAttributes;

/**
 * What a provider tells the {@link ProviderKit} about a new IA: its name, limits, capabilities, EP defaults and the
 * kit's settings.
 *
 * @param name the IA name it was opened with
 * @param attributes the IA attributes; every call is checked against these limits
 * @param providerAttributes the provider attributes, with the capabilities and private-data limits
 * @param endpointDefaults the EP attributes used for {@link EndpointAttributes#DEFAULT_VALUE} fields; every field
 *        set
 * @param asyncEventQueueLength the queue length of the async EVD, 1 or more
 * @param settings the kit's settings ({@link KitSettings#from(Settings)})
 */
public record KitConfig(String name, InterfaceAdapterAttributes attributes, ProviderAttributes providerAttributes,
        EndpointAttributes endpointDefaults, int asyncEventQueueLength, KitSettings settings) {

    /**
     * Checks that nothing is missing.
     *
     * @param name name
     * @param attributes IA attributes
     * @param providerAttributes provider attributes
     * @param endpointDefaults EP defaults
     * @param asyncEventQueueLength async EVD length
     * @param settings the kit's settings
     */
    public KitConfig {
        if (name == null || attributes == null || providerAttributes == null || endpointDefaults == null
                || settings == null) {
            throw new IllegalArgumentException("KitConfig needs a name, IA attributes, provider attributes, EP"
                    + " defaults and kit settings");
        }
        if (asyncEventQueueLength < 1) {
            throw new IllegalArgumentException("async EVD queue length must be at least 1");
        }
        final EndpointAttributes d = endpointDefaults;
        final long[] values = {d.maxMessageSize(), d.maxRdmaSize(), d.maxRecvDtos(), d.maxRequestDtos(),
            d.maxRecvIov(), d.maxRequestIov(), d.maxRdmaReadIn(), d.maxRdmaReadOut(), d.maxRdmaReadIov(),
            d.maxRdmaWriteIov(), d.retryCount(), d.rnrRetryCount()};
        final String[] names = {"maxMessageSize", "maxRdmaSize", "maxRecvDtos", "maxRequestDtos", "maxRecvIov",
            "maxRequestIov", "maxRdmaReadIn", "maxRdmaReadOut", "maxRdmaReadIov", "maxRdmaWriteIov", "retryCount",
            "rnrRetryCount"};
        for (int i = 0; i < values.length; i++) {
            if (values[i] < 0) {
                // caught here, not at every consumer's createEndpoint as an INVALID_PARAMETER of the consumer's
                throw new IllegalArgumentException("KitConfig of " + name + ": the EP default " + names[i] + " is "
                        + values[i] + "; every field of endpointDefaults must be set (0 or more)");
            }
        }
    }

    /**
     * A configuration with the kit's default settings.
     *
     * @param name name
     * @param attributes IA attributes
     * @param providerAttributes provider attributes
     * @param endpointDefaults EP defaults
     * @param asyncEventQueueLength async EVD length
     */
    public KitConfig(final String name, final InterfaceAdapterAttributes attributes,
            final ProviderAttributes providerAttributes, final EndpointAttributes endpointDefaults,
            final int asyncEventQueueLength) {
        this(name, attributes, providerAttributes, endpointDefaults, asyncEventQueueLength, KitSettings.DEFAULTS);
    }
}
