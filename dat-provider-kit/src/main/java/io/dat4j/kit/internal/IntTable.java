package io.dat4j.kit.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An int-keyed table with lock-free, allocation-free lookups and amortized O(1) updates, so that registering or
 * freeing n LMRs costs O(n), not O(n²). Keys are never 0. Updates are synchronized on the table, a leaf lock under
 * which nothing else is taken (see "Threading and locks" in {@code docs/provider-kit.md}).
 *
 * <p>Open addressing with linear probing in arrays that updates change in place: an insert writes the value, then
 * the key (release), into an empty slot; a lookup reads the key (acquire), then the value. A remove clears the value
 * and leaves the key as a tombstone, so that a slot never becomes empty again and no probe chain is cut under a
 * lookup; a key inserted again reuses its tombstone. When live keys and tombstones fill half the slots, the live keys
 * move to new arrays (sized for them), published through a volatile field; a lookup that still reads the old arrays
 * sees the table as it was before the move, which no update changes afterwards.
 *
 * @param <V> the value type
 */
final class IntTable<V> {

    private static final VarHandle KEYS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle VALUES = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final int MIN_CAPACITY = 16;

    private record Slots(int[] keys, Object[] values) {
    }

    private volatile Slots slots = new Slots(new int[MIN_CAPACITY], new Object[MIN_CAPACITY]);
    /** Live keys; written under the monitor. */
    private volatile int size;
    /** Slots holding a key (live or tombstone) in the current arrays; guarded by the monitor. */
    private int used;

    private static int slot(final int key, final int mask) {
        int h = key * 0x9E3779B9;
        h ^= h >>> 16;
        return h & mask;
    }

    /** {@return the index of key's slot in keys, or of the empty slot that ends its probe chain}; under the monitor */
    private static int find(final int[] keys, final int key) {
        final int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != key && keys[i] != 0) {
            i = (i + 1) & mask;
        }
        return i;
    }

    @SuppressWarnings("unchecked")
    V get(final int key) {
        if (key == 0) {
            return null;
        }
        final Slots s = slots;
        final int mask = s.keys.length - 1;
        int i = slot(key, mask);
        while (true) {
            final int k = (int) KEYS.getAcquire(s.keys, i);
            if (k == key) {
                return (V) VALUES.getAcquire(s.values, i);
            }
            if (k == 0) {
                return null;
            }
            i = (i + 1) & mask;
        }
    }

    synchronized boolean putIfAbsent(final int key, final V value) {
        if (key == 0 || get(key) != null) {
            return false;
        }
        Slots s = slots;
        int i = find(s.keys, key);
        if (s.keys[i] == key) { // a tombstone of the same key
            VALUES.setRelease(s.values, i, value);
            size++;
            return true;
        }
        if ((used + 1) * 2 > s.keys.length) {
            s = rebuild(s, size + 1);
            i = find(s.keys, key);
        }
        VALUES.setRelease(s.values, i, value);
        KEYS.setRelease(s.keys, i, key);
        used++;
        size++;
        return true;
    }

    synchronized boolean remove(final int key) {
        if (key == 0) {
            return false;
        }
        final Slots s = slots;
        final int i = find(s.keys, key);
        if (s.keys[i] != key || s.values[i] == null) {
            return false;
        }
        VALUES.setRelease(s.values, i, null);
        size--;
        return true;
    }

    int size() {
        return size;
    }

    /**
     * Moves the live keys to new arrays at most a quarter full with {@code live} keys, so that at least as many
     * updates as the move copied come before the next move; under the monitor.
     */
    private Slots rebuild(final Slots s, final int live) {
        int cap = MIN_CAPACITY;
        while (live * 4 > cap) {
            cap *= 2;
        }
        final int[] keys = new int[cap];
        final Object[] values = new Object[keys.length];
        final int mask = keys.length - 1;
        int moved = 0;
        for (int j = 0; j < s.keys.length; j++) {
            final Object v = s.values[j];
            if (s.keys[j] != 0 && v != null) {
                int i = slot(s.keys[j], mask);
                while (keys[i] != 0) {
                    i = (i + 1) & mask;
                }
                keys[i] = s.keys[j];
                values[i] = v;
                moved++;
            }
        }
        final Slots next = new Slots(keys, values);
        used = moved;
        slots = next; // volatile write: publishes the filled arrays
        return next;
    }
}
