package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.QuitConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link QuitConformance}. */
class RdmaCmQuitConformanceTest extends QuitConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
