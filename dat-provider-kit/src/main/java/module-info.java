/**
 * The provider kit: the transport-independent DAT semantics every dat4j provider shares, the Java counterpart of
 * libdapl's common layer. A provider implements the hooks of {@link io.dat4j.kit.Transport} and gets a complete
 * {@link io.dat4j.InterfaceAdapter} from {@link io.dat4j.kit.ProviderKit}. The package {@code io.dat4j.kit} is a
 * supported SPI for providers written outside this repository; see {@code docs/provider-kit.md}.
 */
module io.dat4j.kit {
    requires transitive io.dat4j.api;
    requires org.apache.logging.log4j;

    exports io.dat4j.kit;
}
