package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.ConnectionManagementConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link ConnectionManagementConformance}: its seven areas, as nested classes. */
class TcpConnectionManagementConformanceTest extends ConnectionManagementConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
