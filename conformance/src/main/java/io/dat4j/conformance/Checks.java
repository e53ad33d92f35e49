package io.dat4j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.DatException;
import io.dat4j.StatusType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.function.Executable;

/** Assertions the rules share: DAT status types (never raw codes) and data patterns. */
final class Checks {

    private Checks() {
    }

    /**
     * Asserts that a call fails with a DatException of one of some types (never another exception, never success).
     *
     * @param what the call, for the message
     * @param call the call
     * @param first an accepted type
     * @param more other accepted types
     * @return the exception
     */
    static DatException assertStatus(final String what, final Executable call, final StatusType first,
            final StatusType... more) {
        final Set<StatusType> accepted = EnumSet.of(first, more);
        try {
            call.execute();
        } catch (final DatException e) {
            if (!accepted.contains(e.type())) {
                fail(what + ": expected " + accepted + " but got " + e.status() + ": " + e.getMessage(), e);
            }
            return e;
        } catch (final Throwable t) {
            fail(what + ": expected a DatException " + accepted + " but got " + t, t);
        }
        return fail(what + ": expected " + accepted + " but the call succeeded");
    }

    /**
     * Asserts that a call succeeds, with a message naming the call and the status if it does not.
     *
     * @param what the call
     * @param call the call
     */
    static void assertSucceeds(final String what, final Executable call) {
        try {
            call.execute();
        } catch (final DatException e) {
            fail(what + " must succeed but failed with " + e.status() + ": " + e.getMessage(), e);
        } catch (final Throwable t) {
            fail(what + " must succeed but threw " + t, t);
        }
    }

    /**
     * {@return a deterministic pattern of bytes}
     *
     * @param length the length
     * @param seed varies the pattern
     */
    static byte[] pattern(final int length, final int seed) {
        final byte[] b = new byte[length];
        int x = seed * 0x9E3779B1 + 0x7F4A7C15;
        for (int i = 0; i < length; i++) {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            b[i] = (byte) x;
        }
        return b;
    }

    /**
     * Fills a segment with the pattern of a seed.
     *
     * @param s the segment
     * @param seed the seed
     */
    static void fill(final MemorySegment s, final int seed) {
        final int n = (int) Math.min(s.byteSize(), Integer.MAX_VALUE);
        MemorySegment.copy(pattern(n, seed), 0, s, ValueLayout.JAVA_BYTE, 0, n);
    }

    /**
     * Asserts a segment holds a seed's pattern; reports the first differing offset.
     *
     * @param what for the message
     * @param s the segment
     * @param seed the seed
     */
    static void assertPattern(final String what, final MemorySegment s, final int seed) {
        final byte[] expected = pattern((int) s.byteSize(), seed);
        final byte[] actual = s.toArray(ValueLayout.JAVA_BYTE);
        final int at = Arrays.mismatch(expected, actual);
        if (at >= 0) {
            fail(what + ": data differs at offset " + at + " of " + s.byteSize() + " (expected "
                    + expected[at] + ", got " + actual[at] + ")");
        }
    }

    /**
     * Asserts private data equality with a clear message.
     *
     * @param what for the message
     * @param expected expected bytes (null means none)
     * @param actual actual bytes
     */
    static void assertPrivateData(final String what, final byte[] expected, final byte[] actual) {
        final byte[] e = expected == null ? new byte[0] : expected;
        assertEquals(e.length, actual == null ? -1 : actual.length, what + ": private data length");
        assertArrayEquals(e, actual, what + ": private data bytes");
    }

    /**
     * Asserts private data equality with a clear message.
     *
     * @param what for the message
     * @param expected expected bytes (null means none)
     * @param actual the private data of an event or request
     */
    static void assertPrivateData(final String what, final byte[] expected, final io.dat4j.PrivateData actual) {
        assertPrivateData(what, expected, actual == null ? null : actual.toByteArray());
    }
}
