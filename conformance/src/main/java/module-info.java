/**
 * The dat4j conformance suite (a TCK for DAT providers): abstract JUnit 5 classes, one per API area, that a provider
 * runs by subclassing them with a {@link io.dat4j.conformance.ProviderFixture}; the rule annotation and the
 * extensions that enforce timeouts and leak checks; a peer for two-process tests; and a runner that prints a report.
 * The module is open so that JUnit can reach every test method reflectively.
 */
open module io.dat4j.conformance {
    requires transitive io.dat4j.api;
    requires transitive org.junit.jupiter.api;
    requires transitive org.junit.platform.launcher;
    requires org.junit.platform.reporting;
    requires java.management;
    requires org.apache.logging.log4j;

    exports io.dat4j.conformance;
    exports io.dat4j.conformance.support;
    exports io.dat4j.conformance.runner;
    exports io.dat4j.conformance.peer;
}
