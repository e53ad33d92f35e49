package io.dat4j.conformance.runner;

import io.dat4j.conformance.InterfaceAdapterConformance;
import io.dat4j.conformance.EventDispatcherConformance;
import io.dat4j.conformance.MemoryConformance;
import io.dat4j.conformance.EndpointConformance;
import io.dat4j.conformance.ConnectionManagementConformance;
import io.dat4j.conformance.DataTransferConformance;
import io.dat4j.conformance.LimitsConformance;
import io.dat4j.conformance.TransactionConformance;
import io.dat4j.conformance.QuitConformance;
import io.dat4j.conformance.ConcurrencyConformance;
import io.dat4j.conformance.ProviderFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The concrete classes {@link ConformanceRunner} runs: one per conformance area, each taking the fixture of the run
 * in progress, and {@link ConnectionManagementConformance}, whose seven areas run as its nested classes (the way a
 * provider runs them). They are disabled outside a run, so a build that happens to scan them runs nothing.
 */
final class RunnerSuites {

    private RunnerSuites() {
    }

    /** {@return every suite class, in the order they run} */
    static List<Class<?>> all() {
        return List.of(InterfaceAdapter.class, EventDispatcher.class, Memory.class, Endpoint.class,
                ConnectionManagement.class, DataTransfer.class, Limits.class, Transaction.class, Quit.class, Concurrency.class);
    }

    /**
     * {@return the area classes (subclasses of {@code ConformanceBase}) a suite class runs, in order}: the class it
     * extends, or the areas of an aggregate such as {@link ConnectionManagementConformance}
     *
     * @param suite one of {@link #all()}
     */
    static List<Class<?>> areas(final Class<?> suite) {
        final Class<?> base = suite.getSuperclass();
        return base == ConnectionManagementConformance.class ? List.copyOf(ConnectionManagementConformance.areas())
                : List.of(base);
    }

    /**
     * {@return the nested class of an aggregate suite that runs an area}
     *
     * @param suite one of {@link #all()} whose base is an aggregate
     * @param area one of {@link #areas(Class)} of that suite
     */
    static Class<?> nested(final Class<?> suite, final Class<?> area) {
        for (Class<?> c = suite.getSuperclass(); c != null; c = c.getSuperclass()) {
            for (final Class<?> n : c.getDeclaredClasses()) {
                if (n.isAnnotationPresent(Nested.class) && n.getSuperclass() == area) {
                    return n;
                }
            }
        }
        throw new IllegalStateException(suite.getName() + " has no nested class for " + area.getName());
    }

    /**
     * {@return whether an area name given on the command line names a class}: its simple name, with or without the
     * suffix {@code Conformance}, in any case
     *
     * @param c an area class or an aggregate
     * @param names the names given
     */
    static boolean named(final Class<?> c, final Set<String> names) {
        final String n = c.getSimpleName().toLowerCase(Locale.ROOT);
        for (final String a : names) {
            final String given = a.toLowerCase(Locale.ROOT);
            if (n.equals(given) || n.equals(given + "conformance")) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@return whether {@code --area} accepts a name}: it names an area or an aggregate
     *
     * @param name the name given
     */
    static boolean isAreaName(final String name) {
        final Set<String> given = Set.of(name);
        for (final Class<?> suite : all()) {
            if (named(suite.getSuperclass(), given)) {
                return true;
            }
            for (final Class<?> area : areas(suite)) {
                if (named(area, given)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** {@return every name {@code --area} accepts: each area and each aggregate, without the suffix} */
    static List<String> areaNames() {
        final List<String> names = new ArrayList<>();
        for (final Class<?> suite : all()) {
            final List<Class<?>> areas = areas(suite);
            if (areas.size() > 1 || areas.get(0) != suite.getSuperclass()) {
                names.add(strip(suite.getSuperclass()));
            }
            for (final Class<?> a : areas) {
                names.add(strip(a));
            }
        }
        return names;
    }

    private static String strip(final Class<?> c) {
        return c.getSimpleName().replaceFirst("Conformance$", "");
    }

    /** Disables the runner's classes outside a run. */
    static final class OnlyInRun implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(final ExtensionContext context) {
            return ConformanceRunner.running() ? ConditionEvaluationResult.enabled("conformance run in progress")
                    : ConditionEvaluationResult.disabled("runs only under ConformanceRunner.run");
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class InterfaceAdapter extends InterfaceAdapterConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class EventDispatcher extends EventDispatcherConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class Memory extends MemoryConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class Endpoint extends EndpointConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class ConnectionManagement extends ConnectionManagementConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class DataTransfer extends DataTransferConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class Limits extends LimitsConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class Transaction extends TransactionConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class Quit extends QuitConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }

    @ExtendWith(OnlyInRun.class)
    static final class Concurrency extends ConcurrencyConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConformanceRunner.currentFixture();
        }
    }
}
