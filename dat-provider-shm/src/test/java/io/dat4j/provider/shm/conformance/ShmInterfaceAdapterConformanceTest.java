package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.InterfaceAdapterConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link InterfaceAdapterConformance}. */
class ShmInterfaceAdapterConformanceTest extends InterfaceAdapterConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
