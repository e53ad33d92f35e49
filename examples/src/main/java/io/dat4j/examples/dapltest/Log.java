package io.dat4j.examples.dapltest;

import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.Handle;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.io.PrintStream;
import java.util.Locale;

/**
 * dapltest's output: {@code DT_Mdep_printf} / {@code DT_Tdep_PT_Printf} (every line on stdout, with C's decimal point
 * whatever the default locale) and {@code DT_Tdep_PT_Debug} (only when debugging). C resets its debug level to 0 or 1
 * before a test runs ({@code DT_dapltest_debug = params->debug}), so only level-1 debug lines ever print; the port has
 * only those.
 *
 * <p>Thread safety: the test threads of one run share it; each call writes its text in one piece and flushes, so lines
 * of different threads do not mix (C's stdio gives the same per call). {@link #debug(boolean)} is set before the
 * threads start.
 */
final class Log {

    private final PrintStream out;
    private volatile boolean debug;

    Log(final PrintStream out) {
        this.out = out;
    }

    /** {@return true while debug lines print ({@code DT_dapltest_debug})} */
    boolean debug() {
        return debug;
    }

    void debug(final boolean on) {
        debug = on;
    }

    /** {@code printf}: formats with C's conventions (Locale.ROOT) and writes the text in one piece. */
    void printf(final String format, final Object... args) {
        final String s = String.format(Locale.ROOT, format, args);
        synchronized (out) {
            out.print(s);
            out.flush();
        }
    }

    /** {@code DT_Tdep_PT_Debug(1, ...)}: printf when debugging. */
    void debugf(final String format, final Object... args) {
        if (debug) {
            printf(format, args);
        }
    }

    /**
     * Frees a handle ({@code dat_*_free}) and prints C's line if that fails: {@code <what>: <status>}.
     *
     * @param h the handle, or null for nothing to free
     * @param what the start of the line, for example "DT_cs_Server: dat_psp_free error"
     * @return false if the free failed
     */
    boolean free(final Handle h, final String what) {
        if (h == null) {
            return true;
        }
        try {
            h.close();
            return true;
        } catch (final DatException e) {
            printf("%s: %s\n", what, ret(e));
            return false;
        }
    }

    /**
     * {@return {@code DT_RetToString}: the major and minor message of {@code dat_strerror} joined by a space}
     * (the minor one is empty for {@code DAT_NO_SUBTYPE}, so that C prints a trailing space).
     *
     * @param status the status
     */
    static String ret(final DatStatus status) {
        final StatusType t = status.type();
        final StatusSubtype s = status.subtype();
        return (t == null ? "DAT_INVALID_STATUS" : t.cName()) + " "
                + (s == null || s == StatusSubtype.NO_SUBTYPE ? "" : s.cName());
    }

    /**
     * {@return where the caller is, as C's {@code __FILE__} and {@code __LINE__}: the Java source file and line}
     * (element 0 the file name, element 1 the line)
     */
    static Object[] here() {
        final StackWalker.StackFrame f = StackWalker.getInstance().walk(s -> s.skip(1).findFirst()).orElseThrow();
        return new Object[] {f.getFileName(), f.getLineNumber()};
    }

    /** {@return {@link #ret(DatStatus)} of an exception's status} */
    static String ret(final DatException e) {
        return ret(e.status());
    }
}
