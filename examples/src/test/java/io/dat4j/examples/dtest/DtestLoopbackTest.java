package io.dat4j.examples.dtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Java dtest against itself on the loopback IA, server and client in this JVM ({@link Programs}). Skipped, with the
 * reason, while no provider offers {@code tcp-lo}.
 */
@Timeout(60)
class DtestLoopbackTest {

    private static final String IA = Programs.IA;

    /** Runs a server in another thread and, once it listens for the info exchange, a client in this one. */
    private static Programs.Pair pair(final List<String> serverArgs, final List<String> clientArgs) throws Exception {
        // the Java server listens before it prints this line (C prints it first)
        final Programs.Pair p = Programs.pair(Programs::dtest,
                "Server is waiting for client connection to send server info", serverArgs, clientArgs);
        final Programs.Run s = p.server();
        final Programs.Run client = p.client();
        assertEquals(0, s.code(), s.out() + s.err());
        assertEquals(0, client.code(), client.out() + client.err());
        assertTrue(client.out().contains(": DAPL Test Complete. PASSED"), client.out());
        assertTrue(s.out().contains(": DAPL Test Complete. PASSED"), s.out());
        return p;
    }

    @Test
    void shouldPassAgainstItselfWithCDtestsOutputLines() throws Exception {
        // the provider name comes from the server, as in C: the client's -P is overwritten
        final Programs.Pair p = pair(List.of("-P", IA, "-s", "-B", "4", "-b", "4096"),
                List.of("-P", "no-such-ia", "-h", "127.0.0.1", "-B", "4", "-b", "4096", "-t"));
        final Programs.Run s = p.server();
        final Programs.Run client = p.client();
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
        final Programs.Pair p = pair(List.of("-P", IA, "-s", "-D", "-B", "20", "-b", "256"),
                List.of("-h", "127.0.0.1", "-D", "-B", "20", "-b", "256"));
        assertTrue(p.client().out().contains("RDMA WRITE PINGPONG with DATA CHECK"), p.client().out());
        assertTrue(p.client().out().contains(": RDMA write PingPong: (20 x 256) Total"), p.client().out());
        assertFalse(p.client().err().contains("ERR"), p.client().err());
        assertFalse(p.server().err().contains("ERR"), p.server().err());
    }

    @Test
    void shouldRunUniDirectionalStreamingWrites() throws Exception {
        final Programs.Pair p = pair(List.of("-P", IA, "-s", "-w", "-u", "-B", "30", "-S", "7", "-b", "1024"),
                List.of("-h", "127.0.0.1", "-w", "-u", "-B", "30", "-S", "7", "-b", "1024"));
        assertTrue(p.server().out().contains("SERVER: RDMA write buffer contains: client RDMA write data..."),
                p.server().out());
        assertTrue(p.client().out().contains(": RDMA write (uni-direction): Total="), p.client().out());
        assertFalse(p.client().out().contains("RDMA READ DATA"), "-w stops after the writes");
        assertFalse(p.server().out().contains(": RDMA write (uni-direction)"),
                "a uni-directional server writes nothing");
    }
}
