package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** CMA within this process and the probe's verdicts (two processes: {@link RingPingPongTest}). */
class CrossMemoryTest {

    private static final long PID = ProcessHandle.current().pid();

    @Test
    void copiesGatherIntoAndScatterOutOfAnAddress() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment target = a.allocate(64);
            final MemorySegment s1 = a.allocate(16);
            final MemorySegment s2 = a.allocate(16);
            s1.fill((byte) 1);
            s2.fill((byte) 2);
            final CrossMemory cm = new CrossMemory(a, 4);
            cm.add(s1, 8, 8);
            cm.add(s2, 0, 16);
            assertTrue(cm.transfer(true, PID, target.address() + 4));
            assertEquals(0, target.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 3));
            assertEquals(1, target.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 4));
            assertEquals(2, target.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 27));
            assertEquals(0, target.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 28));
            target.fill((byte) 7);
            cm.clear();
            cm.add(s1, 0, 16);
            assertTrue(cm.transfer(false, PID, target.address()));
            assertEquals(7, s1.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 15));
        }
    }

    @Test
    void theProbeTellsTheOutcomes() throws Exception {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment word = a.allocate(8, 8);
            word.set(JAVA_LONG, 0, 0x5eed);
            assertEquals(CrossMemory.Probe.OK, CrossMemory.probe(PID, word.address(), 0x5eed));
            assertEquals(CrossMemory.Probe.MISMATCH, CrossMemory.probe(PID, word.address(), 1));
            final Process p = new ProcessBuilder("sleep", "0").start();
            p.waitFor();
            assertEquals(CrossMemory.Probe.GONE, CrossMemory.probe(p.pid(), word.address(), 0x5eed));
            assertEquals(CrossMemory.Probe.GONE, CrossMemory.probe(-1, word.address(), 0));
        }
    }
}
