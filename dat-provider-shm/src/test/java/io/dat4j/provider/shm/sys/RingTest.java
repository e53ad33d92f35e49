package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The ring on its own: records of every size, wrap-around, streaming larger than the ring, and what it refuses. */
class RingTest {

    private static final ConnectionLayout LAYOUT = new ConnectionLayout(4096, 0);

    /** A mapping in plain memory (the ring does not care whether another process maps it). */
    private static MemorySegment map(final Arena a) {
        return a.allocate(LAYOUT.totalBytes(), 4096);
    }

    private static MemorySegment pattern(final Arena a, final int length, final int seed) {
        final MemorySegment s = a.allocate(Math.max(1, length));
        for (int i = 0; i < length; i++) {
            s.set(JAVA_BYTE, i, (byte) (seed * 31 + i));
        }
        return s;
    }

    @Test
    void headerFieldsSitAtTheirWireOffsets() {
        // docs/shm-wire.md: commit word (type, flags, reserved, length) at 0, a at 8, b at 16, c at 24, d at 28, in
        // native byte order; the ring writes c and d in one 8-byte store and reads them in one 8-byte load
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final long ring = LAYOUT.ring(0);
            final RingWriter w = new RingWriter(m, LAYOUT, 0);
            w.begin(3, 0x5a, 0, 0x1122334455667788L, -2L, 0xC0FFEE01, 0x8000_0007);
            assertEquals(3 | 0x5a << 8, m.get(JAVA_LONG, ring));
            assertEquals(0x1122334455667788L, m.get(JAVA_LONG, ring + 8));
            assertEquals(-2L, m.get(JAVA_LONG, ring + 16));
            assertEquals(0xC0FFEE01, m.get(JAVA_INT, ring + 24));
            assertEquals(0x8000_0007, m.get(JAVA_INT, ring + 28));
            assertEquals(0L, m.get(JAVA_LONG, ring + RecordHeader.BYTES), "the next slot's commit word");

            // a header written field by field, as another implementation of the format would, read back
            final long next = ring + RecordHeader.BYTES;
            m.set(JAVA_LONG, next + 8, 9L);
            m.set(JAVA_LONG, next + 16, 10L);
            m.set(JAVA_INT, next + 24, -3);
            m.set(JAVA_INT, next + 28, 0x7fff_fffe);
            m.set(JAVA_LONG, next, 4L);
            final RingReader r = new RingReader(m, LAYOUT, 1, 5);
            final RecordHeader h = new RecordHeader();
            assertTrue(r.readHeader(h));
            assertEquals(0xC0FFEE01, h.c);
            assertEquals(0x8000_0007, h.d);
            assertTrue(r.readHeader(h));
            assertEquals(4, h.type);
            assertEquals(9L, h.a);
            assertEquals(10L, h.b);
            assertEquals(-3, h.c);
            assertEquals(0x7fff_fffe, h.d);
        }
    }

    @Test
    void smallRecordsRoundTripAcrossTheEnd() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingWriter w = new RingWriter(m, LAYOUT, 1);
            final RingReader r = new RingReader(m, LAYOUT, 0, 5);
            final RecordHeader h = new RecordHeader();
            final MemorySegment in = a.allocate(100);
            for (int i = 0; i < 1000; i++) {
                final int len = i % 100;
                final MemorySegment src = pattern(a, len, i);
                assertTrue(w.fits(len));
                final long at = w.begin(1 + i % 5, i & 0xff, len, i, -i, 7 * i, i + 1);
                assertFalse(r.committedAt(at) && len > 0, "committed only once its payload is written");
                assertEquals(len, w.write(src, 0, len));
                assertFalse(w.inRecord());
                assertTrue(r.readHeader(h), "committed without TAIL");
                assertEquals(RecordHeader.align(len), r.available());
                assertEquals(at, h.position);
                assertEquals(1 + i % 5, h.type);
                assertEquals(i & 0xff, h.flags);
                assertEquals(len, h.length);
                assertEquals(i, h.a);
                assertEquals(-i, h.b);
                assertEquals(7 * i, h.c);
                assertEquals(i + 1, h.d);
                assertEquals(len, r.read(in, 0, len));
                assertEquals(-1, in.asSlice(0, len).mismatch(src.asSlice(0, len)));
                assertFalse(r.inRecord());
                assertEquals(0, r.position() % RecordHeader.BYTES);
                assertFalse(r.readHeader(h), "the next slot's commit word is zero");
                if (i % 3 == 0) {
                    r.publish();
                } else {
                    w.acknowledged((int) r.announce()); // as carried in a record back
                }
            }
            r.publish();
            assertEquals(w.capacity(), w.free());
        }
    }

    @Test
    void aPayloadLargerThanTheRingStreamsInPieces() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingWriter w = new RingWriter(m, LAYOUT, 0);
            final RingReader r = new RingReader(m, LAYOUT, 1, 5);
            final int len = 100_003;
            final MemorySegment src = pattern(a, len, 3);
            final MemorySegment dst = a.allocate(len);
            w.begin(1, 0, len, 0, 0, 0, 0);
            long written = 0;
            long read = 0;
            final RecordHeader h = new RecordHeader();
            boolean header = false;
            int rounds = 0;
            while (read < len) {
                written += w.write(src, written, len - written);
                w.publish();
                if (!header && r.readHeader(h)) {
                    header = true;
                }
                if (header) {
                    r.available();
                    read += r.read(dst, read, len - read);
                    r.publish();
                }
                w.free();
                rounds++;
            }
            assertTrue(rounds > 20, "streamed in pieces");
            assertEquals(-1, dst.mismatch(src));
            assertEquals(0, r.position() % RecordHeader.BYTES);
            assertEquals(w.position(), r.position());
        }
    }

    @Test
    void theLastByteIsPublishedOnlyWithItsPaddingAndTheNextCommitWord() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingWriter w = new RingWriter(m, LAYOUT, 0);
            final RingReader r = new RingReader(m, LAYOUT, 1, 5);
            final MemorySegment src = pattern(a, 4096, 1);
            final RecordHeader h = new RecordHeader();
            w.begin(1, 0, 2976, 0, 0, 0, 0); // 3008 bytes with its header: streamed (more than a quarter)
            assertEquals(2976, w.write(src, 0, 2976));
            w.publish();
            assertTrue(r.readHeader(h));
            assertEquals(2976, r.available());
            assertEquals(1000, r.read(a.allocate(1000), 0, 1000)); // the consumer stops inside the payload
            r.publish();
            assertEquals(4096 - 3008 + 1032, w.free());
            w.begin(1, 0, 2050, 0, 0, 0, 0); // streamed too; 30 bytes of padding
            assertEquals(2049, w.write(src, 0, 2050), "the last byte waits for its padding and the next slot's"
                    + " commit word");
            assertTrue(w.inRecord());
            w.publish();
            r.skip(r.remaining());
            assertTrue(r.readHeader(h));
            r.available();
            assertEquals(2049, r.read(a.allocate(2050), 0, 2050));
            r.publish();
            w.free();
            assertEquals(1, w.write(src, 2049, 1));
            w.publish();
            r.available();
            assertEquals(1, r.read(a.allocate(1), 0, 1));
            assertEquals(w.position(), r.position());
            assertEquals(0, r.position() % RecordHeader.BYTES);
            assertFalse(r.readHeader(h));
        }
    }

    @Test
    void aRecordCommittedWholeIsReadWithoutTail() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingWriter w = new RingWriter(m, LAYOUT, 0);
            final RingReader r = new RingReader(m, LAYOUT, 1, 5);
            final RecordHeader h = new RecordHeader();
            final MemorySegment src = pattern(a, 100, 2);
            w.begin(1, 0, 100, 0, 0, 0, 0);
            assertEquals(60, w.write(src, 0, 60));
            w.publish(); // TAIL covers part of the payload; the record is not committed yet
            assertFalse(r.readHeader(h));
            assertEquals(40, w.write(src, 60, 40));
            assertTrue(r.readHeader(h));
            assertEquals(128, r.available(), "the payload and its padding");
            final MemorySegment dst = a.allocate(100);
            assertEquals(100, r.read(dst, 0, 100));
            assertEquals(-1, dst.mismatch(src));
            assertEquals(1024, RecordHeader.span(992));
            assertEquals(32, w.needs(993), "a record larger than a quarter of the ring streams");
            assertEquals(1024 + 32, w.needs(992));
        }
    }

    @Test
    void aCommittedRecordPastTheRoomIsRefused() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final long ring = LAYOUT.ring(1);
            final RingReader r = new RingReader(m, LAYOUT, 0, 5);
            final RecordHeader h = new RecordHeader();
            // 3 records of 1 KiB (header and 992 bytes), committed as a hostile producer would, HEAD never published
            for (int i = 0; i < 4; i++) {
                m.set(JAVA_LONG, ring + 1024L * i, 1L | 992L << 32);
            }
            for (int i = 0; i < 3; i++) {
                assertTrue(r.readHeader(h));
                r.skip(992);
            }
            assertThrows(ProtocolViolation.class, () -> r.readHeader(h), "the fourth would end at the ring's end");
        }
    }

    @Test
    void aTailThatGoesBackOrRunsAheadIsRefused() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingReader r = new RingReader(m, LAYOUT, 0, 5);
            final long tail = LAYOUT.control(1, ConnectionLayout.TAIL);
            m.set(JAVA_LONG, tail, 4097);
            assertThrows(ProtocolViolation.class, r::available);
            m.set(JAVA_LONG, tail, 64);
            assertEquals(64, r.available());
            m.set(JAVA_LONG, tail, 32);
            assertEquals(64, r.available(), "TAIL is read again only when what is known readable is used up");
            m.set(JAVA_LONG, LAYOUT.ring(1), 1L | 32L << 32);
            assertTrue(r.readHeader(new RecordHeader()));
            r.skip(32);
            assertThrows(ProtocolViolation.class, r::available);
            m.set(JAVA_LONG, tail, -1);
            assertThrows(ProtocolViolation.class, r::available);
        }
    }

    @Test
    void aHeadOutsideWhatWasMadeVisibleIsRefused() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingWriter w = new RingWriter(m, LAYOUT, 0);
            final long head = LAYOUT.control(1, ConnectionLayout.HEAD);
            w.begin(1, 0, 100, 0, 0, 0, 0);
            w.write(pattern(a, 100, 1), 0, 50);
            w.publish();
            assertThrows(ProtocolViolation.class, () -> {
                m.set(JAVA_LONG, head, 96);
                w.free(); // past what is published, and the record is not committed
            });
            w.write(pattern(a, 100, 1), 50, 50); // committed: visible without TAIL
            m.set(JAVA_LONG, head, 160);
            assertEquals(4096, w.free());
            m.set(JAVA_LONG, head, 0);
            assertThrows(ProtocolViolation.class, w::free);
        }
    }

    @Test
    void aCarriedPositionIsTakenAtItsLowBitsAndChecked() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingWriter w = new RingWriter(m, LAYOUT, 0);
            for (int i = 0; i < 3; i++) {
                w.begin(1, 0, 0, 0, 0, 0, 0);
            }
            w.acknowledged(64);
            assertEquals(64, w.consumed());
            // positions are carried in order: a smaller one is read as 32 + 2^32, past what was written
            assertThrows(ProtocolViolation.class, () -> w.acknowledged(32));
            final RingWriter w2 = new RingWriter(m, LAYOUT, 0);
            w2.begin(1, 0, 0, 0, 0, 0, 0);
            assertThrows(ProtocolViolation.class, () -> w2.acknowledged(64), "past what was written");
            w2.acknowledged(32);
            assertEquals(32, w2.consumed());
        }
    }

    @Test
    void badHeadersAreRefused() {
        try (Arena a = Arena.ofConfined()) {
            for (final int[] bad : new int[][] {{0, 0, 0}, {6, 0, 0}, {1, 1, 0}, {1, 0, -5}}) {
                final MemorySegment m = map(a);
                final long ring = LAYOUT.ring(1);
                m.set(JAVA_BYTE, ring, (byte) bad[0]);
                m.set(JAVA_BYTE, ring + 1, (byte) 1); // a commit word that is not zero
                m.set(JAVA_BYTE, ring + 2, (byte) bad[1]);
                m.set(java.lang.foreign.ValueLayout.JAVA_INT, ring + 4, bad[2]);
                final RingReader r = new RingReader(m, LAYOUT, 0, 5);
                assertThrows(ProtocolViolation.class, () -> r.readHeader(new RecordHeader()));
            }
        }
    }

    /** Any sequence of records, written and read in any piece sizes, arrives intact and in order. */
    @Property(tries = 200)
    void anyChunkingDeliversEveryRecord(@ForAll @Size(min = 1, max = 40) final List<@IntRange(max = 9000) Integer>
            lengths, @ForAll final long seed) {
        final Random rnd = new Random(seed);
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingWriter w = new RingWriter(m, LAYOUT, 1);
            final RingReader r = new RingReader(m, LAYOUT, 0, 5);
            final List<MemorySegment> got = new ArrayList<>();
            final RecordHeader h = new RecordHeader();
            int wi = 0;
            long wdone = 0;
            MemorySegment cur = null;
            long rdone = 0;
            int guard = 0;
            while (got.size() < lengths.size()) {
                if (++guard > 1_000_000) {
                    throw new AssertionError("no progress");
                }
                if (wi < lengths.size()) {
                    final int len = lengths.get(wi);
                    if (!w.inRecord() && wdone == 0) {
                        if (w.fits(len)) {
                            w.begin(1, 0, len, wi, 0, 0, 0);
                            if (len == 0) {
                                wi++;
                            }
                        }
                    } else {
                        final long want = Math.min(len - wdone, 1 + rnd.nextInt(3000));
                        w.free();
                        wdone += w.write(pattern(a, len, wi), wdone, want);
                        if (wdone == len && !w.inRecord()) {
                            wi++;
                            wdone = 0;
                        }
                    }
                    if (rnd.nextBoolean()) {
                        w.publish();
                    }
                } else {
                    w.publish();
                }
                r.available();
                if (cur == null) {
                    if (!r.inRecord() && r.readHeader(h)) {
                        assertEquals(got.size(), h.a);
                        cur = a.allocate(Math.max(1, h.length));
                        rdone = 0;
                        if (h.length == 0) {
                            got.add(cur.asSlice(0, 0));
                            cur = null;
                        }
                    }
                } else {
                    rdone += r.read(cur, rdone, Math.min(h.length - rdone, 1 + rnd.nextInt(3000)));
                    if (rdone == h.length) {
                        got.add(cur.asSlice(0, h.length));
                        cur = null;
                    }
                }
                if (rnd.nextBoolean()) {
                    r.publish();
                }
            }
            for (int i = 0; i < lengths.size(); i++) {
                final int len = lengths.get(i);
                assertEquals(len, got.get(i).byteSize());
                assertEquals(-1, got.get(i).mismatch(pattern(a, len, i).asSlice(0, len)), "record " + i);
            }
        }
    }
}
