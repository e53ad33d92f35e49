package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.MemoryConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link MemoryConformance}. */
class ShmMemoryConformanceTest extends MemoryConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
