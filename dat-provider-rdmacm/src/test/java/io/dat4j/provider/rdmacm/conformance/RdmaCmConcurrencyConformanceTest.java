package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.ConcurrencyConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link ConcurrencyConformance}. */
class RdmaCmConcurrencyConformanceTest extends ConcurrencyConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
