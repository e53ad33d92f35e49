package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.EventDispatcherConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link EventDispatcherConformance}. */
class TcpEventDispatcherConformanceTest extends EventDispatcherConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
