package io.dat4j.provider.rdmacm.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.ConnectionEvent;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/**
 * A C program an interop test runs against the DAT side: started with its output in a temporary file, awaited with a
 * bound, and on {@link #close()} stopped if still alive, its output printed for the test report and the file removed.
 */
final class CProgram implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path log;
    private boolean closed;

    private CProgram(final String name, final Process process, final Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Skips the calling test class (a JUnit assumption) unless every program is an executable on the PATH. */
    static void requireOnPath(final String... programs) {
        for (final String program : programs) {
            Assumptions.assumeTrue(onPath(program), () -> "needs " + program + " (Debian package rdmacm-utils) on "
                    + "the PATH");
        }
    }

    private static boolean onPath(final String program) {
        for (final String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    /** Starts {@code command} with stdout and stderr in one temporary file. */
    static CProgram start(final String... command) throws IOException {
        final Path log = Files.createTempFile("c-interop", ".log");
        try {
            final Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .start();
            return new CProgram(command[0], p, log);
        } catch (final IOException e) {
            Files.deleteIfExists(log);
            throw e;
        }
    }

    /** {@return what the program printed so far} */
    String output() throws IOException {
        return Files.readString(log);
    }

    /**
     * Waits for the program to end and returns its output, which it also prints.
     *
     * @param wait how long it may take
     * @param zeroExit whether its exit status must be 0
     */
    String await(final Duration wait, final boolean zeroExit) throws Exception {
        final boolean ended = process.waitFor(wait.toSeconds(), TimeUnit.SECONDS);
        final String out = output();
        System.out.println("---- " + process.info().commandLine().orElse(name) + " (exit "
                + (ended ? process.exitValue() : "none") + ")\n" + out);
        assertTrue(ended, name + " did not end within " + wait + ": " + out);
        if (zeroExit) {
            assertEquals(0, process.exitValue(), name + "'s exit status; its output:\n" + out);
        }
        return out;
    }

    /**
     * Connects a new DAT side to the program's listener, retrying while nobody listens yet (a C server listens a
     * moment after it starts): a side whose connect ends NON_PEER_REJECTED or UNREACHABLE is closed and another one
     * tries half a second later, up to 60 times; fails at once when the program ends first.
     *
     * @param newSide makes a side ready to connect (its receive posted)
     * @param endpoint the side's EP
     * @param connectEvd the side's connect EVD
     * @return the connected side
     */
    <S> S connectWhenListening(final Supplier<S> newSide, final Function<S, Endpoint> endpoint,
            final Function<S, EventDispatcher> connectEvd, final InetAddress ip, final int port, final Duration wait)
            throws Exception {
        for (int attempt = 0; attempt < 60; attempt++) {
            final S side = newSide.get();
            endpoint.apply(side).connect(ip, port, wait, null);
            final ConnectionEvent ce = assertInstanceOf(ConnectionEvent.class, connectEvd.apply(side).await(wait));
            if (ce.number() == EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                return side;
            }
            if (ce.number() != EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED
                    && ce.number() != EventNumber.CONNECTION_EVENT_UNREACHABLE) {
                fail("unexpected connection event " + ce);
            }
            endpoint.apply(side).close();
            if (!process.isAlive()) {
                fail(name + " ended before it accepted: " + output());
            }
            Thread.sleep(500);
        }
        return fail(name + " never accepted a connection");
    }

    /** Stops the program if it still runs, prints its output and removes the file; idempotent. */
    @Override
    public void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        if (process.isAlive()) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        System.out.println("---- " + name + " output:\n" + output());
        Files.deleteIfExists(log);
    }
}
