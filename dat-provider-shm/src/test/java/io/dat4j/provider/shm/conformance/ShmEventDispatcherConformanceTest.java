package io.dat4j.provider.shm.conformance;

import io.dat4j.conformance.EventDispatcherConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider under {@link EventDispatcherConformance}. */
class ShmEventDispatcherConformanceTest extends EventDispatcherConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmFixture.FIXTURE;
    }
}
