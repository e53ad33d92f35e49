package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.LimitsConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link LimitsConformance}. */
class ShmLimitsConformanceTest extends LimitsConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
