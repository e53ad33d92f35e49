package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.ExtensionConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link ExtensionConformance}. */
class ShmSingleThreadExtensionConformanceTest extends ExtensionConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
