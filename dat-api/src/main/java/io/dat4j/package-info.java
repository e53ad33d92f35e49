/**
 * The DAT 2.0 (uDAPL) programming model in Java: interface adapters, event dispatchers, endpoints, service points,
 * connection requests and registered memory, with the DAT status codes, event numbers and flags of the C headers.
 * Each {@code dat_*} call has one Java counterpart; {@code docs/porting.md} maps them all. Every failed call throws a
 * {@link io.dat4j.DatException} carrying the DAT status.
 */
package io.dat4j;
