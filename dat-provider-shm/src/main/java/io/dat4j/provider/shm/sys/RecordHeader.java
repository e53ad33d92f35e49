package io.dat4j.provider.shm.sys;

import java.nio.ByteOrder;

/**
 * One ring record's 32-byte header as read from shared memory, each field read exactly once into this private
 * holder, so that a peer rewriting the ring afterwards changes nothing the reader decides on.
 *
 * <pre>
 * 0  type (byte)   1  flags (byte)   2  reserved, 0 (short)   4  length: payload bytes that follow (int, 0 or more)
 * 8  a (long)      16 b (long)       24 c (int)               28 d (int)
 * </pre>
 *
 * The first 8 bytes are the commit word, written last ({@link RingWriter}); d carries the writer's consumer position
 * in the reader's ring (its low 32 bits, {@link RingWriter#acknowledged}).
 *
 * <p>Not thread safe: one per reader.
 */
public final class RecordHeader {

    /** Bytes of a header; records start on multiples of it. */
    public static final int BYTES = 32;
    /** Byte offset of field c in a header; field d follows at 28, so the two are one 8-byte word ({@link #cd}). */
    public static final int CD_OFFSET = 24;

    private static final boolean LITTLE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /** Record type. */
    public int type;
    /** Per-type flags. */
    public int flags;
    /** Payload bytes following the header. */
    public int length;
    /** Field a. */
    public long a;
    /** Field b. */
    public long b;
    /** Field c. */
    public int c;
    /** Field d. */
    public int d;
    /** Ring position of the header (the producer's stream offset). */
    public long position;

    /** Creates an empty holder. */
    public RecordHeader() {
    }

    /**
     * {@return fields c and d as the native 8-byte word at {@link #CD_OFFSET}} (c at byte 24, d at byte 28)
     *
     * @param c field c
     * @param d field d
     */
    public static long cd(final int c, final int d) {
        return LITTLE ? (c & 0xFFFF_FFFFL) | (long) d << 32 : (d & 0xFFFF_FFFFL) | (long) c << 32;
    }

    /**
     * {@return field c of the word at {@link #CD_OFFSET}}
     *
     * @param cd the word
     */
    public static int c(final long cd) {
        return (int) (LITTLE ? cd : cd >>> 32);
    }

    /**
     * {@return field d of the word at {@link #CD_OFFSET}}
     *
     * @param cd the word
     */
    public static int d(final long cd) {
        return (int) (LITTLE ? cd >>> 32 : cd);
    }

    /**
     * {@return the bytes a record with this payload takes in the ring: header plus payload, rounded up to 32}
     *
     * @param length payload bytes
     */
    public static long span(final long length) {
        return BYTES + align(length);
    }

    /**
     * {@return {@code n} rounded up to a multiple of 32}
     *
     * @param n a non-negative number
     */
    public static long align(final long n) {
        return (n + BYTES - 1) & -BYTES;
    }

    @Override
    public String toString() {
        return "record[type " + type + ", flags " + flags + ", length " + length + ", a 0x" + Long.toHexString(a)
                + ", b " + b + ", c 0x" + Integer.toHexString(c) + ", d " + d + " at " + position + "]";
    }
}
