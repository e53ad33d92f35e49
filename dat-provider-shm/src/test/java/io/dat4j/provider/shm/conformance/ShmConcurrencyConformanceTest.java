package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.ConcurrencyConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link ConcurrencyConformance}. */
class ShmConcurrencyConformanceTest extends ConcurrencyConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
