/**
 * The DAT 2.0 API ({@code io.dat4j}: interfaces, records, enums, exceptions, the registry) and the one type a provider
 * jar offers ({@link io.dat4j.spi.DatProvider}). No native code, no threads, no logging backend. Providers build on
 * the provider kit, module {@code io.dat4j.kit}.
 */
module io.dat4j.api {
    requires transitive org.apache.logging.log4j;

    exports io.dat4j;
    exports io.dat4j.spi;
    exports io.dat4j.internal to io.dat4j.kit, io.dat4j.provider.tcp, io.dat4j.provider.rdmacm, io.dat4j.tools,
            io.dat4j.conformance;

    uses io.dat4j.spi.DatProvider;
}
