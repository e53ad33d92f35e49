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
import java.util.List;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The concrete classes {@link ConformanceRunner} runs: one per conformance area, each taking the fixture of the run
 * in progress. They are disabled outside a run, so a build that happens to scan them runs nothing.
 */
final class RunnerSuites {

    private RunnerSuites() {
    }

    /** {@return every suite class, in the order they run} */
    static List<Class<?>> all() {
        return List.of(InterfaceAdapter.class, EventDispatcher.class, Memory.class, Endpoint.class,
                ConnectionManagement.class, DataTransfer.class, Limits.class, Transaction.class, Quit.class, Concurrency.class);
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
