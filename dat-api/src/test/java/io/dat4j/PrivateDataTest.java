package io.dat4j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.api.Test;

/** Issue 20: the records that carry private data compare, hash and print by content, and stay immutable. */
class PrivateDataTest {

    @Test
    void shouldCompareConnectionEventsByTheirBytes() {
        final ConnectionEvent a = new ConnectionEvent(EventNumber.CONNECTION_EVENT_ESTABLISHED, null, null,
                new byte[] {1, 2, 3});
        final ConnectionEvent b = new ConnectionEvent(EventNumber.CONNECTION_EVENT_ESTABLISHED, null, null,
                PrivateData.of(new byte[] {1, 2, 3}));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertTrue(a.toString().contains("01 02 03"), a.toString());
        assertNotEquals(a, new ConnectionEvent(EventNumber.CONNECTION_EVENT_ESTABLISHED, null, null,
                new byte[] {1, 2, 4}));
    }

    @Test
    void shouldCompareConnectionRequestParametersByTheirBytes() {
        final InetSocketAddress at = new InetSocketAddress("127.0.0.1", 7);
        final ConnectionRequestParameters a = new ConnectionRequestParameters(at, 7, new byte[] {9, 8}, null, 5,
                null, 1, 2);
        final ConnectionRequestParameters b = new ConnectionRequestParameters(at, 7, new byte[] {9, 8}, null, 5,
                null, 1, 2);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(2, a.privateDataSize());
        assertEquals(PrivateData.EMPTY,
                new ConnectionRequestParameters(at, 7, (byte[]) null, null, 5, null, 1, 2).privateData());
    }

    @Test
    void shouldCopyInAndOut() {
        final byte[] in = {1, 2, 3, 4};
        final PrivateData pd = PrivateData.of(in);
        in[0] = 9;
        assertEquals(1, pd.get(0));
        final byte[] out = pd.toByteArray();
        out[1] = 9;
        assertEquals(2, pd.get(1));
        final byte[] into = new byte[6];
        assertEquals(4, pd.copyTo(into, 2));
        assertArrayEquals(new byte[] {0, 0, 1, 2, 3, 4}, into);
        assertTrue(pd.contentEquals(new byte[] {1, 2, 3, 4}));
        assertFalse(pd.contentEquals(new byte[] {1, 2, 3}));
        assertEquals(PrivateData.of(new byte[] {2, 3}), PrivateData.of(new byte[] {1, 2, 3, 4}, 1, 2));
    }

    @Test
    void shouldGiveAReadOnlyView() {
        final ByteBuffer view = PrivateData.of(new byte[] {5, 6}).asByteBuffer();
        assertTrue(view.isReadOnly());
        assertEquals(2, view.remaining());
        assertEquals(5, view.get(0));
        assertThrows(ReadOnlyBufferException.class, () -> view.put(0, (byte) 1));
    }

    @Test
    void shouldShareTheEmptyValue() {
        assertSame(PrivateData.EMPTY, PrivateData.of(null));
        assertSame(PrivateData.EMPTY, PrivateData.of(new byte[0]));
        assertTrue(PrivateData.EMPTY.isEmpty());
        assertTrue(PrivateData.EMPTY.contentEquals(null));
        assertEquals("PrivateData[0 bytes]", PrivateData.EMPTY.toString());
    }

    @Test
    void shouldPrintOnlyTheFirstBytesOfALongValue() {
        final String s = PrivateData.of(new byte[200]).toString();
        assertTrue(s.startsWith("PrivateData[200 bytes: 00 00"), s);
        assertTrue(s.endsWith(" ...]"), s);
    }

    @Test
    void shouldRefuseABadRange() {
        final DatException e = assertThrows(DatException.class, () -> PrivateData.of(new byte[2], 1, 2));
        assertEquals(StatusType.INVALID_PARAMETER, e.type());
        assertThrows(DatException.class, () -> PrivateData.of(null, 0, 0));
    }
}
