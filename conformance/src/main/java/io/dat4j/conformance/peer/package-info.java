/**
 * The peer of the two-process rules: {@link io.dat4j.conformance.peer.PeerMain} runs in a second JVM and serves a
 * public service point per command (accept, reject or echo); {@link io.dat4j.conformance.peer.PeerProcess} starts
 * and drives it from the suite.
 */
package io.dat4j.conformance.peer;
