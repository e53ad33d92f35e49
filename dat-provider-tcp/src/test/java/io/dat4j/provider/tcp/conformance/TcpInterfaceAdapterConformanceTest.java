package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.InterfaceAdapterConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link InterfaceAdapterConformance}. */
class TcpInterfaceAdapterConformanceTest extends InterfaceAdapterConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
