package io.dat4j.provider.rdmacm;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.util.Arrays;

/**
 * The length of connect and accept private data, carried across the InfiniBand/RoCE CM. The IB CM pads the private
 * data of a REQ to 56 bytes and of a REP to 196 ({@code rdma_connect(3)}, {@code rdma_accept(3)}), so the receiver
 * cannot tell how many bytes the consumer gave. dat4j sends the padded size itself, the consumer's bytes first (where
 * C uDAPL's openib_cma puts them, so a C peer reads them at offset 0 as it reads a C peer's), and, when it fits, a
 * 4-byte trailer in the last bytes of the padding: {@code 'D' '4' 'J' n}. A receiver that finds the trailer, with
 * zeros between the consumer's bytes and the trailer, gives the consumer exactly {@code n} bytes; without it (a C
 * peer, or more than 52 / 192 consumer bytes) it gives what arrived, padding included, as C uDAPL does. The limits
 * are librdmacm's, 56 and 196 bytes, as openib_cma advertises 56 for a connect: up to 52 (192) bytes arrive with their
 * exact length, more arrive padded to 56 (196).
 */
final class PrivateData {

    /** Bytes of the trailer. */
    static final int TRAILER = 4;
    private static final byte[] MAGIC = {'D', '4', 'J'};

    private PrivateData() {
    }

    /**
     * {@return {@code wire} bytes: the consumer's, zeros, the trailer}
     *
     * @param consumer the consumer's bytes (at most {@code wire}), or null
     * @param wire the padded size of the CM message's private data (56 or 196)
     */
    static byte[] frame(final byte[] consumer, final int wire) {
        final int n = consumer == null ? 0 : consumer.length;
        if (n > wire) {
            throw new DatException(StatusType.LENGTH_ERROR, null, "private data of " + n + " bytes: at most " + wire
                    + " fit the CM message");
        }
        final byte[] out = new byte[wire];
        if (n > 0) {
            System.arraycopy(consumer, 0, out, 0, n);
        }
        if (n <= wire - TRAILER) {
            System.arraycopy(MAGIC, 0, out, wire - TRAILER, MAGIC.length);
            out[wire - 1] = (byte) n;
        } else if (readsAsTrailer(out)) {
            // no room for the trailer, and the consumer's last bytes look like one: a receiver would cut them short
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG4, "private data of " + n
                    + " bytes ending in 'D' '4' 'J' and a length byte reads as dat4j's length trailer; send at most "
                    + (wire - TRAILER) + " bytes, or other last bytes");
        }
        return out;
    }

    private static boolean readsAsTrailer(final byte[] data) {
        final byte[] read = unframe(data);
        return read == null || read.length != data.length;
    }

    /**
     * {@return the consumer's bytes of received private data: exactly what a dat4j peer framed, else all of it}; null
     * when there is none
     *
     * @param data what the CM event carried (padded), or null
     */
    static byte[] unframe(final byte[] data) {
        if (data == null || data.length == 0) {
            return null;
        }
        final int t = data.length - TRAILER;
        if (t >= 0 && Arrays.equals(data, t, t + MAGIC.length, MAGIC, 0, MAGIC.length)) {
            final int n = Byte.toUnsignedInt(data[data.length - 1]);
            boolean zeros = n <= t;
            for (int i = n; zeros && i < t; i++) {
                zeros = data[i] == 0;
            }
            if (zeros) {
                return n == 0 ? null : Arrays.copyOf(data, n);
            }
        }
        return data.clone();
    }
}
