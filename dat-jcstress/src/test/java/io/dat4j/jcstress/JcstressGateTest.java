package io.dat4j.jcstress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The build's jcstress run: {@link JcstressGate} with the options of the system property {@code dat4j.jcstress.args}
 * (set by this module's pom from the Maven property of the same name). Fails when a jcstress test observed a FORBIDDEN
 * outcome, errored or did not run, or a self-test was not caught; the gate's report is on standard output.
 */
class JcstressGateTest {

    @Test
    void kitStructuresPassJcstress() throws Exception {
        final String line = System.getProperty("dat4j.jcstress.args", "-m quick");
        final String[] args = JcstressGate.split("-r results " + line);
        assertTrue(JcstressGate.run(args), "jcstress found a FORBIDDEN outcome, an error, a test that did not run or a"
                + " self-test it did not catch; see the gate's report above, and results/index.html in "
                + System.getProperty("user.dir"));
    }

    @Test
    void optionLineSplitsAtSpacesOutsideQuotes() {
        assertArrayEquals(new String[] {"-m", "quick", "-jvmArgs", "-Xmx512m -Xss1m", "-t", "Evd"},
                JcstressGate.split("  -m quick -jvmArgs \"-Xmx512m -Xss1m\"  -t Evd "));
    }
}
