package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.EndpointConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link EndpointConformance}. */
class ShmSingleThreadEndpointConformanceTest extends EndpointConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
