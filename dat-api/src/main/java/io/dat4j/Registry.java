package io.dat4j;

import io.dat4j.internal.DatConf;
import io.dat4j.internal.logging.Logging;
import io.dat4j.spi.DatProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Logger;

/**
 * The DAT registry: the static part read from a {@code dat.conf} file and the dynamic part, the providers found by
 * {@link ServiceLoader} or added by hand ({@code dat_registry_add_provider}).
 *
 * <p>Where the static registry comes from, first match wins: the system property {@value #CONF_PROP_NAME}, the
 * environment variable {@code DAT_OVERRIDE} (as in C uDAPL), then {@code /etc/dat.conf} if it exists. Providers add
 * their own IA names after it ({@link DatProvider#defaultEntries()}); a dat.conf line of the same name wins.
 * A provider that fails to load, or a line that does not parse, is kept as a {@link #problems() problem} and logged
 * (a dat.conf problem once per registry, though the file is read again at each listing), never swallowed.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
public final class Registry {

    /** System property naming a dat.conf file. */
    public static final String CONF_PROP_NAME = "dat4j.conf";
    /** Environment variable naming a dat.conf file, as in C uDAPL. */
    public static final String CONF_ENV_NAME = "DAT_OVERRIDE";
    /** The system-wide file. */
    public static final Path SYSTEM_CONF = Path.of("/etc/dat.conf");

    private static final Logger LOG = Logging.logger(Registry.class);

    private final List<DatProvider> providers = new CopyOnWriteArrayList<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();
    /** The dat.conf problems logged so far: each is logged once, however often the file is read again. */
    private final Set<String> logged = ConcurrentHashMap.newKeySet();
    private final Path confFile;

    private Registry(final Path confFile) {
        this.confFile = confFile;
    }

    private static final class Holder {
        private static final Registry DEFAULT = discover();
    }

    /** {@return the process-wide registry, discovered on first use} */
    public static Registry defaultRegistry() {
        return Holder.DEFAULT;
    }

    /**
     * {@return a registry with the providers found by ServiceLoader and the dat.conf found as described above}
     */
    public static Registry discover() {
        final Registry r = new Registry(findConf());
        r.loadProviders(ServiceLoader.load(DatProvider.class, Registry.class.getClassLoader()));
        return r;
    }

    /**
     * {@return an empty registry reading a given dat.conf, or none}; for tests and tools
     *
     * @param confFile a dat.conf path, or null for none
     */
    public static Registry empty(final Path confFile) {
        return new Registry(confFile);
    }

    private static Path findConf() {
        final String prop = System.getProperty(CONF_PROP_NAME);
        if (prop != null && !prop.isBlank()) {
            return Path.of(prop);
        }
        final String env = System.getenv(CONF_ENV_NAME);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Files.isRegularFile(SYSTEM_CONF) ? SYSTEM_CONF : null;
    }

    private void loadProviders(final ServiceLoader<DatProvider> loader) {
        final Iterator<DatProvider> it = loader.iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                addProvider(it.next());
            } catch (final ServiceConfigurationError e) {
                final String msg = "a DAT provider failed to load: " + e.getMessage()
                        + (e.getCause() == null ? "" : " (cause: " + e.getCause() + ")");
                LOG.warn(msg, e);
                problems.add(msg);
            }
        }
    }

    /**
     * Adds a provider ({@code dat_registry_add_provider}).
     *
     * @param provider the provider
     * @throws DatException {@code PROVIDER_ALREADY_REGISTERED} if one of the same name is registered
     */
    public void addProvider(final DatProvider provider) {
        if (provider == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "provider is null");
        }
        synchronized (providers) {
            for (final DatProvider p : providers) {
                if (p.name().equals(provider.name())) {
                    throw new DatException(StatusType.PROVIDER_ALREADY_REGISTERED, null,
                            "a provider named '" + provider.name() + "' is already registered ("
                                    + p.getClass().getName() + ")");
                }
            }
            providers.add(provider);
        }
    }

    /**
     * Removes a provider ({@code dat_registry_remove_provider}).
     *
     * @param name the provider's name
     * @return true if one was removed
     */
    public boolean removeProvider(final String name) {
        return providers.removeIf(p -> p.name().equals(name));
    }

    /** {@return the registered providers} */
    public List<DatProvider> providers() {
        return List.copyOf(providers);
    }

    /**
     * {@return the provider of a name, or null}
     *
     * @param name {@code tcp}, {@code rdmacm}, ...
     */
    public DatProvider provider(final String name) {
        for (final DatProvider p : providers) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        return null;
    }

    /** {@return what went wrong while loading providers and reading dat.conf} */
    public List<String> problems() {
        final List<String> all = new ArrayList<>(problems);
        all.addAll(readConf().problems());
        return Collections.unmodifiableList(all);
    }

    /** {@return the dat.conf this registry reads, or null} */
    public Path confFile() {
        return confFile;
    }

    private DatConf readConf() {
        if (confFile == null) {
            return new DatConf(List.of(), List.of());
        }
        try {
            return DatConf.parse(Files.readAllLines(confFile), confFile.toString());
        } catch (final IOException e) {
            return new DatConf(List.of(), List.of(confFile + ": cannot be read: " + e));
        }
    }

    /**
     * {@return every IA name with the provider that serves it and whether it can be opened}; the counterpart of
     * {@code dat_registry_list_providers}
     */
    public List<ProviderListing> listProviders() {
        final Map<String, ProviderListing> byName = new LinkedHashMap<>();
        final DatConf conf = readConf();
        for (final String p : conf.problems()) {
            if (logged.add(p)) {
                LOG.warn(p);
            }
        }
        for (final RegistryEntry e : conf.entries()) {
            byName.putIfAbsent(e.iaName(), listing(e, confFile.toString()));
        }
        for (final DatProvider p : providers) {
            final List<RegistryEntry> defaults;
            try {
                defaults = p.defaultEntries();
            } catch (final RuntimeException e) {
                LOG.warn("provider {} failed to list its IA names", p.name(), e);
                problems.add("provider " + p.name() + " failed to list its IA names: " + e);
                continue;
            }
            for (final RegistryEntry e : defaults) {
                byName.putIfAbsent(e.iaName(), listing(e, "provider"));
            }
        }
        return List.copyOf(byName.values());
    }

    private ProviderListing listing(final RegistryEntry e, final String source) {
        for (final DatProvider p : providers) {
            if (p.serves(e)) {
                final boolean ok = p.isAvailable();
                final Throwable cause = ok ? null : p.unavailabilityCause();
                return new ProviderListing(e, p.name(), ok,
                        ok ? null : (cause == null ? "unavailable" : cause.getMessage()), p.capabilities(), source);
            }
        }
        return new ProviderListing(e, null, false,
                "no dat4j provider serves library '" + e.library() + "'", Set.of(), source);
    }

    /**
     * Opens an IA by name ({@code dat_ia_open}).
     *
     * @param iaName the IA name
     * @param asyncEventQueueLength the async EVD's queue length, 1 or more
     * @return the IA
     * @throws DatException {@code PROVIDER_NOT_FOUND NAME_NOT_REGISTERED} for an unknown name, {@code PROVIDER_NOT_FOUND}
     *         with the reason when its provider is missing or unavailable
     */
    public InterfaceAdapter open(final String iaName, final int asyncEventQueueLength) {
        if (asyncEventQueueLength < 1) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2,
                    "async EVD queue length must be at least 1, was " + asyncEventQueueLength);
        }
        return open(iaName, AdapterOptions.builder().asyncEventQueueLength(asyncEventQueueLength).build());
    }

    /**
     * Opens an IA by name with options ({@code dat_ia_open}; the options carry the async EVD's queue length and
     * provider settings, see {@link AdapterOptions}).
     *
     * @param iaName the IA name
     * @param options the options; {@link AdapterOptions#DEFAULTS} for none
     * @return the IA
     * @throws DatException {@code PROVIDER_NOT_FOUND NAME_NOT_REGISTERED} for an unknown name, {@code PROVIDER_NOT_FOUND}
     *         with the reason when its provider is missing or unavailable, {@code INVALID_PARAMETER ARG2} for null
     *         options or a setting the provider refuses
     */
    public InterfaceAdapter open(final String iaName, final AdapterOptions options) {
        if (iaName == null || iaName.isBlank()) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                    "IA name is null or empty");
        }
        if (options == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2,
                    "options are null (use AdapterOptions.DEFAULTS)");
        }
        final List<ProviderListing> all = listProviders();
        for (final ProviderListing l : all) {
            if (l.iaName().equals(iaName)) {
                if (l.provider() == null) {
                    throw new DatException(StatusType.PROVIDER_NOT_FOUND, StatusSubtype.NAME_NOT_REGISTERED,
                            "IA '" + iaName + "' (" + l.source() + "): " + l.reason());
                }
                final DatProvider p = provider(l.provider());
                if (!p.isAvailable()) {
                    throw new DatException(StatusType.PROVIDER_NOT_FOUND, null,
                            "IA '" + iaName + "': provider " + p.name() + " is unavailable: " + l.reason(),
                            p.unavailabilityCause());
                }
                return p.open(l.entry(), options);
            }
        }
        final StringBuilder names = new StringBuilder();
        for (final ProviderListing l : all) {
            names.append(names.isEmpty() ? "" : ", ").append(l.iaName());
        }
        throw new DatException(StatusType.PROVIDER_NOT_FOUND, StatusSubtype.NAME_NOT_REGISTERED,
                "no IA named '" + iaName + "' is registered; known: [" + names + "]"
                        + (confFile == null ? " (no dat.conf; set -D" + CONF_PROP_NAME + " or DAT_OVERRIDE)" : ""));
    }
}
