/**
 * The provider SPI: {@link io.dat4j.spi.DatProvider}, found by {@link java.util.ServiceLoader}, and the provider kit
 * every provider shares so that all of them give the same answer to the same call: {@link io.dat4j.spi.ProviderKit}
 * turns a {@link io.dat4j.spi.Transport} (the provider's {@code dapls_ib_*} hooks) into a complete
 * {@link io.dat4j.InterfaceAdapter}, with the EP state machine ({@link io.dat4j.spi.EndpointStateMachine}), the EVD
 * ({@link io.dat4j.spi.KitEventDispatcher}) and the remote-access table ({@link io.dat4j.spi.RegionTable}).
 * See {@code docs/provider-kit.md}.
 */
package io.dat4j.spi;
