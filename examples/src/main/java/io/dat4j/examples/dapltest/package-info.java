/**
 * dapltest of dapl 2.1.10 (dapl2-utils' {@code test/dapltest}) in Java: {@link io.dat4j.examples.dapltest.Dapltest}
 * is the server ({@code -T S}) and the client of the transaction ({@code -T T}), performance ({@code -T P}) and quit
 * ({@code -T Q}) tests, and runs the limit ({@code -T L}) and function feature ({@code -T F}) tests. The same options,
 * the same output lines and the same bytes on the wire ({@code Client_Info}, the commands, {@code Server_Info}, the
 * memory info and sync messages), so that Java and C clients and servers run against each other. docs/porting.md
 * ("dapltest") maps each option and says where the port departs from C.
 */
package io.dat4j.examples.dapltest;
