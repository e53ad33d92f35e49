package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.InterfaceAdapterConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link InterfaceAdapterConformance}. */
class ShmSingleThreadInterfaceAdapterConformanceTest extends InterfaceAdapterConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
