package io.dat4j.provider.rdmacm;

import java.util.Arrays;

/**
 * The private data of a consumer's reject, framed so the active side can tell it from any other reject (no listener,
 * a refused request, the CM itself): a 4-byte header ({@code 'D' '4' 'J'} and the length) before the consumer's bytes.
 * The IB REJ pads private data to 148 bytes, so the length must travel with it. openib_cma frames its rejects the same
 * way for the same reason, with a 4-byte version word ({@code htonl(DAT major << 24 | DAT minor << 16 | provider
 * version)}, so {@code 02 00 ..}) and strips any 4-byte header on receipt: a C active side reads our consumer's bytes,
 * and a C reject (recognized by its version word) reaches our consumer as PEER_REJECTED with the 144 bytes after the
 * header, padding included, as C uDAPL delivers them.
 */
final class RejectData {

    private static final byte[] MAGIC = {'D', '4', 'J'};
    private static final int HEADER = 4;
    /** The first two bytes of openib_cma's reject header: DAT 2.0. */
    private static final byte DAT_MAJOR = 2;
    private static final byte DAT_MINOR = 0;

    private RejectData() {
    }

    /**
     * {@return the framed bytes for {@code rdma_reject}}
     *
     * @param consumer the consumer's bytes (at most 144), or null
     */
    static byte[] encode(final byte[] consumer) {
        final int n = consumer == null ? 0 : consumer.length;
        final byte[] out = new byte[HEADER + n];
        System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
        out[3] = (byte) n;
        if (n > 0) {
            System.arraycopy(consumer, 0, out, HEADER, n);
        }
        return out;
    }

    /**
     * {@return the consumer's bytes if a REJECTED event carries a consumer's framed reject, else null}
     *
     * @param status the event status (28 for a consumer-defined reject on IB)
     * @param data the event's private data (padded)
     */
    static byte[] decode(final int status, final byte[] data) {
        if (status != 28 || data == null || data.length < HEADER) {
            return null;
        }
        if (data[0] == DAT_MAJOR && data[1] == DAT_MINOR) {
            // C uDAPL's openib_cma: version word, then the consumer's bytes (their length is lost to the padding)
            return Arrays.copyOfRange(data, HEADER, data.length);
        }
        if (!Arrays.equals(data, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            return null;
        }
        final int n = Byte.toUnsignedInt(data[3]);
        if (n > data.length - HEADER) {
            return null;
        }
        return Arrays.copyOfRange(data, HEADER, HEADER + n);
    }
}
