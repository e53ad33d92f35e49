package io.dat4j.spi;

import io.dat4j.AdapterOptions;
import io.dat4j.Capability;
import io.dat4j.InterfaceAdapter;
import io.dat4j.RegistryEntry;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A DAT provider: the Java counterpart of a uDAPL provider library ({@code dat_provider_init} and the IA-open entry it
 * registers). Found by {@link java.util.ServiceLoader} on the module path and the class path
 * ({@code provides io.dat4j.spi.DatProvider with ...}), or added with {@link io.dat4j.Registry#addProvider}.
 *
 * <p>Constructors must be cheap: no native loading, no threads, no I/O. Native providers load lazily behind
 * {@link #isAvailable()}. Implementations must be safe for use by multiple concurrent threads.
 */
public interface DatProvider {

    /** {@return the provider's short name, for example {@code tcp} or {@code rdmacm}} */
    String name();

    /** {@return true if {@link #open} can succeed on this machine} */
    boolean isAvailable();

    /** {@return why the provider is unavailable (no library, no device, no permission ...), or null} */
    Throwable unavailabilityCause();

    /** {@return the optional features it supports} */
    Set<Capability> capabilities();

    /**
     * {@return the IA names it offers without any configuration}; for an RDMA provider, one per device port, for
     * the TCP provider {@code tcp0} and {@code tcp-lo}. Registry lines from dat.conf with the same name win.
     */
    List<RegistryEntry> defaultEntries();

    /**
     * {@return true if this provider serves a registry line}, decided by its library field (for example
     * {@code libdaplofa.so.2} for the rdmacm provider, {@code dat4j-tcp} for the TCP provider).
     *
     * @param entry a registry line
     */
    boolean serves(RegistryEntry entry);

    /**
     * Opens an IA ({@code dat_ia_open}'s provider part). The provider builds the IA's configuration once, here: a
     * setting in {@code options} wins over the system property of the same name, which wins over a
     * {@code key=value} in the entry's ia_params, which wins over the default; keys of the provider's own namespace
     * and of the kit's ({@code dat4j.kit.}) that it does not know are refused (see {@link AdapterOptions}).
     *
     * @param entry the registry line, whose {@code iaParams} select the device or address (and may carry settings)
     * @param options the async EVD's queue length and provider settings
     * @return the IA
     * @throws io.dat4j.DatException {@code PROVIDER_NOT_FOUND} if unavailable, with the reason; {@code INVALID_PARAMETER}
     *         for ia_params or settings it cannot use
     */
    InterfaceAdapter open(RegistryEntry entry, AdapterOptions options);

    /**
     * {@return the file descriptors this provider keeps open on purpose for the rest of the process, after every IA
     * closed: descriptor number to what {@code /proc/self/fd/<number>} links to (for example
     * {@code /dev/infiniband/uverbs0})}. They belong to a library under the provider that caches them for the life of
     * the process and offers no call to release them, as librdmacm does with the verbs context of each device it has
     * bound an identifier to. Leak checks, the conformance suite's among them, leave out exactly these descriptors
     * (same number, same target); anything else a closed IA leaves open is a leak. Empty by default; never loads
     * native code.
     */
    default Map<Integer, String> retainedDescriptors() {
        return Map.of();
    }
}
