package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.EndpointConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link EndpointConformance}. */
class TcpEndpointConformanceTest extends EndpointConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
