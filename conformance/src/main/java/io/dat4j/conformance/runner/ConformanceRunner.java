package io.dat4j.conformance.runner;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectNestedClass;

import io.dat4j.DatException;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProviderListing;
import io.dat4j.Registry;
import io.dat4j.RegistryEntry;
import io.dat4j.conformance.ProviderFixture;
import io.dat4j.conformance.peer.PeerLauncher;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;
import io.dat4j.spi.DatProvider;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.reporting.legacy.xml.LegacyXmlReportGeneratingListener;
import org.junit.platform.engine.FilterResult;

/**
 * Runs the conformance suite against a provider through the JUnit Platform Launcher and reports one result per rule.
 * The API for tools is {@link #run(ConformanceOptions)} plus {@link ReportWriters}; {@link #main(String[])} is the
 * command line:
 *
 * <pre>
 * java io.dat4j.conformance.runner.ConformanceRunner --provider NAME [--json] [--area NAME]... [--rule ID]...
 *      [--timeout-scale F] [--no-second-jvm] [--peer-provider-class FQCN] [--junit-xml DIR] [--markdown FILE]
 * java io.dat4j.conformance.runner.ConformanceRunner --list
 * </pre>
 *
 * It prints the table (or, with {@code --json}, one JSON object and nothing else) on stdout and exits 1 when a
 * REQUIRED rule (or a CAPABILITY rule the provider claims) failed, 2 on bad arguments.
 *
 * <p>Thread safety: runs are serialized; the suite's classes read the running options.
 */
public final class ConformanceRunner {

    /** The id given to a failure outside any rule (a class-level leak check or set-up). */
    public static final String CLASS_CHECK_ID = "LEAK-CHECK";

    private static final ReentrantLock RUN_LOCK = new ReentrantLock();
    private static volatile ProviderFixture current;

    private ConformanceRunner() {
    }

    /** {@return the fixture of the run in progress; for the suite classes of this package} */
    static ProviderFixture currentFixture() {
        final ProviderFixture f = current;
        if (f == null) {
            throw new IllegalStateException("no conformance run in progress; use ConformanceRunner.run");
        }
        return f;
    }

    static boolean running() {
        return current != null;
    }

    /**
     * Runs the suite.
     *
     * @param options what to run and where to write reports
     * @return the report; {@link ConformanceReport#exitCode()} tells whether the provider conforms
     */
    public static ConformanceReport run(final ConformanceOptions options) {
        final String ia = resolveInterfaceAdapter(options.target());
        final String provider = providerName(ia);
        RUN_LOCK.lock();
        final String oldScale = System.getProperty(ConformanceTimeouts.SCALE_PROP_NAME);
        try {
            if (options.timeoutScale() > 0) {
                System.setProperty(ConformanceTimeouts.SCALE_PROP_NAME, Double.toString(options.timeoutScale()));
            }
            current = fixture(ia, options);
            return execute(options, ia, provider);
        } finally {
            current = null;
            if (options.timeoutScale() > 0) {
                if (oldScale == null) {
                    System.clearProperty(ConformanceTimeouts.SCALE_PROP_NAME);
                } else {
                    System.setProperty(ConformanceTimeouts.SCALE_PROP_NAME, oldScale);
                }
            }
            RUN_LOCK.unlock();
        }
    }

    private static ProviderFixture fixture(final String ia, final ConformanceOptions options) {
        return new ProviderFixture() {
            @Override
            public String interfaceAdapterName() {
                return ia;
            }

            @Override
            public InetAddress connectAddress(final InterfaceAdapter listener) {
                return ProviderFixture.super.connectAddress(listener);
            }

            @Override
            public Optional<PeerLauncher> peer() {
                return options.secondJvm() ? Optional.of(PeerLauncher.secondJvm(ia, options.peerProviderClass()))
                        : Optional.empty();
            }
        };
    }

    /**
     * {@return what a run discovers}: every suite class, or the classes and nested classes of the areas asked for,
     * filtered by rule id
     *
     * @param options the areas and rule ids
     */
    static LauncherDiscoveryRequest discovery(final ConformanceOptions options) {
        final List<DiscoverySelector> selectors = new ArrayList<>();
        for (final Class<?> c : RunnerSuites.all()) {
            if (options.areas().isEmpty() || RunnerSuites.named(c.getSuperclass(), options.areas())) {
                selectors.add(selectClass(c));
                continue;
            }
            for (final Class<?> area : RunnerSuites.areas(c)) {
                if (area != c.getSuperclass() && RunnerSuites.named(area, options.areas())) {
                    selectors.add(selectNestedClass(List.of(c), RunnerSuites.nested(c, area)));
                }
            }
        }
        final LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectors)
                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false");
        if (!options.ruleIds().isEmpty()) {
            request.filters((PostDiscoveryFilter) d -> {
                final Optional<Rule> r = ruleOf(d.getSource().orElse(null));
                return r.isEmpty() || options.ruleIds().contains(r.get().id()) ? FilterResult.included("selected")
                        : FilterResult.excluded("not selected");
            });
        }
        return request.build();
    }

    private static ConformanceReport execute(final ConformanceOptions options, final String ia,
            final String provider) {
        final LauncherDiscoveryRequest discovery = discovery(options);
        final Collector collector = new Collector();
        final Launcher launcher = LauncherFactory.create();
        final List<TestExecutionListener> listeners = new ArrayList<>();
        listeners.add(collector);
        if (options.junitXmlDirectory() != null) {
            listeners.add(new LegacyXmlReportGeneratingListener(options.junitXmlDirectory(),
                    new PrintWriter(System.err, true)));
        }
        final long start = System.nanoTime();
        launcher.execute(discovery, listeners.toArray(new TestExecutionListener[0]));
        final ConformanceReport report = new ConformanceReport(provider, ia, collector.results(),
                (System.nanoTime() - start) / 1_000_000);
        if (options.markdownFile() != null) {
            ReportWriters.writeMarkdown(report, options.markdownFile());
        }
        return report;
    }

    /** {@return every rule of the suite, area by area, as declared (the catalog behind {@code --list})} */
    public static List<RuleInfo> catalog() {
        final List<RuleInfo> all = new ArrayList<>();
        for (final Class<?> suite : RunnerSuites.all()) {
            for (final Class<?> area : RunnerSuites.areas(suite)) {
                for (final Method m : area.getDeclaredMethods()) {
                    final Rule r = m.getAnnotation(Rule.class);
                    if (r != null) {
                        all.add(new RuleInfo(r.id(), r.level(), area.getSimpleName(), r.text(),
                                List.of(r.requires())));
                    }
                }
            }
        }
        all.sort(java.util.Comparator.comparing(RuleInfo::area).thenComparing(RuleInfo::id));
        return all;
    }

    /**
     * {@return the IA name to run}: the target itself if the registry knows it as an IA name, else the first IA a
     * provider of that name offers
     *
     * @param target an IA or provider name
     */
    static String resolveInterfaceAdapter(final String target) {
        final Registry registry = Registry.defaultRegistry();
        for (final ProviderListing l : registry.listProviders()) {
            if (l.iaName().equals(target)) {
                return target;
            }
        }
        final DatProvider p = registry.provider(target);
        if (p != null) {
            final List<RegistryEntry> entries = p.defaultEntries();
            if (!entries.isEmpty()) {
                return entries.get(0).iaName();
            }
        }
        return target;
    }

    private static String providerName(final String ia) {
        for (final ProviderListing l : Registry.defaultRegistry().listProviders()) {
            if (l.iaName().equals(ia) && l.provider() != null) {
                return l.provider();
            }
        }
        return ia;
    }

    static Optional<Rule> ruleOf(final TestSource source) {
        if (source instanceof final MethodSource ms) {
            return Optional.ofNullable(findMethod(ms)).map(m -> m.getAnnotation(Rule.class));
        }
        return Optional.empty();
    }

    private static Method findMethod(final MethodSource ms) {
        try {
            Class<?> c = Class.forName(ms.getClassName(), false, ConformanceRunner.class.getClassLoader());
            while (c != null) {
                for (final Method m : c.getDeclaredMethods()) {
                    if (m.getName().equals(ms.getMethodName()) && m.getParameterCount() == 0) {
                        return m;
                    }
                }
                c = c.getSuperclass();
            }
        } catch (final ClassNotFoundException e) {
            return null;
        }
        return null;
    }

    /** Collects one result per test, and one per failed class. */
    private static final class Collector implements TestExecutionListener {
        private final Map<String, Long> started = new ConcurrentHashMap<>();
        private final List<RuleResult> results = new ArrayList<>();
        private final Set<String> seen = new HashSet<>();

        synchronized List<RuleResult> results() {
            return List.copyOf(results);
        }

        @Override
        public void executionStarted(final TestIdentifier id) {
            started.put(id.getUniqueId(), System.nanoTime());
        }

        @Override
        public void executionSkipped(final TestIdentifier id, final String reason) {
            if (id.isTest()) {
                add(id, RuleResult.Status.SKIPPED, reason, 0);
            }
        }

        @Override
        public void executionFinished(final TestIdentifier id, final TestExecutionResult result) {
            final Long t0 = started.remove(id.getUniqueId());
            final long millis = t0 == null ? 0 : (System.nanoTime() - t0) / 1_000_000;
            final Throwable t = result.getThrowable().orElse(null);
            final String reason = t == null ? null : t.getClass().getSimpleName() + ": " + t.getMessage();
            final RuleResult.Status status = switch (result.getStatus()) {
                case SUCCESSFUL -> RuleResult.Status.PASSED;
                case ABORTED -> RuleResult.Status.SKIPPED;
                case FAILED -> RuleResult.Status.FAILED;
            };
            if (id.isTest()) {
                add(id, status, reason, millis);
            } else if (status == RuleResult.Status.FAILED && id.getSource().orElse(null) instanceof ClassSource cs) {
                synchronized (this) {
                    results.add(new RuleResult(CLASS_CHECK_ID, Level.REQUIRED, status, reason, millis,
                            simpleArea(cs.getClassName()), "After every test class: every handle closed, no thread,"
                            + " file descriptor or native memory left behind"));
                }
            }
        }

        private synchronized void add(final TestIdentifier id, final RuleResult.Status status, final String reason,
                final long millis) {
            if (!seen.add(id.getUniqueId())) {
                return;
            }
            final TestSource src = id.getSource().orElse(null);
            final Optional<Rule> rule = ruleOf(src);
            final String area = src instanceof final MethodSource ms ? simpleArea(ms.getClassName()) : "";
            results.add(new RuleResult(rule.map(Rule::id).orElse(id.getDisplayName()),
                    rule.map(Rule::level).orElse(Level.REQUIRED), status, reason, millis, area,
                    rule.map(Rule::text).orElse(id.getDisplayName())));
        }

        /**
         * The area of a test class: its simple name, or for a nested class ({@code RunnerSuites$Memory},
         * {@code ConnectionManagementConformance$Establishment}) the nested name plus {@code Conformance}.
         */
        private static String simpleArea(final String className) {
            final String s = className.substring(className.lastIndexOf('.') + 1);
            final int dollar = s.lastIndexOf('$');
            return dollar >= 0 ? s.substring(dollar + 1) + "Conformance" : s;
        }
    }

    /**
     * The command line.
     *
     * @param args see the class documentation
     */
    public static void main(final String[] args) {
        final PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        String target = null;
        boolean json = false;
        final Set<String> areas = new HashSet<>();
        final Set<String> rules = new HashSet<>();
        double scale = 0;
        boolean secondJvm = true;
        String peerClass = null;
        Path xml = null;
        Path md = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--provider", "--ia" -> target = args[++i];
                    case "--json" -> json = true;
                    case "--area" -> areas.add(args[++i]);
                    case "--rule" -> rules.add(args[++i]);
                    case "--timeout-scale" -> scale = Double.parseDouble(args[++i]);
                    case "--no-second-jvm" -> secondJvm = false;
                    case "--peer-provider-class" -> peerClass = args[++i];
                    case "--junit-xml" -> xml = Path.of(args[++i]);
                    case "--markdown" -> md = Path.of(args[++i]);
                    case "--list" -> {
                        for (final RuleInfo r : catalog()) {
                            stdout.println(r.id() + "\t" + r.level() + "\t" + r.area() + "\t" + r.text()
                                    + (r.requires().isEmpty() ? "" : " (needs " + r.requires() + ")"));
                        }
                        return;
                    }
                    case "-h", "--help" -> {
                        stdout.println("usage: ConformanceRunner --provider NAME [--json] [--area NAME]... "
                                + "[--rule ID]... [--timeout-scale F] [--no-second-jvm] [--peer-provider-class FQCN] "
                                + "[--junit-xml DIR] [--markdown FILE] | --list");
                        return;
                    }
                    default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
                }
            }
            if (target == null) {
                throw new IllegalArgumentException("--provider NAME is required");
            }
        } catch (final RuntimeException e) {
            System.err.println("conformance: " + e.getMessage());
            System.exit(2);
            return;
        }
        final ConformanceOptions options = new ConformanceOptions(target, areas, rules, scale, secondJvm, peerClass,
                xml, md);
        final PrintStream oldOut = System.out;
        if (json) {
            System.setOut(System.err);
        }
        final ConformanceReport report;
        try {
            report = run(options);
        } catch (final DatException | IllegalArgumentException e) {
            System.err.println("conformance: " + e.getMessage());
            System.exit(2);
            return;
        } finally {
            System.setOut(oldOut);
        }
        if (json) {
            stdout.println(ReportWriters.json(report));
        } else {
            ReportWriters.table(report, stdout);
        }
        stdout.flush();
        System.exit(report.exitCode());
    }
}
