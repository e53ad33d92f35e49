package io.dat4j.jcstress;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;
import org.openjdk.jcstress.infra.Status;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.InProcessCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.TestGrading;

/**
 * Runs the jcstress tests of this module and turns their results into an exit status, which jcstress itself does not
 * give: 0 when every test ran in every JVM configuration with no FORBIDDEN outcome and no error, and every self-test
 * (package {@code io.dat4j.jcstress.selftest}, a deliberately broken copy of a structure) did observe a FORBIDDEN
 * outcome; 1 otherwise. A test that did not run at all (jcstress runs a test only when the machine has a CPU for each
 * of its actors: these need 2) fails the gate too.
 *
 * <p>Arguments are jcstress's own ({@code -m quick}, {@code -t regexp}, {@code -r dir}, ...). The build runs it from
 * {@link JcstressGateTest}; see "Checked with jcstress" in {@code docs/provider-kit.md}.
 */
public final class JcstressGate {

    private static final String SELF_TESTS = "io.dat4j.jcstress.selftest.";

    private JcstressGate() {
    }

    /**
     * Runs jcstress, then judges its results; exits 0 when they pass, 1 when not, 2 on bad options.
     *
     * @param args jcstress's options
     * @throws Exception what jcstress throws
     */
    public static void main(final String[] args) throws Exception {
        System.exit(run(args) ? 0 : 1);
    }

    /**
     * Runs jcstress, then judges its results (printed on standard output).
     *
     * @param args jcstress's options
     * @return true when every test passed and every self-test was caught
     * @throws Exception what jcstress throws
     */
    public static boolean run(final String[] args) throws Exception {
        final Options opts = new Options(args);
        if (!opts.parse()) {
            throw new IllegalArgumentException("jcstress rejected the options " + String.join(" ", args));
        }
        final JCStress jcstress = new JCStress(opts);
        final SortedSet<String> tests = jcstress.getTests();
        if (tests.isEmpty()) {
            System.out.println("jcstress gate: no test matches " + String.join(" ", args));
            return false;
        }
        try {
            jcstress.run();
        } catch (final Throwable e) {
            // jcstress reports failed tests by throwing from its report printer after writing the results; the
            // verdict below reads them from the result file, and fails the gate when there is none
            System.out.println("jcstress: " + e);
        }
        final InProcessCollector collector = new InProcessCollector();
        final DiskReadCollector reader = new DiskReadCollector(opts.getResultFile(), collector);
        reader.dump();
        reader.close();
        return judge(tests, collector.getTestResults());
    }

    /**
     * {@return the arguments in a line, split at spaces outside double quotes}
     *
     * @param line for example {@code -m quick -jvmArgs "-Xmx512m -Xss1m"}
     */
    static String[] split(final String line) {
        final List<String> out = new ArrayList<>();
        final StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (any) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    any = false;
                }
            } else {
                cur.append(c);
                any = true;
            }
        }
        if (any) {
            out.add(cur.toString());
        }
        return out.toArray(String[]::new);
    }

    /** The verdict on the results of one test, over every JVM configuration it ran in. */
    private static final class Verdict {
        int runs;
        long samples;
        long forbidden;
        /** Samples per outcome, over every configuration: which interleavings the run saw. */
        final Map<String, Long> outcomes = new TreeMap<>();
        final List<String> problems = new ArrayList<>();
    }

    private static boolean judge(final SortedSet<String> tests, final Iterable<TestResult> results) {
        final Map<String, Verdict> verdicts = new TreeMap<>();
        for (final String t : tests) {
            verdicts.put(t, new Verdict());
        }
        for (final TestResult r : results) {
            final Verdict v = verdicts.computeIfAbsent(r.getName(), k -> new Verdict());
            v.runs++;
            v.samples += r.getTotalCount();
            for (final String k : r.getStateKeys()) {
                v.outcomes.merge(k, r.getCount(k), Long::sum);
            }
            final String config = r.getConfig() == null ? "" : " with " + r.getConfig().jvmArgs;
            if (r.status() != Status.NORMAL) {
                v.problems.add(r.status() + config + ": " + String.join("; ", r.getMessages()));
                continue;
            }
            final TestGrading g = r.grading();
            if (!g.isPassed) {
                for (final var e : g.gradingResults.values()) {
                    if (e.expect == org.openjdk.jcstress.annotations.Expect.FORBIDDEN && e.count > 0) {
                        v.forbidden += e.count;
                    }
                }
                for (final String m : g.failureMessages) {
                    v.problems.add(m + config);
                }
            }
        }
        int passed = 0;
        int failed = 0;
        System.out.println();
        System.out.println("jcstress gate:");
        for (final Map.Entry<String, Verdict> e : verdicts.entrySet()) {
            final String name = e.getKey();
            final Verdict v = e.getValue();
            final boolean selfTest = name.startsWith(SELF_TESTS);
            final boolean ok;
            final String why;
            if (v.runs == 0) {
                ok = false;
                why = "did not run (no scheduling: jcstress needs a CPU per actor)";
            } else if (selfTest) {
                final boolean errors = v.problems.stream().anyMatch(p -> !p.startsWith("Observed forbidden"));
                ok = v.forbidden > 0 && !errors;
                why = ok ? "broken on purpose, and caught: " + v.forbidden + " FORBIDDEN of " + v.samples
                        + " samples"
                        : errors ? "self-test errored: " + v.problems
                        : "broken on purpose but NOT caught in " + v.samples + " samples: the harness may be blind";
            } else {
                ok = v.problems.isEmpty() && v.samples > 0;
                why = ok ? v.samples + " samples in " + v.runs + " JVM configuration(s), none FORBIDDEN"
                        : v.samples == 0 && v.problems.isEmpty() ? "no samples" : String.join("\n        ", v.problems);
            }
            System.out.println("  " + (ok ? "ok    " : "FAILED") + " " + name + ": " + why);
            final StringBuilder seen = new StringBuilder();
            v.outcomes.forEach((k, n) -> seen.append(seen.isEmpty() ? "" : "; ").append('[').append(k).append("] ")
                    .append(n));
            System.out.println("         outcomes: " + seen);
            if (ok) {
                passed++;
            } else {
                failed++;
            }
        }
        System.out.println("jcstress gate: " + passed + " tests as expected, " + failed + " not");
        return failed == 0;
    }
}
