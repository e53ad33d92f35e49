package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.testsupport.ChildJvm;
import io.dat4j.testsupport.ConcurrentUse;
import io.dat4j.provider.shm.sys.Descriptors;
import io.dat4j.provider.shm.sys.Rendezvous;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two processes on one host: SENDs of every size echoed, RDMA write and read of a peer's region (with CMA, and through
 * the rings with {@code cma=off}); SENDs around the rendezvous threshold both ways (pulled with CMA at and above it),
 * a receive too small for a SEND with and without rendezvous; a peer killed with SIGKILL (also with rendezvous SENDs
 * it never pulled) gives BROKEN with every outstanding operation FLUSHED once, and leaves nothing behind here
 * (descriptors, mappings) nor, after a sweep, in the rendezvous directory.
 */
class ShmTwoProcessTest {

    @TempDir
    Path tmp;
    private Process peer;
    private Fixture f;

    @AfterEach
    void stop() {
        if (peer != null) {
            peer.destroyForcibly();
        }
        if (f != null) {
            f.close();
        }
    }

    /**
     * Sends SIGSTOP to the peer and waits until the kernel shows each of its threads stopped (state T in
     * {@code /proc/<pid>/task/<tid>/stat}): the signal takes effect asynchronously, and a test that posts right after
     * must find the peer unable to answer.
     */
    private static void stopProcess(final String pid) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-STOP", pid).start().waitFor(), "kill -STOP " + pid);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!allStopped(Path.of("/proc", pid, "task"))) {
            assertTrue(System.nanoTime() < deadline, "process " + pid + " not stopped 30 s after SIGSTOP");
            Thread.sleep(1);
        }
    }

    private static boolean allStopped(final Path tasks) throws java.io.IOException {
        try (java.util.stream.Stream<Path> ts = Files.list(tasks)) {
            for (final Path t : (Iterable<Path>) ts::iterator) {
                final String st;
                try {
                    st = Files.readString(t.resolve("stat"));
                } catch (final java.nio.file.NoSuchFileException e) {
                    continue; // a thread that ended meanwhile
                }
                final char state = st.charAt(st.lastIndexOf(')') + 2);
                if (state != 'T' && state != 't') {
                    return false;
                }
            }
        }
        return true;
    }

    private static String line(final BufferedReader r, final String prefix) throws Exception {
        for (String l = r.readLine(); l != null; l = r.readLine()) {
            if (l.startsWith(prefix)) {
                return l;
            }
            if (l.startsWith("FAIL")) {
                throw new AssertionError("the peer failed: " + l);
            }
        }
        throw new AssertionError("the peer ended before printing " + prefix);
    }

    /**
     * The peer process as the tests use it once connected: its output (for the lines it prints after {@code PEER}),
     * its pid (to stop or kill it), this side's EP connected to it, the remote triplets of its 1 MiB region of the EP's
     * PZ and of its region of another PZ (from the private data of its accept), and what {@link #assertNothingLeft}
     * compares with: the rendezvous directory and this process's descriptors and mappings counted before the peer.
     */
    private record Peer(BufferedReader out, String pid, Endpoint ep, RemoteMemoryTriplet region,
            RemoteMemoryTriplet otherRegion, Path dir, long fds) {
    }

    /**
     * Opens this side's IAs on a rendezvous directory of the test's own with {@code params} besides, counts this
     * process's descriptors and mappings, starts the peer process ({@link ShmPeerMain}) on the same directory with
     * {@code cma} and connects to it: the set-up every test with a peer process needs, in the one order that makes the
     * count a baseline (after the IAs, before the peer and the connection). {@return the connected peer}
     */
    private Peer startPeer(final String cma, final String params) throws Exception {
        final Path dir = tmp.resolve("r");
        f = new Fixture("dat4j.shm.dir=" + dir + (params.isEmpty() ? "" : " " + params));
        final long fds = Descriptors.openDescriptors();
        peer = new ProcessBuilder(ChildJvm.command(ShmPeerMain.class, List.of("-Ddat4j.shm.dir=" + dir,
                "-Ddat4j.shm.cma=" + cma))).redirectErrorStream(true).start();
        final BufferedReader out = new BufferedReader(new InputStreamReader(peer.getInputStream(),
                StandardCharsets.UTF_8));
        final String[] hello = line(out, "PEER ").split(" ");
        final Endpoint ep = f.c.ep(null);
        ep.connect(InetAddress.getLoopbackAddress(), Long.parseLong(hello[1]), Fixture.WAIT, new byte[] {1});
        final ConnectionEvent est = Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final ByteBuffer b = ByteBuffer.wrap(est.privateData().toByteArray());
        return new Peer(out, hello[2], ep, new RemoteMemoryTriplet(b.getInt(), b.getLong(), b.getLong()),
                new RemoteMemoryTriplet(b.getInt(), b.getLong(), b.getLong()), dir, fds);
    }

    /** With CMA between the processes, a region of another PZ than the target EP's is refused all the same. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void rdmaToARegionOfAnotherProtectionZoneIsRefused(final boolean write) throws Exception {
        final Peer p = startPeer("auto", "");
        final Endpoint ep = p.ep();
        final LocalMemoryRegion buf = f.lmr(f.c, 4096);
        buf.segment().fill((byte) 1);
        // the EP's own PZ is served by CMA first
        ep.postRdmaWrite(List.of(buf.triplet(0, 4096)), 1, new RemoteMemoryTriplet(p.region().rmrContext(),
                p.region().virtualAddress(), 4096), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        if (write) {
            ep.postRdmaWrite(List.of(buf.triplet(0, 4096)), 2, p.otherRegion(), CompletionFlag.DEFAULT);
        } else {
            ep.postRdmaRead(List.of(buf.triplet(0, 4096)), 2, p.otherRegion(), CompletionFlag.DEFAULT);
        }
        assertEquals(DtoStatus.REMOTE_ACCESS, Fixture.dto(f.c.evd).status());
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        assertEquals("OTHER unchanged", line(p.out(), "OTHER "));
        if (!write) {
            for (int i = 0; i < 4096; i++) {
                assertEquals(1, buf.segment().get(JAVA_BYTE, i), "no byte of the other PZ's region read");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "off"})
    void sendsAndRdmaBetweenTwoProcesses(final String cma) throws Exception {
        final Peer p = startPeer(cma, "dat4j.shm.cma=" + cma);
        final Endpoint ep = p.ep();
        final int max = 300_000;
        final LocalMemoryRegion src = f.lmr(f.c, ShmPeerMain.REGION);
        final LocalMemoryRegion dst = f.lmr(f.c, ShmPeerMain.REGION);
        for (int i = 0; i < ShmPeerMain.REGION; i++) {
            src.segment().set(JAVA_BYTE, i, (byte) (i * 31 + 7));
        }
        for (final int size : new int[] {0, 1, 8, 4096, 65_537, max}) {
            dst.segment().fill((byte) 0);
            echo(ep, f, List.of(src.triplet(0, size)), List.of(dst.triplet(0, max)));
            assertEquals(-1, dst.segment().asSlice(0, size).mismatch(src.segment().asSlice(0, size)), "echo " + size);
        }
        if (cma.equals("off")) { // a side with CMA off neither names its memory nor pulls
            assertEquals(0, f.clientTransport.rendezvousSent.sum() + f.clientTransport.rendezvousPulled.sum());
        }
        ep.postRdmaWrite(List.of(src.triplet(0, ShmPeerMain.REGION)), 3, p.region(), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        dst.segment().fill((byte) 0);
        ep.postRdmaRead(List.of(dst.triplet(0, ShmPeerMain.REGION)), 4, p.region(), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        assertEquals(-1, dst.segment().mismatch(src.segment()), "read back what was written");
        ep.disconnect(CloseMode.GRACEFUL);
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertEquals("END " + EventNumber.CONNECTION_EVENT_DISCONNECTED, line(p.out(), "END "));
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, peer.exitValue());
    }

    /**
     * With CMA to the peer process, an RDMA write or read posted on an idle connection is copied by the poster
     * without the EP's queue; one posted behind a SEND still in flight is queued and goes after it (through the ring,
     * the order kept); once the peer freed its region, the grant is gone at once: the next write fails REMOTE_ACCESS
     * and the connection breaks.
     */
    @Test
    void rdmaByCmaGoesWithoutTheQueueKeepsTheOrderAndStopsAtAFreedRegion() throws Exception {
        final Peer p = startPeer("auto", "");
        final Endpoint ep = p.ep();
        ShmSingleThreadSendTest.stopProgressThreads(f); // only this thread services this side's connection
        final ShmEndpoint client = ShmSingleThreadSendTest.only(f.clientTransport).endpoint();
        final LocalMemoryRegion src = f.lmr(f.c, ShmPeerMain.REGION);
        final LocalMemoryRegion dst = f.lmr(f.c, ShmPeerMain.REGION);
        for (int i = 0; i < ShmPeerMain.REGION; i++) {
            src.segment().set(JAVA_BYTE, i, (byte) (i * 13 + 5));
        }
        final long queued = client.requestsPosted();
        for (int i = 0; i < 16; i++) {
            final long at = (long) i * 65_536;
            ep.postRdmaWrite(List.of(src.triplet(at, 65_536)), 10 + i, new RemoteMemoryTriplet(p.region().rmrContext(),
                    p.region().virtualAddress() + at, 65_536), CompletionFlag.DEFAULT);
            final DtoCompletionEvent d = Fixture.dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, d.status(), d.toString());
            assertEquals(10 + i, d.cookie());
        }
        ep.postRdmaRead(List.of(dst.triplet(0, ShmPeerMain.REGION)), 30, p.region(), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        assertEquals(-1, dst.segment().mismatch(src.segment()), "read back what was written");
        assertEquals(queued, client.requestsPosted(), "an RDMA write or read by CMA on an idle connection was queued");
        // a SEND in flight (not reaped: only a service round reaps): the write behind it queues, and completes after
        final LocalMemoryRegion slot = f.lmr(f.c, 4096);
        ep.postRecv(List.of(slot.triplet(0, 4096)), 40, CompletionFlag.DEFAULT);
        ep.postSend(List.of(src.triplet(0, 8)), 41, CompletionFlag.DEFAULT);
        ep.postRdmaWrite(List.of(src.triplet(0, 4096)), 42, new RemoteMemoryTriplet(p.region().rmrContext(),
                p.region().virtualAddress(), 4096), CompletionFlag.DEFAULT);
        assertEquals(queued + 1, client.requestsPosted(), "the write behind a SEND in flight was not queued");
        final List<Long> order = new java.util.ArrayList<>();
        while (order.size() < 3) {
            final DtoCompletionEvent d = Fixture.dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, d.status(), d.toString());
            order.add(d.cookie());
        }
        assertEquals(List.of(41L, 42L), order.stream().filter(c -> c != 40L).toList(), "request completions in order");
        // the peer frees its region, then echoes: its grant was revoked before this side sees the echo
        echo(ep, f, List.of(src.triplet(0, ShmPeerMain.FREE_REGION)), List.of(slot.triplet(0, 4096)));
        ep.postRdmaWrite(List.of(src.triplet(0, 4096)), 50, new RemoteMemoryTriplet(p.region().rmrContext(),
                p.region().virtualAddress(), 4096), CompletionFlag.DEFAULT);
        final DtoCompletionEvent refused = Fixture.dto(f.c.evd);
        assertEquals(50, refused.cookie());
        assertEquals(DtoStatus.REMOTE_ACCESS, refused.status(), refused.toString());
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        line(p.out(), "END ");
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, peer.exitValue());
    }

    /**
     * Many threads of this process post RDMA writes and reads to the peer process's region on one EP and take the
     * completions from its EVD while the connection ends (this side's ABRUPT disconnect, or the peer killed): every
     * accepted post completes once, SUCCESS or FLUSHED, in order ({@link ConcurrentUse}), and nothing is left.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void manyThreadsPostAndPollAcrossProcessesUntilTheEnd(final boolean kill) throws Exception {
        final Peer p = startPeer("auto", "");
        final Endpoint ep = p.ep();
        final LocalMemoryRegion buf = f.lmr(f.c, 64 << 10);
        new ConcurrentUse(() -> f).requestsFromManyThreadsUntilTheEnd(ep, f.c.evd, buf, p.region(), () -> {
            if (kill) {
                try {
                    new ProcessBuilder("kill", "-KILL", p.pid()).start().waitFor();
                } catch (final Exception e) {
                    throw new AssertionError(e);
                }
            } else {
                ep.disconnect(CloseMode.ABRUPT);
            }
        });
        final ConnectionEvent end = assertInstanceOf(ConnectionEvent.class, Fixture.next(f.c.conn));
        assertTrue(end.number() == EventNumber.CONNECTION_EVENT_BROKEN
                || end.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED, end.toString());
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
        ep.close();
        buf.close();
        assertNothingLeft(p);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aPeerKilledMidTransferBreaksTheConnectionAndLeavesNothing(final boolean stopFirst) throws Exception {
        final Peer p = startPeer("auto", "");
        final Endpoint ep = p.ep();
        final LocalMemoryRegion buf = f.lmr(f.c, 4L << 20);
        for (int i = 0; i < 4; i++) {
            ep.postRecv(List.of(buf.triplet(i << 20, 1 << 20)), 10 + i, CompletionFlag.DEFAULT);
        }
        if (stopFirst) {
            stopProcess(p.pid());
        }
        // more than the rings hold: with the peer stopped they stay in flight
        for (int i = 0; i < 4; i++) {
            ep.postSend(List.of(buf.triplet(i << 20, 1 << 20)), 20 + i, CompletionFlag.DEFAULT);
        }
        new ProcessBuilder("kill", "-KILL", p.pid()).start().waitFor();
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
        final ConnectionEvent end = Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        assertNotNull(end);
        final Set<Long> seen = new HashSet<>();
        int flushed = 0;
        while (seen.size() < 8) {
            final DtoCompletionEvent d = Fixture.dto(f.c.evd);
            assertTrue(seen.add(d.cookie()), "completed twice: " + d);
            if (d.status() == DtoStatus.FLUSHED) {
                flushed++;
            } else {
                assertEquals(DtoStatus.SUCCESS, d.status(), d.toString()); // echoes and sends done before the kill
            }
        }
        assertTrue(!stopFirst || flushed >= 4, "the receives at least are flushed: " + flushed);
        assertEquals(null, f.c.evd.poll(), "nothing completes a second time");
        ep.close();
        assertNothingLeft(p);
    }

    /**
     * The peer is SIGKILLed while this side copies 1 MiB RDMA writes and reads into it with CMA (the posting thread, or
     * the test's thread servicing the connection in its polls: the progress thread is stopped; 16 outstanding; the kill lands between or inside the copies): BROKEN,
     * every operation posted completes exactly once, SUCCESS before the kill and FLUSHED (or REMOTE_ACCESS for the copy
     * the dying process refused) after, and nothing is left behind.
     */
    @Test
    void aPeerKilledMidCmaRdmaCompletesEachOperationOnce() throws Exception {
        final Peer p = startPeer("auto", "");
        final Endpoint ep = p.ep();
        final LocalMemoryRegion buf = f.lmr(f.c, ShmPeerMain.REGION);
        ShmSingleThreadSendTest.stopProgressThreads(f); // only this thread services this side's connection
        final ShmEndpoint client = ShmSingleThreadSendTest.only(f.clientTransport).endpoint();
        // the peer publishes its grants once it has our RTU, after our ESTABLISHED: until then a write goes through
        // the ring (queued); one write straight from the post on the idle connection shows CMA is on
        int posted = 0;
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        for (long queued = -1; queued != client.requestsPosted(); posted++) {
            assertTrue(System.nanoTime() < deadline, "no RDMA write went by CMA within 15 s");
            queued = client.requestsPosted();
            ep.postRdmaWrite(List.of(buf.triplet(0, ShmPeerMain.REGION)), posted, p.region(), CompletionFlag.DEFAULT);
            seenOnce(Fixture.dto(f.c.evd), posted + 1);
        }
        Process kill = null;
        try {
            while (posted < 100_000 && ep.state() == io.dat4j.EndpointState.CONNECTED) {
                if (kill == null && successes >= 32) {
                    kill = new ProcessBuilder("kill", "-KILL", p.pid()).start(); // lands while we post below
                }
                final var l = List.of(buf.triplet(0, ShmPeerMain.REGION));
                if (posted % 2 == 0) {
                    ep.postRdmaWrite(l, posted, p.region(), CompletionFlag.DEFAULT);
                } else {
                    ep.postRdmaRead(l, posted, p.region(), CompletionFlag.DEFAULT);
                }
                posted++;
                while (f.c.evd.poll() instanceof DtoCompletionEvent d) {
                    seenOnce(d, posted);
                }
                if (posted - seen.size() >= 16) { // at most 16 outstanding: the EP's queues hold 64
                    seenOnce(Fixture.dto(f.c.evd), posted);
                }
            }
        } catch (final io.dat4j.DatException e) {
            if (kill == null || e.type() == io.dat4j.StatusType.INSUFFICIENT_RESOURCES) {
                throw e;
            }
            // the EP left CONNECTED between the state check and the post
        }
        assertNotNull(kill, "the connection ended before the kill");
        assertEquals(0, kill.waitFor());
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        while (seen.size() < posted) {
            seenOnce(Fixture.dto(f.c.evd), posted);
        }
        assertTrue(successes > 0 && failedOnce, posted + " posted, " + successes + " SUCCESS: the kill raced nothing");
        assertEquals(null, f.c.evd.poll(), "nothing completes a second time");
        ep.close();
        assertNothingLeft(p);
    }

    private final Set<Long> seen = new HashSet<>();
    private boolean failedOnce;
    private int successes;

    private void seenOnce(final DtoCompletionEvent d, final int posted) {
        assertTrue(d.cookie() < posted && seen.add(d.cookie()), "completed twice or never posted: " + d);
        if (d.status() != DtoStatus.SUCCESS) {
            assertTrue(d.status() == DtoStatus.FLUSHED || d.status() == DtoStatus.REMOTE_ACCESS && !failedOnce,
                    "after the kill: " + d);
            failedOnce = true;
        } else {
            assertTrue(!failedOnce, "SUCCESS after a failure: " + d);
            successes++;
        }
    }

    /** No descriptor or mapping left here; the killed peer's socket file gone after a sweep; nothing in /dev/shm. */
    private static void assertNothingLeft(final Peer session) throws Exception {
        assertTrue(Descriptors.settle(session.fds()) <= session.fds(), "no descriptor or mapping left");
        // the killed peer's listening socket file stays until a sweep (every process sweeps at its first IA open)
        Rendezvous.open(session.dir()).sweep();
        try (var files = Files.list(session.dir())) {
            assertEquals(0, files.count(), "no socket file left after the sweep");
        }
        try (var shm = Files.list(Path.of("/dev/shm"))) {
            assertEquals(0, shm.filter(p -> p.getFileName().toString().contains("dat4j")).count(),
                    "nothing in /dev/shm: the mappings are memfds");
        }
    }

    /** A stopped peer (SIGSTOP) with requests waiting for it: after the transport timeout, TRANSPORT then FLUSHED. */
    @org.junit.jupiter.api.Test
    void aStoppedPeerTimesOut() throws Exception {
        final Peer p = startPeer("auto", "dat4j.shm.ackTimeoutMillis=100");
        final Endpoint ep = p.ep();
        final LocalMemoryRegion buf = f.lmr(f.c, 4L << 20);
        ep.postRecv(List.of(buf.triplet(0, 1 << 20)), 10, CompletionFlag.DEFAULT);
        stopProcess(p.pid());
        try {
            for (int i = 0; i < 3; i++) {
                ep.postSend(List.of(buf.triplet(i << 20, 1 << 20)), 20 + i, CompletionFlag.DEFAULT);
            }
            final long t0 = System.nanoTime();
            Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
            final long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 700, "broken after " + ms + " ms: the timeout is 100 ms x (retry_count 7 + 1)");
            final DtoStatus[] status = new DtoStatus[4];
            for (int i = 0; i < 4; i++) {
                final DtoCompletionEvent d = Fixture.dto(f.c.evd);
                status[d.cookie() == 10 ? 0 : (int) d.cookie() - 19] = d.status();
            }
            assertEquals(DtoStatus.FLUSHED, status[0], "the receive");
            assertEquals(DtoStatus.TRANSPORT, status[1], "the oldest SEND");
            assertEquals(DtoStatus.FLUSHED, status[2]);
            assertEquals(DtoStatus.FLUSHED, status[3]);
            assertEquals(null, f.c.evd.poll(), "each once");
        } finally {
            new ProcessBuilder("kill", "-CONT", p.pid()).start().waitFor();
        }
    }

    /** One SEND echoed by the peer into a receive of {@code recv}; both complete SUCCESS, once. */
    private static void echo(final Endpoint ep, final Fixture f, final List<io.dat4j.LocalMemoryTriplet> send,
            final List<io.dat4j.LocalMemoryTriplet> recv) {
        ep.postRecv(recv, 1, CompletionFlag.DEFAULT);
        ep.postSend(send, 2, CompletionFlag.DEFAULT);
        final long size = send.stream().mapToLong(io.dat4j.LocalMemoryTriplet::segmentLength).sum();
        final Set<Long> seen = new HashSet<>();
        while (seen.size() < 2) {
            final DtoCompletionEvent d = Fixture.dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, d.status(), d.toString());
            assertTrue(seen.add(d.cookie()), "completed twice: " + d);
            if (d.cookie() == 1) {
                assertEquals(size, d.transferredLength());
            }
        }
    }

    /**
     * SENDs below, at and above the threshold (64 KiB), one of three segments into a receive of three: at and above
     * it they go by rendezvous both ways (this side pulls the peer's echoes), below through the ring; the bytes
     * arrive in order either way.
     */
    @org.junit.jupiter.api.Test
    void sendsAroundTheRendezvousThresholdGoBothWays() throws Exception {
        final Peer p = startPeer("auto", "");
        final Endpoint ep = p.ep();
        final LocalMemoryRegion src = f.lmr(f.c, ShmPeerMain.REGION);
        final LocalMemoryRegion dst = f.lmr(f.c, ShmPeerMain.REGION);
        for (int i = 0; i < ShmPeerMain.REGION; i++) {
            src.segment().set(JAVA_BYTE, i, (byte) (i * 31 + 7));
        }
        // a small echo first: the peer has then seen RTU and announced that it pulls
        echo(ep, f, List.of(src.triplet(0, 8)), List.of(dst.triplet(0, 8)));
        final long rdv = ShmConfig.SEND_RENDEZVOUS_DEFAULT;
        long sent = f.clientTransport.rendezvousSent.sum();
        long pulled = f.clientTransport.rendezvousPulled.sum();
        for (final long size : new long[] {rdv - 1, rdv, rdv + 1, ShmPeerMain.SLOT}) {
            dst.segment().fill((byte) 0);
            echo(ep, f, List.of(src.triplet(0, size)), List.of(dst.triplet(0, ShmPeerMain.SLOT)));
            assertEquals(-1, dst.segment().asSlice(0, size).mismatch(src.segment().asSlice(0, size)), "echo " + size);
            final long n = size >= rdv ? 1 : 0;
            assertEquals(sent += n, f.clientTransport.rendezvousSent.sum(), "sent by rendezvous: " + size);
            assertEquals(pulled += n, f.clientTransport.rendezvousPulled.sum(), "pulled: " + size);
        }
        dst.segment().fill((byte) 0);
        echo(ep, f, List.of(src.triplet(0, 70_000), src.triplet(100_000, 70_000), src.triplet(300_000, 70_000)),
                List.of(dst.triplet(0, 100_000), dst.triplet(200_000, 60_000), dst.triplet(400_000, 100_000)));
        final MemorySegment sent3 = java.lang.foreign.Arena.ofAuto().allocate(210_000);
        MemorySegment.copy(src.segment(), 0, sent3, 0, 70_000);
        MemorySegment.copy(src.segment(), 100_000, sent3, 70_000, 70_000);
        MemorySegment.copy(src.segment(), 300_000, sent3, 140_000, 70_000);
        assertEquals(-1, dst.segment().asSlice(0, 100_000).mismatch(sent3.asSlice(0, 100_000)));
        assertEquals(-1, dst.segment().asSlice(200_000, 60_000).mismatch(sent3.asSlice(100_000, 60_000)));
        assertEquals(-1, dst.segment().asSlice(400_000, 50_000).mismatch(sent3.asSlice(160_000, 50_000)));
        assertEquals(sent + 1, f.clientTransport.rendezvousSent.sum());
        ep.disconnect(CloseMode.GRACEFUL);
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertEquals("END " + EventNumber.CONNECTION_EVENT_DISCONNECTED, line(p.out(), "END "));
    }

    /**
     * A receive too small for the SEND, at either end, with rendezvous and without (this IA's threshold 0: it
     * neither sends nor pulls by rendezvous): the same statuses, LOCAL_LENGTH at the receiver, REMOTE_RESPONDER at the
     * sender, BROKEN on both sides, everything else FLUSHED once.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"true, true", "true, false", "false, true", "false, false"})
    void aReceiveTooSmallGivesTheSameErrorsWithAndWithoutRendezvous(final boolean rendezvous, final boolean mine)
            throws Exception {
        final Peer p = startPeer("auto", rendezvous ? "" : "dat4j.shm.sendRendezvousBytes=0");
        final Endpoint ep = p.ep();
        final LocalMemoryRegion buf = f.lmr(f.c, 4L << 20);
        echo(ep, f, List.of(buf.triplet(0, 8)), List.of(buf.triplet(8, 8)));
        final long sent = f.clientTransport.rendezvousSent.sum();
        final long pulled = f.clientTransport.rendezvousPulled.sum();
        final DtoStatus[] status = new DtoStatus[2];
        final long[] length = new long[2];
        if (mine) { // the peer's echo of 100 000 bytes does not fit this side's receive of 64 KiB
            ep.postRecv(List.of(buf.triplet(1 << 20, 65_536)), 1, CompletionFlag.DEFAULT);
            ep.postSend(List.of(buf.triplet(0, 100_000)), 2, CompletionFlag.DEFAULT);
        } else { // 2 MiB do not fit the peer's receive of 1 MiB
            ep.postRecv(List.of(buf.triplet(1 << 20, 65_536)), 1, CompletionFlag.DEFAULT);
            ep.postSend(List.of(buf.triplet(2L << 20, 2L << 20)), 2, CompletionFlag.DEFAULT);
        }
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        for (int i = 0; i < 2; i++) {
            final DtoCompletionEvent d = Fixture.dto(f.c.evd);
            assertEquals(null, status[(int) d.cookie() - 1], "completed twice: " + d);
            status[(int) d.cookie() - 1] = d.status();
            length[(int) d.cookie() - 1] = d.transferredLength();
        }
        assertEquals(null, f.c.evd.poll(), "each once");
        if (mine) {
            assertEquals(DtoStatus.LOCAL_LENGTH, status[0], "the receive");
            assertEquals(100_000, length[0], "LOCAL_LENGTH reports the SEND's length");
            assertEquals(DtoStatus.SUCCESS, status[1], "this side's SEND, echoed");
        } else {
            assertEquals(DtoStatus.FLUSHED, status[0], "the receive");
            assertEquals(DtoStatus.REMOTE_RESPONDER, status[1], "the SEND the peer could not take");
        }
        assertEquals(rendezvous ? 1 : 0, f.clientTransport.rendezvousSent.sum() - sent, "sent by rendezvous");
        assertEquals(0, f.clientTransport.rendezvousPulled.sum() - pulled, "nothing pulled");
        assertEquals("END " + EventNumber.CONNECTION_EVENT_BROKEN, line(p.out(), "END "));
    }

    /**
     * A peer stopped, then killed, with rendezvous SENDs it never pulled: BROKEN, each SEND and receive FLUSHED once,
     * the SENDs' LMR can be freed at once (the regions held for the pull are released), nothing left behind.
     */
    @org.junit.jupiter.api.Test
    void aPeerKilledMidRendezvousFlushesEachSendOnce() throws Exception {
        final Peer p = startPeer("auto", "");
        final Endpoint ep = p.ep();
        final LocalMemoryRegion buf = f.lmr(f.c, 8L << 20);
        echo(ep, f, List.of(buf.triplet(0, 8)), List.of(buf.triplet(8, 8)));
        final long sent = f.clientTransport.rendezvousSent.sum();
        stopProcess(p.pid());
        for (int i = 0; i < 4; i++) {
            ep.postRecv(List.of(buf.triplet((4L + i) << 20, 1 << 20)), 10 + i, CompletionFlag.DEFAULT);
        }
        for (int i = 0; i < 4; i++) {
            ep.postSend(List.of(buf.triplet((long) i << 20, 1 << 20)), 20 + i, CompletionFlag.DEFAULT);
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (f.clientTransport.rendezvousSent.sum() - sent < 4 && System.nanoTime() < deadline) {
            Thread.sleep(1); // the SEND_RDVs are written by the posters (or the progress thread)
        }
        assertEquals(4, f.clientTransport.rendezvousSent.sum() - sent, "all four went by rendezvous");
        new ProcessBuilder("kill", "-KILL", p.pid()).start().waitFor();
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        final Set<Long> seen = new HashSet<>();
        while (seen.size() < 8) {
            final DtoCompletionEvent d = Fixture.dto(f.c.evd);
            assertTrue(seen.add(d.cookie()), "completed twice: " + d);
            assertEquals(DtoStatus.FLUSHED, d.status(), d.toString());
        }
        assertEquals(null, f.c.evd.poll(), "nothing completes a second time");
        buf.close(); // would wait for the regions held for the pulls if they were not released
        ep.close();
        assertNothingLeft(p);
    }

    /** In one process SENDs never go by rendezvous (no CMA to this very process): the ring, of any size. */
    @org.junit.jupiter.api.Test
    void inOneProcessLargeSendsGoThroughTheRing() {
        f = new Fixture("dat4j.shm.dir=" + tmp.resolve("r"));
        final Endpoint[] ep = f.connect();
        final LocalMemoryRegion a = f.lmr(f.c, 4L << 20);
        final LocalMemoryRegion b = f.lmr(f.s, 4L << 20);
        for (int i = 0; i < (4 << 20); i += 4096) {
            a.segment().set(JAVA_BYTE, i, (byte) (i >>> 12));
        }
        for (final long size : new long[] {65_536, 4L << 20}) {
            ep[1].postRecv(List.of(b.triplet(0, 4L << 20)), 1, CompletionFlag.DEFAULT);
            ep[0].postSend(List.of(a.triplet(0, size)), 2, CompletionFlag.DEFAULT);
            assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
            final DtoCompletionEvent r = Fixture.dto(f.s.evd);
            assertEquals(DtoStatus.SUCCESS, r.status());
            assertEquals(size, r.transferredLength());
            assertEquals(-1, b.segment().asSlice(0, size).mismatch(a.segment().asSlice(0, size)));
        }
        assertEquals(0, f.clientTransport.rendezvousSent.sum() + f.serverTransport.rendezvousSent.sum());
        assertEquals(0, f.clientTransport.rendezvousPulled.sum() + f.serverTransport.rendezvousPulled.sum());
    }
}
