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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The suite run against {@link BrokenProvider}: one concrete class per area. They run only when
 * {@link RequiredRulesCanFailTest} launches them (a build that scans test classes skips them).
 */
final class BrokenSuites {

    /** True while the self-test launches these classes. */
    static volatile boolean active;

    private BrokenSuites() {
    }

    /** {@return the concrete class for each abstract area} */
    static Map<Class<?>, Class<?>> byArea() {
        return Map.of(InterfaceAdapterConformance.class, InterfaceAdapter.class,
                EventDispatcherConformance.class, EventDispatcher.class,
                MemoryConformance.class, Memory.class,
                EndpointConformance.class, Endpoint.class,
                ConnectionManagementConformance.class, ConnectionManagement.class,
                DataTransferConformance.class, DataTransfer.class,
                LimitsConformance.class, Limits.class,
                TransactionConformance.class, Transaction.class,
                QuitConformance.class, Quit.class,
                ConcurrencyConformance.class, Concurrency.class);
    }

    static List<Class<?>> areas() {
        return List.of(InterfaceAdapterConformance.class, EventDispatcherConformance.class, MemoryConformance.class,
                EndpointConformance.class, ConnectionManagementConformance.class, DataTransferConformance.class,
                LimitsConformance.class, TransactionConformance.class, QuitConformance.class,
                ConcurrencyConformance.class);
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
