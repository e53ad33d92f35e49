package io.dat4j.provider.tcp;

import io.dat4j.testsupport.ConcurrentUseTests;

/** The public API from many threads at once on TCP ({@link ConcurrentUseTests}). */
class TcpConcurrentUseTest extends ConcurrentUseTests {

    TcpConcurrentUseTest() {
        super(Fixture::new);
    }
}
