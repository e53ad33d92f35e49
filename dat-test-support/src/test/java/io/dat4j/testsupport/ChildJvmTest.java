package io.dat4j.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A child JVM's output is collected, and a child that does not exit is killed at the limit, not waited for. */
@Timeout(120)
class ChildJvmTest {

    /** The child: prints its arguments, then sleeps as long as the last one says (milliseconds). */
    public static final class Sleeper {

        private Sleeper() {
        }

        /**
         * Runs the child.
         *
         * @param args words to print, then the milliseconds to sleep
         * @throws InterruptedException never (nobody interrupts the child)
         */
        public static void main(final String[] args) throws InterruptedException {
            System.out.println(String.join(" ", args));
            System.out.flush();
            System.err.println("on stderr");
            Thread.sleep(Long.parseLong(args[args.length - 1]));
        }
    }

    private static Process start(final String... args) throws java.io.IOException {
        return new ProcessBuilder(ChildJvm.command(Sleeper.class, List.of(), args)).redirectErrorStream(true).start();
    }

    @Test
    void returnsWhatAChildThatExitsPrinted() throws Exception {
        final Process p = start("hello", "0");
        final String out = ChildJvm.output(p, Duration.ofSeconds(60));
        assertTrue(out.contains("hello 0"), out);
        assertTrue(out.contains("on stderr"), out);
        assertEquals(0, p.exitValue());
    }

    @Test
    void killsAChildThatOutlivesTheLimitAndSaysWhatItPrinted() throws Exception {
        final Process p = start("stuck", "600000");
        final AssertionError e = assertThrows(AssertionError.class, () -> ChildJvm.output(p, Duration.ofSeconds(5)));
        assertTrue(e.getMessage().contains("did not exit within PT5S"), e.getMessage());
        assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "the child was killed");
        assertFalse(p.isAlive());
    }
}
