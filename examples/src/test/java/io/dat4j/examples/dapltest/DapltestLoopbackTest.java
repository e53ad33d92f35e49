package io.dat4j.examples.dapltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every dapltest test kind, Java against Java on the TCP provider's loopback IA in this JVM, with small sizes: the
 * transaction test in its variants (send/receive, RDMA read and write, several threads and EPs, {@code -V},
 * {@code -f}, {@code -P}, {@code -r}), the performance test blocking and polling, reads and writes, the quit test,
 * the limit test and every FFT feature. Each checks C's result lines and exit status.
 */
@Timeout(120)
class DapltestLoopbackTest {

    @BeforeAll
    static void loopback() {
        Runs.assumeLoopback();
    }

    /** The client's transaction statistics: 7 lines after "----- Stats ----". */
    private static void assertTransactionPassed(final Runs.Result r, final int threads, final int eps) {
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("DT_cs_Client: Starting Test ... \n"), r.out());
        assertTrue(r.out().contains("----- Stats ---- : " + threads + " threads, " + eps + " EPs\n")
                || r.out().contains("----- Test completed successfully, but cannot calculate stats"), r.out());
        assertTrue(r.out().endsWith("DT_cs_Client: ========== End of Work -- Client Exiting\n"), r.out());
        for (final String bad : List.of("Error", "error", "FAIL", "mismatch", "Warning")) {
            assertFalse(r.out().contains(bad), () -> bad + " in " + r.out());
        }
    }

    @Test
    void shouldRunTheTransactionTestsAndQuit() throws Exception {
        try (Runs.Server s = new Runs.Server()) {
            Runs.Result r = Runs.run(s.client("T", "-i", "100", "client", "SR", "4096", "server", "SR", "4096"));
            assertTransactionPassed(r, 1, 1);
            assertTrue(r.lines("Total Send       :").size() == 1 || r.out().contains("cannot calculate"), r.out());
            // README's "more complicated" test, smaller: 2 threads x 3 EPs, every operation kind, -f, data checked
            r = Runs.run(s.client("T", "-V", "-t", "2", "-w", "3", "-i", "20", "client", "RW", "4096", "1", "server",
                    "RW", "2048", "4", "client", "SR", "1024", "4", "server", "SR", "4096", "2", "client", "SR",
                    "1024", "3", "-f", "server", "SR", "2048", "1", "-f", "client", "RR", "8192", "2", "server", "RR",
                    "512", "3"));
            assertTrue(r.out().startsWith("NOTE: Adding OP \"server SR\" - for validation\n"
                    + "NOTE: Adding OP \"client SR\" - for validation\n"
                    + "NOTE: Adding OP \"server SR\" - for validation\n"), r.out());
            assertTransactionPassed(r, 2, 3);
            // completion polling and RSPs on the server
            assertTransactionPassed(Runs.run(s.client("T", "-P", "-r", "-i", "10", "client", "SR", "100", "server",
                    "SR", "100")), 1, 1);
            // a debugging client prints its command twice (parse time, then test start) and the handshake
            r = Runs.run(s.client("T", "-d", "-i", "5", "client", "SR", "server", "SR"));
            final Runs.Result d = r;
            assertEquals(0, r.code(), r.out());
            assertEquals(2, r.lines("TransCmd.num_ops                  : 2").size(), () -> d.out() + s.out());
            assertEquals(1, r.lines("TransCmd.server_port_number       : " + s.port).size(), r.out());
            assertTrue(r.out().contains("DT_cs_Client: Version OK!\n"), r.out());
            assertTrue(r.out().contains("Server_Info.dapltest_version   : 6\n"), r.out());
            final String server = s.quit();
            assertEquals(4, server.split("Server: Transaction Test Finished for this client\n", -1).length - 1,
                    server);
            assertEquals(5, server.split("Dapltest: Service Point Ready - tcp-lo\n", -1).length - 1, server);
        }
    }

    @Test
    void shouldRunThePerformanceTestBlockingAndPolling() throws Exception {
        try (Runs.Server s = new Runs.Server()) {
            for (final List<String> op : List.of(List.of("-i", "50", "-p", "8", "RW", "4096", "2"),
                    List.of("-i", "50", "-m", "p", "RR", "4096"), List.of("-i", "20", "-m", "b", "RR", "512", "3"))) {
                final Runs.Result r = Runs.run(s.client("P", op.toArray(String[]::new)));
                assertEquals(0, r.code(), r.out());
                assertEquals(1, r.lines("------------------------- Statistics -------------------------").size(),
                        r.out());
                final String type = op.contains("RW") ? "RW" : "RR";
                assertEquals(1, r.lines("raw: " + type + ", " + op.get(1) + ", ").size(), r.out());
                assertTrue(r.out().contains("    Number of Operations : " + op.get(1) + "\n"), r.out());
                // C starts every minimum at ~0, a double -1, and prints its (unsigned int) cast with %d: kept
                assertTrue(r.out().contains("    minimum              : -1.0 us\n"), r.out());
                assertTrue(r.out().contains("    0 posts with context switches\n"), r.out());
            }
            final String server = s.quit();
            assertEquals(3, server.split("Server: Finished performance test.  Exiting.\n", -1).length - 1, server);
        }
    }

    @Test
    void shouldRunTheLimitTestsOnTheLoopbackIa() {
        // all but limit_size_lmr, which registers up to 1 GiB
        final Runs.Result r = Runs.run("-T", "L", "-D", Runs.IA, "-m", "12", "-w", "2", "limit_ia", "limit_pz",
                "limit_cno", "limit_evd", "limit_ep", "limit_rsp", "limit_psp", "limit_lmr", "limit_rpost");
        assertEquals(0, r.code(), r.out());
        for (final String l : List.of("LimitTest: IAs opened: 12", "LimitTest: PZs created: 12",
                "LimitTest: CNOs created: 12", "LimitTest: EVDs created: 12", "LimitTest: EPs created: 12",
                "LimitTest: LMRs created: 12", "LimitTest: recv buffers posted per EP: 12",
                "\t\t (total posted: 24)")) {
            assertTrue(r.out().contains(l + "\n"), () -> l + " in " + r.out());
        }
        // the TCP provider's qualifiers are ports: C's 0xAffab1e is out of range, so none is made
        assertTrue(r.out().contains("LimitTest: PSPs created: 0\n"), r.out());
        assertTrue(r.out().contains("LimitTest: RSPs created: 0\n"), r.out());
        assertEquals(24, r.lines("LimitTest: dat_ep_post_recv #").size(), r.out());
        assertFalse(r.out().contains("error occurs"), r.out());
        assertEquals(18, r.lines("**********************************************************************").size());
    }

    @Test
    void shouldRunEveryFftFeatureOnTheLoopbackIa() throws Exception {
        final String port = Integer.toString(Runs.freePorts(1));
        for (final String f : List.of("hwconn", "endpoint", "pz", "mem", "connmgt")) {
            final Runs.Result r = Runs.run("-T", "F", "-D", Runs.IA, "-n", port, "-f", f);
            assertEquals(0, r.code(), r.out());
            assertFalse(r.out().contains("failed in file"), r.out());
            assertEquals(FftCommand.Feature.values()[List.of("hwconn", "endpoint", "pz", "mem", "connmgt").indexOf(f)]
                    .size, r.lines("Result: PASS").size(), r.out());
        }
        final Runs.Result q = Runs.run("-T", "F", "-D", Runs.IA, "-n", port, "-f", "queryinfo");
        assertEquals(0, q.code(), q.out());
        // the CR case (C tests it elsewhere) and the four NULL-pointer cases, which Java cannot express
        assertEquals(5, q.lines("Result: UNSUPP").size(), q.out());
        assertEquals(13, q.lines("Result: PASS").size(), q.out());
        // the TCP provider has no RMR: the RMR query's create fails, and C's verdict stays PASS
        assertEquals(1, q.lines("Error = ").size(), q.out());
        assertTrue(q.out().contains("DAT_NOT_IMPLEMENTED"), q.out());
    }
}
