package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The transport timeout for a silent peer ({@link Liveness}, {@link TcpProvider#ACK_TIMEOUT_PROP_NAME}): a peer that
 * completes the handshake and then never answers ends the connection with TRANSPORT on the oldest request, FLUSHED on
 * the rest and BROKEN, each exactly once; a peer that holds a SEND for a receive (rnr_retry 7) for many timeouts, and
 * an idle connection, stay up. Short timeouts (100 ms attempts) keep it quick; nothing here measures time.
 */
@Timeout(120)
class SilentPeerTest {

    private Fixture f;

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    /** Opens the fixture's IAs with the given attempt timeout (the property is read when an IA opens). */
    private static Fixture fixture(final long ackTimeoutMillis) {
        return Fixture.withSettings("127.0.0.1", TcpProvider.ACK_TIMEOUT_PROP_NAME,
                Long.toString(ackTimeoutMillis));
    }

    private static ByteBuffer header(final DataInputStream in) throws IOException {
        final byte[] h = new byte[Wire.HEADER];
        in.readFully(h);
        return ByteBuffer.wrap(h);
    }

    @Test
    void shouldBreakWithTransportErrorWhenThePeerFallsSilent() throws Exception {
        f = fixture(100);
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ss.setSoTimeout((int) WAIT.toMillis());
            final Endpoint ep = f.c.ep(EndpointAttributes.builder().retryCount(2).build());
            final LocalMemoryRegion buf = f.lmr(f.c, 4096);
            for (int i = 0; i < 3; i++) {
                ep.postRecv(buf.triplet(0, 64), 100 + i);
            }
            ep.connect(InetAddress.getLoopbackAddress(), ss.getLocalPort(), WAIT, null);
            try (Socket s = ss.accept()) {
                s.setSoTimeout((int) WAIT.toMillis());
                final DataInputStream in = new DataInputStream(s.getInputStream());
                final ByteBuffer req = header(in);
                assertEquals(Wire.REQ, req.get(0));
                in.readFully(new byte[req.getInt(4)]);
                final ByteBuffer rep = ByteBuffer.allocate(Wire.HEADER);
                rep.put(0, (byte) Wire.REP).put(1, (byte) 7).putLong(8, Wire.MAGIC)
                        .putInt(24, 8).putInt(28, 0);
                final OutputStream out = s.getOutputStream();
                out.write(rep.array());
                out.flush();
                assertEquals(Wire.RTU, header(in).get(0));
                Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                // the peer stops answering: five SENDs are written to the socket and never acknowledged
                for (int i = 0; i < 5; i++) {
                    ep.postSend(List.of(buf.triplet(0, 16)), i, CompletionFlag.DEFAULT);
                }
                final ConnectionEvent broken = Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
                assertEquals(EndpointState.DISCONNECTED, broken.endpoint().state());
                final Map<Long, DtoStatus> done = new HashMap<>();
                while (done.size() < 8) {
                    final DtoCompletionEvent d = Fixture.dto(f.c.evd);
                    assertNull(done.put(d.cookie(), d.status()), "cookie " + d.cookie() + " completed twice");
                }
                assertEquals(DtoStatus.TRANSPORT, done.get(0L), done.toString());
                for (long i = 1; i < 5; i++) {
                    assertEquals(DtoStatus.FLUSHED, done.get(i), done.toString());
                }
                for (long i = 100; i < 103; i++) {
                    assertEquals(DtoStatus.FLUSHED, done.get(i), done.toString());
                }
                assertNull(f.c.evd.poll(), "nothing more");
                // what the provider wrote: the five SENDs, then a probe asking us to answer, then it closed
                final List<Integer> frames = new ArrayList<>();
                while (true) {
                    final ByteBuffer h;
                    try {
                        h = header(in);
                    } catch (final IOException e) {
                        break;
                    }
                    frames.add(h.get(0) * 10 + h.get(1));
                    in.readFully(new byte[h.getInt(4)]);
                }
                assertEquals(List.of(50, 50, 50, 50, 50, Wire.KEEPALIVE * 10 + Wire.KEEPALIVE_PROBE),
                        frames);
            }
            ep.close();
        }
    }

    @Test
    void shouldStayUpWhileThePeerHoldsASendForAReceive() throws Exception {
        f = fixture(100);
        final Endpoint[] ep = f.connect(EndpointAttributes.builder().retryCount(1).rnrRetryCount(7).build(),
                EndpointAttributes.builder().retryCount(1).build(), null);
        final LocalMemoryRegion cb = f.lmr(f.c, 4096);
        final LocalMemoryRegion sb = f.lmr(f.s, 4096);
        ep[0].postSend(List.of(cb.triplet(0, 32)), 1, CompletionFlag.DEFAULT);
        // ten times the client's transport timeout (100 ms x 2) with the SEND held: the server's keepalives count
        Thread.sleep(2_000);
        assertNull(f.c.evd.poll(), "the SEND waits for a receive");
        assertEquals(EndpointState.CONNECTED, ep[0].state());
        ep[1].postRecv(sb.triplet(0, 64), 2);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.s.evd).status());
        // idle: nothing outstanding, nothing said, for many timeouts
        Thread.sleep(1_000);
        assertEquals(EndpointState.CONNECTED, ep[0].state());
        assertEquals(EndpointState.CONNECTED, ep[1].state());
        ep[1].postRecv(sb.triplet(0, 64), 3);
        ep[0].postSend(List.of(cb.triplet(0, 32)), 4, CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.s.evd).status());
        assertNull(f.c.conn.poll(), "no connection event on the client");
        assertNull(f.s.conn.poll(), "no connection event on the server");
        ep[0].disconnect(CloseMode.ABRUPT);
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Fixture.expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
    }
}
