package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.ProviderListing;
import io.dat4j.Registry;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The measuring commands end to end, server and client in this JVM on the loopback IA {@code tcp-lo}. Skipped, with
 * the reason, while no provider offers {@code tcp-lo}.
 */
@Timeout(60)
class LoopbackTest {

    private static final String IA = "tcp-lo";
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @BeforeEach
    void needsTheLoopbackIa() {
        final boolean available = Registry.defaultRegistry().listProviders().stream()
                .anyMatch(l -> l.iaName().equals(IA) && l.available());
        assumeTrue(available, () -> "no provider offers an available '" + IA + "' IA: " + Registry.defaultRegistry()
                .listProviders().stream().filter(l -> l.iaName().equals(IA)).map(ProviderListing::reason)
                .filter(java.util.Objects::nonNull).findFirst().orElse("not registered"));
    }

    @AfterEach
    void stopThreads() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "server threads end");
    }

    private static String[] run(final String... args) {
        return Cli.capture(args);
    }

    /** {@return "0"}: servers take -p 0 (a port the provider picks); the client gets the port the server prints */
    private static String port() {
        return "0";
    }

    private String[] clientAgainstServer(final String[] server, final String[] client) throws Exception {
        final Cli srv = new Cli();
        final Future<Integer> s = srv.start(pool, server);
        final String actual = srv.awaitPort();
        final String[] args = client.clone();
        for (int i = 1; i < args.length; i++) {
            if (args[i - 1].equals("-p")) {
                args[i] = actual;
            }
        }
        final String[] c = run(args);
        final int code = s.get(30, TimeUnit.SECONDS);
        assertEquals(0, code, "server: " + srv.out() + srv.err());
        return c;
    }

    @Test
    void shouldRunTheDemo() {
        final String[] r = run("demo", "--megabytes", "2");
        assertEquals("0", r[0], r[1] + r[2]);
        assertTrue(r[1].contains("demo PASSED"), r[1]);
    }

    @Test
    void shouldRunPerfLatencyAsJson() throws Exception {
        final String p = port();
        final String[] c = clientAgainstServer(new String[] {"perf", "lat", "-s", "-P", IA, "-p", p, "--wait", "20"},
                new String[] {"perf", "lat", "-h", "127.0.0.1", "-P", IA, "-p", p, "--sizes", "64,4096",
                    "--iterations", "50", "--json"});
        assertEquals("0", c[0], c[2]);
        final String json = c[1].strip();
        assertTrue(json.startsWith("[{\"op\":\"send\",\"size\":64,\"iterations\":50,\"rtt_p50_us\":"), json);
        assertEquals(1, json.lines().count(), "one JSON array and nothing else on stdout");
        assertEquals(6, json.split("\"op\":").length - 1, "3 ops x 2 sizes");
    }

    /** Both sides busy-poll ({@code --poll}: completions taken with the allocation-free handler drain); same output. */
    @Test
    void shouldRunPerfLatencyAndBandwidthPollingAsJson() throws Exception {
        final String p = port();
        final String[] c = clientAgainstServer(new String[] {"perf", "lat", "-s", "--poll", "-P", IA, "-p", p,
            "--wait", "20"}, new String[] {"perf", "lat", "-h", "127.0.0.1", "--poll", "-P", IA, "-p", p, "--sizes",
                "64,4096", "--iterations", "50", "--json"});
        assertEquals("0", c[0], c[2]);
        final String json = c[1].strip();
        assertTrue(json.startsWith("[{\"op\":\"send\",\"size\":64,\"iterations\":50,\"rtt_p50_us\":"), json);
        assertEquals(6, json.split("\"op\":").length - 1, "3 ops x 2 sizes");
        final String q = port();
        final String[] b = clientAgainstServer(new String[] {"perf", "bw", "-s", "--poll", "-P", IA, "-p", q,
            "--wait", "20"}, new String[] {"perf", "bw", "-h", "127.0.0.1", "--poll", "-P", IA, "-p", q, "--sizes",
                "64,65536", "--iterations", "200", "--json"});
        assertEquals("0", b[0], b[2]);
        assertTrue(b[1].strip().startsWith("[{\"op\":\"send\",\"size\":64,"), b[1]);
    }

    @Test
    void shouldRunPerfBandwidthAsCsv() throws Exception {
        final String p = port();
        final String[] c = clientAgainstServer(new String[] {"perf", "bw", "-s", "-P", IA, "-p", p, "--wait", "20"},
                new String[] {"perf", "bw", "-h", "127.0.0.1", "-P", IA, "-p", p, "--sizes", "64,65536",
                    "--iterations", "200", "--csv"});
        assertEquals("0", c[0], c[2]);
        final String[] lines = c[1].strip().split("\n");
        assertEquals("op,size,iterations,gbit_per_s,msg_per_s,elapsed_us,warmup,depth,rx_depth", lines[0]);
        assertEquals(7, lines.length, c[1]);
        assertTrue(lines[1].startsWith("send,64,200,") && lines[1].endsWith(",128,512"),
                "sends: 128 in flight against perftest's 512 receives, at every size: " + c[1]);
        assertTrue(lines[3].startsWith("rdma_write,64,200,") && lines[3].endsWith(",128,0"), c[1]);
    }

    @Test
    void shouldWarmUpAndSizeBandwidthIterationsByBytes() throws Exception {
        final String p = port();
        final String[] c = clientAgainstServer(new String[] {"perf", "bw", "-s", "-P", IA, "-p", p, "--wait", "20"},
                new String[] {"perf", "bw", "-h", "127.0.0.1", "-P", IA, "-p", p, "--sizes", "64,4096",
                    "--op", "rdma_write,send", "-n", "20", "--bytes", "65536", "--warmup", "50", "-r", "64", "--csv"});
        assertEquals("0", c[0], c[2]);
        final String[] lines = c[1].strip().split("\n");
        assertEquals(5, lines.length, c[1]);
        // the untimed warm-up pass is not reported; the timed one moves --bytes (1024 x 64 B, 20 x 4 KiB)
        assertTrue(lines[1].startsWith("send,64,1024,"), c[1]);
        assertTrue(lines[2].startsWith("send,4096,20,"), c[1]);
        assertTrue(lines[3].startsWith("rdma_write,64,1024,"), c[1]);
        assertTrue(lines[1].endsWith(",50,128,64"), "the warm-up pass, depth and -r in the last columns: " + c[1]);
    }

    @Test
    void shouldSettleBeforeTimingAndReportTheWarmUp() throws Exception {
        final String p = port();
        final String[] c = clientAgainstServer(new String[] {"perf", "lat", "-s", "-P", IA, "-p", p, "--wait", "20"},
                new String[] {"perf", "lat", "-h", "127.0.0.1", "-P", IA, "-p", p, "--sizes", "64", "--op", "send",
                    "-n", "50", "--warmup", "20", "--settle", "3", "--json"});
        assertEquals("0", c[0], c[2]);
        final java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"warmup\":(\\d+)}").matcher(c[1]);
        assertTrue(m.find(), c[1]);
        // at least two chunks (steadiness compares two), the first of --warmup round trips
        assertTrue(Long.parseLong(m.group(1)) > 20, c[1]);
    }

    @Test
    void shouldRunTheDtestStyleCheck() throws Exception {
        final String p = port();
        final String[] c = clientAgainstServer(
                new String[] {"test", "-s", "-P", IA, "-p", p, "--wait", "20", "-B", "4"},
                new String[] {"test", "-h", "127.0.0.1", "-P", IA, "-p", p, "-B", "4"});
        assertEquals("0", c[0], c[1] + c[2]);
        assertTrue(c[1].contains("DAPL Test Complete. PASSED"), c[1]);
        assertTrue(c[1].contains("CLIENT RDMA write buffer contains: server RDMA write data..."), c[1]);
    }

    @Test
    void shouldMeasureConnectionRate() throws Exception {
        final String p = port();
        final String[] c = clientAgainstServer(new String[] {"cm", "-s", "-P", IA, "-p", p, "--wait", "20"},
                new String[] {"cm", "-h", "127.0.0.1", "-P", IA, "-p", p, "-c", "20", "-b", "5", "--json"});
        assertEquals("0", c[0], c[2]);
        assertTrue(c[1].startsWith("{\"connections\":20,\"burst\":5,\"connections_per_s\":"), c[1]);
    }

    @Test
    void shouldWarmUpBeforeMeasuringConnections() throws Exception {
        final String p = port();
        final String[] c = clientAgainstServer(new String[] {"cm", "-s", "-P", IA, "-p", p, "--wait", "20"},
                new String[] {"cm", "-h", "127.0.0.1", "-P", IA, "-p", p, "-c", "6", "-b", "4", "--warmup", "5",
                    "--json"});
        assertEquals("0", c[0], c[2]);
        // only the measured connections are counted; the server served all eleven and ended
        assertTrue(c[1].startsWith("{\"connections\":6,\"burst\":4,"), c[1]);
        assertTrue(c[1].contains("\"connect\":{\"count\":6,"), c[1]);
        assertTrue(c[1].strip().endsWith("\"warmup\":5}"), c[1]);
    }
}
