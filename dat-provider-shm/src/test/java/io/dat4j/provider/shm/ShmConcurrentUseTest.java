package io.dat4j.provider.shm;

import io.dat4j.testsupport.ConcurrentUseTests;

/** The public API from many threads at once on shm0, two IAs of one JVM ({@link ConcurrentUseTests}). */
class ShmConcurrentUseTest extends ConcurrentUseTests {

    ShmConcurrentUseTest() {
        super(Fixture::new);
    }
}
