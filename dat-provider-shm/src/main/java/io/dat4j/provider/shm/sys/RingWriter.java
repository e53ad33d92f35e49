package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The producer end of one single-producer single-consumer ring in a shared mapping: a byte stream of records, each a
 * {@link RecordHeader} on a 32-byte boundary followed by its payload (which may wrap around the end of the ring),
 * padded to the next boundary. Positions are 64-bit stream offsets that only grow; the ring index is the position
 * modulo the capacity.
 *
 * <p>A record is made visible by its <em>commit word</em>, the header's first 8 bytes (type, flags, reserved, length),
 * written last with a release store; the slot after the last committed record always holds a zero commit word (the
 * producer zeroes it before it commits the record in front of it), so the consumer polls the word at its own position
 * and takes one cache line from this side per small message. A record whose {@link RecordHeader#span span} is at most
 * a quarter of the ring ({@link RingReader#inline}) is committed whole, once its payload is written; a larger one is
 * committed at {@link #begin} and its payload streams behind TAIL (a release store in this side's control block), in
 * pieces as room appears, so a record may be larger than the ring. TAIL is published after every commit too (the
 * sleeper's and the stream's view). The producer never publishes a position inside a record's padding.
 *
 * <p>Room is computed from the consumer's position as last known: its HEAD word (read only when the known room is
 * insufficient, {@link #fits}) or the position the consumer carried in the header of a record it sent back
 * ({@link #acknowledged}, field d). Both come from the peer and are checked: HEAD may neither go back nor pass what
 * this side made visible, and a carried position may not pass it either ({@link ProtocolViolation}).
 *
 * <p>The ring and the two control words are written and read through slices of the mapping made once, each exactly
 * their size, as in {@link RingReader}: no access of this class can reach another part of the mapping.
 *
 * <p>Not thread safe: one producer thread at a time (the connection's lock).
 */
public final class RingWriter {

    private static final VarHandle LONG = JAVA_LONG.varHandle();

    /** The ring, exactly: offsets are {@code position & mask}. */
    private final MemorySegment ring;
    /** This side's TAIL word, exactly (8 bytes). */
    private final MemorySegment tailWord;
    /** The consumer's HEAD word, exactly (8 bytes). */
    private final MemorySegment headWord;
    private final long capacity;
    private final long mask;
    private long tail;
    private long published;
    /** The end of the last committed record (or of the header of a streamed record being written). */
    private long committed;
    /** The consumer's position as known here: the greatest of its HEAD word and the positions it carried. */
    private long head;
    /** The last value of the HEAD word. */
    private long headSeen;
    /** The last position carried in a record of the peer (its low 32 bits are field d). */
    private long acked;
    private long remaining;
    private long pad;
    /** Position of the record being written; its commit word, or 0 once committed. */
    private long recordAt;
    private long commitWord;

    /**
     * Creates the producer end.
     *
     * @param map the whole mapping
     * @param layout its layout
     * @param side the side that produces (this process's side)
     */
    public RingWriter(final MemorySegment map, final ConnectionLayout layout, final int side) {
        this.capacity = layout.ringBytes();
        this.mask = capacity - 1;
        this.ring = map.asSlice(layout.ring(side), capacity);
        this.tailWord = layout.controlWord(map, side, ConnectionLayout.TAIL);
        this.headWord = layout.controlWord(map, 1 - side, ConnectionLayout.HEAD);
    }

    /** {@return the ring's capacity in bytes} */
    public long capacity() {
        return capacity;
    }

    /** {@return the position the next byte goes to (published or not)} */
    public long position() {
        return tail;
    }

    /** {@return the consumer's position as last known (the stream offset it has consumed up to)} */
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

    private long visible() {
        return Math.max(committed, published);
    }

    /**
     * Reads the consumer's HEAD word (acquire) and checks it.
     *
     * @return the consumer's position as known now
     * @throws ProtocolViolation when it went back, or past what this side made visible
     */
    public long refreshConsumed() {
        final long h = (long) LONG.getAcquire(headWord, 0L);
        if (h != headSeen) {
            if (h < headSeen || h > visible()) {
                throw new ProtocolViolation("the peer's consumer position " + h + " is outside [" + headSeen + ", "
                        + visible() + "] (the last it published and the last this side made visible)");
            }
            headSeen = h;
            if (h > head) {
                head = h;
            }
        }
        return head;
    }

    /**
     * Takes the consumer position the peer carried in a record header (field d: its low 32 bits). It is taken as the
     * smallest position at or after the last one carried with those low bits, so a stale or wrapped value only
     * under-states it (never completes a request early).
     *
     * @param low32 field d of a record from the peer
     * @throws ProtocolViolation when it names a position past what this side made visible
     */
    public void acknowledged(final int low32) {
        final long h = acked + ((low32 - (int) acked) & 0xFFFF_FFFFL);
        if (h == acked) {
            return;
        }
        if (h > visible()) {
            throw new ProtocolViolation("the peer's record carries consumer position " + h + ", past "
                    + visible() + " (what this side made visible)");
        }
        acked = h;
        if (h > head) {
            head = h;
        }
    }

    /**
     * {@return the consumer's HEAD word as it is now, unchecked} (a sleeper's last look: any change means "do not
     * sleep"; the next {@link #refreshConsumed()} checks it)
     */
    public long peekConsumed() {
        return (long) LONG.getAcquire(headWord, 0L);
    }

    /** {@return the last HEAD word read} (what a sleeper compares {@link #peekConsumed()} with) */
    public long consumedWord() {
        return headSeen;
    }

    /** {@return the bytes that can be written now, after reading the consumer's HEAD word} */
    public long free() {
        refreshConsumed();
        return capacity - (tail - head);
    }

    /** {@return the bytes that could be written at the consumer position last known, without reading it again} */
    public long freeCached() {
        return capacity - (tail - head);
    }

    /**
     * {@return the ring room {@link #begin} needs for a record of {@code length} payload bytes}: header, payload and
     * padding, and the next slot's commit word, for a record committed whole; the header alone for a streamed one
     *
     * @param length payload bytes
     */
    public long needs(final long length) {
        final long span = RecordHeader.span(length);
        return RingReader.inline(span, capacity) ? span + RecordHeader.BYTES : RecordHeader.BYTES;
    }

    /**
     * {@return true if a record of {@code length} payload bytes can begin now} (no record in progress and
     * {@link #needs} room; the HEAD word is read only when the room known is short)
     *
     * @param length payload bytes
     */
    public boolean fits(final long length) {
        if (remaining > 0) {
            return false;
        }
        final long need = needs(length);
        return freeCached() >= need || free() >= need;
    }

    /**
     * Writes a record header and starts its payload; needs {@link #fits} and no record in progress. A record without
     * payload is committed at once.
     *
     * @param type record type, 1..255
     * @param flags flags, 0..255
     * @param length payload bytes that will follow, 0 or more
     * @param a field a
     * @param b field b
     * @param c field c
     * @param d field d (the DAT provider carries its consumer position there, {@link #acknowledged})
     * @return the record's position (its header's stream offset)
     */
    public long begin(final int type, final int flags, final int length, final long a, final long b, final int c,
            final int d) {
        if (remaining > 0 || length < 0 || type < 1 || type > 255 || freeCached() < needs(length)) {
            throw new IllegalStateException("cannot begin a record: " + remaining + " payload bytes pending, "
                    + freeCached() + " free, type " + type + ", length " + length);
        }
        final long at = tail;
        final long o = at & mask;
        ring.set(JAVA_LONG_UNALIGNED, o + 8, a);
        ring.set(JAVA_LONG_UNALIGNED, o + 16, b);
        ring.set(JAVA_LONG_UNALIGNED, o + RecordHeader.CD_OFFSET, RecordHeader.cd(c, d)); // c and d in one store
        final long word = (type & 0xffL) | (flags & 0xffL) << 8 | (long) length << 32;
        tail = at + RecordHeader.BYTES;
        remaining = length;
        pad = RecordHeader.align(length) - length;
        if (length == 0) {
            recordAt = at;
            commitWord = word;
            finish();
        } else if (RingReader.inline(RecordHeader.span(length), capacity)) {
            recordAt = at;
            commitWord = word; // committed with its last payload byte
        } else {
            LONG.setRelease(ring, o, word); // streamed: the payload follows behind TAIL
            committed = tail;
        }
        return at;
    }

    /**
     * Writes payload of the current record from {@code src}, as much as fits now (never a position inside the
     * padding: the last byte is written only when its padding and the next slot's commit word fit too).
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
            MemorySegment.copy(src, offset, ring, tail & mask, first);
            if (first < n) {
                MemorySegment.copy(src, offset + first, ring, 0, n - first);
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
            return length + pad + RecordHeader.BYTES <= free ? length : Math.max(0, Math.min(free, length - 1));
        }
        return Math.min(free, length);
    }

    private void advance(final long n) {
        tail += n;
        remaining -= n;
        if (remaining == 0) {
            tail += pad;
            pad = 0;
            finish();
        }
    }

    /** The record is written: zero the next slot's commit word, then commit the record if it is committed whole. */
    private void finish() {
        ring.set(JAVA_LONG_UNALIGNED, tail & mask, 0L);
        if (commitWord != 0) {
            LONG.setRelease(ring, recordAt & mask, commitWord);
            commitWord = 0;
        }
        committed = tail;
    }

    /**
     * Makes everything written so far visible to a consumer that follows TAIL (a release store of TAIL): the payload
     * of a streamed record, and the sleeper's last look. Committed records are visible without it.
     */
    public void publish() {
        if (published != tail) {
            published = tail;
            LONG.setRelease(tailWord, 0L, tail);
        }
    }

    /** {@return true if written bytes are not yet published} */
    public boolean hasUnpublished() {
        return published != tail;
    }
}
