package io.dat4j.examples.dtest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Dat;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * Runs the ported programs in this JVM, as a pair on the loopback IA {@value #IA}: the server in another thread, the
 * client once the server said it waits. Each program keeps its state in its own object, so two run side by side. The
 * connection qualifiers and the server-info socket are moved off C's fixed 45248 and 15828 (by property, or by the
 * program's {@code -p}) so that a C program running elsewhere on the machine does not collide with the tests.
 */
final class Programs {

    /** The IA the pairs run on. */
    static final String IA = "tcp-lo";
    /**
     * A connection qualifier of this JVM (with {@code -m} the next few too): below Linux's ephemeral range (32768 and
     * up by default), where a client socket of an earlier pair, still in TIME_WAIT on the same port, made a listener's
     * bind fail with CONN_QUAL_IN_USE.
     */
    static final int PORT = 20000 + (int) (ProcessHandle.current().pid() % 12000);

    static {
        System.setProperty(Dtest.PORT_PROP_NAME, Integer.toString(PORT));
        // the server-info port, below the ephemeral range too
        System.setProperty(Dtest.INFO_PORT_PROP_NAME, Long.toString(10000 + ProcessHandle.current().pid() % 10000));
    }

    private Programs() {
    }

    /** A program's two steps, as its {@code main} calls them. */
    record Program(java.util.function.Function<String[], Integer> parse, java.util.function.Supplier<Integer> run) {
    }

    /** What a run printed and returned. */
    record Run(int code, String out, String err) {
    }

    /** The two runs of a pair. */
    record Pair(Run server, Run client) {
    }

    /** stdout that another thread may read while the program writes. */
    static final class Sink extends ByteArrayOutputStream {
        synchronized String text() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    static Program dtest(final PrintStream out, final PrintStream err) {
        final Dtest t = new Dtest(out, err);
        return new Program(t::parse, t::run);
    }

    static Program dtestcm(final PrintStream out, final PrintStream err) {
        final DtestCm t = new DtestCm(out, err);
        return new Program(t::parse, t::run);
    }

    static Program dtestx(final PrintStream out, final PrintStream err) {
        final Dtestx t = new Dtestx(out, err);
        return new Program(t::parse, t::run);
    }

    static Program dtestsrq(final PrintStream out, final PrintStream err) {
        final DtestSrq t = new DtestSrq(out, err);
        return new Program(t::parse, t::run);
    }

    /** Runs a program to its end, as {@code main} does. */
    static Run run(final BiFunction<PrintStream, PrintStream, Program> program, final Sink out,
            final String... args) {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final Program p = program.apply(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int code = p.parse().apply(args);
        if (code == 0) {
            code = p.run().get();
        }
        return new Run(code, out.text(), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs a program to its end, as {@code main} does. */
    static Run run(final BiFunction<PrintStream, PrintStream, Program> program, final String... args) {
        return run(program, new Sink(), args);
    }

    /**
     * Runs a server in another thread and, once its stdout holds {@code ready}, a client in this one; skipped, with
     * the reason, while no provider offers {@value #IA}.
     */
    static Pair pair(final BiFunction<PrintStream, PrintStream, Program> program, final String ready,
            final List<String> serverArgs, final List<String> clientArgs) throws Exception {
        assumeTrue(Dat.listProviders().stream().anyMatch(l -> l.iaName().equals(IA) && l.available()),
                () -> "no provider offers an available '" + IA + "' IA");
        final ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            final Sink serverOut = new Sink();
            final Future<Run> server = pool.submit(() -> run(program, serverOut, serverArgs.toArray(String[]::new)));
            while (!serverOut.text().contains(ready)) {
                if (server.isDone()) {
                    final Run r = server.get();
                    assertFalse(true, "the server ended early (" + r.code() + "): " + r.out() + r.err());
                }
                Thread.sleep(20);
            }
            final Run client = run(program, clientArgs.toArray(String[]::new));
            try {
                return new Pair(server.get(60, TimeUnit.SECONDS), client);
            } catch (final java.util.concurrent.TimeoutException e) {
                throw new AssertionError("the server did not end within 60 s of the client (" + client.code()
                        + "): " + client.out() + client.err() + "\nserver so far: " + serverOut.text(), e);
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }
}
