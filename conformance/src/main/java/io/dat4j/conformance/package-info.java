/**
 * The conformance suite: one abstract JUnit 5 class per API area. A provider certifies itself by subclassing each
 * with its {@link io.dat4j.conformance.ProviderFixture}:
 *
 * <pre>{@code
 * class TcpEndpointConformanceTest extends EndpointConformance {
 *     @Override
 *     protected ProviderFixture fixture() {
 *         return ProviderFixture.of("tcp-lo");
 *     }
 * }
 * }</pre>
 *
 * {@link io.dat4j.conformance.ConnectionManagementConformance} is subclassed the same way and runs its seven areas
 * (establishment, private data, reject, requests, disconnect, service points, two processes) as nested classes.
 * Every test is a {@link io.dat4j.conformance.support.Rule} with a stable id; {@code grep -r CRA-05} finds it.
 */
package io.dat4j.conformance;
