package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.EventDispatcherConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link EventDispatcherConformance}. */
class RdmaCmEventDispatcherConformanceTest extends EventDispatcherConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
