/** Benchmarks: the NIO baseline and JMH benchmarks of dat4j's data path. Compiled by CI, run by hand. */
module io.dat4j.benchmarks {
    requires io.dat4j.api;
    requires jmh.core;

    exports io.dat4j.benchmarks;
}
