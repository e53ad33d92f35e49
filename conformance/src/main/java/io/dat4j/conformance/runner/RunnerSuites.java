package io.dat4j.conformance.runner;

import io.dat4j.conformance.InterfaceAdapterConformance;
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
        return List.of(InterfaceAdapter.class);
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
}
