package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.DataTransferConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link DataTransferConformance}. */
class ShmSingleThreadDataTransferConformanceTest extends DataTransferConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
