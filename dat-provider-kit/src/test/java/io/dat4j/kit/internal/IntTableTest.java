package io.dat4j.kit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.kit.ThreadAllocation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The int-keyed table behind the IA's LMR contexts and remote regions: a map (checked against {@link HashMap} on
 * generated sequences of inserts, removes and lookups that cross many resizes and reuse tombstones), whose array stays
 * proportional to its live keys (so n inserts and removes cost O(n)), and whose lock-free lookups never miss a key
 * that stays while other keys come and go and the array is rebuilt under them.
 */
class IntTableTest {

    @BeforeAll
    static void readManagement() {
        // the test runs patched into the kit's module, which does not read java.management
        ModuleLayer.boot().findModule("java.management").ifPresent(IntTableTest.class.getModule()::addReads);
        ModuleLayer.boot().findModule("jdk.management").ifPresent(IntTableTest.class.getModule()::addReads);
    }

    /**
     * The O(n) cost of n updates, by allocation (no timing): 20,000 keys in and out allocate their entries and the
     * arrays of a few resizes, under 200 bytes a key in all; a table copied on every update allocated gigabytes.
     */
    @Test
    void twentyThousandKeysInAndOutAllocateLinearly() throws ReflectiveOperationException {
        final int n = 20_000;
        final Object value = new Object();
        final IntTable<Object> t = new IntTable<>();
        final ThreadAllocation allocated = ThreadAllocation.ofCurrentThread();
        final long before = allocated.bytes();
        for (int k = 1; k <= n; k++) {
            assertTrue(t.putIfAbsent(k * 7919, value));
        }
        for (int k = 1; k <= n; k++) {
            assertTrue(t.remove(k * 7919));
        }
        final long bytes = allocated.bytes() - before;
        assertTrue(bytes < 200L * n, bytes + " bytes allocated for " + n + " keys in and out");
        assertEquals(0, t.size());
    }

    /** One step of a generated sequence: 0 insert, 1 remove, 2 look up. */
    record Op(int kind, int key) {
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        // few distinct keys, so that keys come back onto their own tombstones and others' chains; 0 and negatives too
        final Arbitrary<Integer> keys = Arbitraries.oneOf(Arbitraries.integers().between(-40, 200),
                Arbitraries.integers());
        return Combinators.combine(Arbitraries.integers().between(0, 2), keys).as(Op::new).list().ofMinSize(1)
                .ofMaxSize(3000);
    }

    @Property(tries = 300)
    void behavesAsAHashMap(@ForAll("ops") final List<Op> ops) {
        final IntTable<String> table = new IntTable<>();
        final Map<Integer, String> model = new HashMap<>();
        int n = 0;
        for (final Op op : ops) {
            final int k = op.key();
            switch (op.kind()) {
                case 0 -> {
                    final String v = "v" + n++;
                    final boolean expected = k != 0 && !model.containsKey(k);
                    if (expected) {
                        model.put(k, v);
                    }
                    assertEquals(expected, table.putIfAbsent(k, v), "putIfAbsent(" + k + ")");
                }
                case 1 -> assertEquals(model.remove(k) != null, table.remove(k), "remove(" + k + ")");
                default -> assertEquals(model.get(k), table.get(k), "get(" + k + ")");
            }
            assertEquals(model.size(), table.size());
        }
        for (final Map.Entry<Integer, String> e : model.entrySet()) {
            assertSame(e.getValue(), table.get(e.getKey()));
        }
        assertTrue(table.capacity() <= Math.max(16, 8 * ops.size()), "capacity " + table.capacity());
    }

    @Property(tries = 30)
    void itsArrayStaysProportionalToThePeakOfItsLiveKeys(@ForAll @IntRange(min = 1, max = 20_000) final int n,
            @ForAll @IntRange(min = 1, max = 5) final int rounds) {
        final IntTable<Integer> table = new IntTable<>();
        int next = 1;
        int peak = 0;
        for (int r = 0; r < rounds; r++) {
            final int first = next;
            for (int i = 0; i < n + r; i++) {
                assertTrue(table.putIfAbsent(next++ * 0x9E3779B1, i));
                peak = Math.max(peak, table.size());
                // a resize sizes the array for at most a quarter live; it grows only when 3/4 of it is used
                assertTrue(table.capacity() <= Math.max(16, 8 * peak), "capacity " + table.capacity() + " for a peak"
                        + " of " + peak + " keys");
            }
            for (int k = first; k < next; k++) {
                assertTrue(table.remove(k * 0x9E3779B1));
            }
            assertEquals(0, table.size());
        }
    }

    @Test
    void refusesZeroAndNull() {
        final IntTable<String> t = new IntTable<>();
        assertFalse(t.putIfAbsent(0, "zero"), "0 is never a key");
        assertFalse(t.putIfAbsent(1, null), "null is never a value");
        assertNull(t.get(0));
        assertNull(t.get(1));
        assertFalse(t.remove(0));
        assertEquals(0, t.size());
    }

    @Test
    @Timeout(120)
    void aReaderNeverMissesAStayingKeyNorSeesAnotherKeysValue() throws InterruptedException {
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
                        failure.compareAndSet(null, "staying key " + k + " read " + v);
                    }
                }
                for (int k = 1000; k < 1100; k++) {
                    final Integer v = t.get(k);
                    if (v != null && v != k) {
                        failure.compareAndSet(null, "key " + k + " read " + v);
                    }
                }
            }
        });
        try {
            for (int round = 0; round < 300; round++) {
                for (int k = 1000; k < 1100 + round; k++) { // grows, then the removes leave tombstones: resizes
                    t.putIfAbsent(k, k);
                }
                for (int k = 1000; k < 1100 + round; k++) {
                    t.remove(k);
                }
            }
        } finally {
            stop.set(true);
            reader.join();
        }
        assertNull(failure.get(), failure.get());
        assertEquals(64, t.size());
    }
}
