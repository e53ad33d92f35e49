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
    void shouldCarryTheCmTotalInPrivateData() {
        assertEquals(1000, CmCommand.announcedTotal(CmCommand.pdata(7, 1000)));
        assertEquals(-1, CmCommand.announcedTotal(new byte[16]));
        assertEquals(-1, CmCommand.announcedTotal(new byte[4]));
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
