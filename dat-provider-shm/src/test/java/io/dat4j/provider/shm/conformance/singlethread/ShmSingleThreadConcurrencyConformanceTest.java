package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.ConcurrencyConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link ConcurrencyConformance}. */
class ShmSingleThreadConcurrencyConformanceTest extends ConcurrencyConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
