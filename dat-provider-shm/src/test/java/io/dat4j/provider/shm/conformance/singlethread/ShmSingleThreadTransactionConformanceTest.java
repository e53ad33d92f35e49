package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.TransactionConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link TransactionConformance}. */
class ShmSingleThreadTransactionConformanceTest extends TransactionConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
