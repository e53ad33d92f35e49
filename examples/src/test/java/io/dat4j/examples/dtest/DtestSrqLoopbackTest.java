package io.dat4j.examples.dtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Java dtestsrq against itself on the loopback IA ({@link Programs}): a literal translation of dtestsrq.c, with
 * C's zeroed EP attributes, its SRQ and its infinite waits for DISCONNECTED and for the EP_BROKEN of each SRQ EP.
 */
@Timeout(120)
class DtestSrqLoopbackTest {

    private static final String READY = " server ready on port " + Programs.PORT;

    /** Runs a pair with the same options on both sides, and checks that both completed. */
    private static Programs.Pair pair(final String... options) throws Exception {
        final List<String> server = new ArrayList<>(List.of("-P", Programs.IA, "-s", "-p",
                Integer.toString(Programs.PORT)));
        final List<String> client = new ArrayList<>(List.of("-P", Programs.IA, "-h", "127.0.0.1", "-p",
                Integer.toString(Programs.PORT)));
        server.addAll(List.of(options));
        client.addAll(List.of(options));
        final Programs.Pair p = Programs.pair(Programs::dtestsrq, READY, server, client);
        for (final Programs.Run r : List.of(p.server(), p.client())) {
            assertEquals(0, r.code(), r.out() + r.err());
            assertEquals("", r.err(), r.out());
        }
        return p;
    }

    @Test
    void shouldRunBurstsOverOneSrqWithCsOutputLines() throws Exception {
        final Programs.Pair p = pair("-c", "3", "-B", "4", "-t", "3", "-b", "64");
        final String s = p.server().out();
        final String c = p.client().out();
        assertTrue(s.startsWith(" Running RC SRQ test as SERVER: on tcp-lo with 3 connections, 3 bursts of 4"
                + " messages\n"), s);
        assertTrue(c.startsWith(" Running RC SRQ test as CLIENT: on tcp-lo with 3 connections, 3 bursts of 4"
                + " messages\n"), c);
        assertTrue(s.contains(" Local Address AF_INET - 127.0.0.1 port " + Programs.PORT + "\n"), s);
        assertTrue(s.contains(" Accepting...\n Completing...\n\n ALL 3 CONNECTED on server!\n\n"), s);
        assertTrue(c.contains(" Connecting to Server: 127.0.0.1 \n Address: 127.0.0.1 port " + Programs.PORT
                + "\n Connecting...\n Completing...\n\n ALL 3 CONNECTED on client!\n\n"), c);
        assertTrue(s.endsWith(" DAPL RC SRQ Test Complete.\n\n"), s);
        assertTrue(c.endsWith(" DAPL RC SRQ Test Complete.\n\n"), c);
    }

    @Test
    void shouldWaitForEachSrqEpsEpBrokenAfterItsDisconnect() throws Exception {
        final Programs.Pair p = pair("-c", "4", "-B", "2", "-t", "1", "-b", "32", "-v");
        for (final String out : List.of(p.server().out(), p.client().out())) {
            // each of the 4 DISCONNECTED events is followed by the EP_BROKEN of the same EP, waited for without limit
            assertEquals(4, count(out, " Wait for EP async event\n Async event 0x8003 received for EP "), out);
            assertEquals(4, count(out, " Check for valid EP and free it\n valid EP["), out);
            assertTrue(out.contains(" Successfully disconnected all 4 EP's\n"), out);
            assertFalse(out.contains("Invalid"), out);
        }
    }

    @Test
    void shouldRunWithoutTheSrq() throws Exception {
        final Programs.Pair p = pair("-S", "0", "-c", "2", "-B", "3", "-t", "2", "-b", "128", "-v");
        assertTrue(p.server().out().endsWith(" DAPL RC none SRQ Test Complete.\n\n"), p.server().out());
        assertFalse(p.server().out().contains("Wait for EP async event"), p.server().out());
        assertTrue(p.client().out().contains(" Pre post receive for EP "), p.client().out());
    }

    @Test
    void shouldAcceptCsLargestSetting() throws Exception {
        // -c 100 -B 100: an SRQ of 10,000 receives, and client EPs of 10,000 requests and receives each
        final Programs.Pair p = pair("-c", "100", "-B", "100", "-t", "1", "-b", "16");
        assertTrue(p.client().out().contains(" ALL 100 CONNECTED on client!"), p.client().out());
        assertTrue(p.server().out().endsWith(" DAPL RC SRQ Test Complete.\n\n"), p.server().out());
    }

    @Test
    void shouldRefuseWhatCRefuses() {
        final String[][] bad = {{"-c", "101"}, {"-B", "101"}, {"-b", "0"}, {"-t", "-1"}, {"-x"}};
        final String[] lines = {"Too many connections. Max 100.", "Burst size is too big. Max 100",
            " Buffer size need to be positive", "Bursts number (-1) can't be negative.", " DAPL SRQ USAGE "};
        for (int i = 0; i < bad.length; i++) {
            final Programs.Run r = Programs.run(Programs::dtestsrq, bad[i]);
            assertEquals(12, r.code(), String.join(" ", bad[i]));
            assertTrue(r.out().contains(lines[i]), r.out());
        }
        assertTrue(Programs.run(Programs::dtestsrq, "-x").err().contains("dtestsrq: invalid option -- 'x'"));
    }

    @Test
    void shouldNeedABufferLengthWhereTheProviderHasNoMtu() {
        // C takes the length from the provider attribute DAT_IB_TRANSPORT_MTU, which the TCP provider has not
        final Programs.Run r = Programs.run(Programs::dtestsrq, "-P", Programs.IA, "-s");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(" Error: no user input and IB_MTU was not found in provider attr"), r.err());
        assertFalse(r.out().contains(" ERR: Checking ASYNC EVD..."), "C exits at once, before its cleanup: " + r.out());
        assertFalse(r.out().contains("Test Complete"), r.out());
    }

    @Test
    void shouldSayThatUdNeedsTheIbExtensions() {
        final Programs.Run r = Programs.run(Programs::dtestsrq, "-P", Programs.IA, "-u", "-b", "64");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("needs the IB extensions"), r.err());
    }

    private static int count(final String s, final String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
