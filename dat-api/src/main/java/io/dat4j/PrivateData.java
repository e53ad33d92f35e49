package io.dat4j;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The private data of a connection event or request ({@code private_data} and {@code private_data_size} of
 * {@code DAT_CONNECTION_EVENT_DATA} and {@code DAT_CR_PARAM}): an immutable byte string that compares by content, so
 * that records holding it ({@link ConnectionEvent}, {@link ConnectionRequestParameters}) have a working
 * {@code equals}, {@code hashCode} and {@code toString}. The bytes are copied in once and copied out on demand.
 *
 * {@snippet :
 * if (evd.await(timeout) instanceof ConnectionEvent ce
 *         && ce.number() == EventNumber.CONNECTION_EVENT_ESTABLISHED) {
 *     PrivateData pd = ce.privateData();            // private_data, private_data_size
 *     int version = pd.isEmpty() ? 0 : pd.get(0);   // read in place
 *     byte[] copy = pd.toByteArray();               // or copy out
 *     ByteBuffer view = pd.asByteBuffer();          // or a read-only view
 * }
 * }
 *
 * <p>Thread safety: immutable.
 */
public final class PrivateData {

    /** No private data ({@code private_data_size} 0). */
    public static final PrivateData EMPTY = new PrivateData(new byte[0]);

    /** {@link #toString()} shows at most this many bytes. */
    private static final int SHOWN = 32;

    private final byte[] bytes;

    private PrivateData(final byte[] owned) {
        this.bytes = owned;
    }

    /**
     * {@return private data holding a copy of the bytes; {@link #EMPTY} for null or none}
     *
     * @param bytes the bytes, or null for none
     */
    public static PrivateData of(final byte[] bytes) {
        return bytes == null || bytes.length == 0 ? EMPTY : new PrivateData(bytes.clone());
    }

    /**
     * {@return private data holding a copy of a range of bytes; {@link #EMPTY} when the range is empty}
     *
     * @param bytes the array
     * @param offset the first byte
     * @param length how many bytes
     * @throws DatException {@code INVALID_PARAMETER} when the array is null or the range is outside it
     */
    public static PrivateData of(final byte[] bytes, final int offset, final int length) {
        if (bytes == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "the array is null");
        }
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2, "range " + offset
                    + "+" + length + " is outside an array of " + bytes.length + " bytes");
        }
        return length == 0 ? EMPTY : new PrivateData(Arrays.copyOfRange(bytes, offset, offset + length));
    }

    /** {@return the number of bytes, {@code private_data_size}} */
    public int length() {
        return bytes.length;
    }

    /** {@return true if there are no bytes} */
    public boolean isEmpty() {
        return bytes.length == 0;
    }

    /**
     * {@return one byte}
     *
     * @param index 0 to {@link #length()} - 1
     * @throws IndexOutOfBoundsException when the index is outside
     */
    public byte get(final int index) {
        return bytes[index];
    }

    /** {@return a new array holding a copy of the bytes} */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    /**
     * Copies the bytes into an array.
     *
     * @param destination the array
     * @param offset where the first byte goes
     * @return the number of bytes copied, {@link #length()}
     * @throws IndexOutOfBoundsException when they do not fit
     */
    public int copyTo(final byte[] destination, final int offset) {
        System.arraycopy(bytes, 0, destination, offset, bytes.length);
        return bytes.length;
    }

    /** {@return a read-only buffer over the bytes, position 0, limit {@link #length()}} */
    public ByteBuffer asByteBuffer() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }

    /**
     * {@return true if the bytes equal an array's}
     *
     * @param other the array, or null (equal to none)
     */
    public boolean contentEquals(final byte[] other) {
        return other == null ? bytes.length == 0 : Arrays.equals(bytes, other);
    }

    @Override
    public boolean equals(final Object o) {
        return o == this || o instanceof PrivateData p && Arrays.equals(bytes, p.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /** {@return the length and the bytes in hex, the first 32 of them} */
    @Override
    public String toString() {
        if (bytes.length == 0) {
            return "PrivateData[0 bytes]";
        }
        final int shown = Math.min(bytes.length, SHOWN);
        return "PrivateData[" + bytes.length + " bytes: " + HexFormat.ofDelimiter(" ").formatHex(bytes, 0, shown)
                + (shown < bytes.length ? " ...]" : "]");
    }
}
