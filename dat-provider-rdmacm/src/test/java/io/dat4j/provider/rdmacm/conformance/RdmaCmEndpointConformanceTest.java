package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.EndpointConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link EndpointConformance}. */
class RdmaCmEndpointConformanceTest extends EndpointConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
