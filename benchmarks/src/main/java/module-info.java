/** Benchmarks: the NIO baseline and JMH benchmarks of dat4j's data path. Compiled by CI, run by hand. */
module io.dat4j.benchmarks {
    requires io.dat4j.api;
    requires jmh.core;
    requires org.knowm.xchart;
    requires java.desktop;
    requires java.management;

    exports io.dat4j.benchmarks;
}
