package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.testsupport.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Connect, SEND and RDMA WRITE to a peer in a second JVM; and the peer's death. */
@Timeout(180)
class TwoProcessTest {

    private Fixture f;
    private Process peer;

    @AfterEach
    void close() {
        if (peer != null) {
            peer.destroyForcibly();
        }
        if (f != null) {
            f.close();
        }
    }

    private BufferedReader startPeer() throws IOException {
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        peer = new ProcessBuilder(java, "-cp", ChildJvm.classPath(), "-Xmx256m", PeerMain.class.getName())
                .redirectErrorStream(true).start();
        return new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8));
    }

    private static String line(final BufferedReader r, final String prefix) throws IOException {
        final StringBuilder seen = new StringBuilder();
        for (String l = r.readLine(); l != null; l = r.readLine()) {
            if (l.startsWith(prefix)) {
                return l;
            }
            seen.append(l).append('\n');
        }
        throw new AssertionError("the peer ended without printing " + prefix + ":\n" + seen);
    }

    private Endpoint connectToPeer(final String[] hello) {
        final Endpoint ep = f.c.ep(null);
        ep.connect(InetAddress.getLoopbackAddress(), Long.parseLong(hello[1]), WAIT, new byte[] {1, 2});
        final ConnectionEvent est = expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals("hello from the peer", new String(est.privateData().toByteArray(), StandardCharsets.US_ASCII));
        return ep;
    }

    @Test
    void shouldConnectSendAndWriteToAPeerProcess() throws Exception {
        f = new Fixture();
        final BufferedReader out = startPeer();
        final String[] hello = line(out, "PEER ").split(" ");
        final Endpoint ep = connectToPeer(hello);
        final LocalMemoryRegion msg = f.lmr(f.c, 1000);
        for (int i = 0; i < 1000; i++) {
            msg.segment().set(ValueLayout.JAVA_BYTE, i, PeerMain.pattern(i));
        }
        ep.postSend(msg.triplet(0, 1000), 1);
        assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        final LocalMemoryRegion data = f.lmr(f.c, PeerMain.REGION);
        for (long i = 0; i < PeerMain.REGION; i++) {
            data.segment().set(ValueLayout.JAVA_BYTE, i, PeerMain.pattern(i + 1));
        }
        final RemoteMemoryTriplet t = new RemoteMemoryTriplet(Integer.parseInt(hello[2]), Long.parseLong(hello[3]),
                PeerMain.REGION);
        ep.postRdmaWrite(List.of(data.triplet(0, PeerMain.REGION)), 2, t, CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        ep.postSend(msg.triplet(0, 1), 3);
        assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        assertNotNull(line(out, "OK"));
        ep.disconnect(CloseMode.GRACEFUL);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertEquals("END " + EventNumber.CONNECTION_EVENT_DISCONNECTED, line(out, "END "));
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, peer.exitValue());
    }

    @Test
    void shouldReportBrokenWhenThePeerProcessDies() throws Exception {
        f = new Fixture();
        final BufferedReader out = startPeer();
        final Endpoint ep = connectToPeer(line(out, "PEER ").split(" "));
        final LocalMemoryRegion r = f.lmr(f.c, 64);
        ep.postRecv(r.triplet(0, 64), 9);
        peer.destroyForcibly();
        assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        assertEquals(DtoStatus.FLUSHED, dto(f.c.evd).status());
    }
}
