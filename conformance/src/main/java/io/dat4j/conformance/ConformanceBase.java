package io.dat4j.conformance;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Capability;
import io.dat4j.conformance.support.Abortable;
import io.dat4j.conformance.support.LeakCheckExtension;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;
import io.dat4j.conformance.support.RuleExtension;
import java.lang.reflect.Method;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The base of every conformance class: asks the subclass for its {@link ProviderFixture}, opens a {@link Rig} per
 * test, skips a {@link Level#CAPABILITY} rule with the reason when the provider lacks the capability, closes
 * everything after the test, and declares the rule and leak-check extensions.
 */
@ExtendWith({RuleExtension.class, LeakCheckExtension.class})
@DisplayNameGeneration(RuleDisplayNames.class)
public abstract class ConformanceBase implements Abortable {

    private volatile Rig rig;

    /** For subclasses. */
    protected ConformanceBase() {
    }

    /** {@return the provider under test; called once per test} */
    protected abstract ProviderFixture fixture();

    /** {@return the rig of the running test} */
    final Rig rig() {
        return rig;
    }

    /**
     * Opens the rig and applies the capabilities the rule requires.
     *
     * @param info the running test
     */
    @BeforeEach
    protected final void openRig(final TestInfo info) {
        final ProviderFixture f = fixture();
        if (f == null) {
            throw new IllegalStateException(getClass().getName() + ".fixture() returned null");
        }
        rig = new Rig(f);
        final Method m = info.getTestMethod().orElse(null);
        final Rule rule = m == null ? null : m.getAnnotation(Rule.class);
        if (rule != null) {
            final String excluded = f.excludedRules().get(rule.id());
            assumeTrue(excluded == null, () -> rule.id() + " is excluded for IA " + f.interfaceAdapterName() + ": "
                    + excluded);
        }
        if (rule != null && rule.requires().length > 0) {
            for (final Capability c : rule.requires()) {
                assumeTrue(rig.ia().supports(c), () -> "provider " + rig.ia().providerAttributes().providerName()
                        + " (IA " + f.interfaceAdapterName() + ") lacks capability " + c + ", needed by "
                        + rule.id());
            }
        }
    }

    /** Closes everything the test opened. */
    @AfterEach
    protected final void closeRig() {
        final Rig r = rig;
        rig = null;
        if (r != null) {
            r.close();
        }
    }

    @Override
    public final void abortAfterTimeout() {
        final Rig r = rig;
        if (r != null) {
            r.close();
        }
    }
}
