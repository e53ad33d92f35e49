package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.LimitsConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link LimitsConformance}. */
class TcpLimitsConformanceTest extends LimitsConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
