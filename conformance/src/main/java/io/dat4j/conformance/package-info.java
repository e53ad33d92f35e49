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
 * Every test is a {@link io.dat4j.conformance.support.Rule} with a stable id; {@code grep -r CRA-05} finds it.
 */
package io.dat4j.conformance;
