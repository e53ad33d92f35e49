package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.DataTransferConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link DataTransferConformance}. */
class RdmaCmDataTransferConformanceTest extends DataTransferConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
