package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.MemoryConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link MemoryConformance}. */
class ShmSingleThreadMemoryConformanceTest extends MemoryConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
