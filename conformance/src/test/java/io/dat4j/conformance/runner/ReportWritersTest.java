package io.dat4j.conformance.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.conformance.support.Level;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportWritersTest {

    private static ConformanceReport report() {
        return new ConformanceReport("tcp", "tcp-lo", List.of(
                new RuleResult("CRA-05", Level.REQUIRED, RuleResult.Status.PASSED, null, 12, "Cm", "text"),
                new RuleResult("RJ-02", Level.CAPABILITY, RuleResult.Status.SKIPPED, "lacks \"REJECT\"\n\tx", 0, "Cm",
                        "t|x"),
                new RuleResult("DTO-15", Level.OPTIONAL, RuleResult.Status.FAILED, "\u00e9\u0001\\", 3, "Dt", "t")),
                20);
    }

    @Test
    void shouldEscapeJsonStrings() {
        assertEquals("\"a\\\"b\\\\c\\n\\t\\u0001\\u00e9\\u2028\"",
                ReportWriters.quote("a\"b\\c\n\t\u0001\u00e9\u2028"));
        assertEquals("null", ReportWriters.quote(null));
    }

    @Test
    void shouldWriteOneJsonObjectWithCounts() {
        final String json = ReportWriters.json(report());
        assertTrue(json.startsWith("{\"provider\":\"tcp\",\"passed\":1,\"failed\":1,\"skipped\":1,\"rules\":["), json);
        assertTrue(json.contains("{\"id\":\"CRA-05\",\"level\":\"REQUIRED\",\"status\":\"passed\",\"reason\":null,"
                + "\"millis\":12}"), json);
        assertTrue(json.contains("\"reason\":\"lacks \\\"REJECT\\\"\\n\\tx\""), json);
        assertTrue(json.endsWith("]}"), json);
        assertTrue(json.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "ASCII only, no raw control characters");
    }

    @Test
    void shouldExitZeroWhenOnlyOptionalRulesFail() {
        assertEquals(0, report().exitCode());
        final ConformanceReport bad = new ConformanceReport("tcp", "tcp-lo", List.of(new RuleResult("CRA-01",
                Level.REQUIRED, RuleResult.Status.FAILED, "x", 1, "Cm", "t")), 1);
        assertEquals(1, bad.exitCode());
    }

    @Test
    void shouldPrintTableAndMarkdown() {
        final ByteArrayOutputStream b = new ByteArrayOutputStream();
        ReportWriters.table(report(), new PrintStream(b, true, StandardCharsets.UTF_8));
        final String table = b.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("CRA-05") && table.contains("1 passed, 1 failed, 1 skipped"), table);
        final String md = ReportWriters.markdown(report());
        assertTrue(md.contains("| RJ-02 | CAPABILITY | skipped |"), md);
        assertTrue(md.contains("t\\|x"), "pipes escaped in cells: " + md);
    }
}
