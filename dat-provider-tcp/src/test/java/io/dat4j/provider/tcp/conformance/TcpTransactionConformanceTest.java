package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.TransactionConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link TransactionConformance}. */
class TcpTransactionConformanceTest extends TransactionConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
