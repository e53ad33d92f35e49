package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.ConnectionManagementConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link ConnectionManagementConformance}: its seven areas, as nested classes. */
class ShmSingleThreadConnectionManagementConformanceTest extends ConnectionManagementConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
