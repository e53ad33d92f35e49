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
        assertEquals(1000, t.burst);
        assertEquals(4 * 1024 * 1024, t.bufLen);
        assertEquals(100, t.msgBurst);
        assertEquals(10, t.signalRate);
        assertEquals("ofa-v2-mlx4_0-1u", t.provider);
        assertFalse(t.polling);
        assertFalse(t.writeOnly || t.writeOnlyPp || t.uniDirection || t.allDataSizes || t.dataCheck);
    }

    @Test
    void shouldParseLikeGetopt() {
        final Dtest t = dtest();
        assertEquals(0, t.parse(new String[] {"-P", "tcp-lo", "-b1024", "-B", "5", "-vptuw", "-S", "3", "-h", "server1",
            "-d", "2"}));
        assertEquals("tcp-lo", t.provider);
        assertEquals(1024, t.bufLen);
        assertEquals(5, t.burst);
        assertTrue(t.con.verbose);
        assertTrue(t.polling);
        assertTrue(t.performanceTimes);
        assertFalse(t.server, "-h makes it a client");
        assertEquals("server1", t.hostname);
        assertEquals(2, t.delay);
        assertEquals(3, t.signalRate);
        assertTrue(t.uniDirection && t.writeOnly);
        final String o = out.toString(StandardCharsets.UTF_8);
        assertTrue(o.contains(" Verbose") && o.contains(" Polling"), o);
    }

    @Test
    void shouldRefuseUnknownOptionsWithTheUsage() {
        assertEquals(12, dtest().parse(new String[] {"-x"}));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("DAPL USAGE"));
        assertEquals(12, dtest().parse(new String[] {"-U"}));
        assertEquals(12, dtest().parse(new String[] {"-b"}));
        assertEquals(12, dtest().parse(new String[] {"-S", "0"}), "C would divide by zero");
    }

    @Test
    void shouldFallThroughAsCDoes() {
        final Dtest d = dtest();
        assertEquals(0, d.parse(new String[] {"-D"}));
        assertTrue(d.dataCheck && d.writeOnlyPp && d.uniDirection, "-D falls through to -W");
        assertEquals(1, d.signalRate);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains(" Running DATA CHECK mode"));
        final Dtest i = dtest();
        assertEquals(0, i.parse(new String[] {"-W", "-i", "8"}));
        assertTrue(i.allDataSizes, "-i falls through to -a");
        assertEquals(8, i.increment);
        assertEquals(12, dtest().parse(new String[] {"-a"}), "-a only with -W");
    }

    @Test
    void shouldReadNumbersAsAtoi() {
        assertEquals(12, Libc.atoi("12abc"));
        assertEquals(0, Libc.atoi("abc"));
        assertEquals(-3, Libc.atoi(" -3"));
    }

    @Test
    void shouldCopyCStrings() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(64);
            Libc.strcpy(m, "client RDMA write data...");
            assertEquals("client RDMA write data...", Libc.cString(m));
            Libc.strcpy(m, "blah");
            assertEquals("blah", Libc.cString(m));
        }
    }
}
