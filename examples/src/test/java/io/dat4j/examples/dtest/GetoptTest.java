package io.dat4j.examples.dtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The getopt of the ported programs, against what glibc's getopt does with the same arguments. */
class GetoptTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Every option as "c" or "c=value", and '?' as "?". */
    private List<String> parse(final String optstring, final String... argv) {
        final Getopt g = new Getopt("prog", optstring, argv, new PrintStream(err, true, StandardCharsets.UTF_8));
        final List<String> got = new ArrayList<>();
        for (int c = g.next(); c != Getopt.END; c = g.next()) {
            got.add(g.optarg() == null ? Character.toString(c) : (char) c + "=" + g.optarg());
        }
        return got;
    }

    @Test
    void shouldGroupFlagsAndTakeValuesBothWays() {
        assertEquals(List.of("v", "p", "b=1024", "B=5", "v", "h=host"),
                parse("vpb:B:h:", "-vpb1024", "-B", "5", "-vh", "host"));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldReportUnknownLettersAndMissingValuesAsGlibc() {
        assertEquals(List.of("v", "?", "p"), parse("vpb:", "-vxp"));
        assertEquals(List.of("?"), parse("vpb:", "-b"));
        assertEquals(List.of("?"), parse("vpb:", "-:"));
        assertEquals("prog: invalid option -- 'x'\nprog: option requires an argument -- 'b'\n"
                + "prog: invalid option -- ':'\n", err.toString(StandardCharsets.UTF_8).replace("\r", ""));
    }

    @Test
    void shouldSkipOperandsAndStopAtDoubleDash() {
        assertEquals(List.of("v", "p"), parse("vp", "operand", "-v", "-", "-p", "--", "-v"));
    }

    @Test
    void shouldTakeAValueThatLooksLikeAnOption() {
        assertEquals(List.of("b=-3", "v"), parse("vb:", "-b", "-3", "-v"));
        final Getopt g = new Getopt("prog", "v", new String[0], new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(Getopt.END, g.next());
        assertNull(g.optarg());
    }
}
