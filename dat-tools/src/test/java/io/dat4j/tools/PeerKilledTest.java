package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@code dat perf bw} client whose server process is killed with SIGKILL in the middle of the run says that the
 * connection broke, and only then the first error status (which is FLUSHED for everything a broken connection
 * flushes).
 */
@Timeout(120)
class PeerKilledTest extends PeerTestBase {

    private Process server;

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.destroyForcibly();
            server.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static String line(final BufferedReader r, final String prefix) throws IOException {
        final StringBuilder seen = new StringBuilder();
        for (String l = r.readLine(); l != null; l = r.readLine()) {
            if (l.startsWith(prefix)) {
                return l;
            }
            seen.append(l).append('\n');
        }
        throw new AssertionError("the server ended without printing '" + prefix + "':\n" + seen);
    }

    @Test
    void shouldSayTheConnectionBrokeWhileRdmaWriting() throws Exception {
        killServerDuring("rdma_write");
    }

    @Test
    void shouldSayTheConnectionBrokeWhileSending() throws Exception {
        killServerDuring("send");
    }

    private void killServerDuring(final String op) throws Exception {
        server = Cli.child("perf", "bw", "-s", "-P", Cli.IA, "-p", "0", "--wait", "60");
        final BufferedReader r = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8));
        final Matcher m = Pattern.compile("on port (\\d+)").matcher(line(r, "dat perf server:"));
        assertTrue(m.find());
        final Cli client = new Cli();
        // far more operations than can finish before the kill
        final Future<Integer> code = client.start(pool, "perf", "bw", "-h", "127.0.0.1", "-P", Cli.IA, "-p",
                m.group(1), "--op", op, "--sizes", "65536", "-n", "2000000000", "--no-progress");
        line(r, "client connected");
        Thread.sleep(300); // let operations be in flight; the outcome does not depend on how many
        server.destroyForcibly();
        assertTrue(server.waitFor(30, TimeUnit.SECONDS));
        assertEquals(1, code.get(60, TimeUnit.SECONDS), client.err());
        final String err = client.err();
        final int broke = err.indexOf("the connection broke (DAT_CONNECTION_EVENT_");
        final int status = err.indexOf("the first error: DAT_DTO_ERR_");
        assertTrue(broke >= 0 && status > broke, "the break first, then the first error status: " + err);
        assertTrue(err.contains("BROKEN") || err.contains("DISCONNECTED"), err);
    }
}
