package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under the conformance suite: IA shm0, a peer JVM for the two-process rules. */
final class ShmFixture {

    /** The fixture every shared-memory conformance class uses. */
    static final ProviderFixture FIXTURE = ProviderFixture.of("shm0");

    private ShmFixture() {
    }
}
