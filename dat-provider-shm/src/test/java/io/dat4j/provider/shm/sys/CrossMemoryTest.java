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

    /** A pull gathers remote segments into local ones whose boundaries differ, with one system call. */
    @Test
    void aPullMatchesRemoteAndLocalSegmentsOfDifferentBoundaries() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment src = a.allocate(300);
            for (int i = 0; i < 300; i++) {
                src.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) (i * 7 + 1));
            }
            final MemorySegment dst = a.allocate(400);
            dst.fill((byte) 0x55);
            final CrossMemory cm = new CrossMemory(a, 4, 4);
            cm.add(dst, 10, 50);
            cm.add(dst, 100, 150);
            cm.addRemote(src.address(), 120);
            cm.addRemote(src.address() + 200, 80);
            assertTrue(cm.pull(PID));
            for (int i = 0; i < 200; i++) {
                final long at = i < 50 ? 10 + i : 100 + i - 50;
                final long from = i < 120 ? i : 200 + i - 120;
                assertEquals(src.get(java.lang.foreign.ValueLayout.JAVA_BYTE, from),
                        dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at), "byte " + i);
            }
            assertEquals(0x55, dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 9));
            assertEquals(0x55, dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 60));
            assertEquals(0x55, dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 250));
        }
    }

    /**
     * A remote address that is not mapped is EFAULT, also within this process (a system call, never a copy by
     * address), and nothing past the local list is written.
     */
    @Test
    void aPullFromAnAddressNotMappedFailsWithoutTouchingMoreThanItsList() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment src = a.allocate(64);
            src.fill((byte) 3);
            final MemorySegment dst = a.allocate(256);
            dst.fill((byte) 0x55);
            for (final long bad : new long[] {0, 8, -4096, 1L << 62}) {
                final CrossMemory cm = new CrossMemory(a, 2, 2);
                cm.add(dst, 16, 128);
                cm.addRemote(src.address(), 64);
                cm.addRemote(bad, 64);
                assertTrue(!cm.pull(PID), "a pull from 0x" + Long.toHexString(bad));
                assertEquals(Libc.EFAULT, cm.lastErrno());
                assertEquals(0x55, dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 15));
                for (int i = 144; i < 256; i++) {
                    assertEquals(0x55, dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i));
                }
            }
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
