package io.dat4j.provider.shm.sys;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The connection messages sent over the Unix domain socket (docs/providers.md, "shm"), and a holder for one
 * received message. Each frame is a 4-byte little-endian length (1..{@link #MAX_FRAME}) and a body whose first byte
 * is the type. Decoding reads every field once into this holder and checks it: the magic, the version, depths
 * 0..1024, rnr_retry 0..7, private data within {@link #MAX_PRIVATE_DATA} and exactly the bytes the frame has left,
 * and the ring layout ({@link ConnectionLayout}); anything else is a {@link ProtocolViolation}.
 *
 * <pre>
 * REQ  1 version rnr flags | magic | depthIn depthOut | pid | doorbellFd pdataLen | 0 | challenge | pdata
 * REP  2 version rnr flags | magic | depthIn depthOut | pid | doorbellFd pdataLen | proof address | challenge
 *      | mappingFd grantSlots | ringBytes | nonce | pdata
 * REJ  3 peer 0 0 | pdataLen | pdata        (peer 1: the consumer rejected; 0: the provider did)
 * RTU  4 flags 0 0 | proof address          (flags bit 0: the active side copies with CMA)
 * DISC 5 0 0 0
 * PROBE 0                                   (a liveness probe of {@link Rendezvous}: dropped)
 * </pre>
 *
 * <p>Not thread safe.
 */
public final class Handshake {

    /** Probe frame type. */
    public static final int PROBE = 0;
    /** Connection request. */
    public static final int REQ = 1;
    /** Accept, with the mapping. */
    public static final int REP = 2;
    /** Reject. */
    public static final int REJ = 3;
    /** Ready to use: the active side mapped everything. */
    public static final int RTU = 4;
    /** Orderly disconnect. */
    public static final int DISC = 5;
    /** "DAT4JSHM" little-endian, in REQ and REP. */
    public static final long MAGIC = ConnectionLayout.MAGIC;
    /** Protocol version. */
    public static final int VERSION = 3;
    /** Private data limit of connect, accept and reject. */
    public static final int MAX_PRIVATE_DATA = 512;
    /** Largest frame body. */
    public static final int MAX_FRAME = 1024;
    /** Largest RDMA read depth a peer may announce. */
    public static final int MAX_DEPTH = 1024;
    /** Flag: CMA (REQ, REP: the sender has it on; RTU: the active side will copy into the passive side). */
    public static final int FLAG_CMA = 1;

    private static final int REQ_FIXED = 52;
    private static final int REP_FIXED = 76;

    /** Message type. */
    public int type;
    /** rnr_retry of the sender (REQ, REP). */
    public int rnrRetry;
    /** Flags (REQ, REP, RTU). */
    public int flags;
    /** RDMA read depth in (REQ, REP). */
    public int depthIn;
    /** RDMA read depth out (REQ, REP). */
    public int depthOut;
    /** Sender's process id (REQ, REP). */
    public long pid;
    /** Sender's doorbell descriptor (REQ, REP). */
    public int doorbellFd;
    /**
     * Address of the word of the sender's private memory that holds the challenge the receiver sent (REP: the REQ's;
     * RTU: the REP's), for the receiver to read with CMA: only the process the sender claims to be (or one with ptrace
     * rights over it) can have put it there.
     */
    public long probeAddress;
    /** A fresh random challenge for the receiver to put in its private memory (REQ, REP). */
    public long probeValue;
    /** Descriptor of the connection mapping (REP). */
    public int mappingFd;
    /** Grant slots per side (REP). */
    public int grantSlots;
    /** Ring bytes (REP). */
    public long ringBytes;
    /** Connection nonce, also in the mapping's header (REP). */
    public long nonce;
    /** Whether the consumer rejected (REJ). */
    public boolean peerReject;
    /** Private data (REQ, REP, REJ), or an empty array. */
    public byte[] privateData = new byte[0];

    /** Creates an empty holder. */
    public Handshake() {
    }

    /** {@return a buffer for one frame: length word and the largest body} */
    public static ByteBuffer frameBuffer() {
        return ByteBuffer.allocate(4 + MAX_FRAME).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Encodes a REQ or REP from this holder's fields into {@code out} (cleared first, flipped after).
     *
     * @param out a {@link #frameBuffer()}
     * @return out
     */
    public ByteBuffer encode(final ByteBuffer out) {
        out.clear();
        out.putInt(0);
        out.put((byte) type);
        switch (type) {
            case REQ, REP -> {
                out.put((byte) VERSION).put((byte) rnrRetry).put((byte) flags).putLong(MAGIC).putInt(depthIn)
                        .putInt(depthOut).putLong(pid).putInt(doorbellFd).putInt(privateData.length)
                        .putLong(probeAddress).putLong(probeValue);
                if (type == REP) {
                    out.putInt(mappingFd).putInt(grantSlots).putLong(ringBytes).putLong(nonce);
                }
                out.put(privateData);
            }
            case REJ -> out.put((byte) (peerReject ? 1 : 0)).put((byte) 0).put((byte) 0).putInt(privateData.length)
                    .put(privateData);
            case RTU -> out.put((byte) flags).put((byte) 0).put((byte) 0).putLong(probeAddress);
            case DISC -> out.put((byte) 0).put((byte) 0).put((byte) 0);
            default -> throw new IllegalArgumentException("no such message type " + type);
        }
        out.putInt(0, out.position() - 4);
        return out.flip();
    }

    /**
     * Decodes a frame body (its length word already removed) into this holder.
     *
     * @param body the body, position at its first byte, limit at its end
     * @throws ProtocolViolation when it is not a well-formed message
     */
    public void decode(final ByteBuffer body) {
        final ByteBuffer b = body.order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() < 1) {
            throw new ProtocolViolation("empty message");
        }
        type = b.get() & 0xff;
        privateData = new byte[0];
        switch (type) {
            case PROBE -> expectEnd(b);
            case REQ, REP -> {
                need(b, (type == REQ ? REQ_FIXED : REP_FIXED) - 1);
                final int version = b.get() & 0xff;
                rnrRetry = b.get() & 0xff;
                flags = b.get() & 0xff;
                final long magic = b.getLong();
                if (magic != MAGIC || version != VERSION) {
                    throw new ProtocolViolation("not a dat4j-shm/" + VERSION + " peer (magic 0x"
                            + Long.toHexString(magic) + ", version " + version + ")");
                }
                depthIn = b.getInt();
                depthOut = b.getInt();
                pid = b.getLong();
                doorbellFd = b.getInt();
                final int pdata = b.getInt();
                probeAddress = b.getLong();
                probeValue = b.getLong();
                if (type == REP) {
                    mappingFd = b.getInt();
                    grantSlots = b.getInt();
                    ringBytes = b.getLong();
                    nonce = b.getLong();
                    if (mappingFd < 0) {
                        throw new ProtocolViolation("mapping descriptor " + mappingFd);
                    }
                    try {
                        new ConnectionLayout(ringBytes, grantSlots);
                    } catch (final IllegalArgumentException e) {
                        throw new ProtocolViolation("bad ring layout: " + e.getMessage());
                    }
                }
                if (rnrRetry > 7 || depthIn < 0 || depthIn > MAX_DEPTH || depthOut < 0 || depthOut > MAX_DEPTH
                        || pid <= 0 || pid > Integer.MAX_VALUE || doorbellFd < 0) {
                    throw new ProtocolViolation("bad field: rnr_retry " + rnrRetry + " (0..7), depths " + depthIn
                            + "/" + depthOut + " (0.." + MAX_DEPTH + "), pid " + pid + ", doorbell fd " + doorbellFd);
                }
                privateData = privateData(b, pdata);
            }
            case REJ -> {
                need(b, 7);
                final int peer = b.get();
                b.get();
                b.get();
                if (peer != 0 && peer != 1) {
                    throw new ProtocolViolation("REJ with peer flag " + peer);
                }
                peerReject = peer == 1;
                privateData = privateData(b, b.getInt());
            }
            case RTU, DISC -> {
                need(b, type == RTU ? 11 : 3);
                flags = b.get() & 0xff;
                b.get();
                b.get();
                if (type == RTU) {
                    probeAddress = b.getLong();
                }
                expectEnd(b);
            }
            default -> throw new ProtocolViolation("unknown message type " + type);
        }
    }

    private static byte[] privateData(final ByteBuffer b, final int length) {
        if (length < 0 || length > MAX_PRIVATE_DATA || length != b.remaining()) {
            throw new ProtocolViolation("private data of " + length + " bytes (0.." + MAX_PRIVATE_DATA
                    + ", and exactly the " + b.remaining() + " bytes the message has left)");
        }
        final byte[] d = new byte[length];
        b.get(d);
        return d;
    }

    private static void need(final ByteBuffer b, final int n) {
        if (b.remaining() < n) {
            throw new ProtocolViolation("message of type " + b.get(0) + " too short: " + (b.remaining() + 1)
                    + " bytes");
        }
    }

    private static void expectEnd(final ByteBuffer b) {
        if (b.hasRemaining()) {
            throw new ProtocolViolation("message of type " + b.get(0) + " has " + b.remaining() + " extra bytes");
        }
    }

    /**
     * Takes one frame out of bytes read from a socket.
     *
     * @param in bytes read so far (flipped: position at the first unread byte); the frame is consumed from it
     * @return the body (a view into {@code in}), or null when the frame is not complete yet
     * @throws ProtocolViolation on a bad length word
     */
    public static ByteBuffer nextFrame(final ByteBuffer in) {
        if (in.remaining() < 4) {
            return null;
        }
        final int length = in.order(ByteOrder.LITTLE_ENDIAN).getInt(in.position());
        if (length < 1 || length > MAX_FRAME) {
            throw new ProtocolViolation("frame length " + length + " (1.." + MAX_FRAME + ")");
        }
        if (in.remaining() < 4 + length) {
            return null;
        }
        final ByteBuffer body = in.slice(in.position() + 4, length).order(ByteOrder.LITTLE_ENDIAN);
        in.position(in.position() + 4 + length);
        return body;
    }
}
