package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The producer end of one single-producer single-consumer ring in a shared mapping: a byte stream of records, each a
 * {@link RecordHeader} on a 32-byte boundary followed by its payload (which may wrap around the end of the ring),
 * padded to the next boundary. Positions are 64-bit stream offsets that only grow; the ring index is the position
 * modulo the capacity.
 *
 * <p>The producer writes bytes, then publishes its position (TAIL, a release store in its own control block); the
 * consumer reads up to TAIL (an acquire load) and publishes what it has consumed (HEAD, in the consumer's block). The
 * producer never publishes a position inside a record's padding: a record's last payload byte is published together
 * with the padding, so a consumer that took the last byte can always step over the padding. A large payload is
 * written in pieces as room appears (the consumer takes it in pieces too), so a record may be larger than the ring.
 *
 * <p>HEAD is written by the peer and so is checked on every read: it must lie between the last HEAD seen and the
 * last TAIL published, or the peer broke the protocol ({@link ProtocolViolation}).
 *
 * <p>Not thread safe: one producer thread at a time (the connection's lock).
 */
public final class RingWriter {

    private static final VarHandle LONG = JAVA_LONG.varHandle();

    private final MemorySegment map;
    private final long data;
    private final long capacity;
    private final long mask;
    private final long tailWord;
    private final long headWord;
    private long tail;
    private long published;
    private long head;
    private long remaining;
    private long pad;

    /**
     * Creates the producer end.
     *
     * @param map the whole mapping
     * @param layout its layout
     * @param side the side that produces (this process's side)
     */
    public RingWriter(final MemorySegment map, final ConnectionLayout layout, final int side) {
        this.map = map;
        this.data = layout.ring(side);
        this.capacity = layout.ringBytes();
        this.mask = capacity - 1;
        this.tailWord = layout.control(side, ConnectionLayout.TAIL);
        this.headWord = layout.control(1 - side, ConnectionLayout.HEAD);
    }

    /** {@return the ring's capacity in bytes} */
    public long capacity() {
        return capacity;
    }

    /** {@return the position the next byte goes to (published or not)} */
    public long position() {
        return tail;
    }

    /** {@return the last HEAD read from the consumer (the stream offset it has consumed up to)} */
    public long consumed() {
        return head;
    }

    /** {@return true while a record's payload is partly written} */
    public boolean inRecord() {
        return remaining > 0;
    }

    /** {@return the payload bytes of the current record still to write} */
    public long remaining() {
        return remaining;
    }

    /**
     * Reads the consumer's HEAD (acquire) and checks it.
     *
     * @return the consumer's position
     * @throws ProtocolViolation when it went back, or past what was published
     */
    public long refreshConsumed() {
        final long h = (long) LONG.getAcquire(map, headWord);
        if (h != head) {
            if (h < head || h > published) {
                throw new ProtocolViolation("the peer's consumer position " + h + " is outside [" + head + ", "
                        + published + "] (the last it published and the last this side wrote)");
            }
            head = h;
        }
        return h;
    }

    /**
     * {@return the consumer's HEAD as it is now, unchecked} (a sleeper's last look: any change means "do not sleep";
     * the next {@link #refreshConsumed()} checks it)
     */
    public long peekConsumed() {
        return (long) LONG.getAcquire(map, headWord);
    }

    /** {@return the bytes that can be written now, after reading the consumer's position} */
    public long free() {
        refreshConsumed();
        return capacity - (tail - head);
    }

    /** {@return the bytes that could be written at the last consumer position read, without reading it again} */
    public long freeCached() {
        return capacity - (tail - head);
    }

    /**
     * Writes a record header and starts its payload; needs 32 free bytes (check {@link #free()}) and no record in
     * progress. A record without payload is complete at once.
     *
     * @param type record type, 1..255
     * @param flags flags, 0..255
     * @param length payload bytes that will follow, 0 or more
     * @param a field a
     * @param b field b
     * @param c field c
     * @param d field d
     * @return the record's position (its header's stream offset)
     */
    public long begin(final int type, final int flags, final int length, final long a, final long b, final int c,
            final int d) {
        if (remaining > 0 || length < 0 || capacity - (tail - head) < RecordHeader.BYTES) {
            throw new IllegalStateException("cannot begin a record: " + remaining + " payload bytes pending, "
                    + (capacity - (tail - head)) + " free, length " + length);
        }
        final long at = tail;
        final long o = data + (at & mask);
        map.set(JAVA_BYTE, o, (byte) type);
        map.set(JAVA_BYTE, o + 1, (byte) flags);
        map.set(JAVA_SHORT, o + 2, (short) 0);
        map.set(JAVA_INT, o + 4, length);
        map.set(JAVA_LONG, o + 8, a);
        map.set(JAVA_LONG, o + 16, b);
        map.set(JAVA_INT, o + 24, c);
        map.set(JAVA_INT, o + 28, d);
        tail = at + RecordHeader.BYTES;
        remaining = length;
        pad = RecordHeader.align(length) - length;
        return at;
    }

    /**
     * Writes payload of the current record from {@code src}, as much as fits now (never a position inside the
     * padding: the last byte is written only when its padding fits too).
     *
     * @param src the source
     * @param offset offset in {@code src}
     * @param length bytes wanted, at most {@link #remaining()}
     * @return bytes written, possibly 0
     */
    public long write(final MemorySegment src, final long offset, final long length) {
        final long n = room(length);
        if (n > 0) {
            final long first = Math.min(n, capacity - (tail & mask));
            MemorySegment.copy(src, offset, map, data + (tail & mask), first);
            if (first < n) {
                MemorySegment.copy(src, offset + first, map, data, n - first);
            }
            advance(n);
        }
        return n;
    }

    private long room(final long length) {
        if (length < 0 || length > remaining) {
            throw new IllegalArgumentException(length + " payload bytes, " + remaining + " remaining");
        }
        final long free = capacity - (tail - head);
        if (length == remaining) {
            return length + pad <= free ? length : Math.min(free, length - 1);
        }
        return Math.min(free, length);
    }

    private void advance(final long n) {
        tail += n;
        remaining -= n;
        if (remaining == 0) {
            tail += pad;
            pad = 0;
        }
    }

    /** Makes everything written so far visible to the consumer (a release store of TAIL). */
    public void publish() {
        if (published != tail) {
            published = tail;
            LONG.setRelease(map, tailWord, tail);
        }
    }

    /** {@return true if written bytes are not yet published} */
    public boolean hasUnpublished() {
        return published != tail;
    }
}
