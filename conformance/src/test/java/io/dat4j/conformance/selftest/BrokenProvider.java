package io.dat4j.conformance.selftest;

import io.dat4j.Capability;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProviderListing;
import io.dat4j.Registry;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusType;
import io.dat4j.spi.DatProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deliberately broken provider: a decorator over a real IA (named by {@value #REAL_IA_PROP_NAME}, else the first
 * available IA of another provider) that adds one {@link Breakage} at a time. It serves the IA name
 * {@value #IA_NAME}.
 */
final class BrokenProvider implements DatProvider {

    /** The IA name the broken provider serves. */
    static final String IA_NAME = "broken-ia";
    /** System property: the real IA to decorate. */
    static final String REAL_IA_PROP_NAME = "dat.conformance.selftest.ia";
    static final List<String> BAD_NAMES = List.of("40", "x", "xsdf", "x34", "34df");
    private static final String LIBRARY = "dat4j-broken";

    private final AtomicInteger openAdapters = new AtomicInteger();

    BrokenProvider() {
    }

    /** Registers the provider in the default registry once. */
    static synchronized void register() {
        if (Registry.defaultRegistry().provider("broken") == null) {
            Registry.defaultRegistry().addProvider(new BrokenProvider());
        }
    }

    /** {@return the real IA to decorate, or null when none is available} */
    static String realInterfaceAdapter() {
        final String p = System.getProperty(REAL_IA_PROP_NAME);
        if (p != null && !p.isBlank()) {
            return p;
        }
        for (final ProviderListing l : Registry.defaultRegistry().listProviders()) {
            if (l.available() && l.provider() != null && !"broken".equals(l.provider())) {
                return l.iaName();
            }
        }
        return null;
    }

    @Override
    public String name() {
        return "broken";
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    @Override
    public Throwable unavailabilityCause() {
        return null;
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of();
    }

    @Override
    public List<RegistryEntry> defaultEntries() {
        final List<RegistryEntry> l = new ArrayList<>();
        l.add(entry(IA_NAME));
        if (Breakage.current() == Breakage.CLAIMS_BAD_NAMES) {
            for (final String n : BAD_NAMES) {
                l.add(entry(n));
            }
        }
        return l;
    }

    private static RegistryEntry entry(final String name) {
        return new RegistryEntry(name, "u2.0", true, false, LIBRARY, "broken.1", "", "");
    }

    @Override
    public boolean serves(final RegistryEntry entry) {
        return LIBRARY.equals(entry.library());
    }

    @Override
    public InterfaceAdapter open(final RegistryEntry entry, final io.dat4j.AdapterOptions options) {
        final String real = realInterfaceAdapter();
        if (real == null) {
            throw new DatException(StatusType.PROVIDER_NOT_FOUND, null, "no real provider to decorate");
        }
        if (Breakage.current() == Breakage.LIMITED_RESOURCES && openAdapters.get() >= 3) {
            throw new DatException(StatusType.INTERNAL_ERROR, null, "broken: out of IAs early");
        }
        final InterfaceAdapter inner = Dat.openInterfaceAdapter(real, options);
        openAdapters.incrementAndGet();
        return Decorator.wrapAdapter(inner, entry.iaName(), openAdapters::decrementAndGet);
    }
}
