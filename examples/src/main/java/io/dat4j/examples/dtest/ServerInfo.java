package io.dat4j.examples.dtest;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The message a dapl 2.1.x dtest server writes to its client over a plain TCP socket (port {@code CONN_PORT}, 15828)
 * before any DAT call connects them: {@code CONN_MSG_SIZE} (128) bytes holding the text
 * {@code CONN_MSG_FMT = "%04hx:%08x:%08x:%08x:%s"} filled with the UCM LID, QPN and scope id (0 for IP addressing),
 * the server's IPv4 {@code sin_addr.s_addr} and the provider name, NUL-terminated. The client reads it back with
 * {@code sscanf(msg, CONN_MSG_FMT, ...)} and must find 5 fields.
 *
 * <p>Byte order as C has it: {@code s_addr} holds the address in network order in memory, and {@code %08x} prints
 * that memory as a host-order integer, so 10.0.2.15 travels as {@code 0f02000a} from a little-endian host. Both ends
 * convert with the native order, as C does; two hosts of different endianness do not understand each other (nor do
 * two C dtests).
 *
 * @param lid {@code ser_lid} (UCM only; a 16-bit value)
 * @param qpn {@code ser_qpn} (UCM only)
 * @param scopeId {@code scope_id} (UCM only)
 * @param sinAddr {@code ser_sin_addr}: the IPv4 address as C's {@code s_addr} reads on this host
 * @param provider the server's provider name ({@code -P}); the C client replaces its own {@code -P} with it
 * @param parsed the number of fields {@code sscanf} would assign (5 for a good message)
 */
record ServerInfo(int lid, int qpn, int scopeId, int sinAddr, String provider, int parsed) {

    /** {@code CONN_MSG_SIZE}. */
    static final int SIZE = 128;

    /**
     * The message of a server that listens at an IPv4 address.
     *
     * @param address the server's IA address
     * @param provider the provider name
     * @return the info, with the UCM fields 0
     */
    static ServerInfo of(final Inet4Address address, final String provider) {
        return new ServerInfo(0, 0, 0, sinAddr(address), provider, 5);
    }

    /** {@return the address as {@code s_addr} reads on this host (network-order bytes, native-order int)} */
    static int sinAddr(final Inet4Address address) {
        return ByteBuffer.wrap(address.getAddress()).order(ByteOrder.nativeOrder()).getInt();
    }

    /** {@return the IPv4 address of an {@code s_addr} value, as {@code inet_ntop} reads it} */
    Inet4Address address() {
        final byte[] b = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(sinAddr).array();
        try {
            return (Inet4Address) InetAddress.getByAddress(b);
        } catch (final UnknownHostException e) {
            throw new IllegalStateException("4 bytes are always an IPv4 address", e);
        }
    }

    /**
     * {@code sprintf(msg, CONN_MSG_FMT, ...)} into a zeroed 128-byte buffer (C sends whatever its stack held after the
     * NUL; zeros here).
     *
     * @return the 128 bytes to write
     * @throws IllegalArgumentException if the text does not fit with its NUL
     */
    byte[] encode() {
        final byte[] text = String.format(Locale.ROOT, "%04x:%08x:%08x:%08x:%s", lid & 0xffff, qpn, scopeId, sinAddr,
                provider).getBytes(StandardCharsets.US_ASCII);
        if (text.length >= SIZE) {
            throw new IllegalArgumentException("server info of " + text.length + " bytes does not fit in " + SIZE);
        }
        final byte[] msg = new byte[SIZE];
        System.arraycopy(text, 0, msg, 0, text.length);
        return msg;
    }

    /**
     * {@code sscanf(msg, CONN_MSG_FMT, ...)}: the text up to the first NUL, hex fields of at most 4, 8, 8 and 8
     * digits after optional white space, a literal colon after each, then a word (non-white-space characters).
     * Stops at the first mismatch; {@link #parsed()} says how many fields were assigned.
     *
     * @param msg the bytes read (any length)
     * @return the fields, unassigned ones 0 or empty
     */
    static ServerInfo decode(final byte[] msg) {
        int end = 0;
        while (end < msg.length && msg[end] != 0) {
            end++;
        }
        final String s = new String(msg, 0, end, StandardCharsets.ISO_8859_1);
        final long[] v = new long[4];
        final int[] widths = {4, 8, 8, 8};
        int pos = 0;
        int parsed = 0;
        for (int f = 0; f < 4; f++) {
            pos = skipSpace(s, pos);
            int digits = 0;
            long value = 0;
            while (pos < s.length() && digits < widths[f] && Character.digit(s.charAt(pos), 16) >= 0) {
                value = value << 4 | Character.digit(s.charAt(pos), 16);
                pos++;
                digits++;
            }
            if (digits == 0) {
                return new ServerInfo((int) v[0] & 0xffff, (int) v[1], (int) v[2], (int) v[3], "", parsed);
            }
            v[f] = value;
            parsed++;
            if (pos >= s.length() || s.charAt(pos) != ':') {
                return new ServerInfo((int) v[0] & 0xffff, (int) v[1], (int) v[2], (int) v[3], "", parsed);
            }
            pos++;
        }
        pos = skipSpace(s, pos);
        final int start = pos;
        while (pos < s.length() && !isSpace(s.charAt(pos))) {
            pos++;
        }
        final String word = s.substring(start, pos);
        return new ServerInfo((int) v[0] & 0xffff, (int) v[1], (int) v[2], (int) v[3], word,
                word.isEmpty() ? parsed : parsed + 1);
    }

    /** {@return the text of a message up to its NUL, as {@code %.*s} prints it} */
    static String text(final byte[] msg) {
        int end = 0;
        while (end < msg.length && msg[end] != 0) {
            end++;
        }
        return new String(msg, 0, end, StandardCharsets.ISO_8859_1);
    }

    private static int skipSpace(final String s, final int from) {
        int p = from;
        while (p < s.length() && isSpace(s.charAt(p))) {
            p++;
        }
        return p;
    }

    private static boolean isSpace(final char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b;
    }
}
