package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.RemoteMemoryTriplet;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class WireTest {

    @Test
    @DisplayName("buffer info is dtest's DAT_RMR_TRIPLET: va u64, length u32, rmr_context u32, network order")
    void shouldLayOutTheRmrTripletAsCDtest() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(16);
            Wire.putRmrTriplet(m, 0, 0x0102030405060708L, 0x40, 0xa1b2c3d4);
            assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0x40, (byte) 0xa1, (byte) 0xb2,
                (byte) 0xc3, (byte) 0xd4}, m.toArray(ValueLayout.JAVA_BYTE));
            assertEquals(new RemoteMemoryTriplet(0xa1b2c3d4, 0x0102030405060708L, 0x40), Wire.getRmrTriplet(m, 0));
        }
    }

    @Test
    void shouldReadTheLengthUnsigned() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(16);
            Wire.putRmrTriplet(m, 0, 1, -1, 7);
            assertEquals(0xffffffffL, Wire.getRmrTriplet(m, 0).segmentLength());
        }
    }

    @Test
    void shouldRoundTripControlMessages() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(Wire.CONTROL_SIZE);
            final Wire.Control c = new Wire.Control(Wire.START, 2, Wire.MODE_BANDWIDTH, 65536, 1_000_000_000_000L);
            Wire.putControl(m, 0, c);
            assertEquals(c, Wire.getControl(m, 0, Wire.CONTROL_SIZE));
            assertEquals((byte) 'D', m.get(ValueLayout.JAVA_BYTE, 0));
        }
    }

    @Test
    void shouldRejectForeignControlMessages() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(Wire.CONTROL_SIZE);
            final IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Wire.getControl(m, 0, Wire.CONTROL_SIZE));
            assertTrue(e.getMessage().contains("magic"));
            assertThrows(IllegalStateException.class, () -> Wire.getControl(m, 0, 16));
        }
    }

    @Test
    void shouldBuildAndCheckDtestPrivateData() {
        final byte[] req = TestCommand.pattern(1);
        assertEquals(48, req.length);
        assertEquals(1, req[0]);
        assertEquals(48, req[47]);
        assertArrayEquals(TestCommand.pattern(2), TestCommand.checkAndIncrement(req));
        req[10] = 0;
        assertEquals(null, TestCommand.checkAndIncrement(req));
        assertEquals(null, TestCommand.checkAndIncrement(new byte[3]));
    }

    @Test
    void shouldCarryTheCmIndexTotalAndRunInPrivateData() {
        assertEquals(new CmServer.Request(7, 1000, 0x1234), CmServer.parse(CmServer.pdata(7, 1000, 0x1234)));
        // a client without a run id sends 0 in the last word
        assertEquals(new CmServer.Request(0, 1, 0), CmServer.parse(CmServer.pdata(0, 1, 0)));
    }

    @Test
    void shouldRefuseCmPrivateDataOutOfRange() {
        assertTrue(refusal(new byte[4]).contains("4 bytes of private data"));
        assertTrue(refusal(new byte[16]).contains("not dat cm's"));
        assertTrue(refusal(CmServer.pdata(0, 0, 1)).contains("announces 0 connections"));
        assertTrue(refusal(CmServer.pdata(0, Integer.MIN_VALUE, 1)).contains("announces -2147483648"));
        assertTrue(refusal(CmServer.pdata(-1, 10, 1)).contains("connection -1 of 10 (0..9)"));
        assertTrue(refusal(CmServer.pdata(10, 10, 1)).contains("connection 10 of 10"));
    }

    private static String refusal(final byte[] pdata) {
        return assertThrows(IllegalArgumentException.class, () -> CmServer.parse(pdata)).getMessage();
    }

    @Test
    void shouldCheckThePeersBufferInfoAgainstWhatIsTransferred() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(16);
            Wire.putRmrTriplet(m, 0, 0x1000, 64, 7);
            assertEquals(64, Wire.getRmrTriplet(m, 0, 64, "x").segmentLength());
            assertTrue(assertThrows(IllegalStateException.class, () -> Wire.getRmrTriplet(m, 0, 65, "same -b"))
                    .getMessage().contains("advertises 64 bytes; this side transfers 65 bytes to and from it (same"
                    + " -b)"));
            Wire.putRmrTriplet(m, 0, -16, 64, 7);
            assertTrue(assertThrows(IllegalStateException.class, () -> Wire.getRmrTriplet(m, 0, 64, "x"))
                    .getMessage().contains("passes the end of the address space"));
            assertEquals(-16, Wire.getRmrTriplet(m, 0, 16, "x").virtualAddress());
            assertEquals(-16, Wire.getRmrTriplet(m, 0, 0, "x").virtualAddress());
        }
    }

    @Test
    void shouldCheckEveryFieldOfAStartOnTheServer() {
        final long max = 4096;
        final Wire.Control ok = new Wire.Control(Wire.START, 1, Wire.MODE_BANDWIDTH, max, 1);
        assertEquals(ok, Wire.checkFromClient(ok, max));
        assertEquals(Wire.QUIT, Wire.checkFromClient(new Wire.Control(Wire.QUIT, 99, 99, -1, -1), max).type());
        assertTrue(startRefusal(new Wire.Control(99, 0, 1, 64, 1), max).contains("got type 99"));
        assertTrue(startRefusal(new Wire.Control(Wire.READY, 0, 1, 64, 1), max).contains("got type 2"));
        assertTrue(startRefusal(new Wire.Control(Wire.START, 99, 1, 64, 1), max)
                .contains("operation 99; dat perf knows 0..2 (0 send, 1 rdma_write, 2 rdma_read)"));
        assertTrue(startRefusal(new Wire.Control(Wire.START, -1, 1, 64, 1), max).contains("operation -1"));
        assertTrue(startRefusal(new Wire.Control(Wire.START, 0, 0, 64, 1), max).contains("mode 0"));
        assertTrue(startRefusal(new Wire.Control(Wire.START, 0, 3, 64, 1), max).contains("mode 3"));
        assertTrue(startRefusal(new Wire.Control(Wire.START, 0, 1, 0, 1), max).contains("0-byte messages"));
        assertTrue(startRefusal(new Wire.Control(Wire.START, 0, 1, max + 1, 1), max)
                .contains("4097-byte messages; the client announced 1..4096"));
        assertTrue(startRefusal(new Wire.Control(Wire.START, 0, 1, Long.MIN_VALUE, 1), max).contains("-byte"));
        assertTrue(startRefusal(new Wire.Control(Wire.START, 0, 1, 64, 0), max).contains("0 iterations"));
        assertTrue(startRefusal(new Wire.Control(Wire.START, 0, 1, 64, -5), max).contains("-5 iterations"));
    }

    private static String startRefusal(final Wire.Control c, final long max) {
        return assertThrows(IllegalStateException.class, () -> Wire.checkFromClient(c, max)).getMessage();
    }

    @Test
    void shouldCheckTheServersReadyAndAcks() {
        final Wire.Control start = new Wire.Control(Wire.START, 0, Wire.MODE_BANDWIDTH, 64, 100);
        assertEquals(32, Wire.checkReady(new Wire.Control(Wire.READY, 0, Wire.MODE_BANDWIDTH, 64, 32), start, 512));
        assertThrows(IllegalStateException.class, () -> Wire.checkReady(new Wire.Control(Wire.ACK, 0,
                Wire.MODE_BANDWIDTH, 64, 32), start, 512));
        assertTrue(assertThrows(IllegalStateException.class, () -> Wire.checkReady(new Wire.Control(Wire.READY, 0,
                Wire.MODE_BANDWIDTH, 64, 513), start, 512)).getMessage().contains("grants 513 receive credits"));
        assertThrows(IllegalStateException.class, () -> Wire.checkReady(new Wire.Control(Wire.READY, 0,
                Wire.MODE_BANDWIDTH, 64, 0), start, 512));
        assertThrows(IllegalStateException.class, () -> Wire.checkReady(new Wire.Control(Wire.READY, 1,
                Wire.MODE_BANDWIDTH, 64, 32), start, 512));
        assertEquals(5, Wire.checkAck(new Wire.Control(Wire.ACK, 0, 2, 64, 5), 5));
        assertTrue(assertThrows(IllegalStateException.class, () -> Wire.checkAck(new Wire.Control(Wire.ACK, 0, 2, 64,
                6), 5)).getMessage().contains("acknowledges 6 messages; 5 were sent"));
        assertThrows(IllegalStateException.class, () -> Wire.checkAck(new Wire.Control(Wire.ACK, 0, 2, 64, 0), 5));
        assertThrows(IllegalStateException.class, () -> Wire.checkAck(new Wire.Control(Wire.ACK, 0, 2, 64,
                Long.MIN_VALUE), 5));
    }

    @Test
    void shouldRenderTheProgressBar() {
        assertEquals("[...............................] 0% x".replace("...............................",
                ".".repeat(30)), Progress.render(0, 10, "x"));
        assertEquals("[" + "#".repeat(15) + ".".repeat(15) + "] 50% send 64 B", Progress.render(5, 10, "send 64 B"));
        assertEquals("[" + "#".repeat(30) + "] 100% ", Progress.render(12, 10, ""));
    }

    @Test
    void shouldAccumulateCmSteps() {
        final CmCommand.Step s = new CmCommand.Step();
        s.add(1_000);
        s.add(3_000);
        assertEquals(2L, s.fields().get("count"));
        assertEquals(1.0, s.fields().get("min_us"));
        assertEquals(2.0, s.fields().get("avg_us"));
        assertEquals(3.0, s.fields().get("max_us"));
    }
}
