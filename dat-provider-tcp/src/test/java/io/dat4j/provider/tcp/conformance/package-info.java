/** The conformance suite run against the TCP provider: one ten-line subclass per area. */
package io.dat4j.provider.tcp.conformance;
