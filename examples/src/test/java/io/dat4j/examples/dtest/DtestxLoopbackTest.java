package io.dat4j.examples.dtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Java dtestx against itself on the loopback IA ({@link Programs}): RDMA write with immediate data, compare-and-swap
 * and fetch-and-add each way, with C's result lines. The run takes about 7 s, as C's: the program sleeps between the
 * atomics so that the peer's have landed.
 */
@Timeout(120)
class DtestxLoopbackTest {

    @Test
    void shouldPassTheImmediateAndAtomicTestsBothWays() throws Exception {
        final Programs.Pair p = Programs.pair(Programs::dtestx, "Server - Client: waiting to snd addr\n",
                List.of("-P", Programs.IA, "-s"), List.of("-P", Programs.IA, "-h", "127.0.0.1"));
        for (final Programs.Run r : List.of(p.server(), p.client())) {
            assertEquals(0, r.code(), r.out() + r.err());
            assertEquals("", r.err(), r.out());
            assertTrue(r.out().contains("Connected! 1 endpoints\n"), r.out());
            assertTrue(r.out().contains("\n RDMA_WRITE_WITH_IMMEDIATE_DATA test - PASSED\n"), r.out());
            assertTrue(r.out().contains("\n CMP_SWAP test - PASSED\n"), r.out());
            assertTrue(r.out().contains("\n FETCH_ADD test - PASSED\n"), r.out());
            assertTrue(r.out().endsWith("\n IB extension test - immed/atomic test PASSED\n\n"), r.out());
        }
        final String s = p.server().out();
        final String c = p.client().out();
        assertTrue(s.contains("\nRunning as Server - tcp-lo  1 endpoint(s) v209\n"), s);
        assertTrue(c.contains("\nRunning as Client - tcp-lo  1 endpoint(s) v209\n"), c);
        assertTrue(s.contains("Server received immed_data=0x7777\n"), s);
        assertTrue(c.contains("Client received immed_data=0x1111\n"), c);
        assertTrue(s.contains(" contains: Client written data\n"), s);
        assertTrue(c.contains(" contains: Server data\n"), c);
        assertTrue(s.contains("Server got original data        = 54321, expected 0x54321\n"), s);
        assertTrue(s.contains("Client final result (on Server) = 98765, expected 0x98765\n"), s);
        assertTrue(c.contains("Client got original data        = 12345, expected 0x12345\n"), c);
        assertTrue(c.contains("Server final result (on Client) = 0x54321, expected 0x54321\n"), c);
        assertTrue(s.contains("Server got original data         = 200, expected 0x200\n"), s);
        assertTrue(s.contains("Client final result (on Server)  = 30, expected 0x30\n"), s);
        assertTrue(c.contains("Server side original data        = 20, expected 0x20\n"), c);
        assertTrue(c.contains("Server final result (on Client)  = 300, expected 0x300\n"), c);
    }

    @Test
    void shouldRefuseWhatCRefuses() {
        for (final String[] bad : new String[][] {{"-x"}, {"-b"}}) {
            final Programs.Run r = Programs.run(Programs::dtestx, bad);
            assertEquals(12, r.code(), String.join(" ", bad));
            assertTrue(r.out().contains(" dtestx usage "), r.out());
        }
    }

    @Test
    void shouldFailAtTheEndpointForUnreliableDatagrams() {
        final Programs.Run r = Programs.run(Programs::dtestx, "-P", Programs.IA, "-u");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("dat_ep_create returned DAT_MODEL_NOT_SUPPORTED"), r.err());
    }

    @Test
    void shouldListTheExtensionAttributesWithQ() {
        final Programs.Run r = Programs.run(Programs::dtestx, "-P", Programs.IA, "-q");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains(" Local Address AF_INET - 127.0.0.1 port 31112\n"), r.out());
        assertTrue(r.out().contains("=DAT_IB_FETCH_AND_ADD=TRUE\n".substring(1)), r.out());
        assertTrue(r.out().contains(" Open_Query: tcp-lo num_attrs = "), r.out());
    }
}
