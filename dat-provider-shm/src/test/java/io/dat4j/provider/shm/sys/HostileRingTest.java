package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * A peer shares the mapping, so it can write anything anywhere in it at any time. Whatever it writes, each end of
 * the ring either goes on with values inside its bounds or throws {@link ProtocolViolation}: never another exception,
 * never a read or write outside the ring (the segment bounds would throw, and the property would fail).
 */
class HostileRingTest {

    private static final ConnectionLayout LAYOUT = new ConnectionLayout(4096, 16);

    /** One corruption: a long written at an offset of the mapping (the peer's control block, the rings, grants). */
    record Poke(int offset, long value) {
    }

    @Property(tries = 2000)
    void theReaderSurvivesAnyMapping(@ForAll @Size(max = 30) final List<Long> words, @ForAll final byte[] ring,
            @ForAll final long tail) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final long r0 = LAYOUT.ring(1);
            for (int i = 0; i < ring.length && i < LAYOUT.ringBytes(); i++) {
                m.set(JAVA_BYTE, r0 + i, ring[i]);
            }
            for (int i = 0; i < words.size(); i++) {
                m.set(JAVA_LONG, r0 + 8L * (i * 7 % 512), words.get(i));
            }
            m.set(JAVA_LONG, LAYOUT.control(1, ConnectionLayout.TAIL), tail);
            final RingReader r = new RingReader(m, LAYOUT, 0, 5);
            final RecordHeader h = new RecordHeader();
            final MemorySegment dst = a.allocate(512);
            try {
                for (int round = 0; round < 64; round++) {
                    if (!r.inRecord()) {
                        if (!r.readHeader(h)) {
                            return;
                        }
                        assertTrue(h.length >= 0 && h.type >= 1 && h.type <= 5);
                    }
                    r.available();
                    r.read(dst, 0, Math.min(r.remaining(), dst.byteSize()));
                    r.publish();
                }
            } catch (final ProtocolViolation expected) {
                // the connection would break here
            }
        }
    }

    @Property(tries = 2000)
    void theWriterSurvivesAnyConsumerPosition(@ForAll @Size(max = 20) final List<Long> heads) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final RingWriter w = new RingWriter(m, LAYOUT, 0);
            final MemorySegment src = a.allocate(3000);
            final long head = LAYOUT.control(1, ConnectionLayout.HEAD);
            try {
                for (final long h : heads) {
                    if ((h & 1) == 0) {
                        m.set(JAVA_LONG, head, h);
                    } else {
                        w.acknowledged((int) (h >> 1)); // a position carried in a record (field d)
                    }
                    final long free = w.free();
                    assertTrue(free >= 0 && free <= LAYOUT.ringBytes(), "free " + free);
                    if (w.fits(3000)) {
                        w.begin(1, 0, 3000, 0, 0, 0, 0);
                    }
                    if (w.inRecord()) {
                        w.write(src, 3000 - w.remaining(), w.remaining());
                    }
                    w.publish();
                }
            } catch (final ProtocolViolation expected) {
                // the connection would break here
            }
        }
    }

    @Property(tries = 1000)
    void armAndWakeSurviveAnyPeerWords(@ForAll final long peerArm, @ForAll final long peerWoken) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final WakeControl w = new WakeControl(m, LAYOUT, 0);
            m.set(JAVA_LONG, LAYOUT.control(1, ConnectionLayout.ARM), peerArm);
            m.set(JAVA_LONG, LAYOUT.control(1, ConnectionLayout.WOKEN), peerWoken);
            try {
                w.arm(WakeControl.DATA | WakeControl.SPACE);
            } catch (final ProtocolViolation expected) {
                // broken
            }
            try {
                w.peerArmed(WakeControl.DATA);
                w.peerArmed(WakeControl.SPACE);
            } catch (final ProtocolViolation expected) {
                // broken
            }
        }
    }
}
