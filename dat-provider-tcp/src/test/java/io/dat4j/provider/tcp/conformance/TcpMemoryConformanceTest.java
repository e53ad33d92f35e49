package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.MemoryConformance;
import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under {@link MemoryConformance}. */
class TcpMemoryConformanceTest extends MemoryConformance {

    @Override
    protected ProviderFixture fixture() {
        return TcpFixture.FIXTURE;
    }
}
