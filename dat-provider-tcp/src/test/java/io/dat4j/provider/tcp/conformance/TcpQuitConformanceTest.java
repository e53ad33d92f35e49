package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.QuitConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link QuitConformance}. */
class TcpQuitConformanceTest extends QuitConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
