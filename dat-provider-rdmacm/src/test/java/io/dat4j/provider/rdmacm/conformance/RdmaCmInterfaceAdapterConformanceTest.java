package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.InterfaceAdapterConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link InterfaceAdapterConformance}. */
class RdmaCmInterfaceAdapterConformanceTest extends InterfaceAdapterConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
