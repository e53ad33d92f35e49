/**
 * Baselines (plain NIO sockets), the JUCX and Aeron peers of {@code scripts/bench-peers.sh}, and JMH benchmarks; see
 * docs/benchmarks.md for the commands and results.
 */
package io.dat4j.benchmarks;
