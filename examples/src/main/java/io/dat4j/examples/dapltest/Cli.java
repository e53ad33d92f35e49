package io.dat4j.examples.dapltest;

import io.dat4j.Qos;

/**
 * What the option parsers share: the defaults of {@code dapl_common.h} and {@code dapl_mdep_user.h}, libc's
 * {@code atoi}/{@code atol} and {@code strspn} as the parsers use them, and {@code DT_ParseQoS}.
 */
final class Cli {

    /** {@code SERVER_PORT_NUMBER}: the server's connection qualifier unless {@code -n} says otherwise. */
    static final long SERVER_PORT_NUMBER = 62000;
    /** {@code DT_MdepDeviceName}: the IA opened unless {@code -D} says otherwise. */
    static final String DEFAULT_DEVICE = "ofa-v2-ib0";
    /** {@code NAME_SZ}: the size of the name fields of the commands, NUL included. */
    static final int NAME_SZ = 256;

    private Cli() {
    }

    /**
     * {@return {@code atol}: the leading decimal number of a word (after blanks and a sign), 0 if there is none; like
     * glibc on a 64-bit host it wraps rather than saturates past 64 bits, which no test relies on}
     *
     * @param s the word
     */
    static long atol(final String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        long v = 0;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            v = v * 10 + (s.charAt(i) - '0');
            i++;
        }
        return negative ? -v : v;
    }

    /** {@return {@code atoi}: {@link #atol} as a C int} @param s the word */
    static int atoi(final String s) {
        return (int) atol(s);
    }

    /** {@return true if a word is digits only and not empty (the parsers' {@code strspn} check)} @param s the word */
    static boolean allDigits(final String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** {@return true if a word starts with a digit ({@code strspn(word, "0123456789") != 0})} @param s the word */
    static boolean startsWithDigit(final String s) {
        return !s.isEmpty() && s.charAt(0) >= '0' && s.charAt(0) <= '9';
    }

    /**
     * {@return {@code DT_ParseQoS}: HT, LL, EC or PM, anything else best effort (value 0), without an error}
     *
     * @param arg the word
     */
    static Qos parseQos(final String arg) {
        return switch (arg) {
            case "HT" -> Qos.HIGH_THROUGHPUT;
            case "LL" -> Qos.LOW_LATENCY;
            case "EC" -> Qos.ECONOMY;
            case "PM" -> Qos.PREMIUM;
            default -> Qos.BEST_EFFORT;
        };
    }

    /** Prints the usage lines of the {@code -R} values, which every command's usage has. */
    static void qosUsage(final Log log) {
        log.printf("USAGE:                  (BE == QOS_BEST_EFFORT - Default)\n");
        log.printf("USAGE:                  (HT == QOS_HIGH_THROUGHPUT)\n");
        log.printf("USAGE:                  (LL == QOS_LOW_LATENCY)\n");
        log.printf("USAGE:                  (EC == QOS_ECONOMY)\n");
        log.printf("USAGE:                  (PM == QOS_PREMIUM)\n");
    }

    /** {@return the name as the fixed C field keeps it: at most {@link #NAME_SZ} - 1 characters} @param s the name */
    static String name(final String s) {
        return s.length() < NAME_SZ ? s : s.substring(0, NAME_SZ - 1);
    }

    /** {@return the {@code DAT_QOS} for a raw value from the wire, best effort for anything unknown} @param v it */
    static Qos qos(final int v) {
        for (final Qos q : Qos.values()) {
            if (q.value() == v) {
                return q;
            }
        }
        return Qos.BEST_EFFORT;
    }
}
