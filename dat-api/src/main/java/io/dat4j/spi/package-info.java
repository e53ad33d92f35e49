/**
 * What a provider jar offers the registry: {@link io.dat4j.spi.DatProvider}, found by {@link java.util.ServiceLoader}
 * ({@code provides io.dat4j.spi.DatProvider with ...}). Providers build their IAs on the provider kit (module
 * {@code io.dat4j.kit}, package {@code io.dat4j.kit}); see {@code docs/provider-kit.md}.
 */
package io.dat4j.spi;
