package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Sealed memfd mappings: shared between two mappings, refused when unsealed or short, no descriptor left open; a
 * close racing with a thread that reads and writes the mapping without a lock (as the provider's pollers do).
 */
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

    /**
     * A thread reading and CAS-ing the words of a mapping without a lock, while another closes it, round after round:
     * the reader never meets an exception (a shared arena's close threw IllegalStateException into it) nor finds its
     * interrupt status set (the JVM's asynchronous exception for such a close sets it: a dat_evd_wait of that thread
     * then ended with INTERRUPTED_CALL), and after the close it reads zeros; the memfd is no longer mapped.
     */
    @Test
    void aCloseRacingWithALockFreeReaderNeitherThrowsIntoItNorInterruptsIt() throws Exception {
        final VarHandle word = JAVA_LONG.varHandle();
        final long fds = Descriptors.openDescriptors();
        for (int round = 0; round < 200; round++) {
            final SharedMapping m = SharedMapping.create("dat4j-race", 8192);
            final MemorySegment seg = m.segment();
            seg.set(JAVA_LONG, 4096, 7);
            final CountDownLatch reading = new CountDownLatch(1);
            final AtomicReference<Throwable> failure = new AtomicReference<>();
            final long[] zerosSeen = new long[1];
            final Thread reader = Thread.ofPlatform().start(() -> {
                try {
                    long n = 0;
                    while (true) {
                        final long v = (long) word.getAcquire(seg, 4096L);
                        word.compareAndSet(seg, 0L, n, n + 1); // arming, as WakeControl does
                        if (n++ == 1000) {
                            reading.countDown();
                        }
                        if (v == 0) {
                            zerosSeen[0] = n;
                            break;
                        }
                        if (Thread.currentThread().isInterrupted()) {
                            throw new AssertionError("interrupt status set while reading, before the close");
                        }
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        throw new AssertionError("interrupt status set by the close");
                    }
                } catch (final Throwable t) {
                    failure.set(t);
                }
            });
            assertTrue(reading.await(10, TimeUnit.SECONDS));
            m.close();
            m.close(); // idempotent
            reader.join(10_000);
            assertFalse(reader.isAlive(), "the reader never saw the zeros after the close");
            if (failure.get() != null) {
                throw new AssertionError("round " + round + ": the reader failed", failure.get());
            }
            assertEquals(0L, (long) word.getAcquire(seg, 4096L));
        }
        assertTrue(Descriptors.settle(fds) <= fds, Descriptors.describe());
    }
}
