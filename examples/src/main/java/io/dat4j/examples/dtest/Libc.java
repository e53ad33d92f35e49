package io.dat4j.examples.dtest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;

/** What the dapl test programs take from libc, for the Java ports. */
final class Libc {

    private Libc() {
    }

    /** {@return C's {@code atoi}: leading white space, a sign, digits; 0 when there are none or they overflow} */
    static int atoi(final String s) {
        final String t = s.strip();
        int i = 0;
        if (i < t.length() && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
            i++;
        }
        int j = i;
        while (j < t.length() && Character.isDigit(t.charAt(j))) {
            j++;
        }
        if (j == i) {
            return 0;
        }
        try {
            return Integer.parseInt(t.substring(0, j));
        } catch (final NumberFormatException e) {
            return 0;
        }
    }

    /**
     * {@code strcpy}: the ASCII bytes of a string and a NUL.
     *
     * @param to where
     * @param s what
     */
    static void strcpy(final MemorySegment to, final String s) {
        final byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(b, 0, to, ValueLayout.JAVA_BYTE, 0, b.length);
        to.set(ValueLayout.JAVA_BYTE, b.length, (byte) 0);
    }

    /** {@return the NUL-terminated ASCII string at the start of a segment, as {@code %s} prints it} */
    static String cString(final MemorySegment from) {
        int n = 0;
        while (n < from.byteSize() && from.get(ValueLayout.JAVA_BYTE, n) != 0) {
            n++;
        }
        final byte[] b = new byte[n];
        MemorySegment.copy(from, ValueLayout.JAVA_BYTE, 0, b, 0, n);
        return new String(b, StandardCharsets.US_ASCII);
    }

    /**
     * {@code getaddrinfo} and the cast of the first answer to {@code sockaddr_in}: the first IPv4 address of a name.
     *
     * @param host a name or address
     * @return its first IPv4 address
     * @throws UnknownHostException when it has none
     */
    static InetAddress resolve(final String host) throws UnknownHostException {
        for (final InetAddress a : InetAddress.getAllByName(host)) {
            if (a instanceof Inet4Address) {
                return a;
            }
        }
        throw new UnknownHostException(host + " has no IPv4 address");
    }

    /** {@return {@code get_time()}: seconds, as a double (monotonic, where C uses gettimeofday)} */
    static double getTime() {
        return System.nanoTime() / 1e9;
    }
}
