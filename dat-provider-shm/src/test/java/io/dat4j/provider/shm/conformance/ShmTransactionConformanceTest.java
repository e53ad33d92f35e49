package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.TransactionConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link TransactionConformance}. */
class ShmTransactionConformanceTest extends TransactionConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
