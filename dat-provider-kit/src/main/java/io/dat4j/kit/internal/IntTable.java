package io.dat4j.kit.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An int-keyed table with lock-free, allocation-free lookups and amortized O(1) updates, so that registering or
 * freeing n LMRs costs O(n), not O(n²). Keys are never 0; values are never null.
 *
 * <p>Locking: updates ({@link #putIfAbsent}, {@link #remove}) hold the table's own monitor, an unranked leaf under
 * which nothing else is taken (see "Threading and locks" in {@code docs/provider-kit.md}); {@link #get} and
 * {@link #size} take no lock.
 *
 * <p>Layout: open addressing with linear probing in one array of slots. A slot is {@code null} (never used since the
 * array was built), an {@link Entry} (an immutable key and value), or {@link #TOMBSTONE} (an entry was removed).
 *
 * <p>Invariants (the writer's, all kept under the monitor):
 * <ol>
 * <li>A slot is written only with a release store and read by {@link #get} with an acquire load, and an {@code Entry}
 * has final fields only: a reader that finds an entry sees its key and value as written; key and value can never be
 * seen torn or mismatched, since they change together as one reference.</li>
 * <li>A slot of an array never becomes {@code null} again once written: a removal leaves a tombstone, an insert
 * replaces only a tombstone or {@code null}. So a probe chain is never cut under a reader: a key present in an array
 * during all of a lookup of that array is found.</li>
 * <li>At least a quarter of the slots are {@code null} ({@code used <= 3/4} of the length), so every probe ends.</li>
 * <li>A key is in at most one slot of the current array.</li>
 * <li>A resize builds the new array completely (plain stores, under the monitor), then publishes it with a volatile
 * store to {@link #slots}; after that the writer never stores into the old array again. A reader that loaded the old
 * array sees the table as it was at the moment of the resize, or earlier.</li>
 * </ol>
 *
 * <p>What a reader gets: {@code get(k)} returns a value that was mapped to {@code k} at some moment during the call or
 * before it (a stale value when a removal ran concurrently: removal is not atomic with respect to lookups, exactly as
 * with a copy-on-write table). A caller that must not use a removed value validates it after the lookup with its own
 * protocol; the regions do: {@code KitMemoryRegion.close} revokes the region before it removes it, and
 * {@code KitRegion.acquire} counts itself as a user before it reads the revoked flag, so a stale region is refused.
 * A lookup that begins after a removal returned (happens-after it) never returns the removed value: the removal
 * stored the tombstone into the array current at its time, and every later array was built without the entry.
 *
 * <p>Cost: an insert fills a {@code null} slot at most once per array; a resize happens when used slots (entries and
 * tombstones) would exceed three quarters, and builds an array sized so that live entries fill at most a quarter of
 * it: at least a quarter of the length in inserts separates two resizes, so a resize's O(old length) is amortized to
 * O(1) per update. Allocation: one entry per insert, and the resized arrays.
 *
 * @param <V> the value type
 */
final class IntTable<V> {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final Object TOMBSTONE = new Object();
    private static final int MIN_CAPACITY = 16;

    private record Entry(int key, Object value) {
    }

    /** The current array; its length is a power of two. Written under the monitor, read by anyone. */
    private volatile Object[] slots = new Object[MIN_CAPACITY];
    /** Live entries; written under the monitor. */
    private volatile int size;
    /** Slots of {@link #slots} that are not null (entries and tombstones); guarded by the monitor. */
    private int used;

    /** {@return the slot where key's probe begins in an array of mask + 1 slots}; package-private for tests */
    static int home(final int key, final int mask) {
        int h = key * 0x9E3779B9;
        h ^= h >>> 16;
        return h & mask;
    }

    /**
     * {@return the value mapped to key, or null}; lock-free and allocation-free
     *
     * @param key any int; 0 is never mapped
     */
    @SuppressWarnings("unchecked")
    V get(final int key) {
        if (key == 0) {
            return null;
        }
        final Object[] s = slots;
        final int mask = s.length - 1;
        int i = home(key, mask);
        while (true) {
            final Object o = SLOT.getAcquire(s, i);
            if (o == null) {
                return null;
            }
            if (o instanceof final Entry e && e.key == key) {
                return (V) e.value;
            }
            i = (i + 1) & mask;
        }
    }

    /**
     * Maps key to value unless key is 0 or mapped already.
     *
     * @param key the key, not 0
     * @param value the value, not null
     * @return true if it was mapped now
     */
    synchronized boolean putIfAbsent(final int key, final V value) {
        if (key == 0 || value == null) {
            return false;
        }
        Object[] s = slots;
        int mask = s.length - 1;
        int free = -1;
        int i = home(key, mask);
        while (true) {
            final Object o = s[i];
            if (o == null) {
                break;
            }
            if (o == TOMBSTONE) {
                if (free < 0) {
                    free = i;
                }
            } else if (((Entry) o).key == key) {
                return false;
            }
            i = (i + 1) & mask;
        }
        final Entry entry = new Entry(key, value);
        if (free >= 0) { // reuse the chain's first tombstone: no slot becomes null, used stays
            SLOT.setRelease(s, free, entry);
        } else {
            if ((used + 1) * 4L > s.length * 3L) {
                s = resize(s);
                mask = s.length - 1;
                i = home(key, mask);
                while (s[i] != null) {
                    i = (i + 1) & mask;
                }
            }
            SLOT.setRelease(s, i, entry);
            used++;
        }
        size = size + 1;
        return true;
    }

    /**
     * Unmaps key.
     *
     * @param key the key
     * @return true if it was mapped
     */
    synchronized boolean remove(final int key) {
        if (key == 0) {
            return false;
        }
        final Object[] s = slots;
        final int mask = s.length - 1;
        int i = home(key, mask);
        while (true) {
            final Object o = s[i];
            if (o == null) {
                return false;
            }
            if (o instanceof final Entry e && e.key == key) {
                SLOT.setRelease(s, i, TOMBSTONE);
                size = size - 1;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /** {@return the number of keys mapped} */
    int size() {
        return size;
    }

    /** {@return the length of the current array}; for tests of the amortized growth */
    int capacity() {
        return slots.length;
    }

    /**
     * Moves the live entries into a new array in which, with the insert that asked for it, they fill at most a
     * quarter, and publishes it; under the monitor. The old array is not written again.
     */
    private Object[] resize(final Object[] old) {
        int cap = MIN_CAPACITY;
        while ((size + 1) * 4L > cap) {
            cap <<= 1;
        }
        final Object[] next = new Object[cap];
        final int mask = cap - 1;
        int moved = 0;
        for (final Object o : old) {
            if (o instanceof final Entry e) {
                int i = home(e.key, mask);
                while (next[i] != null) {
                    i = (i + 1) & mask;
                }
                next[i] = e;
                moved++;
            }
        }
        used = moved;
        slots = next; // volatile store: publishes the filled array
        return next;
    }
}
