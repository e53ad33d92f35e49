package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.EndpointConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link EndpointConformance}. */
class ShmEndpointConformanceTest extends EndpointConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
