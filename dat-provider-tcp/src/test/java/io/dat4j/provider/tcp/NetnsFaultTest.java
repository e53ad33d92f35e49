package io.dat4j.provider.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Network faults between the root network namespace and a second one joined by a veth pair, with a peer JVM in the
 * second namespace: {@code tc netem} loss and delay are survived (every operation completes SUCCESS, once; skipped
 * with the reason where the kernel has no netem), a partition (the peer's end of the link dropped) during set-up ends
 * in TIMED_OUT after the configured connect timeout, a partition that heals before TCP gives up loses nothing, and a
 * partition that lasts ends a transfer by the provider's transport timeout ({@link Liveness}): TRANSPORT on the oldest
 * operation, FLUSHED on the rest and on the receives, each once, and BROKEN.
 * Runs only as root with {@code ip} and {@code tc}; skipped with the reason otherwise. The namespace and the veth pair are always removed.
 */
@Timeout(300)
class NetnsFaultTest {

    private static final String NS = "dat4jrel" + ProcessHandle.current().pid() % 100_000;
    private static final String VETH = "d4r" + ProcessHandle.current().pid() % 100_000;
    /* the link's /24, chosen in setUp among 10.213.1-250.0 by this JVM's pid, skipping those in use on this host (two
       builds running this test at once must not route to each other's peer) */
    private static String hostIp;
    private static String peerIp;
    private static boolean created;
    private static String ip;
    private static String tc;
    private static Process peer;
    private static String[] hello;
    private static String netemMissing;

    private static String tool(final String name) {
        for (final String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
            final Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    private static String run(final String... cmd) throws IOException, InterruptedException {
        final Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + out);
        }
        return out;
    }

    @BeforeAll
    static void setUp() throws Exception {
        ip = tool("ip");
        tc = tool("tc");
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "needs root for network namespaces");
        Assumptions.assumeTrue(ip != null, "no ip(8) (iproute2) on this machine");
        Assumptions.assumeTrue(tc != null, "no tc(8) (iproute2) on this machine");
        final String inUse = run(ip, "-o", "-4", "addr", "show");
        final long pid = ProcessHandle.current().pid();
        for (int i = 0; i < 250 && hostIp == null; i++) {
            final String net = "10.213." + ((pid + i) % 250 + 1) + ".";
            if (!inUse.contains(" " + net)) {
                hostIp = net + "1";
                peerIp = net + "2";
            }
        }
        Assumptions.assumeTrue(hostIp != null, "every 10.213.x.0/24 for the link is in use on this host");
        try {
            run(ip, "netns", "add", NS);
            created = true;
            run(ip, "link", "add", VETH + "a", "type", "veth", "peer", "name", VETH + "b");
            run(ip, "link", "set", VETH + "b", "netns", NS);
            run(ip, "addr", "add", hostIp + "/24", "dev", VETH + "a");
            run(ip, "link", "set", VETH + "a", "up");
            run(ip, "netns", "exec", NS, ip, "addr", "add", peerIp + "/24", "dev", VETH + "b");
            run(ip, "netns", "exec", NS, ip, "link", "set", VETH + "b", "up");
            run(ip, "netns", "exec", NS, ip, "link", "set", "lo", "up");
        } catch (final IOException e) {
            tearDown();
            Assumptions.abort("cannot set up network namespaces here: " + e.getMessage());
        }
        try {
            netem("delay", "1ms");
            clearNetem();
        } catch (final IOException e) {
            netemMissing = e.getMessage().strip();
        }
        peer = ProcessFaultTest.start(List.of(ip, "netns", "exec", NS), "listen", "64", "true", "tcp0");
        final BufferedReader out = new BufferedReader(new InputStreamReader(peer.getInputStream(),
                StandardCharsets.UTF_8));
        hello = ProcessFaultTest.line(out, "PEER ").split(" ");
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (peer != null) {
            peer.destroyForcibly();
            peer.waitFor(30, TimeUnit.SECONDS);
            peer = null;
        }
        if (created) {
            try {
                run(ip, "link", "del", VETH + "a");
            } catch (final IOException e) {
                // gone with the namespace already
            }
            run(ip, "netns", "del", NS);
            created = false;
        }
    }

    private static void netem(final String... args) throws Exception {
        final List<String> cmd = new ArrayList<>(List.of(tc, "qdisc", "replace", "dev", VETH + "a", "root",
                "netem"));
        cmd.addAll(List.of(args));
        run(cmd.toArray(String[]::new));
    }

    private static void clearNetem() throws Exception {
        try {
            run(tc, "qdisc", "del", "dev", VETH + "a", "root");
        } catch (final IOException e) {
            // no qdisc
        }
    }

    /** Drops or restores the link: the namespace's end of the veth pair goes down (a partition) or up. */
    private static void link(final boolean up) throws Exception {
        run(ip, "netns", "exec", NS, ip, "link", "set", VETH + "b", up ? "up" : "down");
        if (up) {
            // ARP failed during the partition: a neighbour entry left FAILED makes the next connect fail at once
            // with "no route to host" until the kernel retries it, so forget them on both ends
            run(ip, "neigh", "flush", "dev", VETH + "a");
            run(ip, "netns", "exec", NS, ip, "neigh", "flush", "dev", VETH + "b");
            // the carrier comes back asynchronously; until then a connect fails at once (no route)
            final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!run(ip, "link", "show", VETH + "a").contains("LOWER_UP") && System.nanoTime() < end) {
                Thread.sleep(50);
            }
            Thread.sleep(200);
        }
    }

    private static Endpoint connect(final Fixture f) throws Exception {
        return connect(f, null);
    }

    private static Endpoint connect(final Fixture f, final EndpointAttributes attrs) throws Exception {
        final Endpoint ep = f.c.ep(attrs);
        ep.connect(InetAddress.getByName(peerIp), Long.parseLong(hello[1]), Fixture.WAIT, null);
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        return ep;
    }

    /** Posts n operations (write, send, read in turn) with at most 64 outstanding; all must succeed, once. */
    private static void transfer(final Fixture f, final Endpoint ep, final int n) {
        final LocalMemoryRegion src = f.lmr(f.c, 8192);
        final List<LocalMemoryTriplet> data = List.of(src.triplet(0, 4096));
        final RemoteMemoryTriplet remote = new RemoteMemoryTriplet(Integer.parseInt(hello[2]),
                Long.parseLong(hello[3]), 4096);
        final BitSet done = new BitSet();
        int posted = 0;
        int completed = 0;
        while (completed < n) {
            while (posted < n && posted - completed < 48) {
                switch (posted % 3) {
                    case 0 -> ep.postRdmaWrite(data, posted, remote, CompletionFlag.DEFAULT);
                    case 1 -> ep.postSend(data, posted, CompletionFlag.DEFAULT);
                    default -> ep.postRdmaRead(data, posted, remote, CompletionFlag.DEFAULT);
                }
                posted++;
            }
            final DtoCompletionEvent d = Fixture.dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, d.status(), d.toString());
            assertTrue(!done.get((int) d.cookie()), "cookie " + d.cookie() + " twice");
            done.set((int) d.cookie());
            completed++;
        }
        assertEquals(n, done.cardinality());
    }

    @Test
    void shouldSurviveLossAndDelay() throws Exception {
        try (Fixture f = new Fixture("0.0.0.0")) {
            Assumptions.assumeTrue(netemMissing == null, "tc netem is not available here: " + netemMissing);
            final Endpoint ep = connect(f);
            netem("loss", "10%", "delay", "5ms", "2ms");
            try {
                transfer(f, ep, 1500);
            } finally {
                clearNetem();
            }
            assertEquals(EndpointState.CONNECTED, ep.state());
        }
    }

    @Test
    void shouldTimeOutAConnectAcrossAPartition() throws Exception {
        try (Fixture f = new Fixture("0.0.0.0")) {
            link(false);
            try {
                final Endpoint ep = f.c.ep(null);
                ep.connect(InetAddress.getByName(peerIp), Long.parseLong(hello[1]), Duration.ofSeconds(3), null);
                final ConnectionEvent e = Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_TIMED_OUT);
                assertEquals(EndpointState.DISCONNECTED, e.endpoint().state());
            } finally {
                link(true);
            }
        }
    }

    @Test
    void shouldBreakATransferAcrossAPartitionByTheTransportTimeout() throws Exception {
        try (Fixture f = Fixture.withSettings("0.0.0.0", TcpProvider.ACK_TIMEOUT_PROP_NAME, "500")) {
            final Endpoint ep = connect(f, EndpointAttributes.builder().retryCount(3).build());
            transfer(f, ep, 300);
            final LocalMemoryRegion recv = f.lmr(f.c, 4096);
            for (int i = 0; i < 4; i++) {
                ep.postRecv(recv.triplet(0, 4096), 1000 + i);
            }
            final LocalMemoryRegion src = f.lmr(f.c, 8192);
            final List<LocalMemoryTriplet> data = List.of(src.triplet(0, 4096));
            final RemoteMemoryTriplet remote = new RemoteMemoryTriplet(Integer.parseInt(hello[2]),
                    Long.parseLong(hello[3]), 4096);
            link(false);
            try {
                final long t0 = System.nanoTime();
                for (int i = 0; i < 48; i++) {
                    switch (i % 3) {
                        case 0 -> ep.postRdmaWrite(data, i, remote, CompletionFlag.DEFAULT);
                        case 1 -> ep.postSend(data, i, CompletionFlag.DEFAULT);
                        default -> ep.postRdmaRead(data, i, remote, CompletionFlag.DEFAULT);
                    }
                }
                final ConnectionEvent broken = Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
                final long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                assertEquals(EndpointState.DISCONNECTED, broken.endpoint().state());
                final Map<Long, DtoStatus> done = new HashMap<>();
                while (done.size() < 52) {
                    final DtoCompletionEvent d = Fixture.dto(f.c.evd);
                    assertNull(done.put(d.cookie(), d.status()), "cookie " + d.cookie() + " completed twice");
                }
                assertEquals(DtoStatus.TRANSPORT, done.get(0L), done.toString());
                for (long i = 1; i < 48; i++) {
                    assertEquals(DtoStatus.FLUSHED, done.get(i), done.toString());
                }
                for (long i = 1000; i < 1004; i++) {
                    assertEquals(DtoStatus.FLUSHED, done.get(i), done.toString());
                }
                assertNull(f.c.evd.poll(), "nothing more");
                System.out.println("partition during a transfer: BROKEN " + ms + " ms after the posts (transport "
                        + "timeout 500 ms x (retry_count 3 + 1)), 48 operations and 4 receives completed once each");
            } finally {
                link(true);
            }
            ep.close();
            // the network healed: a new connection works
            final Endpoint again = connect(f);
            transfer(f, again, 30);
        }
    }

    @Test
    void shouldLoseNothingAcrossAPartitionThatHeals() throws Exception {
        try (Fixture f = new Fixture("0.0.0.0")) {
            final Endpoint ep = connect(f);
            transfer(f, ep, 300);
            link(false);
            final Thread heal = Thread.ofPlatform().start(() -> {
                try {
                    Thread.sleep(3000);
                    link(true);
                } catch (final Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try {
                transfer(f, ep, 600);
            } finally {
                heal.join();
                link(true);
            }
            assertEquals(EndpointState.CONNECTED, ep.state());
        }
    }
}
