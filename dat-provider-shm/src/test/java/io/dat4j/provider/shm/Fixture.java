package io.dat4j.provider.shm;

import io.dat4j.AdapterOptions;
import io.dat4j.InterfaceAdapter;
import io.dat4j.RegistryEntry;
import io.dat4j.testsupport.AdapterPair;
import java.util.function.Consumer;

/**
 * Two shared-memory IAs of this process, with the objects most tests need ({@link AdapterPair}). Not thread safe.
 */
final class Fixture extends AdapterPair {

    /** The transports of {@link #server} and {@link #client} (their counters). */
    final ShmTransport serverTransport;
    final ShmTransport clientTransport;

    Fixture() {
        this("");
    }

    Fixture(final String params) {
        final ShmTransport[] opened = new ShmTransport[2];
        super(open("srv", params, t -> opened[0] = t), open("cli", params, t -> opened[1] = t));
        serverTransport = opened[0];
        clientTransport = opened[1];
    }

    static InterfaceAdapter open(final String name, final String params) {
        return open(name, params, t -> { });
    }

    static InterfaceAdapter open(final String name, final String params, final Consumer<ShmTransport> opened) {
        return new ShmProvider().open(new RegistryEntry(name, "u2.0", true, false, ShmProvider.LIBRARY,
                "dat4j.2.0", params, ""), AdapterOptions.builder().asyncEventQueueLength(64).build(), opened);
    }
}
