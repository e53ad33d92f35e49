package io.dat4j.provider.rdmacm;

import java.util.Arrays;

/**
 * The private data of a consumer's reject, framed so the active side can tell it from any other reject (no listener,
 * a refused request, the CM itself): a 4-byte header ({@code 'D' '4' 'J'} and the length) before the consumer's bytes.
 * The IB REJ pads private data to 148 bytes, so the length must travel with it. openib_cma frames its rejects the same
 * way for the same reason.
 */
final class RejectData {

    private static final byte[] MAGIC = {'D', '4', 'J'};
    private static final int HEADER = 4;

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
        if (status != 28 || data == null || data.length < HEADER
                || !Arrays.equals(data, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            return null;
        }
        final int n = Byte.toUnsignedInt(data[3]);
        if (n > data.length - HEADER) {
            return null;
        }
        return Arrays.copyOfRange(data, HEADER, HEADER + n);
    }
}
