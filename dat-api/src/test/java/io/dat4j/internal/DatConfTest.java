package io.dat4j.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.RegistryEntry;
import java.util.List;
import org.junit.jupiter.api.Test;

class DatConfTest {

    @Test
    void shouldParseTheEightFieldsWithQuotedParams() {
        final DatConf c = DatConf.parse(List.of(
                "# comment line",
                "ofa-v2-rxe0 u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 \"eth0 0\" \"\"  # trailing",
                "",
                "tcp-a u2.0 threadsafe nondefault dat4j-tcp dat4j.0.1 \"127.0.0.1\" \"\""), "test.conf");
        assertEquals(List.of(), c.problems());
        assertEquals(2, c.entries().size());
        final RegistryEntry e = c.entries().get(0);
        assertEquals("ofa-v2-rxe0", e.iaName());
        assertEquals(2, e.apiMajor());
        assertEquals(0, e.apiMinor());
        assertFalse(e.threadSafe());
        assertTrue(e.isDefault());
        assertEquals("libdaplofa.so.2", e.library());
        assertEquals("dapl.2.0", e.providerVersion());
        assertEquals("eth0 0", e.iaParams());
        assertEquals("", e.platformParams());
        assertTrue(c.entries().get(1).threadSafe());
    }

    @Test
    void shouldRoundTripAConfLine() {
        final RegistryEntry e = new RegistryEntry("x", "u2.0", false, true, "lib", "dapl.2.0", "rxe0 1", "");
        assertEquals(e, DatConf.parse(List.of(e.toConfLine()), "t").entries().get(0));
    }

    @Test
    void shouldReportBadLinesWithFileAndLineNumber() {
        final DatConf c = DatConf.parse(List.of(
                "a u2.0 nonthreadsafe default lib dapl.2.0 \"x\"",
                "b u2.0 maybe default lib dapl.2.0 \"x\" \"\"",
                "c v2 nonthreadsafe default lib dapl.2.0 \"x\" \"\"",
                "d u2.0 nonthreadsafe sometimes lib dapl.2.0 \"x\" \"\"",
                "e u2.0 nonthreadsafe default lib dapl.2.0 \"x \"\"",
                "f u2.0 nonthreadsafe default lib dapl.2.0 \"ok\" \"\""), "my.conf");
        assertEquals(1, c.entries().size());
        assertEquals("f", c.entries().get(0).iaName());
        assertEquals(5, c.problems().size());
        assertTrue(c.problems().get(0).startsWith("my.conf:1: expected 8 fields"), c.problems().get(0));
        assertTrue(c.problems().get(1).startsWith("my.conf:2:"));
        assertTrue(c.problems().get(4).startsWith("my.conf:5:"));
    }
}
