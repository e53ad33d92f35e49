package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Sealed memfd mappings: shared between two mappings, refused when unsealed or short, no descriptor left open. */
class SharedMappingTest {

    private static final long PID = ProcessHandle.current().pid();

    @Test
    void aPeerMappingSharesTheMemoryAndNothingLeaks() throws Exception {
        final long fds = Descriptors.openDescriptors();
        try (SharedMapping a = SharedMapping.create("dat4j-test", 65536);
                SharedMapping b = SharedMapping.open(PID, a.descriptor(), 65536)) {
            a.closeDescriptor();
            a.segment().set(JAVA_LONG, 4096, 42);
            assertEquals(42, b.segment().get(JAVA_LONG, 4096));
            assertEquals(-1, a.descriptor());
        }
        assertTrue(Descriptors.settle(fds) <= fds);
    }

    @Test
    void anUnsealedOrShortFileIsRefused() throws Exception {
        final int fd = Libc.memfdCreate("dat4j-unsealed");
        try {
            Libc.ftruncate(fd, 8192);
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SharedMapping.open(PID, fd, 8192));
            assertTrue(e.getMessage().contains("not sealed"), e.getMessage());
        } finally {
            Libc.close(fd);
        }
        try (SharedMapping a = SharedMapping.create("dat4j-short", 4096)) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SharedMapping.open(PID, a.descriptor(), 8192));
            assertTrue(e.getMessage().contains("4096 bytes"), e.getMessage());
        }
        assertThrows(NativeException.class, () -> SharedMapping.open(PID, 100_000, 4096));
        assertThrows(IllegalArgumentException.class, () -> SharedMapping.open(0, 3, 4096));
    }

    @Test
    void aSealedFileCannotBeTruncated() throws Exception {
        try (SharedMapping a = SharedMapping.create("dat4j-sealed", 8192)) {
            final int fd = Libc.open("/proc/self/fd/" + a.descriptor(), Libc.O_RDWR);
            try {
                final NativeException e = assertThrows(NativeException.class, () -> Libc.ftruncate(fd, 0));
                assertEquals(Libc.EPERM, e.errno());
            } finally {
                Libc.close(fd);
            }
        }
    }
}
