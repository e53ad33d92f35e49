package io.dat4j.examples.dtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The Java dtestcm against itself on the loopback IA ({@link Programs}), with the server-info exchange of dtest. */
@Timeout(120)
class DtestCmLoopbackTest {

    /** Runs a pair with the same options on both sides, and checks that both completed. */
    private static Programs.Pair pair(final String... options) throws Exception {
        final List<String> server = new ArrayList<>(List.of("-P", Programs.IA, "-s", "-p",
                Integer.toString(Programs.PORT)));
        // the client's -P does not matter: the provider name comes from the server, as in dtest
        final List<String> client = new ArrayList<>(List.of("-P", "no-such-ia", "-h", "127.0.0.1", "-p",
                Integer.toString(Programs.PORT)));
        server.addAll(List.of(options));
        client.addAll(List.of(options));
        final Programs.Pair p = Programs.pair(Programs::dtestcm, " Conn server waiting for client, port ", server,
                client);
        for (final Programs.Run r : List.of(p.server(), p.client())) {
            assertEquals(0, r.code(), r.out() + r.err());
            assertEquals("", r.err(), r.out());
            assertTrue(r.out().contains(" DAPL Connection Test Complete.\n open:      "), r.out());
        }
        return p;
    }

    @Test
    void shouldConnectInBurstsByPollingWithCsOutputLines() throws Exception {
        final Programs.Pair p = pair("-c", "20", "-b", "5");
        final String s = p.server().out();
        final String c = p.client().out();
        assertTrue(s.startsWith(" Running server on tcp-lo with 20 RC connections\n"), s);
        assertTrue(c.startsWith(" Running client on no-such-ia with 20 RC connections\n"), c);
        assertTrue(s.contains(" Server ready on port " + Programs.PORT + "\n"), s);
        assertTrue(s.contains(" Accepting...\n Completing...\n\n ALL 20 CONNECTED on Server!\n\n"), s);
        assertTrue(c.contains(" Connecting...\n\n ALL 20 CONNECTED on Client!\n\n"), c);
        assertTrue(c.contains(" Connections: "), c);
        assertTrue(c.contains(" CPS "), c);
        assertTrue(c.contains(", Num=20\n TOTAL:     "), c);
        assertTrue(!s.contains(" Connections: "), "the server prints no connection rate");
    }

    @Test
    void shouldWaitAndListenOnePspPerBurstSlot() throws Exception {
        final Programs.Pair p = pair("-c", "8", "-b", "4", "-w", "-m", "-v");
        final String s = p.server().out();
        for (int i = 0; i < 4; i++) {
            assertTrue(s.contains(" Server ready on port " + (Programs.PORT + i) + "\n"), s);
        }
        assertTrue(s.contains(" psp_free[3] complete\n"), s);
        assertTrue(p.client().out().contains(" CONN[7] Private Data buf[0]=2 [47]=49\n"), p.client().out());
        assertTrue(s.contains(" CONN REQUEST Private Data buf[0]=1 [47]=48\n"), s);
    }

    @Test
    void shouldConnectALastShortBurst() throws Exception {
        // 10 connections 3 at a time: C's last burst would run past its EPs; the port stops at the tenth
        final Programs.Pair p = pair("-c", "10", "-b", "3");
        assertTrue(p.client().out().contains(" ALL 10 CONNECTED on Client!"), p.client().out());
    }

    @Test
    void shouldRefuseWhatCRefuses() {
        for (final String[] bad : new String[][] {{"-q", "5"}, {"-l", "5"}, {"-x"}}) {
            final Programs.Run r = Programs.run(Programs::dtestcm, bad);
            assertEquals(12, r.code(), String.join(" ", bad));
            assertTrue(r.out().contains(" DAPL USAGE "), r.out());
        }
        assertEquals(12, Programs.run(Programs::dtestcm, "-c", "0").code());
    }

    /**
     * The client disconnects as soon as all its connections are up; its first disconnect can reach the server before
     * the last connection's ESTABLISHED (independent sockets, two I/O threads): the server counts such a DISCONNECTED
     * when it disconnects instead of failing (about 1 round in 10 failed before). 40 rounds.
     */
    @Test
    void shouldCountADisconnectThatOvertakesTheLastEstablished() throws Exception {
        for (int round = 0; round < 40; round++) {
            final Programs.Pair p = pair("-c", "8", "-b", "4", "-w", "-m");
            assertTrue(p.server().out().contains(" ALL 8 CONNECTED on Server!"), "round " + round);
        }
    }
}
