package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.LimitsConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link LimitsConformance}. */
class RdmaCmLimitsConformanceTest extends LimitsConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
