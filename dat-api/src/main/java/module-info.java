/**
 * The DAT 2.0 API ({@code io.dat4j}: interfaces, records, enums, exceptions, the registry) and the one type a provider
 * jar offers ({@link io.dat4j.spi.DatProvider}). No native code, no threads, no logging backend. Providers build on
 * the provider kit, module {@code io.dat4j.kit}.
 *
 * <p>dat4j logs through the Log4j API ({@code org.apache.logging.log4j}), read by this module but not passed on to
 * its readers: no API signature uses it, and an application chooses its own backend (or none: see
 * {@code io.dat4j.internal.logging.Logging}, which keeps dat4j silent when no backend is present).
 */
module io.dat4j.api {
    requires org.apache.logging.log4j;

    exports io.dat4j;
    exports io.dat4j.spi;
    exports io.dat4j.internal to io.dat4j.kit, io.dat4j.provider.tcp, io.dat4j.provider.rdmacm, io.dat4j.tools,
            io.dat4j.conformance;
    // not API (see its package doc); exported to all because a module reading it may sit on the class path
    exports io.dat4j.internal.logging;

    uses io.dat4j.spi.DatProvider;
    // Logging asks whether Log4j API has a backend before it touches LogManager
    uses org.apache.logging.log4j.spi.Provider;
}
