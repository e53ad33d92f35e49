package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.ProtocolViolation;
import io.dat4j.provider.shm.sys.RecordHeader;
import io.dat4j.provider.shm.sys.RingReader;
import io.dat4j.provider.shm.sys.RingWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A hostile sender's SEND_RDV as the receiving side checks it ({@link RendezvousPull}): any flags, segment count,
 * list length, total, token and list of addresses and lengths (zero, negative, huge, wrapping the address space,
 * adding up to more or less than the total, overflowing the sum). It is taken exactly when it is well-formed, as an
 * independent computation with unbounded integers says; anything else is a {@link ProtocolViolation} (which breaks
 * only that connection). What a taken record may name is the peer's own memory, read with a system call that fails on
 * a bad address ({@code CrossMemoryTest}).
 */
class RendezvousPullTest {

    private static final ConnectionLayout LAYOUT = new ConnectionLayout(4096, 0);
    private static final java.lang.foreign.ValueLayout.OfLong LE =
            JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** One segment as the peer lists it. */
    record Seg(long address, long length) {
    }

    @Provide
    Arbitrary<Seg> segs() {
        final Arbitrary<Long> lengths = Arbitraries.oneOf(Arbitraries.longs().between(-2, 70_000),
                Arbitraries.of(0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 62, (1L << 62) + 1), Arbitraries.longs());
        final Arbitrary<Long> addresses = Arbitraries.oneOf(Arbitraries.longs().between(0, 1L << 47),
                Arbitraries.of(0L, -1L, -4096L, Long.MAX_VALUE, Long.MIN_VALUE), Arbitraries.longs());
        return Combinators.combine(addresses, lengths).as(Seg::new);
    }

    @Property(tries = 400)
    void aSendRdvIsTakenExactlyWhenItIsWellFormed(
            @ForAll @Size(max = 18) final List<@From("segs") Seg> list,
            @ForAll @IntRange(min = -2, max = 2) final int countLie,
            @ForAll @IntRange(min = -17, max = 17) final int lengthLie,
            @ForAll final boolean honestTotal, @ForAll final long otherTotal,
            @ForAll @IntRange(min = 0, max = 3) final int flags, @ForAll final boolean honestToken,
            @ForAll @IntRange(min = 0, max = 3) final int recordsBefore) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final RingWriter w = new RingWriter(m, LAYOUT, 1);
            final RingReader r = new RingReader(m, LAYOUT, 0, Records.MAX_TYPE);
            final RecordHeader h = new RecordHeader();
            for (int i = 0; i < recordsBefore; i++) { // the token is the record's position, not always 0
                w.begin(Records.NAK, 0, 0, 0, 0, 0, 0);
                assertTrue(r.readHeader(h));
            }
            final MemorySegment payload = a.allocate(16L * 20);
            for (int i = 0; i < list.size(); i++) {
                payload.set(LE, 16L * i, list.get(i).address());
                payload.set(LE, 16L * i + 8, list.get(i).length());
            }
            final int count = list.size() + countLie;
            final int length = Math.max(0, 16 * list.size() + lengthLie);
            BigInteger listed = BigInteger.ZERO;
            for (final Seg s : list) {
                listed = listed.add(BigInteger.valueOf(s.length()));
            }
            final long total = honestTotal ? listed.longValue() : otherTotal;
            final long at = w.position();
            w.begin(Records.SEND_RDV, flags, length, total, honestToken ? at : at + 32, count, 0);
            assertEquals(length, w.write(payload, 0, length));
            assertTrue(r.readHeader(h));
            // the oracle: the header, then the entries the record holds (what lies past the list reads as zeros)
            boolean wellFormed = flags == 0 && honestToken && count >= 1 && count <= Records.RDV_SEGMENTS
                    && length == 16 * count && total > 0;
            BigInteger sum = BigInteger.ZERO;
            for (int i = 0; wellFormed && i < count; i++) {
                final Seg s = i < list.size() ? list.get(i) : new Seg(0, 0);
                final BigInteger end = new BigInteger(Long.toUnsignedString(s.address()))
                        .add(BigInteger.valueOf(s.length()));
                wellFormed = s.length() > 0 && end.compareTo(TWO_64) <= 0;
                sum = sum.add(BigInteger.valueOf(s.length()));
            }
            wellFormed &= sum.equals(BigInteger.valueOf(total));
            final RendezvousPull pull = new RendezvousPull(a, ProcessHandle.current().pid(), 4);
            boolean taken;
            try {
                pull.begin(h);
                assertTrue(pull.readList(r), "a record committed whole is readable at once");
                taken = true;
            } catch (final ProtocolViolation e) {
                taken = false;
            }
            assertEquals(wellFormed, taken, "list " + list + ", count " + count + ", length " + length + ", total "
                    + total + ", flags " + flags + ", token honest " + honestToken);
            if (taken) {
                assertEquals(total, pull.total());
            }
        }
    }
}
