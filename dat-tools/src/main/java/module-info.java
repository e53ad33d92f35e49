/**
 * The {@code dat} command: the registry as the user sees it, dtest/dtestcm-style checks, perftest-style latency and
 * bandwidth, and a one-process demo. Providers are found by service binding ({@code uses}); none is required here.
 */
module io.dat4j.tools {
    requires io.dat4j.api;
    requires info.picocli;
    requires org.knowm.xchart;
    requires java.desktop;
    requires java.management;
    // (dat cm --steps reads the provider's connection-step events: ProviderSteps)
    requires jdk.jfr;
    requires io.dat4j.conformance;
    requires org.apache.logging.log4j;
    requires org.apache.logging.log4j.core;

    opens io.dat4j.tools to info.picocli;

    uses io.dat4j.spi.DatProvider;
}
