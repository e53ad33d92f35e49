package io.dat4j.examples.dtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Java dtest against itself on the loopback IA, server and client in this JVM (each {@link Dtest} keeps its
 * state in fields, so two can run side by side). Skipped, with the reason, while no provider offers {@code tcp-lo}.
 * The connection qualifier is moved off dtest's fixed 45248 by {@value Dtest#PORT_PROP_NAME}, which every Dtest reads
 * when it is created, so that a dtest running elsewhere on the machine does not collide with the test.
 */
@Timeout(60)
class DtestLoopbackTest {

    private static final String IA = "tcp-lo";

    static {
        System.setProperty(Dtest.PORT_PROP_NAME, Long.toString(20000 + ProcessHandle.current().pid() % 20000));
        System.setProperty(Dtest.INFO_PORT_PROP_NAME, Long.toString(40000 + ProcessHandle.current().pid() % 20000));
    }

    private static final class Sink extends ByteArrayOutputStream {
        synchronized String text() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    private record Run(int code, String out, String err) {
    }

    private static Run run(final String... args) {
        return run(new Sink(), args);
    }

    private static Run run(final Sink out, final String... args) {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final Dtest t = new Dtest(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int code = t.parse(args);
        if (code == 0) {
            code = t.run();
        }
        return new Run(code, out.text(), err.toString(StandardCharsets.UTF_8));
    }

    private record Pair(Run server, Run client) {
    }

    /** Runs a server in another thread and, once it listens for the info exchange, a client in this one. */
    private static Pair pair(final List<String> serverArgs, final List<String> clientArgs) throws Exception {
        assumeTrue(Dat.listProviders().stream().anyMatch(l -> l.iaName().equals(IA) && l.available()),
                () -> "no provider offers an available '" + IA + "' IA");
        final ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            final Sink serverOut = new Sink();
            final Future<Run> server = pool.submit(() -> run(serverOut, serverArgs.toArray(String[]::new)));
            // the Java server listens before it prints this line (C prints it first)
            while (!serverOut.text().contains("Server is waiting for client connection to send server info")) {
                assertFalse(server.isDone(), () -> "the server ended early: " + serverOut.text());
                Thread.sleep(20);
            }
            final Run client = run(clientArgs.toArray(String[]::new));
            final Run s = server.get(30, TimeUnit.SECONDS);
            assertEquals(0, s.code(), s.out() + s.err());
            assertEquals(0, client.code(), client.out() + client.err());
            assertTrue(client.out().contains(": DAPL Test Complete. PASSED"), client.out());
            assertTrue(s.out().contains(": DAPL Test Complete. PASSED"), s.out());
            return new Pair(s, client);
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void shouldPassAgainstItselfWithCDtestsOutputLines() throws Exception {
        // the provider name comes from the server, as in C: the client's -P is overwritten
        final Pair p = pair(List.of("-P", IA, "-s", "-B", "4", "-b", "4096"),
                List.of("-P", "no-such-ia", "-h", "127.0.0.1", "-B", "4", "-b", "4096", "-t"));
        final Run s = p.server();
        final Run client = p.client();
        assertTrue(client.out().contains(" CONNECTED!"), client.out());
        assertTrue(client.out().contains("Running as tcp-lo client v2"), client.out());
        assertTrue(client.out().contains("CLIENT: RDMA write buffer contains: server RDMA write data..."),
                client.out());
        assertTrue(s.out().contains("SERVER: RDMA write buffer contains: client RDMA write data..."), s.out());
        // deterministic from a Java server only: it fills rbuf before its message lets the client read
        assertTrue(client.out().contains("CLIENT: RCV RDMA read buffer contains: server RDMA read data..."),
                client.out());
        assertTrue(s.out().contains("SERVER: RCV RDMA read buffer contains: "), s.out());
        assertTrue(client.out().contains(": Message PingPong: (100 x 4096) Total"), client.out());
        assertTrue(client.out().contains(": RDMA write (bi-direction): Total="), client.out());
        assertTrue(client.out().contains(": connect:   "), client.out());
    }

    @Test
    void shouldRunTheRdmaWritePingPongWithDataCheck() throws Exception {
        final Pair p = pair(List.of("-P", IA, "-s", "-D", "-B", "20", "-b", "256"),
                List.of("-h", "127.0.0.1", "-D", "-B", "20", "-b", "256"));
        assertTrue(p.client().out().contains("RDMA WRITE PINGPONG with DATA CHECK"), p.client().out());
        assertTrue(p.client().out().contains(": RDMA write PingPong: (20 x 256) Total"), p.client().out());
        assertFalse(p.client().err().contains("ERR"), p.client().err());
        assertFalse(p.server().err().contains("ERR"), p.server().err());
    }

    @Test
    void shouldRunUniDirectionalStreamingWrites() throws Exception {
        final Pair p = pair(List.of("-P", IA, "-s", "-w", "-u", "-B", "30", "-S", "7", "-b", "1024"),
                List.of("-h", "127.0.0.1", "-w", "-u", "-B", "30", "-S", "7", "-b", "1024"));
        assertTrue(p.server().out().contains("SERVER: RDMA write buffer contains: client RDMA write data..."),
                p.server().out());
        assertTrue(p.client().out().contains(": RDMA write (uni-direction): Total="), p.client().out());
        assertFalse(p.client().out().contains("RDMA READ DATA"), "-w stops after the writes");
        assertFalse(p.server().out().contains(": RDMA write (uni-direction)"),
                "a uni-directional server writes nothing");
    }
}
