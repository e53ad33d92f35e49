package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dat4j.DatException;
import io.dat4j.StatusType;
import java.util.Arrays;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The length trailer of connect/accept private data (the IB CM pads it), and C uDAPL's reject header. */
class PrivateDataTest {

    @Test
    @DisplayName("RC-03 a dat4j REQ keeps the consumer's length through the 56-byte padding: 0, 1 and 52 bytes")
    void shouldKeepTheLength() {
        assertNull(PrivateData.unframe(PrivateData.frame(null, 56)));
        for (final int n : new int[] {1, 17, 52}) {
            final byte[] b = new byte[n];
            Arrays.fill(b, (byte) 7);
            final byte[] wire = PrivateData.frame(b, 56);
            assertEquals(56, wire.length);
            assertArrayEquals(b, Arrays.copyOf(wire, n), "the consumer's bytes come first, where C reads them");
            assertArrayEquals(b, PrivateData.unframe(wire));
        }
        assertEquals(StatusType.LENGTH_ERROR,
                assertThrows(DatException.class, () -> PrivateData.frame(new byte[57], 56)).type());
    }

    @Test
    @DisplayName("RC-03 53 to 56 bytes (the REQ's full 56, as openib_cma advertises) go without the trailer: 56 arrive"
            + " exactly, fewer padded to 56 as from a C peer; bytes that would read as a trailer are refused")
    void shouldSendUpToTheFullRequestWithoutTheTrailer() {
        for (final int n : new int[] {53, 55, 56}) {
            final byte[] b = new byte[n];
            Arrays.fill(b, (byte) 'q');
            final byte[] wire = PrivateData.frame(b, 56);
            assertArrayEquals(Arrays.copyOf(b, 56), wire, "the consumer's bytes, zero padding, no trailer");
            assertArrayEquals(Arrays.copyOf(b, 56), PrivateData.unframe(wire));
        }
        final byte[] lookalike = new byte[56];
        lookalike[52] = 'D';
        lookalike[53] = '4';
        lookalike[54] = 'J';
        lookalike[55] = 0;
        assertEquals(StatusType.INVALID_PARAMETER,
                assertThrows(DatException.class, () -> PrivateData.frame(lookalike, 56)).type());
        final byte[] accept = new byte[196];
        Arrays.fill(accept, (byte) 'a');
        assertArrayEquals(accept, PrivateData.unframe(PrivateData.frame(accept, 196)));
    }

    @Test
    @DisplayName("a C peer's private data (no trailer) arrives as sent, padding included, as C uDAPL delivers it")
    void shouldPassCDataThrough() {
        final byte[] dtest = new byte[56];
        for (int i = 0; i < 48; i++) {
            dtest[i] = (byte) (i + 1);
        }
        assertArrayEquals(dtest, PrivateData.unframe(dtest));
        // a trailer look-alike with non-zero bytes before it is data, not a trailer
        final byte[] odd = PrivateData.frame(new byte[] {1}, 56);
        odd[10] = 9;
        assertArrayEquals(odd, PrivateData.unframe(odd));
        assertNull(PrivateData.unframe(new byte[0]));
    }

    @Test
    @DisplayName("RJ-02 rejects: dat4j's framed reject decodes exactly; C openib_cma's version header is a peer reject")
    void shouldDecodeRejects() {
        final byte[] ours = Arrays.copyOf(RejectData.encode(new byte[] {4, 5}), 148);
        assertArrayEquals(new byte[] {4, 5}, RejectData.decode(28, ours));
        final byte[] c = new byte[148];
        c[0] = 2;
        c[2] = 2;
        c[3] = 1;
        c[4] = 'x';
        final byte[] got = RejectData.decode(28, c);
        assertEquals(144, got.length);
        assertEquals('x', got[0]);
        assertNull(RejectData.decode(28, new byte[148]), "a consumer-defined reject without a header is a non-peer");
        assertNull(RejectData.decode(8, ours), "an invalid-service-ID reject is a non-peer");
    }
}
