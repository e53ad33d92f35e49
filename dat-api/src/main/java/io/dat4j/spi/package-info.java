/**
 * The provider SPI: {@link io.dat4j.spi.DatProvider}, found by {@link java.util.ServiceLoader}, and the pieces every
 * provider shares so that all of them give the same answer to the same call, starting with the EP state machine.
 */
package io.dat4j.spi;
