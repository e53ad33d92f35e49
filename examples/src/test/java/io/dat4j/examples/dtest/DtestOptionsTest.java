package io.dat4j.examples.dtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DtestOptionsTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Dtest dtest() {
        return new Dtest(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shouldDefaultLikeCDtest() {
        final Dtest t = dtest();
        assertEquals(0, t.parse(new String[0]));
        assertTrue(t.server);
        assertEquals(10, t.burst);
        assertEquals(64, t.bufLen);
        assertEquals("ofa-v2-ib0", t.provider);
        assertFalse(t.polling);
    }

    @Test
    void shouldParseLikeGetopt() {
        final Dtest t = dtest();
        assertEquals(0, t.parse(new String[] {"-P", "tcp-lo", "-b1024", "-B", "5", "-vpt", "-h", "server1",
            "-d", "2"}));
        assertEquals("tcp-lo", t.provider);
        assertEquals(1024, t.bufLen);
        assertEquals(5, t.burst);
        assertTrue(t.verbose);
        assertTrue(t.polling);
        assertTrue(t.performanceTimes);
        assertFalse(t.server, "-h makes it a client");
        assertEquals("server1", t.hostname);
        assertEquals(2, t.delay);
        final String o = out.toString(StandardCharsets.UTF_8);
        assertTrue(o.contains(" Verbose") && o.contains(" Polling"), o);
    }

    @Test
    void shouldRefuseUnknownOptionsAndUcmAddressingWithTheUsage() {
        assertEquals(12, dtest().parse(new String[] {"-x"}));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("DAPL USAGE"));
        assertEquals(12, dtest().parse(new String[] {"-q", "0x12"}));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("UCM addressing"));
        assertEquals(12, dtest().parse(new String[] {"-b"}));
    }

    @Test
    void shouldReadNumbersAsAtoi() {
        assertEquals(12, Dtest.atoi("12abc"));
        assertEquals(0, Dtest.atoi("abc"));
        assertEquals(-3, Dtest.atoi(" -3"));
    }

    @Test
    void shouldCopyCStrings() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(64);
            Dtest.strcpy(m, "client RDMA write data...");
            assertEquals("client RDMA write data...", Dtest.cString(m));
            Dtest.strcpy(m, "blah");
            assertEquals("blah", Dtest.cString(m));
        }
    }
}
