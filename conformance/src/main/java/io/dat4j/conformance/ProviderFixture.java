package io.dat4j.conformance;

import io.dat4j.Dat;
import io.dat4j.InterfaceAdapter;
import io.dat4j.conformance.peer.PeerLauncher;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the suite needs from a provider: which IA to open, which address a peer connects to, and optionally how to
 * run a peer in a second JVM. Every method but {@link #interfaceAdapterName()} has a default that suits an IP-based
 * provider registered through {@link java.util.ServiceLoader}.
 */
public interface ProviderFixture {

    /** {@return the registry name of the IA under test, for example {@code tcp-lo} or {@code ofa-v2-rxe0}} */
    String interfaceAdapterName();

    /**
     * Opens a fresh IA under test ({@code dat_ia_open}). The suite opens two per connection test (the active and the
     * passive side) and closes each at the end of the test.
     *
     * @return the IA
     */
    default InterfaceAdapter open() {
        return Dat.openInterfaceAdapter(interfaceAdapterName());
    }

    /**
     * {@return the address an active EP connects to in order to reach a service point of {@code listener}}; by
     * default the listener's IA address, or loopback when that is the wildcard address
     *
     * @param listener the IA that listens
     */
    default InetAddress connectAddress(final InterfaceAdapter listener) {
        final InetAddress a = listener.address() == null ? null : listener.address().getAddress();
        return a == null || a.isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : a;
    }

    /**
     * {@return how to start a peer in a second JVM for the two-process rules, or empty to skip them}; by default a
     * {@code java} process with the current class path running {@link io.dat4j.conformance.peer.PeerMain}
     */
    default Optional<PeerLauncher> peer() {
        return Optional.of(PeerLauncher.secondJvm(interfaceAdapterName(), null));
    }

    /** System property: rule ids to skip for this provider, comma-separated (a known-failures list, as a TCK's). */
    String EXCLUDE_PROP_NAME = "dat.conformance.exclude";

    /**
     * {@return rule ids this provider is known to fail, each with the reason}; they are reported as skipped with
     * the reason, never as passed. By default the ids listed in {@value #EXCLUDE_PROP_NAME}.
     */
    default Map<String, String> excludedRules() {
        final String p = System.getProperty(EXCLUDE_PROP_NAME, "");
        final Map<String, String> m = new LinkedHashMap<>();
        for (final String id : p.split(",")) {
            if (!id.isBlank()) {
                m.put(id.trim(), "known provider failure, excluded by -D" + EXCLUDE_PROP_NAME);
            }
        }
        return m;
    }

    /**
     * {@return a fixture that opens an IA by name with every default}
     *
     * @param interfaceAdapterName the registry name
     */
    static ProviderFixture of(final String interfaceAdapterName) {
        if (interfaceAdapterName == null || interfaceAdapterName.isBlank()) {
            throw new IllegalArgumentException("an IA name is required");
        }
        return () -> interfaceAdapterName;
    }
}
