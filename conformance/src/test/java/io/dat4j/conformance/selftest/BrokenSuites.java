package io.dat4j.conformance.selftest;

import io.dat4j.conformance.ConcurrencyConformance;
import io.dat4j.conformance.ConnectionManagementConformance;
import io.dat4j.conformance.DataTransferConformance;
import io.dat4j.conformance.EndpointConformance;
import io.dat4j.conformance.EventDispatcherConformance;
import io.dat4j.conformance.InterfaceAdapterConformance;
import io.dat4j.conformance.LimitsConformance;
import io.dat4j.conformance.MemoryConformance;
import io.dat4j.conformance.ProviderFixture;
import io.dat4j.conformance.QuitConformance;
import io.dat4j.conformance.TransactionConformance;
import io.dat4j.conformance.peer.PeerLauncher;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;

/**
 * The suite run against {@link BrokenProvider}: one concrete class per area, and one for the aggregate
 * {@link ConnectionManagementConformance} (its areas run as nested classes, as in a provider's build). They run only
 * when {@link RequiredRulesCanFailTest} launches them (a build that scans test classes skips them).
 */
final class BrokenSuites {

    /** True while the self-test launches these classes. */
    static volatile boolean active;

    private BrokenSuites() {
    }

    /**
     * {@return the concrete class that runs each abstract area}: its own subclass, or for the areas of
     * {@link ConnectionManagementConformance} the one subclass of that aggregate, which runs them as nested classes
     */
    static Map<Class<?>, Class<?>> byArea() {
        final Map<Class<?>, Class<?>> m = new LinkedHashMap<>();
        m.put(InterfaceAdapterConformance.class, InterfaceAdapter.class);
        m.put(EventDispatcherConformance.class, EventDispatcher.class);
        m.put(MemoryConformance.class, Memory.class);
        m.put(EndpointConformance.class, Endpoint.class);
        for (final Class<?> area : ConnectionManagementConformance.areas()) {
            m.put(area, ConnectionManagement.class);
        }
        m.put(DataTransferConformance.class, DataTransfer.class);
        m.put(LimitsConformance.class, Limits.class);
        m.put(TransactionConformance.class, Transaction.class);
        m.put(QuitConformance.class, Quit.class);
        m.put(ConcurrencyConformance.class, Concurrency.class);
        return m;
    }

    /** {@return every abstract area class, in the order they run} */
    static List<Class<?>> areas() {
        return List.copyOf(byArea().keySet());
    }

    /**
     * {@return the selector of one rule's method}: in the area's own subclass, or in the nested class of the
     * aggregate that runs the area
     *
     * @param area the abstract area class that declares the method
     * @param method the method's name
     */
    static DiscoverySelector select(final Class<?> area, final String method) {
        final Class<?> concrete = byArea().get(area);
        if (concrete.getSuperclass() == area) {
            return DiscoverySelectors.selectMethod(concrete, method);
        }
        for (final Class<?> n : concrete.getSuperclass().getDeclaredClasses()) {
            if (n.isAnnotationPresent(Nested.class) && n.getSuperclass() == area) {
                return DiscoverySelectors.selectNestedMethod(List.of(concrete), n, method);
            }
        }
        throw new IllegalStateException(concrete.getName() + " runs no nested class for " + area.getName());
    }

    /** The fixture: the broken IA, no peer JVM. */
    static ProviderFixture fixture() {
        return new ProviderFixture() {
            @Override
            public String interfaceAdapterName() {
                return BrokenProvider.IA_NAME;
            }

            @Override
            public Optional<PeerLauncher> peer() {
                return Optional.empty();
            }
        };
    }

    /** Enables the classes only while the self-test runs them. */
    static final class OnlySelfTest implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(final ExtensionContext context) {
            return active ? ConditionEvaluationResult.enabled("self-test") : ConditionEvaluationResult.disabled(
                    "runs only under RequiredRulesCanFailTest");
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class InterfaceAdapter extends InterfaceAdapterConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class EventDispatcher extends EventDispatcherConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class Memory extends MemoryConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class Endpoint extends EndpointConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class ConnectionManagement extends ConnectionManagementConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class DataTransfer extends DataTransferConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class Limits extends LimitsConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class Transaction extends TransactionConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class Quit extends QuitConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }

    @ExtendWith(OnlySelfTest.class)
    static final class Concurrency extends ConcurrencyConformance {
        @Override
        protected ProviderFixture fixture() {
            return BrokenSuites.fixture();
        }
    }
}
