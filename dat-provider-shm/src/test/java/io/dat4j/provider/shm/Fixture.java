package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AdapterOptions;
import io.dat4j.InterfaceAdapter;
import io.dat4j.RegistryEntry;
import io.dat4j.provider.shm.sys.Descriptors;
import io.dat4j.testsupport.AdapterPair;
import java.io.IOException;
import java.time.Duration;
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

    /** {@return how many threads of this provider run now} (their names start with {@code dat4j-shm-}) */
    static long providerThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("dat4j-shm-"))
                .count();
    }

    /**
     * Asserts that IAs closed left nothing of the provider: its threads back to {@code threads} (waiting up to
     * {@code bound} for the last ones to end) and this process's descriptors and mappings back to {@code fds} at most
     * (naming what is left).
     *
     * @param threads {@link #providerThreads()} before the IAs
     * @param fds {@link Descriptors#openDescriptors()} before the IAs
     * @param bound how long the threads may take to end (a liveness bound, not a timing figure)
     */
    static void assertProviderReleased(final long threads, final long fds, final Duration bound) throws Exception {
        final long end = System.currentTimeMillis() + bound.toMillis();
        while (providerThreads() != threads && System.currentTimeMillis() < end) {
            Thread.sleep(20);
        }
        assertEquals(threads, providerThreads(), "threads of the provider left");
        assertTrue(Descriptors.settle(fds) <= fds, () -> {
            try {
                return "descriptors or mappings left: " + Descriptors.describe();
            } catch (final IOException e) {
                return e.toString();
            }
        });
    }
}
