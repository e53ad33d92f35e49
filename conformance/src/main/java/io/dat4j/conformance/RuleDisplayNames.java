package io.dat4j.conformance;

import io.dat4j.conformance.support.Rule;
import java.lang.reflect.Method;
import org.junit.jupiter.api.DisplayNameGenerator;

/** Names each test after its rule: {@code CRA-05 acceptWithUnsuitableEndpointHasNoEffect}. */
final class RuleDisplayNames extends DisplayNameGenerator.Standard {

    RuleDisplayNames() {
    }

    @Override
    public String generateDisplayNameForMethod(final Class<?> testClass, final Method testMethod) {
        final Rule r = testMethod.getAnnotation(Rule.class);
        return r == null ? testMethod.getName() : r.id() + " " + testMethod.getName();
    }
}
