package io.dat4j.provider.shm.sys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The socket messages: every type round-trips; anything malformed is a {@link ProtocolViolation}. */
class HandshakeTest {

    private static Handshake roundTrip(final Handshake h) {
        final ByteBuffer frame = h.encode(Handshake.frameBuffer());
        final ByteBuffer body = Handshake.nextFrame(frame);
        final Handshake d = new Handshake();
        d.decode(body);
        assertEquals(0, frame.remaining());
        return d;
    }

    @Test
    void requestAndReplyRoundTrip() {
        final Handshake h = new Handshake();
        h.type = Handshake.REP;
        h.rnrRetry = 7;
        h.flags = Handshake.FLAG_CMA;
        h.depthIn = 8;
        h.depthOut = 1024;
        h.pid = 4242;
        h.doorbellFd = 17;
        h.probeAddress = 0x7f0000001000L;
        h.probeValue = -5;
        h.mappingFd = 19;
        h.grantSlots = 1024;
        h.ringBytes = 1 << 18;
        h.nonce = 0x1234_5678_9abcL;
        h.privateData = new byte[512];
        h.privateData[511] = 9;
        final Handshake d = roundTrip(h);
        assertEquals(Handshake.REP, d.type);
        assertEquals(7, d.rnrRetry);
        assertEquals(1, d.flags);
        assertEquals(8, d.depthIn);
        assertEquals(1024, d.depthOut);
        assertEquals(4242, d.pid);
        assertEquals(17, d.doorbellFd);
        assertEquals(h.probeAddress, d.probeAddress);
        assertEquals(-5, d.probeValue);
        assertEquals(19, d.mappingFd);
        assertEquals(1024, d.grantSlots);
        assertEquals(1 << 18, d.ringBytes);
        assertEquals(h.nonce, d.nonce);
        assertArrayEquals(h.privateData, d.privateData);
        h.type = Handshake.REQ;
        h.privateData = new byte[0];
        assertEquals(Handshake.REQ, roundTrip(h).type);
    }

    @Test
    void rejectRtuAndDisconnectRoundTrip() {
        final Handshake h = new Handshake();
        h.type = Handshake.REJ;
        h.peerReject = true;
        h.privateData = new byte[] {1, 2, 3};
        final Handshake d = roundTrip(h);
        assertTrue(d.peerReject);
        assertArrayEquals(new byte[] {1, 2, 3}, d.privateData);
        h.type = Handshake.RTU;
        h.flags = 1;
        assertEquals(1, roundTrip(h).flags);
        h.type = Handshake.DISC;
        assertEquals(Handshake.DISC, roundTrip(h).type);
    }

    @Test
    void fieldsOutOfRangeAreRefused() {
        final Handshake h = new Handshake();
        h.type = Handshake.REQ;
        h.pid = 1;
        h.depthIn = 1025;
        assertThrows(ProtocolViolation.class, () -> roundTrip(h));
        h.depthIn = 0;
        h.rnrRetry = 8;
        assertThrows(ProtocolViolation.class, () -> roundTrip(h));
        h.rnrRetry = 0;
        h.pid = 0;
        assertThrows(ProtocolViolation.class, () -> roundTrip(h));
        h.pid = 1;
        h.type = Handshake.REP;
        h.ringBytes = 5000;
        assertThrows(ProtocolViolation.class, () -> roundTrip(h));
        h.ringBytes = 4096;
        h.privateData = new byte[513];
        assertThrows(ProtocolViolation.class, () -> roundTrip(h), "private data above the limit");
    }

    @Test
    void framesComeOutWholeAndBadLengthsAreRefused() {
        final ByteBuffer in = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        in.putInt(3).put((byte) 5).flip();
        assertNull(Handshake.nextFrame(in), "incomplete");
        in.clear();
        in.putInt(0).flip();
        assertThrows(ProtocolViolation.class, () -> Handshake.nextFrame(in));
        in.clear();
        in.putInt(Handshake.MAX_FRAME + 1).flip();
        assertThrows(ProtocolViolation.class, () -> Handshake.nextFrame(in));
    }

    /** Any bytes decode to a message or a {@link ProtocolViolation}, nothing else. */
    @Property(tries = 5000)
    void anyBodyDecodesOrIsRefused(@ForAll @Size(min = 1, max = 700) final byte[] body, @ForAll final byte type) {
        body[0] = (byte) Math.floorMod(type, 7);
        try {
            new Handshake().decode(ByteBuffer.wrap(body));
        } catch (final ProtocolViolation expected) {
            // refused
        }
    }
}
