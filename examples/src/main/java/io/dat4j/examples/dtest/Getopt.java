package io.dat4j.examples.dtest;

import java.io.PrintStream;

/**
 * glibc's {@code getopt(argc, argv, optstring)}, as the dapl test programs call it: single-letter options, flags
 * grouped ({@code -vp}), a value after its letter ({@code -b1024}) or as the next argument ({@code -b 1024}), a letter
 * followed by {@code :} in the option string takes a value. Arguments that are not options are skipped (glibc
 * permutes them to the end; these programs take none) and {@code --} ends the options. An unknown letter or a missing
 * value prints glibc's message on stderr and returns {@code '?'}.
 *
 * <p>Not thread safe.
 */
final class Getopt {

    /** {@code getopt}'s end of the options. */
    static final int END = -1;

    private final String program;
    private final String optstring;
    private final String[] argv;
    private final PrintStream err;
    private int index;
    /** Position in the current group of flags, 0 when between arguments. */
    private int next;
    private String optarg;

    /**
     * Parses {@code argv} (without the program name) against {@code optstring}.
     *
     * @param program the program's name for the messages ({@code argv[0]})
     * @param optstring the letters, each followed by {@code :} if it takes a value
     * @param argv the arguments
     * @param err where glibc's messages go
     */
    Getopt(final String program, final String optstring, final String[] argv, final PrintStream err) {
        this.program = program;
        this.optstring = optstring;
        this.argv = argv.clone();
        this.err = err;
    }

    /** {@return the next option letter, {@code '?'} for a bad one, or {@link #END}} */
    int next() {
        optarg = null;
        if (next == 0) {
            while (index < argv.length && (argv[index].length() < 2 || argv[index].charAt(0) != '-')) {
                index++;
            }
            if (index >= argv.length) {
                return END;
            }
            if (argv[index].equals("--")) {
                index = argv.length;
                return END;
            }
            next = 1;
        }
        final String arg = argv[index];
        final char c = arg.charAt(next++);
        final int at = optstring.indexOf(c);
        if (c == ':' || at < 0) {
            err.printf("%s: invalid option -- '%c'%n", program, c);
            endOfGroup(arg);
            return '?';
        }
        if (at + 1 < optstring.length() && optstring.charAt(at + 1) == ':') {
            if (next < arg.length()) {
                optarg = arg.substring(next);
            } else if (index + 1 < argv.length) {
                optarg = argv[++index];
            } else {
                err.printf("%s: option requires an argument -- '%c'%n", program, c);
                next = 0;
                index++;
                return '?';
            }
            next = 0;
            index++;
            return c;
        }
        endOfGroup(arg);
        return c;
    }

    private void endOfGroup(final String arg) {
        if (next >= arg.length()) {
            next = 0;
            index++;
        }
    }

    /** {@return the value of the last option that takes one ({@code optarg}), else null} */
    String optarg() {
        return optarg;
    }
}
