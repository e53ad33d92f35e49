/**
 * The conformance suite run against the shared-memory provider in the kit's single-thread mode: IA {@code shm0}
 * opened with {@code dat4j.kit.singleThread=true}, which lacks {@link io.dat4j.Capability#THREAD_SAFE}, so the rules
 * that call one IA from several threads at once are skipped with the reason. One ten-line subclass per area, as in
 * {@link io.dat4j.provider.shm.conformance}.
 */
package io.dat4j.provider.shm.conformance.singlethread;
