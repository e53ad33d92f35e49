package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.DataTransferConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link DataTransferConformance}. */
class ShmDataTransferConformanceTest extends DataTransferConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
