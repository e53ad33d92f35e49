/**
 * The provider kit, the SPI every dat4j provider builds on so that all of them give the same answer to the same
 * call: {@link io.dat4j.kit.ProviderKit} turns a {@link io.dat4j.kit.Transport} (the provider's {@code dapls_ib_*}
 * hooks) into a complete {@link io.dat4j.InterfaceAdapter}. See {@code docs/provider-kit.md}.
 */
package io.dat4j.kit;
