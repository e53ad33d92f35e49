package io.dat4j.kit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.kit.ThreadAllocation;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The int-keyed table behind the IA's LMR contexts and remote regions: updates cost amortized O(1), so that n LMRs
 * register and free in O(n) (a table copied on every update made 24,576 LMRs cost minutes and gigabytes); lookups
 * never miss a key that stays while others come and go.
 */
@Timeout(60)
class IntTableTest {

    private static final int N = 10_000;

    @BeforeAll
    static void readManagement() {
        // the test runs patched into the kit's module, which does not read java.management
        ModuleLayer.boot().findModule("java.management").ifPresent(IntTableTest.class.getModule()::addReads);
        ModuleLayer.boot().findModule("jdk.management").ifPresent(IntTableTest.class.getModule()::addReads);
    }

    @Test
    @DisplayName("10,000 inserts and 10,000 removes allocate under 200 bytes per key in all (amortized growth)")
    void shouldGrowAndShrinkInAmortizedConstantSpacePerUpdate() throws ReflectiveOperationException {
        final Object value = new Object();
        final IntTable<Object> t = new IntTable<>();
        final ThreadAllocation allocated = ThreadAllocation.ofCurrentThread();
        final long before = allocated.bytes();
        for (int k = 1; k <= N; k++) {
            assertTrue(t.putIfAbsent(k * 7919, value));
        }
        for (int k = 1; k <= N; k++) {
            assertTrue(t.remove(k * 7919));
        }
        final long bytes = allocated.bytes() - before;
        assertTrue(bytes < 200L * N, bytes + " bytes allocated for " + N + " keys in and out");
        assertEquals(0, t.size());
    }

    @Test
    void shouldKeepMapSemanticsAcrossTombstonesAndRebuilds() {
        final IntTable<String> t = new IntTable<>();
        assertFalse(t.putIfAbsent(0, "zero"), "0 is never a key");
        assertNull(t.get(0));
        assertFalse(t.remove(0));
        for (int round = 0; round < 3; round++) {
            for (int k = 1; k <= 1000; k++) {
                assertTrue(t.putIfAbsent(k, "v" + k));
                assertFalse(t.putIfAbsent(k, "again"), "a present key is kept");
            }
            assertEquals(1000, t.size());
            for (int k = 1; k <= 1000; k += 2) {
                assertTrue(t.remove(k));
                assertFalse(t.remove(k), "removed once");
                assertNull(t.get(k));
            }
            for (int k = 2; k <= 1000; k += 2) {
                assertEquals("v" + k, t.get(k));
            }
            assertEquals(500, t.size());
            for (int k = 2; k <= 1000; k += 2) {
                assertTrue(t.remove(k));
            }
            assertEquals(0, t.size());
            assertNull(t.get(-1), "never inserted");
        }
    }

    @Test
    @DisplayName("a reader always finds the keys that stay while a writer inserts and removes others")
    void shouldNeverMissAStayingKeyDuringUpdates() throws InterruptedException {
        final IntTable<Integer> t = new IntTable<>();
        for (int k = 1; k <= 64; k++) {
            t.putIfAbsent(k, k);
        }
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicReference<String> failure = new AtomicReference<>();
        final Thread reader = Thread.ofPlatform().start(() -> {
            while (!stop.get()) {
                for (int k = 1; k <= 64; k++) {
                    final Integer v = t.get(k);
                    if (v == null || v != k) {
                        failure.compareAndSet(null, "key " + k + " read " + v);
                    }
                }
            }
        });
        try {
            for (int round = 0; round < 200; round++) {
                for (int k = 1000; k < 1500; k++) {
                    t.putIfAbsent(k + round * 1000, k);
                }
                for (int k = 1000; k < 1500; k++) {
                    t.remove(k + round * 1000);
                }
            }
        } finally {
            stop.set(true);
            reader.join();
        }
        assertNull(failure.get());
        assertEquals(64, t.size());
        assertSame(7, t.get(7));
    }
}
