package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.QuitConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link QuitConformance}. */
class ShmSingleThreadQuitConformanceTest extends QuitConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
