package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import io.dat4j.provider.shm.sys.ChildJvm;
import io.dat4j.provider.shm.sys.Descriptors;
import io.dat4j.provider.shm.sys.Rendezvous;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two processes on one host: SENDs of every size echoed, RDMA write and read of a peer's region (with CMA, and through
 * the rings with {@code cma=off}); a peer killed with SIGKILL gives BROKEN with every outstanding operation FLUSHED
 * once, and leaves nothing behind here (descriptors, mappings) nor, after a sweep, in the rendezvous directory.
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

    private BufferedReader startPeer(final Path dir, final String cma) throws Exception {
        peer = new ProcessBuilder(ChildJvm.command(ShmPeerMain.class, List.of("-Ddat4j.shm.dir=" + dir,
                "-Ddat4j.shm.cma=" + cma))).redirectErrorStream(true).start();
        return new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8));
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
     * Connects to the peer; {@return the EP} with the peer's region in element 0 of {@code remote} and its region of
     * another PZ in element 1 (when there is room)
     */
    private Endpoint connect(final long qualifier, final RemoteMemoryTriplet[] remote) {
        final Endpoint ep = f.c.ep(null);
        ep.connect(InetAddress.getLoopbackAddress(), qualifier, Fixture.WAIT, new byte[] {1});
        final ConnectionEvent est = Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final ByteBuffer b = ByteBuffer.wrap(est.privateData().toByteArray());
        remote[0] = new RemoteMemoryTriplet(b.getInt(), b.getLong(), b.getLong());
        if (remote.length > 1) {
            remote[1] = new RemoteMemoryTriplet(b.getInt(), b.getLong(), b.getLong());
        }
        return ep;
    }

    /** With CMA between the processes, a region of another PZ than the target EP's is refused all the same. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void rdmaToARegionOfAnotherProtectionZoneIsRefused(final boolean write) throws Exception {
        final Path dir = tmp.resolve("r");
        f = new Fixture("dat4j.shm.dir=" + dir);
        final BufferedReader out = startPeer(dir, "auto");
        final String[] hello = line(out, "PEER ").split(" ");
        final RemoteMemoryTriplet[] remote = new RemoteMemoryTriplet[2];
        final Endpoint ep = connect(Long.parseLong(hello[1]), remote);
        final LocalMemoryRegion buf = f.lmr(f.c, 4096);
        buf.segment().fill((byte) 1);
        // the EP's own PZ is served by CMA first
        ep.postRdmaWrite(List.of(buf.triplet(0, 4096)), 1, new RemoteMemoryTriplet(remote[0].rmrContext(),
                remote[0].virtualAddress(), 4096), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        if (write) {
            ep.postRdmaWrite(List.of(buf.triplet(0, 4096)), 2, remote[1], CompletionFlag.DEFAULT);
        } else {
            ep.postRdmaRead(List.of(buf.triplet(0, 4096)), 2, remote[1], CompletionFlag.DEFAULT);
        }
        assertEquals(DtoStatus.REMOTE_ACCESS, Fixture.dto(f.c.evd).status());
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        assertEquals("OTHER unchanged", line(out, "OTHER "));
        if (!write) {
            for (int i = 0; i < 4096; i++) {
                assertEquals(1, buf.segment().get(JAVA_BYTE, i), "no byte of the other PZ's region read");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "off"})
    void sendsAndRdmaBetweenTwoProcesses(final String cma) throws Exception {
        final Path dir = tmp.resolve("r");
        f = new Fixture("dat4j.shm.dir=" + dir + " dat4j.shm.cma=" + cma);
        final BufferedReader out = startPeer(dir, cma);
        final String[] hello = line(out, "PEER ").split(" ");
        final RemoteMemoryTriplet[] remote = new RemoteMemoryTriplet[1];
        final Endpoint ep = connect(Long.parseLong(hello[1]), remote);
        final int max = 300_000;
        final LocalMemoryRegion src = f.lmr(f.c, ShmPeerMain.REGION);
        final LocalMemoryRegion dst = f.lmr(f.c, ShmPeerMain.REGION);
        for (int i = 0; i < ShmPeerMain.REGION; i++) {
            src.segment().set(JAVA_BYTE, i, (byte) (i * 31 + 7));
        }
        for (final int size : new int[] {0, 1, 8, 4096, 65_537, max}) {
            dst.segment().fill((byte) 0);
            ep.postRecv(List.of(dst.triplet(0, max)), 1, CompletionFlag.DEFAULT);
            ep.postSend(List.of(src.triplet(0, size)), 2, CompletionFlag.DEFAULT);
            final Set<Long> seen = new HashSet<>();
            while (seen.size() < 2) {
                final DtoCompletionEvent d = Fixture.dto(f.c.evd);
                assertEquals(DtoStatus.SUCCESS, d.status(), d.toString());
                assertTrue(seen.add(d.cookie()), "completed twice: " + d);
                if (d.cookie() == 1) {
                    assertEquals(size, d.transferredLength());
                }
            }
            assertEquals(-1, dst.segment().asSlice(0, size).mismatch(src.segment().asSlice(0, size)), "echo " + size);
        }
        ep.postRdmaWrite(List.of(src.triplet(0, ShmPeerMain.REGION)), 3, remote[0], CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        dst.segment().fill((byte) 0);
        ep.postRdmaRead(List.of(dst.triplet(0, ShmPeerMain.REGION)), 4, remote[0], CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        assertEquals(-1, dst.segment().mismatch(src.segment()), "read back what was written");
        ep.disconnect(CloseMode.GRACEFUL);
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertEquals("END " + EventNumber.CONNECTION_EVENT_DISCONNECTED, line(out, "END "));
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, peer.exitValue());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aPeerKilledMidTransferBreaksTheConnectionAndLeavesNothing(final boolean stopFirst) throws Exception {
        final Path dir = tmp.resolve("r");
        f = new Fixture("dat4j.shm.dir=" + dir);
        final long fds = Descriptors.openDescriptors();
        final BufferedReader out = startPeer(dir, "auto");
        final String[] hello = line(out, "PEER ").split(" ");
        final RemoteMemoryTriplet[] remote = new RemoteMemoryTriplet[1];
        final Endpoint ep = connect(Long.parseLong(hello[1]), remote);
        final LocalMemoryRegion buf = f.lmr(f.c, 4L << 20);
        for (int i = 0; i < 4; i++) {
            ep.postRecv(List.of(buf.triplet(i << 20, 1 << 20)), 10 + i, CompletionFlag.DEFAULT);
        }
        if (stopFirst) {
            new ProcessBuilder("kill", "-STOP", hello[2]).start().waitFor();
        }
        // more than the rings hold: with the peer stopped they stay in flight
        for (int i = 0; i < 4; i++) {
            ep.postSend(List.of(buf.triplet(i << 20, 1 << 20)), 20 + i, CompletionFlag.DEFAULT);
        }
        new ProcessBuilder("kill", "-KILL", hello[2]).start().waitFor();
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
        assertTrue(Descriptors.settle(fds) <= fds, "no descriptor or mapping left");
        // the killed peer's listening socket file stays until a sweep (every process sweeps at its first IA open)
        Rendezvous.open(dir).sweep();
        try (var files = Files.list(dir)) {
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
        final Path dir = tmp.resolve("r");
        f = new Fixture("dat4j.shm.dir=" + dir + " dat4j.shm.ackTimeoutMillis=100");
        final BufferedReader out = startPeer(dir, "auto");
        final String[] hello = line(out, "PEER ").split(" ");
        final RemoteMemoryTriplet[] remote = new RemoteMemoryTriplet[1];
        final Endpoint ep = connect(Long.parseLong(hello[1]), remote);
        final LocalMemoryRegion buf = f.lmr(f.c, 4L << 20);
        ep.postRecv(List.of(buf.triplet(0, 1 << 20)), 10, CompletionFlag.DEFAULT);
        new ProcessBuilder("kill", "-STOP", hello[2]).start().waitFor();
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
            new ProcessBuilder("kill", "-CONT", hello[2]).start().waitFor();
        }
    }
}
