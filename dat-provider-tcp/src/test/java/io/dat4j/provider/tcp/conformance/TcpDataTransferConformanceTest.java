package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.DataTransferConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link DataTransferConformance}. */
class TcpDataTransferConformanceTest extends DataTransferConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
