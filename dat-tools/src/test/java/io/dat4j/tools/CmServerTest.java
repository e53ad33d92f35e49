package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.EventNumber;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@code dat cm} server keeps up with many connections that open and close together (its EVDs are sized for
 * the connections it serves), and counts each client run on its own: what is left of one run neither ends nor
 * disturbs the next.
 */
@Timeout(180)
class CmServerTest extends PeerTestBase {


    @Test
    void shouldServeAThousandConnectionsThatOpenAndCloseTogether() throws Exception {
        final Cli s = new Cli();
        final Future<Integer> server = s.start(pool, "cm", "-s", "-P", Cli.IA, "-p", "0", "--wait", "60");
        final String port = s.awaitPort();
        final Cli.Result c = Cli.run("cm", "-h", "127.0.0.1", "-P", Cli.IA, "-p", port, "-c", "1000", "-b", "1000",
                "--json");
        assertEquals(0, c.code(), c.toString());
        assertTrue(c.out().startsWith("{\"connections\":1000,\"burst\":1000,"), c.out());
        assertEquals(0, server.get(60, TimeUnit.SECONDS), s.out() + s.err());
        assertTrue(s.out().contains("served 1000 connections"), s.out());
    }

    @Test
    void shouldNotLetAnEarlierRunsLeftoversEndTheNextRun() throws Exception {
        final Cli s = new Cli();
        final Future<Integer> server = s.start(pool, "cm", "-s", "-P", Cli.IA, "-p", "0", "--wait", "60");
        final String port = s.awaitPort();
        // an earlier client announced 100 connections, made 6 and went away
        final List<RawPeer> earlier = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                final RawPeer p = new RawPeer();
                earlier.add(p);
                assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, p.connect(port, CmServer.pdata(i, 100, 0x51))
                        .number());
            }
        } finally {
            for (final RawPeer p : earlier) {
                p.close();
            }
        }
        final Cli.Result c = Cli.run("cm", "-h", "127.0.0.1", "-P", Cli.IA, "-p", port, "-c", "20", "-b", "5");
        assertEquals(0, c.code(), c.toString());
        assertEquals(0, server.get(60, TimeUnit.SECONDS), s.out() + s.err());
        assertTrue(Pattern.compile("served 20 connections \\(run [0-9a-f]{8}\\)").matcher(s.out()).find(), s.out());
    }

    @Test
    void shouldServeRunAfterRunWithForeverAndRefuseWhatExceedsItsCapacity() throws Exception {
        final Cli s = new Cli();
        s.start(pool, "cm", "-s", "--forever", "-P", Cli.IA, "-p", "0", "--wait", "60", "--max-live", "8");
        final String port = s.awaitPort();
        assertTrue(s.out().contains("at most 8 connections at once"), s.out());
        // more connections in flight than the server holds: the ninth is refused, and the server says why
        final Cli.Result over = Cli.run("cm", "-h", "127.0.0.1", "-P", Cli.IA, "-p", port, "-c", "24", "-b", "12");
        assertEquals(1, over.code(), over.toString());
        assertTrue(over.err().contains("DAT_CONNECTION_EVENT_PEER_REJECTED"), over.toString());
        s.awaitOut(Pattern.compile("refused the server holds 8 connections, its most at once \\(--max-live\\)"),
                java.time.Duration.ofSeconds(30));
        // the failed run's connections are not counted in the next runs
        for (int run = 0; run < 2; run++) {
            final Cli.Result c = Cli.run("cm", "-h", "127.0.0.1", "-P", Cli.IA, "-p", port, "-c", "24", "-b", "8");
            assertEquals(0, c.code(), c.toString());
        }
        s.awaitOut(Pattern.compile("(?s)served 24 connections.*served 24 connections"),
                java.time.Duration.ofSeconds(30));
    }

    @Test
    void shouldKeepEveryConnectionOfTheRunWithHold() throws Exception {
        final Cli s = new Cli();
        s.start(pool, "cm", "-s", "--forever", "-P", Cli.IA, "-p", "0", "--wait", "60", "--max-live", "8");
        final String port = s.awaitPort();
        // bursts of 4 that end before the next fit a server of 8
        final Cli.Result cycled = Cli.run("cm", "-h", "127.0.0.1", "-P", Cli.IA, "-p", port, "-c", "12", "-b", "4",
                "--json");
        assertEquals(0, cycled.code(), cycled.toString());
        final Cli.Result fits = Cli.run("cm", "-h", "127.0.0.1", "-P", Cli.IA, "-p", port, "-c", "8", "-b", "4",
                "--hold", "--json");
        assertEquals(0, fits.code(), fits.toString());
        assertTrue(fits.out().contains("\"connect\":{\"count\":8,"), fits.out());
        assertTrue(fits.out().strip().endsWith("\"warmup\":0,\"hold\":true}"), fits.out());
        // --hold keeps them all (dtestcm's phases): the ninth is one more than the server holds
        final Cli.Result held = Cli.run("cm", "-h", "127.0.0.1", "-P", Cli.IA, "-p", port, "-c", "12", "-b", "4",
                "--hold", "--json");
        assertEquals(1, held.code(), held.toString());
        assertTrue(held.err().contains("DAT_CONNECTION_EVENT_PEER_REJECTED"), held.toString());
    }

    @Test
    void shouldPrintTheProvidersStepsWithSteps() throws Exception {
        final Cli s = new Cli();
        final Future<Integer> server = s.start(pool, "cm", "-s", "-P", Cli.IA, "-p", "0", "--wait", "60",
                "--steps", "-c", "4");
        final String port = s.awaitPort();
        final Cli.Result c = Cli.run("cm", "-h", "127.0.0.1", "-P", Cli.IA, "-p", port, "-c", "4", "-b", "2",
                "--warmup", "2", "--steps", "--json");
        assertEquals(0, c.code(), c.toString());
        // the TCP provider records no connection steps: an empty table, the rest of the JSON as without --steps
        assertTrue(c.out().startsWith("{\"connections\":4,\"burst\":2,"), c.out());
        assertTrue(c.out().strip().endsWith("\"warmup\":2,\"provider_steps\":{}}"), c.out());
        assertEquals(0, server.get(60, TimeUnit.SECONDS), s.out() + s.err());
        assertTrue(s.out().contains("served 6 connections"), s.out());
        assertTrue(s.out().contains("provider steps: {}"), s.out());
    }
}
