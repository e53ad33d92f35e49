/**
 * The rdmacm provider: DAT over librdmacm and libibverbs through the FFM API, the Java counterpart of C uDAPL's
 * {@code libdaplofa} (openib_cma). Exports only the availability gate; the provider is found by ServiceLoader.
 */
module io.dat4j.provider.rdmacm {
    requires io.dat4j.kit;
    requires org.apache.logging.log4j;
    // (the JFR events of the connection steps, ConnectionStepEvent)
    requires jdk.jfr;

    exports io.dat4j.provider.rdmacm;

    provides io.dat4j.spi.DatProvider with io.dat4j.provider.rdmacm.RdmaCmProvider;
}
