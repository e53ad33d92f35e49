package io.dat4j;

import java.util.List;

/**
 * The static entry point: what {@code dat_ia_open} and {@code dat_registry_list_providers} are in C.
 *
 * <pre>{@code
 * try (InterfaceAdapter ia = Dat.openInterfaceAdapter("tcp0")) {
 *     ProtectionZone pz = ia.createProtectionZone();
 *     ...
 * }
 * }</pre>
 */
public final class Dat {

    /** System property naming the IA that tools open when none is given. */
    public static final String DEFAULT_IA_PROP_NAME = "dat4j.ia";
    /** The IA opened when none is given: the TCP provider on every interface. */
    public static final String DEFAULT_IA = "tcp0";
    /** Queue length of the async EVD when none is given. */
    public static final int DEFAULT_ASYNC_EVD_QUEUE_LENGTH = 64;
    /** DAT major version implemented. */
    public static final int VERSION_MAJOR = 2;
    /** DAT minor version implemented. */
    public static final int VERSION_MINOR = 0;

    private Dat() {
    }

    /**
     * Opens an IA by registry name ({@code dat_ia_open}), with a default async EVD.
     *
     * @param iaName the name, for example {@code tcp0} or a dat.conf name such as {@code ofa-v2-rxe0}
     * @return the IA
     */
    public static InterfaceAdapter openInterfaceAdapter(final String iaName) {
        return Registry.defaultRegistry().open(iaName, DEFAULT_ASYNC_EVD_QUEUE_LENGTH);
    }

    /**
     * Opens an IA by registry name ({@code dat_ia_open}).
     *
     * @param iaName the name
     * @param asyncEventQueueLength the async EVD's queue length
     * @return the IA
     */
    public static InterfaceAdapter openInterfaceAdapter(final String iaName, final int asyncEventQueueLength) {
        return Registry.defaultRegistry().open(iaName, asyncEventQueueLength);
    }

    /**
     * Opens an IA by registry name with options ({@code dat_ia_open}): the async EVD's queue length and provider
     * settings keyed like their system properties, which win over those properties and over the dat.conf line's
     * ia_params (see {@link AdapterOptions}).
     *
     * @param iaName the name
     * @param options the options
     * @return the IA
     */
    public static InterfaceAdapter openInterfaceAdapter(final String iaName, final AdapterOptions options) {
        return Registry.defaultRegistry().open(iaName, options);
    }

    /** {@return every IA name the registry knows, {@code dat_registry_list_providers}} */
    public static List<ProviderListing> listProviders() {
        return Registry.defaultRegistry().listProviders();
    }

    /** {@return the IA name to open when none is given: {@value #DEFAULT_IA_PROP_NAME} or {@value #DEFAULT_IA}} */
    public static String defaultInterfaceAdapterName() {
        return System.getProperty(DEFAULT_IA_PROP_NAME, DEFAULT_IA);
    }
}
