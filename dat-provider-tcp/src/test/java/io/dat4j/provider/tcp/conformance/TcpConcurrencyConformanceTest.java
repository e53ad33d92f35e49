package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.ConcurrencyConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link ConcurrencyConformance}. */
class TcpConcurrencyConformanceTest extends ConcurrencyConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
