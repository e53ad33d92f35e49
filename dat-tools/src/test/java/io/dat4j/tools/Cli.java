package io.dat4j.tools;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Registry;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * One run of the {@code dat} command in this JVM whose stdout and stderr can be read while it runs (a server's
 * "waiting on port N" line), or a {@code dat} command in a child JVM.
 */
final class Cli {

    /** The loopback IA of the TCP provider. */
    static final String IA = "tcp-lo";

    private final StringBuffer out = new StringBuffer();
    private final StringBuffer err = new StringBuffer();

    /** Skips the test (with the reason) when no provider offers an available {@link #IA}. */
    static void needLoopback() {
        assumeTrue(Registry.defaultRegistry().listProviders().stream()
                .anyMatch(l -> l.iaName().equals(IA) && l.available()), "no provider offers an available " + IA);
    }

    /**
     * Runs a command to its end.
     *
     * @param args the arguments
     * @return the run, finished
     */
    static Result run(final String... args) {
        final Cli c = new Cli();
        return new Result(c.execute(args), c.out(), c.err());
    }

    /**
     * Runs a command line to its end with its stdout and stderr captured.
     *
     * @param cl the command line (its output writers are replaced)
     * @param args the arguments
     * @return exit code, stdout and stderr
     */
    static String[] capture(final CommandLine cl, final String... args) {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        final int code = cl.execute(args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    /**
     * Runs the {@code dat} command to its end with its stdout and stderr captured.
     *
     * @param args the arguments
     * @return exit code, stdout and stderr
     */
    static String[] capture(final String... args) {
        return capture(DatCommand.commandLine(), args);
    }

    /**
     * Starts a command on a pool thread.
     *
     * @param pool the pool
     * @param args the arguments
     * @return its exit code, later
     */
    Future<Integer> start(final ExecutorService pool, final String... args) {
        return pool.submit(() -> execute(args));
    }

    private int execute(final String... args) {
        final CommandLine cl = DatCommand.commandLine();
        cl.setOut(new PrintWriter(new Live(out), true));
        cl.setErr(new PrintWriter(new Live(err), true));
        return cl.execute(args);
    }

    /** {@return stdout so far} */
    String out() {
        return out.toString();
    }

    /** {@return stderr so far} */
    String err() {
        return err.toString();
    }

    /**
     * Waits until stdout matches.
     *
     * @param pattern what to find
     * @param timeout how long
     * @return group 1 of the first match
     * @throws InterruptedException when interrupted
     */
    String awaitOut(final Pattern pattern, final Duration timeout) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (out) {
            while (true) {
                final Matcher m = pattern.matcher(out);
                if (m.find()) {
                    return m.groupCount() > 0 ? m.group(1) : m.group();
                }
                final long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no " + pattern + " on stdout within " + timeout + ":\n" + out + "\n"
                            + err);
                }
                out.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    /**
     * Waits until a server has printed the whole line with the port it listens on ({@code -p 0}); printf reaches the
     * writer in pieces, so a match on the port alone can come before the rest of the line.
     *
     * @return the port
     * @throws InterruptedException when interrupted
     */
    String awaitPort() throws InterruptedException {
        return awaitOut(Pattern.compile("on port (\\d+)[^\\n]*\\n"), Duration.ofSeconds(30));
    }

    /** A finished run. */
    record Result(int code, String out, String err) {
        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** A writer that appends to a buffer and wakes whoever waits on it. */
    private static final class Live extends Writer {
        private final StringBuffer to;

        Live(final StringBuffer to) {
            this.to = to;
        }

        @Override
        public void write(final char[] cbuf, final int off, final int len) {
            synchronized (to) {
                to.append(cbuf, off, len);
                to.notifyAll();
            }
        }

        @Override
        public void flush() {
            // nothing buffered
        }

        @Override
        public void close() {
            // nothing to release
        }
    }

    /**
     * Starts {@code dat ARGS} in a child JVM from this JVM's class and module path (the child runs everything on
     * its class path), with stderr merged into stdout.
     *
     * @param args the arguments
     * @return the process
     * @throws java.io.IOException when it cannot start
     */
    static Process child(final String... args) throws java.io.IOException {
        final List<String> parts = new ArrayList<>();
        for (final String p : new String[] {System.getProperty("jdk.module.path"),
            System.getProperty("java.class.path")}) {
            if (p != null && !p.isBlank()) {
                parts.add(p);
            }
        }
        final List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", String.join(File.pathSeparator, parts), "-Xmx256m", "-XX:TieredStopAtLevel=1",
                DatCommand.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }
}
