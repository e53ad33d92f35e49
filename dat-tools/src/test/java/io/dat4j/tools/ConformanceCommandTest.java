package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ConformanceCommandTest {

    private static String[] run(final String... args) {
        final CommandLine cl = DatCommand.commandLine();
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        final int code = cl.execute(args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
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
