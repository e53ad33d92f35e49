package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.MemoryConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link MemoryConformance}. */
class RdmaCmMemoryConformanceTest extends MemoryConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
