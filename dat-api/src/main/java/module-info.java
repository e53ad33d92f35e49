/**
 * The DAT 2.0 API and the provider SPI. No native code, no threads, no logging backend.
 */
module io.dat4j.api {
    requires transitive org.apache.logging.log4j;

    exports io.dat4j;
    exports io.dat4j.spi;
    exports io.dat4j.internal to io.dat4j.provider.tcp, io.dat4j.provider.rdmacm, io.dat4j.tools,
            io.dat4j.conformance;

    uses io.dat4j.spi.DatProvider;
}
