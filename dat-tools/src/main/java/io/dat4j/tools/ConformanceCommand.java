package io.dat4j.tools;

import io.dat4j.conformance.runner.ConformanceOptions;
import io.dat4j.conformance.runner.ConformanceReport;
import io.dat4j.conformance.runner.ConformanceRunner;
import io.dat4j.conformance.runner.ReportWriters;
import io.dat4j.conformance.runner.RuleInfo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dat conformance}: runs the conformance suite (the TCK) against a provider or one of its IAs through
 * {@link ConformanceRunner} and prints its report. Exit code 0 when the provider conforms, 1 when a required rule (or
 * a capability rule the provider claims) failed, 2 for bad arguments.
 */
@Command(name = "conformance", description = {"Run the conformance suite (TCK) against a provider or an IA and print"
    + " one result per rule.", "Exit 0 when it conforms, 1 when a required rule (or a claimed capability's rule)"
    + " failed."})
final class ConformanceCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"--provider", "-P", "--ia"}, paramLabel = "NAME",
            description = "The provider (tcp, rdmacm: its first IA) or the IA (tcp-lo, ofa-v2-rxe0) under test.")
    private String target;

    @Option(names = "--list", description = "List the rules (id, level, area, text) instead of running them.")
    private boolean list;

    @Option(names = "--json", description = "Print one JSON object on stdout and nothing else.")
    private boolean json;

    @Option(names = "--area", paramLabel = "NAME", description = "Run only this area (e.g. Endpoint, or"
            + " ConnectionManagement for its seven areas, or one of them such as Establishment); repeatable.")
    private Set<String> areas = new HashSet<>();

    @Option(names = "--rule", paramLabel = "ID", description = "Run only this rule (e.g. CRA-10); repeatable.")
    private Set<String> rules = new HashSet<>();

    @Option(names = "--timeout-scale", paramLabel = "F", description = "Multiply every timeout by F (slow machines).")
    private double timeoutScale;

    @Option(names = "--no-second-jvm", description = "Skip the rules that need a peer process.")
    private boolean noSecondJvm;

    @Option(names = "--peer-provider-class", paramLabel = "FQCN", description = "A provider class the peer process"
            + " registers by hand.")
    private String peerProviderClass;

    @Option(names = "--junit-xml", paramLabel = "DIR", description = "Also write JUnit XML reports there.")
    private Path junitXml;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Also write a Markdown report.")
    private Path markdown;

    @Option(names = {"-v", "--verbose"}, description = "Log more to stderr.")
    private boolean[] verbose = new boolean[0];

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Override
    public Integer call() {
        final PrintWriter out = spec.commandLine().getOut();
        if (list) {
            for (final RuleInfo r : ConformanceRunner.catalog()) {
                out.println(r.id() + "\t" + r.level() + "\t" + r.area() + "\t" + r.text()
                        + (r.requires().isEmpty() ? "" : " (needs " + r.requires() + ")"));
            }
            out.flush();
            return 0;
        }
        if (target == null) {
            throw new ParameterException(spec.commandLine(), "--provider NAME (or -P IA_NAME) is required");
        }
        final ConformanceOptions options;
        try {
            options = new ConformanceOptions(target, areas, rules, timeoutScale, !noSecondJvm, peerProviderClass,
                    junitXml, markdown);
        } catch (final IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        final PrintStream stdout = System.out;
        final ConformanceReport report;
        // whatever the suite prints goes to stderr, so stdout holds only the report
        System.setOut(System.err);
        try {
            report = ConformanceRunner.run(options);
        } finally {
            System.setOut(stdout);
        }
        if (json) {
            out.println(ReportWriters.json(report));
        } else {
            final ByteArrayOutputStream table = new ByteArrayOutputStream();
            try (PrintStream ps = new PrintStream(table, true, StandardCharsets.UTF_8)) {
                ReportWriters.table(report, ps);
            }
            out.print(table.toString(StandardCharsets.UTF_8));
        }
        out.flush();
        return report.exitCode();
    }
}
