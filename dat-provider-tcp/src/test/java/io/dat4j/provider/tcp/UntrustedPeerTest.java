package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
                header(Wire.NAK, 1, 0, 0, 0, 0, 0),
                header(TcpExtensions.WRITE_IMM, 0, Integer.MAX_VALUE, 0, 0, 0, 0),
                header(TcpExtensions.ATOMIC, 0, 0, 0, 0, 0, 0),
                header(TcpExtensions.ATOMIC, 0, 1 << 20, 0, 0, 0, 0),
                header(TcpExtensions.ATOMIC_RESP, 0, 0, 0, 0, 0, 0));
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

    @Test
    void shouldRefuseAtomicsAndImmediateWritesFromARawPeerWithoutTouchingMemory() throws Exception {
        final java.lang.foreign.MemorySegment seg = f.arena.allocate(64, 64);
        final LocalMemoryRegion atomic = f.c.ia.createLocalMemoryRegion(f.c.pz, seg, java.util.Set.of(
                io.dat4j.MemoryPrivilege.LOCAL_WRITE, io.dat4j.MemoryPrivilege.REMOTE_ATOMIC));
        final LocalMemoryRegion plain = f.lmr(f.c, 64);
        final long a = atomic.registeredAddress();
        final long p = plain.registeredAddress();
        final byte[] swap = ByteBuffer.allocate(8).putLong(-1L).array();
        final List<byte[]> refused = List.of(
                // no REMOTE_ATOMIC (ALL has REMOTE_WRITE)
                header(TcpExtensions.ATOMIC, TcpExtensions.ATOMIC_CMP_SWAP, 8, p, 0, plain.rmrContext(), 0),
                // not 8-byte aligned
                header(TcpExtensions.ATOMIC, TcpExtensions.ATOMIC_FETCH_ADD, 8, a + 4, 1, atomic.rmrContext(), 0),
                // past the end of the region
                header(TcpExtensions.ATOMIC, TcpExtensions.ATOMIC_FETCH_ADD, 8, a + 64, 1, atomic.rmrContext(), 0),
                // an operation that does not exist
                header(TcpExtensions.ATOMIC, 7, 8, a, 1, atomic.rmrContext(), 0),
                // a write with immediate data into a region without REMOTE_WRITE, with no receive posted either
                header(TcpExtensions.WRITE_IMM, 0, 8, a, 5, atomic.rmrContext(), 0));
        for (final byte[] h : refused) {
            final Endpoint ep = rawPeer(s -> {
                write(s, h);
                write(s, swap);
            });
            expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
            assertEquals(io.dat4j.EndpointState.DISCONNECTED, ep.state());
        }
        for (int i = 0; i < 64; i++) {
            assertEquals(0, seg.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i), "byte " + i + " of the atomic LMR");
            assertEquals(0, plain.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, i), "byte " + i);
        }
    }
    /**
     * A peer that sends RDMA writes of 64 KiB, the second one's payload in two pieces with a pause before its last 4
     * KiB: that tail goes straight into the region, as the rest of a large payload, not through the inbound stage
     * (before, a read after a large frame took a header's length, 32 bytes, per system call through the stage, here
     * 128 calls for 4 KiB). The first frame's payload comes with its header through the stage, 64 KiB.
     */
    @Test
    void shouldReadTheTailOfALargePayloadThatCameInPiecesStraightIntoTheRegion() throws Exception {
        final int size = 64 * 1024;
        final int tail = 4096;
        final LocalMemoryRegion target = f.lmr(f.c, 2L * size);
        final long addr = target.registeredAddress();
        final byte[] first = new byte[size];
        java.util.Arrays.fill(first, (byte) 1);
        final byte[] second = new byte[size];
        for (int i = 0; i < size; i++) {
            second[i] = (byte) (i * 31 + 7);
        }
        final long staged0 = InboundReader.stagedPayload();
        rawPeer(s -> {
            write(s, header(Wire.WRITE, 0, size, addr, 0, target.rmrContext(), 0));
            write(s, first);
            write(s, header(Wire.WRITE, 0, size, addr + size, 0, target.rmrContext(), 0));
            write(s, java.util.Arrays.copyOf(second, size - tail));
            try {
                Thread.sleep(200); // (the target reads what came, then waits for the rest)
            } catch (final InterruptedException e) {
                throw new AssertionError(e);
            }
            write(s, java.util.Arrays.copyOfRange(second, size - tail, size));
        });
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (target.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 2L * size - 1) != second[size - 1]) {
            assertTrue(System.nanoTime() < deadline, "the second RDMA write did not land");
            Thread.sleep(1);
        }
        final long staged = InboundReader.stagedPayload() - staged0;
        assertEquals(-1, target.segment().asSlice(size, size).mismatch(java.lang.foreign.MemorySegment.ofArray(second)),
                "the second write landed intact");
        // (other tests of this JVM may run meanwhile and count too: the bound leaves a little room for theirs)
        assertTrue(staged < size + tail / 2, "payload bytes copied through the stage: " + staged + " (the first"
                + " frame's " + size + ", and none of the second's tail of " + tail + ")");
    }
}
