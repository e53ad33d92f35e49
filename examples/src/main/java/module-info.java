/**
 * Ports of C uDAPL programs to dat4j, side by side with the originals: dapl's dtest, dtestcm and dtestsrq
 * ({@link io.dat4j.examples.dtest}) and dapltest ({@link io.dat4j.examples.dapltest.Dapltest}). Providers are found
 * by service binding.
 */
module io.dat4j.examples {
    requires io.dat4j.api;

    exports io.dat4j.examples.dtest;
    exports io.dat4j.examples.dapltest;

    uses io.dat4j.spi.DatProvider;
}
