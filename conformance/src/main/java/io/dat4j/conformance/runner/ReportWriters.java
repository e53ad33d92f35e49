package io.dat4j.conformance.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;

/** Writes a {@link ConformanceReport} as a console table, one JSON object, or Markdown. */
public final class ReportWriters {

    private static final int REASON_WIDTH = 90;

    private ReportWriters() {
    }

    /**
     * Prints the table: rule id, level, status (with the reason), milliseconds; then the totals.
     *
     * @param report the report
     * @param out where to print
     */
    public static void table(final ConformanceReport report, final PrintStream out) {
        out.printf(Locale.ROOT, "%-22s %-10s %-8s %8s  %s%n", "RULE", "LEVEL", "STATUS", "MILLIS", "REASON");
        for (final RuleResult r : report.results()) {
            out.printf(Locale.ROOT, "%-22s %-10s %-8s %8d  %s%n", r.id(), r.level(), r.status().label(), r.millis(),
                    r.reason() == null ? "" : shorten(oneLine(r.reason()), REASON_WIDTH));
        }
        out.printf(Locale.ROOT, "%nprovider %s (IA %s): %d passed, %d failed, %d skipped in %d ms: %s%n",
                report.provider(), report.interfaceAdapter(), report.passed(), report.failed(), report.skipped(),
                report.millis(), report.hasBlockingFailure() ? "DOES NOT CONFORM" : "conforms");
    }

    /**
     * {@return the report as one JSON object}: {@code {"provider", "passed", "failed", "skipped", "rules": [{"id",
     * "level", "status", "reason", "millis"}]}}
     *
     * @param report the report
     */
    public static String json(final ConformanceReport report) {
        final StringBuilder b = new StringBuilder(256 + 160 * report.results().size());
        b.append("{\"provider\":").append(quote(report.provider()))
                .append(",\"passed\":").append(report.passed())
                .append(",\"failed\":").append(report.failed())
                .append(",\"skipped\":").append(report.skipped())
                .append(",\"rules\":[");
        boolean first = true;
        for (final RuleResult r : report.results()) {
            if (!first) {
                b.append(',');
            }
            first = false;
            b.append("{\"id\":").append(quote(r.id()))
                    .append(",\"level\":").append(quote(r.level().name()))
                    .append(",\"status\":").append(quote(r.status().label()))
                    .append(",\"reason\":").append(r.reason() == null ? "null" : quote(r.reason()))
                    .append(",\"millis\":").append(r.millis())
                    .append('}');
        }
        return b.append("]}").toString();
    }

    /**
     * {@return a JSON string literal}: quotes, backslashes and control characters escaped, and every character
     * outside ASCII written as a {@code \\uXXXX} escape, so the output is valid JSON in any encoding
     *
     * @param s the string, or null for {@code null}
     */
    static String quote(final String s) {
        if (s == null) {
            return "null";
        }
        final StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /**
     * {@return the report as Markdown}: a summary and a table of every rule with its text
     *
     * @param report the report
     */
    public static String markdown(final ConformanceReport report) {
        final StringBuilder b = new StringBuilder();
        b.append("# DAT conformance: ").append(report.provider()).append("\n\n");
        b.append("- IA: `").append(report.interfaceAdapter()).append("`\n");
        b.append("- Date: ").append(Instant.now()).append('\n');
        b.append("- Reproduce: `./dat conformance -P ").append(report.interfaceAdapter())
                .append(" --markdown FILE` (Maven: the provider module's `*ConformanceTest` classes)\n");
        b.append("- Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" CPUs, Java ")
                .append(Runtime.version()).append(", ").append(System.getProperty("os.name")).append(' ')
                .append(System.getProperty("os.version")).append('\n');
        b.append("- Result: **").append(report.hasBlockingFailure() ? "does not conform" : "conforms")
                .append("**: ").append(report.passed()).append(" passed, ").append(report.failed())
                .append(" failed, ").append(report.skipped()).append(" skipped, ").append(report.millis())
                .append(" ms\n\n");
        b.append("| Rule | Level | Status | ms | Area | Rule text | Reason |\n");
        b.append("|---|---|---|---:|---|---|---|\n");
        for (final RuleResult r : report.results()) {
            b.append("| ").append(cell(r.id())).append(" | ").append(r.level()).append(" | ")
                    .append(r.status() == RuleResult.Status.FAILED ? "**failed**" : r.status().label())
                    .append(" | ").append(r.millis()).append(" | ").append(cell(r.area())).append(" | ")
                    .append(cell(r.text())).append(" | ").append(cell(r.reason())).append(" |\n");
        }
        return b.toString();
    }

    /**
     * Writes the Markdown report to a file.
     *
     * @param report the report
     * @param file the file, replaced if it exists
     */
    public static void writeMarkdown(final ConformanceReport report, final Path file) {
        try {
            final Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, markdown(report), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the Markdown report to " + file, e);
        }
    }

    private static String cell(final String s) {
        return s == null ? "" : oneLine(s).replace("|", "\\|");
    }

    private static String oneLine(final String s) {
        return s.replace('\r', ' ').replace('\n', ' ');
    }

    private static String shorten(final String s, final int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
