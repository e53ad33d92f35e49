package io.dat4j.provider.shm.sys;

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
