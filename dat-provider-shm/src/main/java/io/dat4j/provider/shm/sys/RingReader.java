package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The consumer end of a ring ({@link RingWriter} describes the stream). It polls the commit word at its own position
 * (an acquire load of the header's first 8 bytes: zero means nothing yet), so a small record costs it one cache line
 * from the producer; it reads the producer's TAIL only for the payload of a streamed record (larger than a quarter of
 * the ring). Everything the producer wrote is checked before use: TAIL may not go back, and neither TAIL nor a
 * record committed whole may run more than the ring ahead of the position this side announced as consumed (its HEAD
 * word, or the position it carried to the peer, {@link #announce}), or the peer broke the protocol
 * ({@link ProtocolViolation}). Headers are read field by field into a private {@link RecordHeader} and checked
 * there; payload is copied out with bounds this side computed, so whatever the peer writes, no read leaves the ring.
 *
 * <p>The ring and the two control words are read through slices of the mapping made once, each exactly their size
 * (the ring, one 8-byte word each), so an index is an offset into the ring itself ({@code position & mask}) and no
 * access of this class can reach another part of the mapping; the header's plain fields are read with the unaligned
 * layout (their offsets are multiples of 8 by construction: a header starts on a 32-byte boundary), which spares the
 * alignment test of each access, and fields c and d in one 8-byte read.
 *
 * <p>Not thread safe: one consumer thread at a time (the connection's lock).
 */
public final class RingReader {

    private static final VarHandle LONG = JAVA_LONG.varHandle();

    /** The ring, exactly: offsets are {@code position & mask}. */
    private final MemorySegment ring;
    /** The producer's TAIL word, exactly (8 bytes). */
    private final MemorySegment tailWord;
    /** This side's HEAD word, exactly (8 bytes). */
    private final MemorySegment headWord;
    private final long capacity;
    private final long mask;
    private final int maxType;
    private long head;
    private long published;
    /** The greatest position announced to the peer: HEAD published, or carried in a record ({@link #announce}). */
    private long announced;
    /** The readable bound: the greatest of the TAIL read and the ends of the records committed whole. */
    private long limit;
    /** The last TAIL word read. */
    private long tailSeen;
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
        this.capacity = layout.ringBytes();
        this.mask = capacity - 1;
        this.ring = map.asSlice(layout.ring(1 - side), capacity);
        this.tailWord = layout.controlWord(map, 1 - side, ConnectionLayout.TAIL);
        this.headWord = layout.controlWord(map, side, ConnectionLayout.HEAD);
        this.maxType = maxType;
    }

    /**
     * {@return true if a record of this span is committed whole} (its payload written before its commit word), which
     * both ends decide alike from the span and the ring's size: at most a quarter of the ring
     *
     * @param span the record's bytes, header and padding included
     * @param ringBytes the ring's capacity
     */
    public static boolean inline(final long span, final long ringBytes) {
        return span <= ringBytes >>> 2;
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
     * {@return the bytes readable now}, after an acquire load of the producer's TAIL when what is known to be
     * readable is used up (the payload of a streamed record)
     *
     * @throws ProtocolViolation when TAIL went back or ran ahead of the ring
     */
    public long available() {
        if (limit - head > 0) {
            return limit - head;
        }
        final long t = (long) LONG.getAcquire(tailWord, 0L);
        if (t != tailSeen) {
            if (t < tailSeen || t - announced > capacity) {
                throw new ProtocolViolation("the peer's producer position " + t + " is outside [" + tailSeen + ", "
                        + (announced + capacity) + "] (the last it published and the end of the ring)");
            }
            tailSeen = t;
            if (t > limit) {
                limit = t;
            }
        }
        return limit - head;
    }

    /**
     * {@return the producer's TAIL as it is now, unchecked} (a sleeper's last look: any change means "do not sleep";
     * the next {@link #available()} checks it)
     */
    public long peekTail() {
        return (long) LONG.getAcquire(tailWord, 0L);
    }

    /** {@return the last TAIL word read} (what a sleeper compares {@link #peekTail()} with) */
    public long tailSeen() {
        return tailSeen;
    }

    /**
     * {@return true if a record is committed at {@code position}}, unchecked (a sleeper's last look at the position
     * the last round stopped at; {@link #readHeader} checks it)
     *
     * @param position a header position this side reached
     */
    public boolean committedAt(final long position) {
        return (long) LONG.getAcquire(ring, position & mask) != 0;
    }

    /** {@return the bytes known readable, without reading anything of the peer's} */
    public long availableCached() {
        return Math.max(0, limit - head);
    }

    /**
     * Reads the next header if one is committed at this side's position (no record in progress): into {@code h}, each
     * field once, and checks what the ring itself needs: a known type, reserved bits 0, a non-negative length, and for
     * a record committed whole, an end within the ring's room. The payload that follows is then taken with
     * {@link #read} or {@link #skip}.
     *
     * @param h the holder
     * @return false when nothing is committed yet
     * @throws ProtocolViolation on a bad header
     */
    public boolean readHeader(final RecordHeader h) {
        if (remaining > 0) {
            throw new IllegalStateException("no header to read: " + remaining + " payload bytes pending");
        }
        final long o = head & mask;
        final long word = (long) LONG.getAcquire(ring, o);
        if (word == 0) {
            return false;
        }
        h.position = head;
        h.type = (int) (word & 0xff);
        h.flags = (int) (word >>> 8 & 0xff);
        final int reserved = (int) (word >>> 16 & 0xffff);
        h.length = (int) (word >>> 32);
        h.a = ring.get(JAVA_LONG_UNALIGNED, o + 8);
        h.b = ring.get(JAVA_LONG_UNALIGNED, o + 16);
        final long cd = ring.get(JAVA_LONG_UNALIGNED, o + RecordHeader.CD_OFFSET);
        h.c = RecordHeader.c(cd);
        h.d = RecordHeader.d(cd);
        if (h.type < 1 || h.type > maxType || reserved != 0 || h.length < 0) {
            throw new ProtocolViolation("bad record header at ring position " + head + ": type " + h.type
                    + " (known 1.." + maxType + "), reserved " + reserved + ", length " + h.length);
        }
        final long span = RecordHeader.span(h.length);
        final boolean whole = inline(span, capacity);
        final long end = whole ? head + span : head + RecordHeader.BYTES;
        // the producer keeps the slot after a record committed whole free for its zero commit word
        if (end + (whole ? RecordHeader.BYTES : 0) - announced > capacity) {
            throw new ProtocolViolation("a record committed at ring position " + head + " ends at " + end
                    + ", past the ring's room (" + (announced + capacity) + ")");
        }
        if (end > limit) {
            limit = end;
        }
        head += RecordHeader.BYTES;
        remaining = h.length;
        pad = RecordHeader.align(h.length) - h.length;
        return true;
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
            MemorySegment.copy(ring, head & mask, dst, offset, first);
            if (first < n) {
                MemorySegment.copy(ring, 0, dst, offset + first, n - first);
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
        return Math.min(length, availableCached());
    }

    private void advance(final long n) {
        head += n;
        remaining -= n;
        if (remaining == 0 && pad > 0) {
            // the producer publishes the last payload byte together with its padding
            head += pad;
            pad = 0;
            if (head > limit) {
                throw new ProtocolViolation("the peer published the end of a record at " + limit
                        + " without its padding (record ends at " + head + ")");
            }
        }
    }

    /** Publishes the consumed position (a release store of HEAD): the producer may reuse those bytes. */
    public void publish() {
        if (published != head) {
            published = head;
            if (head > announced) {
                announced = head;
            }
            LONG.setRelease(headWord, 0L, head);
        }
    }

    /** {@return the last position published as consumed} */
    public long published() {
        return published;
    }

    /**
     * {@return this side's position, which the caller carries to the peer in a record header} (field d: the peer may
     * then reuse the bytes before it, as after a HEAD publication)
     */
    public long announce() {
        if (head > announced) {
            announced = head;
        }
        return head;
    }
}
