package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.LimitsConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link LimitsConformance}. */
class ShmSingleThreadLimitsConformanceTest extends LimitsConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
