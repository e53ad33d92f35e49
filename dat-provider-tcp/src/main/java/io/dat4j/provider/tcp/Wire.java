package io.dat4j.provider.tcp;

import io.dat4j.kit.RegisteredRegion;
import java.nio.ByteBuffer;

/**
 * The frame codec of {@code docs/tcp-wire.md}: frame types, flags, NAK codes, limits, and the 32-byte header (encoded
 * into a connection's header buffer, decoded field by field by {@link InboundReader}). Constants and static helpers
 * only, plus {@link Control}, a control frame waiting to be written.
 *
 * <p>Threading: stateless. A {@link Control} belongs to one connection and is touched under its lock (see "Threading
 * and locks" in {@code docs/provider-kit.md}).
 */
final class Wire {

    static final int HEADER = 32;
    static final long MAGIC = 0x4441_5434_4A54_4350L; // "DAT4JTCP"
    static final int MAX_PDATA = 512;
    static final int MAX_DEPTH = 1024;

    static final int REQ = 1;
    static final int REP = 2;
    static final int RTU = 3;
    static final int REJ = 4;
    static final int SEND = 5;
    static final int WRITE = 6;
    static final int READ_REQ = 7;
    static final int READ_RESP = 8;
    static final int ACK = 9;
    static final int NAK = 10;
    static final int DISC = 11;
    /** Liveness (see {@link Liveness}): flags {@link #KEEPALIVE_PROBE} asks for an answer. */
    static final int KEEPALIVE = 12;
    static final int KEEPALIVE_PROBE = 1;
    /** ACK coalescing: the sender asks for the ACKs owed now (for frames it sent before this one). */
    static final int ACK_REQ = 13;

    /** REQ/REP flag bit: this side understands ACK counts piggy-backed in field d of SEND, WRITE and READ_REQ. */
    static final int FLAG_PIGGY_ACK = 0x08;
    /**
     * REQ/REP flag bit: ACK coalescing. This side marks the SEND/WRITE frames whose ACK it wants now
     * ({@link #FLAG_ACK_NOW}), sends {@link #ACK_REQ}, and honours the peer's marks; when both sides set it, each
     * acknowledges unmarked frames lazily ({@link AckPolicy}).
     */
    static final int FLAG_ACK_REQ = 0x10;
    /** SEND/WRITE flag bit (with {@link #FLAG_ACK_REQ} negotiated): acknowledge this frame, and those before it, now. */
    static final int FLAG_ACK_NOW = 0x01;

    static final int NAK_RNR = 1;
    static final int NAK_ACCESS = 2;
    static final int NAK_LENGTH = 3;
    /** The target failed the operation at its own end (the memory of its receive was freed): REMOTE_RESPONDER. */
    static final int NAK_REMOTE_OP = 4;

    /** Header field offsets. */
    static final int OFF_TYPE = 0;
    static final int OFF_FLAGS = 1;
    static final int OFF_LENGTH = 4;
    static final int OFF_A = 8;
    static final int OFF_B = 16;
    static final int OFF_C = 24;
    static final int OFF_D = 28;

    private Wire() {
    }

    /** Encodes a header into {@code h} (absolute puts; position 0, limit {@link #HEADER}). */
    static void encode(final ByteBuffer h, final int type, final int flags, final long len, final long a, final long b,
            final int c, final int d) {
        h.clear();
        h.put(OFF_TYPE, (byte) type);
        h.put(OFF_FLAGS, (byte) flags);
        h.putShort(2, (short) 0);
        h.putInt(OFF_LENGTH, (int) len);
        h.putLong(OFF_A, a);
        h.putLong(OFF_B, b);
        h.putInt(OFF_C, c);
        h.putInt(OFF_D, d);
    }

    /** A control frame waiting to be written (or a READ_RESP with its source); pooled per connection. */
    static final class Control {
        int type;
        int flags;
        long a;
        long b;
        int c;
        int d;
        byte[] pdata;
        RegisteredRegion region;
        long offset;
        long length;

        /** {@return the payload length this frame's header announces} */
        long payloadLength() {
            return type == READ_RESP ? length : pdata == null ? 0 : pdata.length;
        }
    }
}
