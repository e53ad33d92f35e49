package io.dat4j.provider.tcp;

import io.dat4j.AdapterOptions;
import io.dat4j.InterfaceAdapter;
import io.dat4j.RegistryEntry;
import io.dat4j.testsupport.AdapterPair;

/** Two IAs on the loopback, with the objects most tests need ({@link AdapterPair}). Not thread safe. */
final class Fixture extends AdapterPair {

    Fixture() {
        this("127.0.0.1");
    }

    Fixture(final String params) {
        this(params, AdapterOptions.DEFAULTS);
    }

    private Fixture(final String params, final AdapterOptions options) {
        super(open("srv", params, options), open("cli", params, options));
    }

    /**
     * A fixture whose IAs open with provider settings passed as options (the provider builds its configuration when
     * an IA opens; no global property is touched).
     *
     * @param params the IAs' ia_params, as {@link #Fixture(String)}
     * @param keysAndValues setting keys (as the system properties) and values, alternating
     */
    static Fixture withSettings(final String params, final String... keysAndValues) {
        return new Fixture(params, options(keysAndValues));
    }

    /** {@return options with the given settings: keys and values, alternating} */
    static AdapterOptions options(final String... keysAndValues) {
        final AdapterOptions.Builder b = AdapterOptions.builder();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            b.set(keysAndValues[i], keysAndValues[i + 1]);
        }
        return b.build();
    }

    static InterfaceAdapter open(final String name, final String params) {
        return open(name, params, AdapterOptions.DEFAULTS);
    }

    static InterfaceAdapter open(final String name, final String params, final AdapterOptions options) {
        return new TcpProvider().open(new RegistryEntry(name, "u2.0", true, false, TcpProvider.LIBRARY,
                "dat4j.2.0", params, ""), options);
    }
}
