package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConformanceCommandTest {

    private static String[] run(final String... args) {
        return Cli.capture(args);
    }

    @Test
    void shouldNeedAProviderWithExitCode2() {
        final String[] r = run("conformance");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("--provider"), r[2]);
        assertEquals("", r[1]);
    }

    @Test
    void shouldRefuseANegativeTimeoutScaleWithExitCode2() {
        final String[] r = run("conformance", "--provider", "tcp", "--timeout-scale", "-1");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("timeout scale"), r[2]);
    }

    @Test
    void shouldListTheRulesWithoutAProvider() {
        final String[] r = run("conformance", "--list");
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].lines().anyMatch(l -> l.startsWith("CRA-10\t")), r[1]);
    }

    @Test
    void shouldExplainItsOptions() {
        final String[] r = run("conformance", "--help");
        assertEquals("0", r[0]);
        assertTrue(r[1].contains("--provider") && r[1].contains("-P") && r[1].contains("--json"), r[1]);
    }
}
