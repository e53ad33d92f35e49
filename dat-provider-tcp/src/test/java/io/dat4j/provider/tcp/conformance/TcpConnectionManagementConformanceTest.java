package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.ConnectionManagementConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link ConnectionManagementConformance}. */
class TcpConnectionManagementConformanceTest extends ConnectionManagementConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
