package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.DataTransferConformance;
import io.dat4j.conformance.ProviderFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The data-transfer rules with CMA off ({@code dat4j.shm.cma=off}, also in the peer JVM): every RDMA write and read
 * goes through the rings and is checked and copied by the target, the path a peer takes when the kernel refuses CMA.
 */
class ShmRingDataTransferConformanceTest extends DataTransferConformance {

    @BeforeAll
    static void cmaOff() {
        System.setProperty("dat4j.shm.cma", "off");
    }

    @AfterAll
    static void cmaBack() {
        System.clearProperty("dat4j.shm.cma");
    }

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
