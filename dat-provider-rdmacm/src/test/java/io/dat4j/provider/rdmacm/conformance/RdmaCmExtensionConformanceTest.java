package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.ExtensionConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link ExtensionConformance}. */
class RdmaCmExtensionConformanceTest extends ExtensionConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
