/**
 * dtest of dapl 2.1.x (dapl2-utils' {@code test/dtest/dtest.c}, as 2.1.10 installs it) in Java: the same options, the
 * same bytes on the wire (the server-info text over TCP, private data, buffer info) and the same output lines, so the
 * Java and C programs finish each other's runs. docs/porting.md ("dtest, side by side") pairs each C call with its
 * Java line.
 */
package io.dat4j.examples.dtest;
