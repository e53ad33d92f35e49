package io.dat4j.conformance.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.conformance.ConnectionManagementConformance;
import io.dat4j.conformance.support.Rule;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/** The runner's view of the suite: areas, the aggregate's nested classes, and what {@code --area} selects. */
class RunnerSuitesTest {

    private static int rulesOf(final Class<?> area) {
        int n = 0;
        for (final Method m : area.getDeclaredMethods()) {
            if (m.isAnnotationPresent(Rule.class)) {
                n++;
            }
        }
        return n;
    }

    private static List<TestIdentifier> discover(final Set<String> areas, final Set<String> rules) {
        final ConformanceOptions o = new ConformanceOptions("tcp-lo", areas, rules, 0, false, null, null, null);
        final TestPlan plan = LauncherFactory.create().discover(ConformanceRunner.discovery(o));
        final List<TestIdentifier> tests = new ArrayList<>();
        for (final TestIdentifier root : plan.getRoots()) {
            for (final TestIdentifier d : plan.getDescendants(root)) {
                if (d.isTest()) {
                    tests.add(d);
                }
            }
        }
        return tests;
    }

    @Test
    void shouldRunEachAreaOfTheAggregateAsANestedClassNamedAfterIt() {
        final Set<Class<?>> nestedAreas = new HashSet<>();
        for (final Class<?> n : ConnectionManagementConformance.class.getDeclaredClasses()) {
            if (n.isAnnotationPresent(Nested.class)) {
                assertTrue(ConnectionManagementConformance.areas().contains(n.getSuperclass()),
                        n + " runs an area that areas() does not list");
                // the runner's report names the area after the nested class: Establishment -> EstablishmentConformance
                assertEquals(n.getSuperclass().getSimpleName(), n.getSimpleName() + "Conformance", n.getName());
                assertTrue(nestedAreas.add(n.getSuperclass()), "two nested classes run " + n.getSuperclass());
            }
        }
        assertEquals(Set.copyOf(ConnectionManagementConformance.areas()), nestedAreas,
                "every listed area has its nested class");
    }

    @Test
    void shouldListTheRulesOfEveryAreaUnderItsOwnName() {
        final Set<String> areas = new TreeSet<>();
        int connectionRules = 0;
        for (final RuleInfo r : ConformanceRunner.catalog()) {
            areas.add(r.area());
        }
        for (final Class<?> a : ConnectionManagementConformance.areas()) {
            assertTrue(areas.contains(a.getSimpleName()), a.getSimpleName() + " in " + areas);
            assertTrue(rulesOf(a) > 0, a + " has rules");
            connectionRules += rulesOf(a);
        }
        assertFalse(areas.contains("ConnectionManagementConformance"), "the aggregate declares no rule itself");
        final int total = connectionRules;
        assertEquals(total, ConformanceRunner.catalog().stream()
                .filter(r -> ConnectionManagementConformance.areas().stream()
                        .anyMatch(a -> a.getSimpleName().equals(r.area())))
                .count(), "every connection management rule is listed once");
    }

    @Test
    void shouldSelectOneNestedAreaOrTheWholeAggregate() {
        final List<TestIdentifier> establishment = discover(Set.of("establishment"), Set.of());
        assertEquals(rulesOf(io.dat4j.conformance.EstablishmentConformance.class), establishment.size());
        for (final TestIdentifier t : establishment) {
            final MethodSource ms = (MethodSource) t.getSource().orElseThrow();
            assertEquals(ConnectionManagementConformance.class.getName() + "$Establishment", ms.getClassName());
        }
        int all = 0;
        for (final Class<?> a : ConnectionManagementConformance.areas()) {
            all += rulesOf(a);
        }
        assertEquals(all, discover(Set.of("ConnectionManagementConformance"), Set.of()).size());
        assertEquals(1, discover(Set.of(), Set.of("CRA-10")).size(), "a rule of a nested area by id");
        assertEquals(2, discover(Set.of("Reject", "Memory"), Set.of("RJ-01", "MEM-01", "CRA-10")).size(),
                "areas and rule ids together");
    }

    @Test
    void shouldRefuseAnUnknownAreaAndNameTheKnownOnes() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ConformanceOptions("tcp-lo", Set.of("Accept"), Set.of(), 0, false, null, null, null));
        assertTrue(e.getMessage().contains("'Accept'") && e.getMessage().contains("Establishment")
                && e.getMessage().contains("ConnectionManagement"), e.getMessage());
    }
}
