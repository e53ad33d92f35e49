/**
 * The test programs of dapl 2.1.x's {@code test/dtest} directory in Java, as dapl2-utils 2.1.10 installs them, with
 * the same options, the same bytes on the wire and the same output lines, so that a Java and a C program finish each
 * other's runs: {@link io.dat4j.examples.dtest.Dtest} (send/receive and RDMA), {@link io.dat4j.examples.dtest.DtestCm}
 * (connection rate) and {@link io.dat4j.examples.dtest.DtestSrq} (shared receive queue). dtest.c is split by part:
 * its globals ({@code DtestGlobals}), options ({@code DtestOptions}), set-up ({@code DtestSetup}), transfer tests
 * ({@code DtestTransfers}) and flow ({@code Dtest}); what the programs share is shared here too ({@code Getopt},
 * {@code ServerInfoExchange}, {@code DtestBase}). docs/porting.md pairs each C call with its Java line.
 */
package io.dat4j.examples.dtest;
