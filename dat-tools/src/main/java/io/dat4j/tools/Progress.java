package io.dat4j.tools;

import java.io.PrintWriter;

/**
 * A progress bar on stderr for long runs, redrawn at most every 200 ms and erased when done. Disabled, it prints
 * nothing. Never writes to stdout.
 */
final class Progress {

    private static final long REDRAW_NANOS = 200_000_000L;
    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final long total;
    private final boolean enabled;
    private long done;
    private long lastDraw;
    private String label = "";

    /**
     * Creates a bar.
     *
     * @param err where it is drawn (stderr)
     * @param total units of work
     * @param enabled false for a silent bar
     */
    Progress(final PrintWriter err, final long total, final boolean enabled) {
        this.err = err;
        this.total = Math.max(total, 1);
        this.enabled = enabled;
    }

    /**
     * Sets the label shown after the bar.
     *
     * @param text what is running
     */
    void label(final String text) {
        label = text;
    }

    /**
     * Records finished work.
     *
     * @param units how much
     */
    void advance(final long units) {
        done += units;
        if (enabled) {
            final long now = System.nanoTime();
            if (now - lastDraw > REDRAW_NANOS) {
                lastDraw = now;
                err.print("\r" + render(done, total, label));
                err.flush();
            }
        }
    }

    /** Erases the bar. */
    void finish() {
        if (enabled) {
            err.print("\r" + " ".repeat(WIDTH + 60) + "\r");
            err.flush();
        }
    }

    /**
     * {@return the bar's text}
     *
     * @param done units done
     * @param total units in all
     * @param label what is running
     */
    static String render(final long done, final long total, final String label) {
        final long d = Math.min(Math.max(done, 0), total);
        final int filled = (int) (WIDTH * d / total);
        return "[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + (100 * d / total) + "% " + label;
    }
}
