package io.dat4j.examples.dtest;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The {@code printf}, {@code fprintf(stderr, ..)} and {@code LOGPRINTF} of the dapl test programs, with the process id
 * they print and C's decimal point whatever the JVM's locale.
 *
 * <p>Not thread safe: one per program run, used by its one thread.
 */
final class Console {

    /** {@code getpid()}. */
    final long pid = ProcessHandle.current().pid();
    private final PrintStream out;
    private final PrintStream err;
    /** {@code -v}: {@link #logf} prints. */
    boolean verbose;

    /**
     * Creates a console writing to the given streams.
     *
     * @param out stdout
     * @param err stderr
     */
    Console(final PrintStream out, final PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** {@return stdout} */
    PrintStream out() {
        return out;
    }

    /** {@return stderr} */
    PrintStream err() {
        return err;
    }

    /** {@code printf}. */
    void printf(final String format, final Object... args) {
        out.printf(Locale.ROOT, format, args);
    }

    /** {@code fprintf(stderr, ..)}. */
    void eprintf(final String format, final Object... args) {
        err.printf(Locale.ROOT, format, args);
    }

    /** {@code LOGPRINTF}: printf when verbose. */
    void logf(final String format, final Object... args) {
        if (verbose) {
            printf(format, args);
        }
    }

    /** {@code fflush(stderr); fflush(stdout)}. */
    void flush() {
        err.flush();
        out.flush();
    }
}
