/**
 * dtest (dapl2-utils' {@code test/dtest/dtest.c}) in Java: the same options, the same messages on the wire and the
 * same output lines, so the Java and C programs can face each other. docs/porting-dtest.md pairs each C call with
 * its Java line.
 */
package io.dat4j.examples.dtest;
