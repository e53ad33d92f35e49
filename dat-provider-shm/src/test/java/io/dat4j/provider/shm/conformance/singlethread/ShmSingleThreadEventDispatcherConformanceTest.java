package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.conformance.EventDispatcherConformance;
import io.dat4j.conformance.ProviderFixture;

/** The shared-memory provider in single-thread mode under {@link EventDispatcherConformance}. */
class ShmSingleThreadEventDispatcherConformanceTest extends EventDispatcherConformance {

    @Override
    protected ProviderFixture fixture() {
        return ShmSingleThreadFixture.FIXTURE;
    }
}
