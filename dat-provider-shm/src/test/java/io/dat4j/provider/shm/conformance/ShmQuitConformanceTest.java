package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.QuitConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link QuitConformance}. */
class ShmQuitConformanceTest extends QuitConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
