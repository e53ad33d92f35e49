package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The consumer end of a ring ({@link RingWriter} describes the stream). Reads the producer's TAIL with an acquire
 * load and checks it before using it: it may not go back, and it may not run more than the ring's capacity ahead of
 * what this side has published as consumed, or the peer broke the protocol ({@link ProtocolViolation}). Headers are
 * read field by field into a private {@link RecordHeader} and checked there ({@link #readHeader}); payload is copied
 * out with bounds this side computed, so whatever the peer writes, no read leaves the ring.
 *
 * <p>Not thread safe: one consumer thread at a time (the connection's lock).
 */
public final class RingReader {

    private static final VarHandle LONG = JAVA_LONG.varHandle();

    private final MemorySegment map;
    private final long data;
    private final long capacity;
    private final long mask;
    private final long tailWord;
    private final long headWord;
    private final int maxType;
    private long head;
    private long published;
    private long tail;
    private long remaining;
    private long pad;

    /**
     * Creates the consumer end.
     *
     * @param map the whole mapping
     * @param layout its layout
     * @param side the side that consumes (this process's side); the ring is the peer's
     * @param maxType the largest record type the protocol knows (types 1..maxType are accepted)
     */
    public RingReader(final MemorySegment map, final ConnectionLayout layout, final int side, final int maxType) {
        this.map = map;
        this.data = layout.ring(1 - side);
        this.capacity = layout.ringBytes();
        this.mask = capacity - 1;
        this.tailWord = layout.control(1 - side, ConnectionLayout.TAIL);
        this.headWord = layout.control(side, ConnectionLayout.HEAD);
        this.maxType = maxType;
    }

    /** {@return the position of the next byte to read} */
    public long position() {
        return head;
    }

    /** {@return the payload bytes of the current record not yet taken} */
    public long remaining() {
        return remaining;
    }

    /** {@return true while a record's payload is partly taken} */
    public boolean inRecord() {
        return remaining > 0;
    }

    /**
     * {@return the bytes readable now}, after an acquire load of the producer's TAIL
     *
     * @throws ProtocolViolation when TAIL went back or ran ahead of the ring
     */
    public long available() {
        final long t = (long) LONG.getAcquire(map, tailWord);
        if (t != tail) {
            if (t < tail || t - published > capacity) {
                throw new ProtocolViolation("the peer's producer position " + t + " is outside [" + tail + ", "
                        + (published + capacity) + "] (the last it published and the end of the ring)");
            }
            tail = t;
        }
        return tail - head;
    }

    /**
     * {@return the producer's TAIL as it is now, unchecked} (a sleeper's last look: any change means "do not sleep";
     * the next {@link #available()} checks it)
     */
    public long peekTail() {
        return (long) LONG.getAcquire(map, tailWord);
    }

    /** {@return the bytes readable at the last TAIL read, without reading it again} */
    public long availableCached() {
        return tail - head;
    }

    /**
     * Reads the next header (needs {@link RecordHeader#BYTES} available and no record in progress) into {@code h},
     * each field once, and checks what the ring itself needs: a known type, reserved bits 0, a non-negative length.
     * The payload that follows is then taken with {@link #read} or {@link #skip}.
     *
     * @param h the holder
     * @throws ProtocolViolation on a bad header
     */
    public void readHeader(final RecordHeader h) {
        if (remaining > 0 || tail - head < RecordHeader.BYTES) {
            throw new IllegalStateException("no header to read: " + remaining + " payload bytes pending, "
                    + (tail - head) + " available");
        }
        final long o = data + (head & mask);
        h.position = head;
        h.type = map.get(JAVA_BYTE, o) & 0xff;
        h.flags = map.get(JAVA_BYTE, o + 1) & 0xff;
        final short reserved = map.get(JAVA_SHORT, o + 2);
        h.length = map.get(JAVA_INT, o + 4);
        h.a = map.get(JAVA_LONG, o + 8);
        h.b = map.get(JAVA_LONG, o + 16);
        h.c = map.get(JAVA_INT, o + 24);
        h.d = map.get(JAVA_INT, o + 28);
        if (h.type < 1 || h.type > maxType || reserved != 0 || h.length < 0) {
            throw new ProtocolViolation("bad record header at ring position " + head + ": type " + h.type
                    + " (known 1.." + maxType + "), reserved " + reserved + ", length " + h.length);
        }
        head += RecordHeader.BYTES;
        remaining = h.length;
        pad = RecordHeader.align(h.length) - h.length;
    }

    /**
     * Copies payload of the current record into {@code dst}, as much as is readable now.
     *
     * @param dst the destination
     * @param offset offset in {@code dst}
     * @param length bytes wanted, at most {@link #remaining()}
     * @return bytes copied
     */
    public long read(final MemorySegment dst, final long offset, final long length) {
        final long n = take(length);
        if (n > 0) {
            final long first = Math.min(n, capacity - (head & mask));
            MemorySegment.copy(map, data + (head & mask), dst, offset, first);
            if (first < n) {
                MemorySegment.copy(map, data, dst, offset + first, n - first);
            }
            advance(n);
        }
        return n;
    }

    /**
     * Steps over payload of the current record, as much as is readable now.
     *
     * @param length bytes to skip, at most {@link #remaining()}
     * @return bytes skipped
     */
    public long skip(final long length) {
        final long n = take(length);
        advance(n);
        return n;
    }

    private long take(final long length) {
        if (length < 0 || length > remaining) {
            throw new IllegalArgumentException(length + " payload bytes, " + remaining + " remaining");
        }
        return Math.min(length, tail - head);
    }

    private void advance(final long n) {
        head += n;
        remaining -= n;
        if (remaining == 0 && pad > 0) {
            // the producer publishes the last payload byte together with its padding
            head += pad;
            pad = 0;
            if (head > tail) {
                throw new ProtocolViolation("the peer published the end of a record at " + tail
                        + " without its padding (record ends at " + head + ")");
            }
        }
    }

    /** Publishes the consumed position (a release store of HEAD): the producer may reuse those bytes. */
    public void publish() {
        if (published != head) {
            published = head;
            LONG.setRelease(map, headWord, head);
        }
    }

    /** {@return the last position published as consumed} */
    public long published() {
        return published;
    }
}
