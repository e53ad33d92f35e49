package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A peer that speaks garbage: every bad frame ends only its own connection. */
@Timeout(60)
class UntrustedPeerTest {

    private Fixture f;

    @BeforeEach
    void open() {
        f = new Fixture();
    }

    @AfterEach
    void close() {
        f.close();
    }

    static byte[] header(final int type, final int flags, final int len, final long a, final long b, final int c,
            final int d) {
        final ByteBuffer h = ByteBuffer.allocate(Wire.HEADER);
        h.put((byte) type).put((byte) flags).putShort((short) 0).putInt(len).putLong(a).putLong(b).putInt(c)
                .putInt(d);
        return h.array();
    }

    private Endpoint[] healthy() {
        return f.connect();
    }

    private void assertStillWorks(final Endpoint[] ep) {
        final LocalMemoryRegion a = f.lmr(f.c, 16);
        final LocalMemoryRegion b = f.lmr(f.s, 16);
        ep[0].postRdmaWrite(List.of(a.triplet(0, 16)), 77, b.remoteTriplet(0, 16), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
    }

    @Test
    void shouldDropRequestersThatSendBadHandshakes() throws Exception {
        final Endpoint[] ok = healthy();
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final List<byte[]> bad = List.of(
                header(99, 0, 0, 0, 0, 0, 0),
                header(Wire.REQ, 0, Integer.MAX_VALUE, Wire.MAGIC, 0, 1, 1),
                header(Wire.REQ, 0, -1, Wire.MAGIC, 0, 1, 1),
                header(Wire.REQ, 0, 0, 0x1234, 0, 1, 1),
                header(Wire.REQ, 0, 0, Wire.MAGIC, 0, -3, 1),
                header(Wire.SEND, 0, 10, 0, 0, 0, 0),
                header(Wire.ACK, 0, 0, 0, 0, 5, 0));
        for (final byte[] h : bad) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), (int) psp.connectionQualifier())) {
                s.getOutputStream().write(h);
                s.getOutputStream().flush();
                s.setSoTimeout(20_000);
                assertEquals(-1, s.getInputStream().read(), "the provider closes the connection");
            }
        }
        assertNull(f.s.conn.poll(), "no connection request was created");
        assertStillWorks(ok);
    }

    /** Runs a raw passive peer that answers the REQ with a valid REP, reads RTU, then runs the script. */
    private Endpoint rawPeer(final Consumer<Socket> script) throws Exception {
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            final Endpoint ep = f.c.ep(null);
            ep.connect(InetAddress.getLoopbackAddress(), ss.getLocalPort(), WAIT, null);
            final Socket s = ss.accept();
            f.extra.add(s);
            final DataInputStream in = new DataInputStream(s.getInputStream());
            final byte[] req = new byte[Wire.HEADER];
            in.readFully(req);
            final int plen = ByteBuffer.wrap(req).getInt(4);
            in.readFully(new byte[plen]);
            final OutputStream out = s.getOutputStream();
            out.write(header(Wire.REP, 7, 0, Wire.MAGIC, 0, 8, 0));
            out.flush();
            in.readFully(new byte[Wire.HEADER]);
            expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            script.accept(s);
            return ep;
        }
    }

    private static void write(final Socket s, final byte[] b) {
        try {
            s.getOutputStream().write(b);
            s.getOutputStream().flush();
        } catch (final IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldBreakOnlyTheConnectionThatGetsABadFrame() throws Exception {
        final Endpoint[] ok = healthy();
        final List<byte[]> bad = List.of(
                header(42, 0, 0, 0, 0, 0, 0),
                header(Wire.SEND, 0, -7, 0, 0, 0, 0),
                header(Wire.WRITE, 0, Integer.MAX_VALUE, 0, 0, 0, 0),
                header(Wire.READ_REQ, 0, 0, 0, Long.MAX_VALUE, 1, 0),
                header(Wire.READ_RESP, 0, 100, 0, 0, 0, 0),
                header(Wire.ACK, 0, 0, 0, 0, 1, 0),
                header(Wire.REP, 0, 0, Wire.MAGIC, 0, 1, 1),
                header(Wire.NAK, 1, 0, 0, 0, 0, 0));
        for (final byte[] h : bad) {
            final Endpoint ep = rawPeer(s -> write(s, h));
            expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
            assertEquals(io.dat4j.EndpointState.DISCONNECTED, ep.state());
        }
        assertStillWorks(ok);
    }

    @Test
    void shouldRefuseAnRdmaWriteFromARawPeerWithoutTouchingMemory() throws Exception {
        final LocalMemoryRegion target = f.lmr(f.c, 64);
        final long addr = target.registeredAddress();
        final Endpoint ep = rawPeer(s -> {
            write(s, header(Wire.WRITE, 0, 8, addr + 60, 0, target.rmrContext(), 0));
            write(s, new byte[8]);
        });
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        for (int i = 0; i < 64; i++) {
            assertEquals(0, target.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, i));
        }
        assertEquals(io.dat4j.EndpointState.DISCONNECTED, ep.state());
    }
}
