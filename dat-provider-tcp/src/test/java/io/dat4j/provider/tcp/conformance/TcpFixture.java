package io.dat4j.provider.tcp.conformance;

import io.dat4j.conformance.ProviderFixture;

/** The TCP provider under the conformance suite: the loopback IA, a peer JVM for the two-process rules. */
final class TcpFixture {

    /** The fixture every TCP conformance class uses. */
    static final ProviderFixture FIXTURE = ProviderFixture.of("tcp-lo");

    private TcpFixture() {
    }
}
