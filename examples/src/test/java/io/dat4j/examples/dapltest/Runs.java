package io.dat4j.examples.dapltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Dat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the Java dapltest in this JVM (each {@link Dapltest} keeps its state in its own objects, so a server and its
 * clients run side by side) and captures its output.
 */
final class Runs {

    /** The loopback IA of the TCP provider. */
    static final String IA = "tcp-lo";

    private Runs() {
    }

    /** The output of a run, whole lines, in one buffer. */
    static final class Sink extends ByteArrayOutputStream {
        synchronized String text() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    /**
     * A finished run.
     *
     * @param code the exit status
     * @param out what it printed
     */
    record Result(int code, String out) {
        /** {@return the lines that start with a prefix} */
        List<String> lines(final String prefix) {
            return out.lines().filter(l -> l.startsWith(prefix)).toList();
        }
    }

    /** {@return the exit status and output of {@code dapltest args}} */
    static Result run(final String... args) {
        final Sink out = new Sink();
        final int code = new Dapltest(new PrintStream(out, true, StandardCharsets.UTF_8)).run(args);
        return new Result(code, out.text());
    }

    /** Skips the test, with the reason, if no provider offers {@value #IA}. */
    static void assumeLoopback() {
        assumeTrue(Dat.listProviders().stream().anyMatch(l -> l.iaName().equals(IA) && l.available()),
                () -> "no provider offers an available '" + IA + "' IA");
    }

    /**
     * {@return a server port whose next {@code span} ports are free too, away from the ephemeral range}: dapltest's
     * server listens on the port and its tests on the ports after it, and the TCP provider's connection qualifier is
     * the TCP port. Picked at random and checked by binding, so that parallel builds rarely meet.
     */
    static int freePorts(final int span) throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            final int base = 20000 + ThreadLocalRandom.current().nextInt(10000);
            final List<ServerSocket> held = new ArrayList<>();
            try {
                for (int p = base; p <= base + span; p++) {
                    held.add(new ServerSocket(p, 1, InetAddress.getLoopbackAddress()));
                }
                return base;
            } catch (final IOException e) {
                // taken: try elsewhere
            } finally {
                for (final ServerSocket s : held) {
                    s.close();
                }
            }
        }
        throw new IOException("no free block of " + span + " ports between 20000 and 30000");
    }

    /** A Java server running in a thread of this JVM. */
    static final class Server implements AutoCloseable {
        final int port;
        private final Sink out = new Sink();
        private final Thread thread;
        private final AtomicInteger code = new AtomicInteger(-1);
        private int readyLines;

        Server(final String... extra) throws Exception {
            port = freePorts(60);
            final List<String> args = new ArrayList<>(List.of("-T", "S", "-D", IA, "-n", Integer.toString(port)));
            args.addAll(List.of(extra));
            thread = Thread.ofPlatform().name("dapltest-test-server").start(() -> code.set(
                    new Dapltest(new PrintStream(out, true, StandardCharsets.UTF_8)).run(args.toArray(String[]::new))));
            awaitReady();
        }

        /** Waits for the next "Service Point Ready" line, as C's scripts do before they start a client. */
        void awaitReady() throws InterruptedException {
            readyLines++;
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (out.text().split("Dapltest: Service Point Ready - ", -1).length - 1 < readyLines) {
                assertTrue(thread.isAlive(), () -> "the server ended early: " + out.text());
                assertTrue(System.nanoTime() < deadline, () -> "the server did not get ready: " + out.text());
                Thread.sleep(10);
            }
        }

        /** {@return a client's arguments: {@code -T type -s 127.0.0.1 -D tcp-lo -n port} and the rest} */
        String[] client(final String type, final String... rest) {
            final List<String> a = new ArrayList<>(List.of("-T", type, "-s", "127.0.0.1", "-D", IA, "-n",
                    Integer.toString(port)));
            a.addAll(List.of(rest));
            return a.toArray(String[]::new);
        }

        String out() {
            return out.text();
        }

        /** Sends the quit test and waits for the server to end; {@return its output} */
        String quit() throws InterruptedException {
            final Result q = run(client("Q"));
            assertEquals(0, q.code(), q.out());
            assertTrue(q.out().contains("Quit_Cmd.server_name: 127.0.0.1\n"), q.out());
            thread.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(thread.isAlive(), () -> "the server did not quit: " + out.text());
            assertEquals(0, code.get(), out.text());
            assertTrue(out.text().endsWith("DT_cs_Server (" + IA + "):  Exiting.\n"), out.text());
            return out.text();
        }

        @Override
        public void close() throws InterruptedException {
            if (thread.isAlive()) {
                quit();
            }
        }
    }
}
