/**
 * Benchmarks: the NIO baseline, the JUCX and Aeron peers of scripts/bench-peers.sh, and JMH benchmarks of dat4j's data
 * path (and of the provider kit's own, on an in-memory transport: hence the SPI module). Compiled by CI, run by hand.
 */
module io.dat4j.benchmarks {
    requires io.dat4j.api;
    requires io.dat4j.kit;
    requires jmh.core;
    requires jucx;
    requires io.aeron.client;
    requires io.aeron.driver;
    requires org.agrona;
    requires org.knowm.xchart;
    requires java.desktop;
    requires java.management;

    exports io.dat4j.benchmarks;
}
