package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.Event;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.testsupport.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A peer process killed with SIGKILL ({@link Process#destroyForcibly()}) in the middle of connection set-up, of a
 * transfer and of a disconnect: the survivor gets the right event, every posted operation completes exactly once
 * (FLUSHED or an error status after the kill; cookies counted), and all handles close with no thread or file
 * descriptor left behind.
 */
@Timeout(120)
class ProcessFaultTest {

    private Process peer;
    private Fixture f;
    private long threadsBefore;
    private long fdsBefore;

    static long ioThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("dat4j-tcp-"))
                .count();
    }

    static long openFiles() {
        final Path fds = Path.of("/proc/self/fd");
        if (!Files.isDirectory(fds)) {
            return -1;
        }
        try (var s = Files.list(fds)) {
            return s.count();
        } catch (final IOException e) {
            return -1;
        }
    }

    @BeforeEach
    void open() {
        threadsBefore = ioThreads();
        fdsBefore = openFiles();
        f = new Fixture();
    }

    @AfterEach
    void close() throws Exception {
        if (peer != null) {
            peer.destroyForcibly();
            peer.waitFor(30, TimeUnit.SECONDS);
        }
        f.close();
        assertEquals(threadsBefore, ioThreads(), "I/O threads left after the IA closed");
        if (fdsBefore >= 0) {
            assertTrue(openFiles() <= fdsBefore + 8, "file descriptors leaked: " + fdsBefore + " before, "
                    + openFiles() + " after");
        }
    }

    static Process start(final List<String> prefix, final String... args) throws IOException {
        final List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", ChildJvm.classPath(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", FaultPeerMain.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private BufferedReader startPeer(final String... args) throws IOException {
        peer = start(List.of(), args);
        return new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8));
    }

    static String line(final BufferedReader r, final String prefix) throws IOException {
        final StringBuilder seen = new StringBuilder();
        for (String l = r.readLine(); l != null; l = r.readLine()) {
            if (l.startsWith(prefix)) {
                return l;
            }
            seen.append(l).append('\n');
        }
        throw new AssertionError("the peer ended without printing " + prefix + ":\n" + seen);
    }

    private void kill() throws InterruptedException {
        peer.destroyForcibly();
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS), "the peer did not die");
    }

    /** Collects DTO completions until {@code expected} cookies completed; fails on a second completion. */
    static Map<Long, DtoStatus> completions(final io.dat4j.EventDispatcher evd, final long expected,
            final List<Event> others) {
        final Map<Long, DtoStatus> done = new HashMap<>();
        while (done.size() < expected) {
            final Event e = evd.await(WAIT);
            if (e instanceof DtoCompletionEvent d) {
                final DtoStatus prev = done.put(d.cookie(), d.status());
                if (prev != null) {
                    throw new AssertionError("cookie " + d.cookie() + " completed twice: " + prev + ", " + d);
                }
            } else {
                others.add(e);
            }
        }
        assertEquals(null, evd.poll(), "a completion beyond the posted operations");
        return done;
    }

    private static EventNumber connectionEvent(final io.dat4j.EventDispatcher evd, final List<Event> seen) {
        for (final Event e : seen) {
            if (e instanceof ConnectionEvent c) {
                return c.number();
            }
        }
        return assertInstanceOf(ConnectionEvent.class, evd.await(WAIT)).number();
    }

    @Test
    void killDuringSetUpBeforeTheReply() throws Exception {
        final BufferedReader out = startPeer("listen", "4", "false");
        final String[] hello = line(out, "PEER ").split(" ");
        final Endpoint ep = f.c.ep(null);
        final LocalMemoryRegion r = f.lmr(f.c, 64);
        for (int i = 0; i < 3; i++) {
            ep.postRecv(r.triplet(0, 64), i);
        }
        ep.connect(InetAddress.getLoopbackAddress(), Long.parseLong(hello[1]), WAIT, null);
        line(out, "CR");
        kill();
        final List<Event> others = new ArrayList<>();
        final Map<Long, DtoStatus> done = completions(f.c.evd, 3, others);
        assertTrue(done.values().stream().allMatch(s -> s == DtoStatus.FLUSHED), done.toString());
        assertEquals(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, connectionEvent(f.c.conn, others));
        assertEquals(EndpointState.DISCONNECTED, ep.state());
        ep.close();
    }

    @Test
    void killBeforeTheAcceptGivesAcceptCompletionError() throws Exception {
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final BufferedReader out = startPeer("connect", Long.toString(psp.connectionQualifier()));
        line(out, "REQ");
        final ConnectionRequest cr = Fixture.request(f.s.conn);
        kill();
        final Endpoint ep = f.s.ep(null);
        final LocalMemoryRegion r = f.lmr(f.s, 64);
        for (int i = 0; i < 3; i++) {
            ep.postRecv(r.triplet(0, 64), i);
        }
        cr.accept(ep, null);
        final List<Event> others = new ArrayList<>();
        assertEquals(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, connectionEvent(f.s.conn, others));
        final Map<Long, DtoStatus> done = completions(f.s.evd, 3, others);
        assertTrue(done.values().stream().allMatch(s -> s == DtoStatus.FLUSHED), done.toString());
        assertEquals(EndpointState.DISCONNECTED, ep.state());
        ep.close();
        psp.close();
    }

    @Test
    void killDuringATransferFlushesEveryOperationExactlyOnce() throws Exception {
        final BufferedReader out = startPeer("listen", "256", "true");
        final String[] hello = line(out, "PEER ").split(" ");
        final Endpoint ep = f.c.ep(EndpointAttributes.builder().maxRequestDtos(256).maxRecvDtos(16).build());
        ep.connect(InetAddress.getLoopbackAddress(), Long.parseLong(hello[1]), WAIT, null);
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final LocalMemoryRegion src = f.lmr(f.c, 1 << 16);
        final RemoteMemoryTriplet remote = new RemoteMemoryTriplet(Integer.parseInt(hello[2]),
                Long.parseLong(hello[3]), 1 << 16);
        final List<LocalMemoryTriplet> all = List.of(src.triplet(0, 1 << 16));
        final List<LocalMemoryTriplet> small = List.of(src.triplet(0, 1024));
        final LocalMemoryRegion rr = f.lmr(f.c, 64);
        for (int i = 0; i < 4; i++) {
            ep.postRecv(rr.triplet(0, 64), -1 - i);
        }
        long posted = 4;
        long completed = 0;
        final Map<Long, DtoStatus> done = new HashMap<>();
        final List<Event> others = new ArrayList<>();
        boolean killed = false;
        long cookie = 0;
        while (true) {
            if (!killed && completed >= 3000) {
                kill();
                killed = true;
            }
            try {
                while (posted - completed < 200) {
                    final long c = cookie++;
                    switch ((int) (c % 3)) {
                        case 0 -> ep.postRdmaWrite(all, c, remote, CompletionFlag.DEFAULT);
                        case 1 -> ep.postSend(small, c, CompletionFlag.DEFAULT);
                        default -> ep.postRdmaRead(small, c, new RemoteMemoryTriplet(remote.rmrContext(),
                                remote.virtualAddress(), 1024), CompletionFlag.DEFAULT);
                    }
                    posted++;
                }
            } catch (final DatException e) {
                // the EP left CONNECTED after the kill: posting is refused, nothing was queued
                assertEquals(StatusType.INVALID_STATE, e.type(), e.toString());
                assertTrue(killed, "a post failed before the kill: " + e);
                break;
            }
            final Event e = f.c.evd.await(WAIT);
            if (e instanceof DtoCompletionEvent d) {
                completed++;
                assertEquals(null, done.put(d.cookie(), d.status()), "cookie " + d.cookie() + " twice");
                if (!killed) {
                    assertEquals(DtoStatus.SUCCESS, d.status(), d.toString());
                }
            } else {
                others.add(e);
            }
        }
        done.putAll(completions(f.c.evd, posted - completed, others));
        assertEquals(posted, done.size(), "every posted operation completed once");
        assertEquals(EventNumber.CONNECTION_EVENT_BROKEN, connectionEvent(f.c.conn, others));
        final Set<DtoStatus> after = Set.copyOf(done.values());
        assertTrue(Set.of(DtoStatus.SUCCESS, DtoStatus.FLUSHED).containsAll(after), after.toString());
        assertTrue(after.contains(DtoStatus.FLUSHED), "operations were outstanding at the kill");
        ep.close();
    }

    @Test
    void killDuringAGracefulDisconnect() throws Exception {
        // the peer posts no receive: our SENDs wait on the peer (rnr_retry 7), so the graceful disconnect waits too
        final BufferedReader out = startPeer("listen", "0", "true");
        final String[] hello = line(out, "PEER ").split(" ");
        final Endpoint ep = f.c.ep(null);
        ep.connect(InetAddress.getLoopbackAddress(), Long.parseLong(hello[1]), WAIT, null);
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final LocalMemoryRegion src = f.lmr(f.c, 64);
        for (int i = 0; i < 10; i++) {
            ep.postSend(src.triplet(0, 64), i);
        }
        ep.disconnect(CloseMode.GRACEFUL);
        assertEquals(null, f.c.evd.poll(), "the SENDs wait for the peer's receives");
        kill();
        final List<Event> others = new ArrayList<>();
        final Map<Long, DtoStatus> done = completions(f.c.evd, 10, others);
        assertTrue(done.values().stream().allMatch(s -> s == DtoStatus.FLUSHED), done.toString());
        final EventNumber n = connectionEvent(f.c.conn, others);
        assertTrue(n == EventNumber.CONNECTION_EVENT_BROKEN || n == EventNumber.CONNECTION_EVENT_DISCONNECTED,
                n.toString());
        assertEquals(EndpointState.DISCONNECTED, ep.state());
        ep.close();
    }
}
