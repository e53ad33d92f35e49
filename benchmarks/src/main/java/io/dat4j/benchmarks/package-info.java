/** Baselines (plain NIO sockets) and JMH benchmarks; see docs/benchmarks.md for the commands and results. */
package io.dat4j.benchmarks;
