/** The conformance suite run against the shared-memory provider: one ten-line subclass per area. */
package io.dat4j.provider.shm.conformance;
