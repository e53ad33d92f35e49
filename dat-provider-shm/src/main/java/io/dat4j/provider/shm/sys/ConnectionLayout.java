package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;

/**
 * The layout of one connection's shared mapping. Side 0 is the passive side (it creates the mapping when its
 * consumer accepts), side 1 the active side. Each side owns a control block (written only by that side) and the ring
 * it produces into; the peer only reads them, except the in-use counts of the owner's grant table.
 *
 * <pre>
 * 0                  header (4 KiB): magic, version, ring bytes, grant slots, total bytes, connection nonce
 * 4096 + 1024*s      control block of side s, one 128-byte line per word (no false sharing, no adjacent-line
 *                    prefetch pairs): TAIL (ring out of s), HEAD (ring into s), ARM, WOKEN, HEARTBEAT, ARM_SPACE,
 *                    WOKEN_SPACE, PULLS
 * 8192 + R*s         ring out of side s (R bytes, a power of two)
 * 8192 + 2R + G*32*s grant table of side s (G slots of 32 bytes)
 * </pre>
 *
 * <p>The header is written once by the creator before the peer can see the mapping and read once by the peer, which
 * checks it against what the handshake said; neither side reads it again.
 */
public final class ConnectionLayout {

    /** "DAT4JSHM" in little-endian byte order. */
    public static final long MAGIC = 0x4D48534A34544144L;
    /** Layout version. */
    public static final int VERSION = 3;
    /** Smallest ring. */
    public static final long MIN_RING = 4096;
    /** Largest ring. */
    public static final long MAX_RING = 1L << 26;
    /** Most grant slots per side. */
    public static final int MAX_GRANTS = 1 << 16;
    /** Bytes of a grant slot. */
    public static final int GRANT_BYTES = 32;
    /** Bytes between two words of a control block. */
    public static final int LINE = 128;

    /** Control word: the producer's published position in the ring out of this side. */
    public static final int TAIL = 0;
    /** Control word: the consumer's published position in the ring into this side. */
    public static final int HEAD = LINE;
    /** Control word: raised by this side when it wants a wake-up for new data in the peer's ring (TAIL). */
    public static final int ARM = 2 * LINE;
    /** Control word: the peer's ARM value this side (as producer) last answered with a wake-up. */
    public static final int WOKEN = 3 * LINE;
    /** Control word: grows while this side makes progress (liveness). */
    public static final int HEARTBEAT = 4 * LINE;
    /** Control word: raised by this side when it wants a wake-up once the peer consumed its records (HEAD). */
    public static final int ARM_SPACE = 5 * LINE;
    /** Control word: the peer's ARM_SPACE value this side (as consumer) last answered with a wake-up. */
    public static final int WOKEN_SPACE = 6 * LINE;
    /**
     * Control word: 1 once this side pulls the peer's large SENDs with CMA (SEND_RDV): it proved the peer's process
     * id and has rendezvous on. Written once, before the first SEND_RDV it may receive.
     */
    public static final int PULLS = 7 * LINE;

    private static final long HEADER = 4096;
    private static final long CONTROL_BYTES = 1024;
    private static final long RINGS = 8192;

    private final long ringBytes;
    private final int grantSlots;

    /**
     * Checks and keeps the sizes.
     *
     * @param ringBytes bytes of each ring: a power of two, {@link #MIN_RING} to {@link #MAX_RING}
     * @param grantSlots grant slots per side: 0 or a power of two up to {@link #MAX_GRANTS}
     * @throws IllegalArgumentException when out of range
     */
    public ConnectionLayout(final long ringBytes, final int grantSlots) {
        if (ringBytes < MIN_RING || ringBytes > MAX_RING || Long.bitCount(ringBytes) != 1) {
            throw new IllegalArgumentException("ring of " + ringBytes + " bytes: must be a power of two "
                    + MIN_RING + ".." + MAX_RING);
        }
        if (grantSlots < 0 || grantSlots > MAX_GRANTS || (grantSlots != 0 && Integer.bitCount(grantSlots) != 1)) {
            throw new IllegalArgumentException(grantSlots + " grant slots: must be 0 or a power of two up to "
                    + MAX_GRANTS);
        }
        this.ringBytes = ringBytes;
        this.grantSlots = grantSlots;
    }

    /** {@return bytes of each ring} */
    public long ringBytes() {
        return ringBytes;
    }

    /** {@return grant slots per side} */
    public int grantSlots() {
        return grantSlots;
    }

    /** {@return bytes of the whole mapping} */
    public long totalBytes() {
        return RINGS + 2 * ringBytes + 2L * grantSlots * GRANT_BYTES;
    }

    /**
     * {@return the offset of a control word of a side}
     *
     * @param side 0 or 1
     * @param word {@link #TAIL}, {@link #HEAD}, {@link #ARM}, {@link #WOKEN}, {@link #HEARTBEAT},
     *        {@link #ARM_SPACE}, {@link #WOKEN_SPACE} or {@link #PULLS}
     */
    public long control(final int side, final int word) {
        return HEADER + CONTROL_BYTES * side + word;
    }

    /**
     * {@return a control word of a side as a slice of the mapping of exactly its 8 bytes}: an access through it can
     * reach that word alone
     *
     * @param map the connection's mapping
     * @param side 0 or 1
     * @param word as {@link #control}
     */
    public MemorySegment controlWord(final MemorySegment map, final int side, final int word) {
        return map.asSlice(control(side, word), Long.BYTES);
    }

    /**
     * {@return the offset of the ring a side produces into}
     *
     * @param side 0 or 1
     */
    public long ring(final int side) {
        return RINGS + ringBytes * side;
    }

    /**
     * {@return the offset of a side's grant table}
     *
     * @param side 0 or 1
     */
    public long grants(final int side) {
        return RINGS + 2 * ringBytes + (long) grantSlots * GRANT_BYTES * side;
    }

    /**
     * Writes the header of a new mapping (creator only, before the peer can map it).
     *
     * @param m the mapping, {@link #totalBytes()} long
     * @param nonce the connection's nonce, also sent in the handshake
     */
    public void writeHeader(final MemorySegment m, final long nonce) {
        m.set(JAVA_LONG, 8, 0L);
        m.set(JAVA_INT, 8, VERSION);
        m.set(JAVA_LONG, 16, ringBytes);
        m.set(JAVA_INT, 24, grantSlots);
        m.set(JAVA_LONG, 32, totalBytes());
        m.set(JAVA_LONG, 40, nonce);
        m.set(JAVA_LONG, 0, MAGIC);
    }

    /**
     * Checks the header of a peer's mapping against the handshake: every field is read once.
     *
     * @param m the mapping
     * @param nonce the nonce the handshake carried
     * @throws ProtocolViolation when a field differs
     */
    public void checkHeader(final MemorySegment m, final long nonce) {
        final long magic = m.get(JAVA_LONG, 0);
        final int version = m.get(JAVA_INT, 8);
        final long ring = m.get(JAVA_LONG, 16);
        final int grants = m.get(JAVA_INT, 24);
        final long total = m.get(JAVA_LONG, 32);
        final long n = m.get(JAVA_LONG, 40);
        if (magic != MAGIC || version != VERSION) {
            throw new ProtocolViolation("the shared mapping has magic 0x" + Long.toHexString(magic) + " version "
                    + version + ", not a dat4j-shm/" + VERSION + " mapping");
        }
        if (ring != ringBytes || grants != grantSlots || total != totalBytes() || n != nonce) {
            throw new ProtocolViolation("the shared mapping's header (ring " + ring + ", grants " + grants
                    + ", total " + total + ", nonce 0x" + Long.toHexString(n) + ") differs from the handshake (ring "
                    + ringBytes + ", grants " + grantSlots + ", total " + totalBytes() + ", nonce 0x"
                    + Long.toHexString(nonce) + ")");
        }
    }

    @Override
    public String toString() {
        return "ConnectionLayout[ring " + ringBytes + ", grants " + grantSlots + "]";
    }
}
