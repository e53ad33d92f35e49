package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.ExtensionConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link ExtensionConformance}: shm0 claims none of the IB extensions. */
class ShmExtensionConformanceTest extends ExtensionConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
