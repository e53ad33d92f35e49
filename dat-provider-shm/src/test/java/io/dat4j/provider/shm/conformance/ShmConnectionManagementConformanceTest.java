package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.ConnectionManagementConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link ConnectionManagementConformance}: its seven areas, as nested classes. */
class ShmConnectionManagementConformanceTest extends ConnectionManagementConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
