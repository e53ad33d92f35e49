package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
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
                assertTrue(w.free() >= RecordHeader.span(len));
                final long at = w.begin(1 + i % 5, i & 0xff, len, i, -i, 7 * i, i + 1);
                assertEquals(len, w.write(src, 0, len));
                assertFalse(w.inRecord());
                w.publish();
                assertEquals(RecordHeader.span(len), r.available());
                r.readHeader(h);
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
                r.publish();
            }
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
                if (!header && r.available() >= RecordHeader.BYTES) {
                    r.readHeader(h);
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
    void theLastByteIsPublishedOnlyWithItsPadding() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingWriter w = new RingWriter(m, LAYOUT, 0);
            final RingReader r = new RingReader(m, LAYOUT, 1, 5);
            final MemorySegment src = pattern(a, 4096, 1);
            final RecordHeader h = new RecordHeader();
            w.begin(1, 0, 4000, 0, 0, 0, 0); // 4032 bytes with its header
            assertEquals(4000, w.write(src, 0, 4000));
            w.publish();
            r.available();
            r.readHeader(h);
            assertEquals(13, r.read(a.allocate(13), 0, 13)); // the consumer stops inside the payload
            r.publish();
            assertEquals(4096 - 4032 + 45, w.free());
            w.begin(1, 0, 77, 0, 0, 0, 0); // 77 free after the header: the payload fits, its 19 bytes of padding not
            assertEquals(76, w.write(src, 0, 77), "the last byte waits for room for its padding");
            assertTrue(w.inRecord());
            w.publish();
            r.available();
            r.skip(r.remaining());
            r.readHeader(h);
            assertEquals(76, r.read(a.allocate(77), 0, 77));
            r.publish();
            w.free();
            assertEquals(1, w.write(src, 76, 1));
            w.publish();
            r.available();
            assertEquals(1, r.read(a.allocate(1), 0, 1));
            assertEquals(w.position(), r.position());
            assertEquals(0, r.position() % RecordHeader.BYTES);
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
            assertThrows(ProtocolViolation.class, r::available);
            m.set(JAVA_LONG, tail, -1);
            assertThrows(ProtocolViolation.class, r::available);
        }
    }

    @Test
    void aHeadOutsideWhatWasPublishedIsRefused() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = map(a);
            final RingWriter w = new RingWriter(m, LAYOUT, 0);
            final long head = LAYOUT.control(1, ConnectionLayout.HEAD);
            w.begin(1, 0, 0, 0, 0, 0, 0);
            assertThrows(ProtocolViolation.class, () -> {
                m.set(JAVA_LONG, head, 32);
                w.free(); // not published yet
            });
            w.publish();
            assertEquals(4096, w.free());
            m.set(JAVA_LONG, head, 0);
            assertThrows(ProtocolViolation.class, w::free);
        }
    }

    @Test
    void badHeadersAreRefused() {
        try (Arena a = Arena.ofConfined()) {
            for (final int[] bad : new int[][] {{0, 0, 0}, {6, 0, 0}, {1, 1, 0}, {1, 0, -5}}) {
                final MemorySegment m = map(a);
                final long ring = LAYOUT.ring(1);
                m.set(JAVA_BYTE, ring, (byte) bad[0]);
                m.set(JAVA_BYTE, ring + 2, (byte) bad[1]);
                m.set(java.lang.foreign.ValueLayout.JAVA_INT, ring + 4, bad[2]);
                m.set(JAVA_LONG, LAYOUT.control(1, ConnectionLayout.TAIL), 32);
                final RingReader r = new RingReader(m, LAYOUT, 0, 5);
                r.available();
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
                        if (w.free() >= RecordHeader.BYTES) {
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
                    if (r.availableCached() >= RecordHeader.BYTES && !r.inRecord()) {
                        r.readHeader(h);
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
