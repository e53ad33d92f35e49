package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.ExtensionConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link ExtensionConformance}. */
class TcpExtensionConformanceTest extends ExtensionConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
