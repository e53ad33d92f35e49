package io.dat4j.conformance.selftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The suite proves itself: every REQUIRED rule (and every CAPABILITY rule the real provider claims and that has a
 * breakage below) first passes against {@link BrokenProvider} with {@link Breakage#NONE}, then fails with the
 * breakage that targets it. Runs against the real IA named by {@value BrokenProvider#REAL_IA_PROP_NAME} or the first
 * available one; skipped with the reason when no provider is on the class path.
 */
class RequiredRulesCanFailTest {

    /** The breakages that must make each rule fail (any one of them suffices). */
    static final Map<String, List<Breakage>> TARGETS = new LinkedHashMap<>();

    private static void map(final Breakage b, final String... ids) {
        for (final String id : ids) {
            TARGETS.computeIfAbsent(id, k -> new ArrayList<>()).add(b);
        }
    }

    static {
        map(Breakage.WRONG_STATUS, "CM-07", "CM-08", "FFT-DATAXFER-0", "FFT-DATAXFER-1", "CRA-08", "CRA-09",
                "DTO-08", "DTO-11", "DTO-13", "EP-01",
                "EP-05", "EP-06", "EP-07", "EP-08", "EP-09", "EP-10", "EP-12", "EVD-01", "EVD-02", "EVD-04",
                "EVD-05", "EVD-08", "EVD-09", "EVD-11", "EVD-12", "EVD-13", "EVD-14", "EVD-15", "EVD-19", "EVD-20", "FFT-CONNMGT-0",
                "FFT-CONNMGT-1", "FFT-ENDPOINT-1", "FFT-HWCONN-2", "FFT-MEM-2", "FFT-MEM-3", "FFT-MEM-4", "FFT-PZ-1",
                "FFT-PZ-2", "FFT-QUERYINFO-2", "GR-01", "IA-01", "LIMIT-ATTR", "MEM-01", "MEM-02", "MEM-03",
                "QUIT-02", "RC-06", "RC-07", "RJ-04", "CM-10", "CNO-01", "CRA-03-RSP", "CRA-03-PROVIDER", "EVD-17",
                "FFT-QUERYINFO-3", "SRQ-01");
        map(Breakage.WRONG_DTO_STATUS, "CM-02", "CM-03", "CM-15", "CRA-07", "DTO-07", "DTO-07-BOUNDS", "DTO-08", "DTO-13", "EP-11", "DTO-09",
                "DTO-10", "DTO-16");
        map(Breakage.DROP_ACCEPT_ERROR, "CM-04", "CRA-06-GONE", "CRA-06");
        map(Breakage.WRONG_STATE, "CM-06", "EP-03", "EP-STATE-1", "EP-STATE-2", "CE-03", "CRA-02-PROVIDER",
                "CRA-02-RSP", "GR-04", "RJ-04-RSP");
        map(Breakage.CLOSE_IGNORED, "CM-09", "CM-14", "DTO-19");
        map(Breakage.REMOTE_PZ_IGNORED, "DTO-17", "DTO-18", "DTO-20");
        map(Breakage.QUERY_LIES, "CM-11", "CRA-12", "EP-02", "EP-04", "EVD-03", "EVD-16", "FFT-MEM-0", "FFT-MEM-1",
                "FFT-QUERYINFO-0", "FFT-QUERYINFO-1", "IA-02", "IA-03", "RA-09");
        map(Breakage.ENDPOINT_IDENTITY_LOST, "CRA-01");
        map(Breakage.PRIVATE_DATA_DROPPED, "CRA-04", "GR-03", "RA-04", "RA-11", "RC-03", "RJ-02");
        map(Breakage.FAILED_ACCEPT_CONSUMES_CR, "CRA-05");
        map(Breakage.IGNORE_RDMA_ATTRIBUTES, "CRA-10", "CRA-11");
        map(Breakage.DATA_CORRUPTED, "DTO-01", "DTO-02", "DTO-03", "TXN-SR", "TXN-POLL", "TXN-MANY", "TXN-RDMA",
                "CM-05", "DTO-05", "DTO-06", "DTO-14", "DTO-16", "CE-04");
        map(Breakage.IGNORE_SUPPRESS, "DTO-12");
        map(Breakage.IMMEDIATE_DATA_LOST, "EXT-01");
        map(Breakage.DATA_CORRUPTED, "EXT-02", "EXT-03");
        map(Breakage.WRONG_DTO_STATUS, "EXT-04", "EXT-05");
        map(Breakage.WRONG_STATUS, "EXT-06");
        map(Breakage.THRESHOLD_IGNORED, "EVD-06");
        map(Breakage.SOFTWARE_PAYLOAD_LOST, "EVD-07");
        map(Breakage.DROP_ASYNC, "EVD-10");
        map(Breakage.CLOSE_NOT_RECORDED, "FFT-ENDPOINT-0", "FFT-ENDPOINT-2", "FFT-HWCONN-0", "FFT-HWCONN-3",
                "FFT-PZ-0", "QUIT-01", "QUIT-03", "QUIT-04", "RJ-04-PROVIDER", "RMR-01");
        map(Breakage.CLAIMS_BAD_NAMES, "FFT-HWCONN-1");
        map(Breakage.CONTEXT_LOST, "IA-05");
        map(Breakage.WRONG_HANDLE_TYPE, "IA-06");
        map(Breakage.LIMITED_RESOURCES, "LIMIT-EP", "LIMIT-EVD", "LIMIT-IA", "LIMIT-LMR", "LIMIT-PSP", "LIMIT-PZ",
                "LIMIT-RPOST", "LIMIT-SETS", "LIMIT-SIZE-LMR", "LIMIT-CNO", "LIMIT-RSP", "DTO-04", "DTO-05");
        map(Breakage.WRONG_EVENT_NUMBER, "RJ-01", "RJ-03", "CM-01");
        map(Breakage.LOCK_INVERSION, "CONC-01");
        map(Breakage.COMPLETES_TWICE, "CONC-02", "CONC-03");
        map(Breakage.CLOSED_HANDLE_CRASHES, "CONC-04");
        map(Breakage.POLL_DROPS_EVENTS, "EVD-18");
    }

    /** A rule and where it is declared. */
    record RuleRef(Rule rule, Class<?> area, Method method) {
    }

    static List<RuleRef> allRules() {
        final List<RuleRef> all = new ArrayList<>();
        for (final Class<?> area : BrokenSuites.areas()) {
            for (final Method m : area.getDeclaredMethods()) {
                final Rule r = m.getAnnotation(Rule.class);
                if (r != null) {
                    all.add(new RuleRef(r, area, m));
                }
            }
        }
        return all;
    }

    @Test
    @DisplayName("every REQUIRED rule has a breakage that targets it, and every mapped id exists")
    void everyRequiredRuleIsTargeted() {
        final TreeSet<String> missing = new TreeSet<>();
        final TreeSet<String> ids = new TreeSet<>();
        for (final RuleRef r : allRules()) {
            ids.add(r.rule().id());
            if (r.rule().level() == Level.REQUIRED && !TARGETS.containsKey(r.rule().id())) {
                missing.add(r.rule().id());
            }
        }
        assertTrue(missing.isEmpty(), "REQUIRED rules no breakage targets: " + missing);
        final TreeSet<String> stale = new TreeSet<>(TARGETS.keySet());
        stale.removeAll(ids);
        assertTrue(stale.isEmpty(), "breakage targets that are no rule: " + stale);
    }

    private record Outcome(TestExecutionResult.Status status, String detail, TestExecutionResult.Status container,
            String containerDetail) {
    }

    private static Outcome run(final RuleRef ref, final Breakage b) {
        final Outcome[] out = new Outcome[1];
        final DiscoverySelector selector = BrokenSuites.select(ref.area(), ref.method().getName());
        final String old = System.getProperty(Breakage.PROP_NAME);
        System.setProperty(Breakage.PROP_NAME, b.name());
        BrokenSuites.active = true;
        try {
            final Launcher launcher = LauncherFactory.create();
            launcher.execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(selector).build(), new TestExecutionListener() {
                        private Outcome test;

                        @Override
                        public void executionSkipped(final TestIdentifier id, final String reason) {
                            if (id.isTest()) {
                                test = new Outcome(TestExecutionResult.Status.ABORTED, reason, null, null);
                                out[0] = test;
                            }
                        }

                        @Override
                        public void executionFinished(final TestIdentifier id, final TestExecutionResult r) {
                            final String detail = r.getThrowable().map(Throwable::toString).orElse("");
                            if (id.isTest()) {
                                test = new Outcome(r.getStatus(), detail, null, null);
                                out[0] = test;
                            } else if (test != null && out[0].container() == null
                                    && id.getSource().orElse(null) instanceof org.junit.platform.engine.support
                                            .descriptor.ClassSource) {
                                // the innermost class: a nested area's leak check, not its aggregate's
                                out[0] = new Outcome(test.status(), test.detail(), r.getStatus(), detail);
                            }
                        }
                    });
        } finally {
            BrokenSuites.active = false;
            if (old == null) {
                System.clearProperty(Breakage.PROP_NAME);
            } else {
                System.setProperty(Breakage.PROP_NAME, old);
            }
        }
        if (out[0] == null) {
            fail(ref.rule().id() + ": the test did not run (" + ref.method() + ")");
        }
        return out[0];
    }

    @Test
    @DisplayName("the leak check passes on the real provider and fails when the IA is not really closed")
    void leakCheckCanFail() {
        BrokenProvider.register();
        assumeTrue(BrokenProvider.realInterfaceAdapter() != null, "no real DAT provider on the class path");
        final RuleRef openClose = allRules().stream().filter(r -> r.rule().id().equals("FFT-HWCONN-0")).findFirst()
                .orElseThrow();
        final Outcome clean = run(openClose, Breakage.NONE);
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, clean.container(),
                "leak check on the real provider: " + clean.containerDetail());
        try {
            final Outcome leaky = run(openClose, Breakage.LEAK_ADAPTER);
            assertEquals(TestExecutionResult.Status.FAILED, leaky.container(), "leak check with a leaked IA");
            assertTrue(leaky.containerDetail().contains("LEAK-CHECK"), leaky.containerDetail());
        } finally {
            for (final io.dat4j.InterfaceAdapter ia : Decorator.LEAKED) {
                ia.close();
            }
            Decorator.LEAKED.clear();
        }
    }

    @TestFactory
    @DisplayName("each targeted rule passes on the real provider and fails on the broken one")
    Stream<DynamicTest> rulesFailUnderTheirBreakage() {
        BrokenProvider.register();
        final String only = System.getProperty("dat.conformance.selftest.rules");
        return allRules().stream()
                .filter(r -> r.rule().level() != Level.OPTIONAL)
                .filter(r -> only == null || List.of(only.split(",")).contains(r.rule().id()))
                .map(r -> DynamicTest.dynamicTest(r.rule().id() + " [" + r.rule().level() + "]", () -> {
                    assumeTrue(BrokenProvider.realInterfaceAdapter() != null,
                            "no real DAT provider on the class path to decorate; the self-test runs where one is "
                                    + "(dat-provider-tcp runs it with -D" + BrokenProvider.REAL_IA_PROP_NAME + ")");
                    final List<Breakage> targets = TARGETS.get(r.rule().id());
                    assumeTrue(targets != null, r.rule().id() + " is a " + r.rule().level()
                            + " rule with no breakage in the self-test");
                    final Outcome clean = run(r, Breakage.NONE);
                    assumeTrue(clean.status() != TestExecutionResult.Status.ABORTED,
                            r.rule().id() + " is skipped on the real provider: " + clean.detail());
                    assertEquals(TestExecutionResult.Status.SUCCESSFUL, clean.status(),
                            r.rule().id() + " must pass through the transparent decorator first: " + clean.detail());
                    final StringBuilder tried = new StringBuilder();
                    for (final Breakage b : targets) {
                        final Outcome broken = run(r, b);
                        if (broken.status() == TestExecutionResult.Status.FAILED) {
                            return;
                        }
                        tried.append(' ').append(b).append('=').append(broken.status()).append(' ')
                                .append(broken.detail());
                    }
                    fail(r.rule().id() + " did not fail under" + tried);
                }));
    }
}
