package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.TransactionConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link TransactionConformance}. */
class RdmaCmTransactionConformanceTest extends TransactionConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
