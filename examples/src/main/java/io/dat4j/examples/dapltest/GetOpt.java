package io.dat4j.examples.dapltest;

/**
 * dapltest's own reentrant getopt ({@code DT_mygetopt_r}), with its quirks, because the option parsers depend on
 * them: one state runs through the {@code -T} call and then the test's own option string, so {@code -T} must come
 * first; {@code --} is an illegal option rather than the end of options; a lone {@code -} is an illegal option that
 * does not advance; an option that needs a value takes the rest of the word ({@code -i100}) or the next word, whatever
 * it starts with. dapltest turns error printing off, so this class prints nothing.
 *
 * <p>Not thread safe: one parse.
 */
final class GetOpt {

    /** No more options ({@code EOF}). */
    static final int EOF = -1;
    /** An illegal option or a missing value ({@code BADCH}). */
    static final int BAD = '?';
    /** A missing value when the option string starts with ':' ({@code BADARG}). */
    static final int BAD_ARG = ':';

    private final String[] argv;
    /** The rest of the current word still to scan ({@code place}); empty between words. */
    private String place = "";
    private int optind = 1;
    private int optopt;
    private String optarg;

    /**
     * @param argv the words, {@code argv[0]} the program name, as C's argv
     */
    GetOpt(final String[] argv) {
        this.argv = argv.clone();
    }

    /** {@return the index of the next word to scan ({@code optind})} */
    int optind() {
        return optind;
    }

    /** {@return the option letter just scanned ({@code optopt})} */
    int optopt() {
        return optopt;
    }

    /** {@return the value of the option just scanned, or null ({@code optarg})} */
    String optarg() {
        return optarg;
    }

    /**
     * Scans the next option.
     *
     * @param ostr the option letters, a letter followed by ':' takes a value
     * @return the letter, {@link #EOF}, {@link #BAD} or {@link #BAD_ARG}
     */
    int next(final String ostr) {
        if (place.isEmpty()) {
            if (optind >= argv.length || argv[optind].isEmpty() || argv[optind].charAt(0) != '-') {
                place = "";
                return EOF;
            }
            place = argv[optind];
            if (place.length() > 1) {
                place = place.substring(1);
                if (place.charAt(0) == '-') {
                    /* "--" is not the end of the options here, but an illegal one */
                    optind++;
                    place = "";
                    return BAD;
                }
            }
        }
        optopt = place.charAt(0);
        place = place.substring(1);
        final int oli = optopt == ':' ? -1 : ostr.indexOf(optopt);
        if (oli < 0) {
            if (optopt == '-') {
                /* a lone "-": C returns without moving to the next word */
                return BAD;
            }
            if (place.isEmpty()) {
                optind++;
            }
            return BAD;
        }
        if (oli + 1 >= ostr.length() || ostr.charAt(oli + 1) != ':') {
            optarg = null;
            if (place.isEmpty()) {
                optind++;
            }
        } else {
            if (!place.isEmpty()) {
                optarg = place;
            } else if (argv.length <= ++optind) {
                place = "";
                return ostr.charAt(0) == ':' ? BAD_ARG : BAD;
            } else {
                optarg = argv[optind];
            }
            place = "";
            optind++;
        }
        return optopt;
    }
}
