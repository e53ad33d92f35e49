package io.dat4j.kit.internal;

/**
 * An int-keyed table with lock-free, allocation-free lookups and copy-on-write updates (updates are rare: LMR
 * create and free). Keys are never 0. Updates are synchronized on the table, a leaf lock under which nothing else
 * is taken (see "Threading and locks" in {@code docs/provider-kit.md}).
 *
 * @param <V> the value type
 */
final class IntTable<V> {

    private record Snapshot(int[] keys, Object[] values, int size) {
    }

    private volatile Snapshot snapshot = new Snapshot(new int[16], new Object[16], 0);

    private static int slot(final int key, final int mask) {
        int h = key * 0x9E3779B9;
        h ^= h >>> 16;
        return h & mask;
    }

    @SuppressWarnings("unchecked")
    V get(final int key) {
        if (key == 0) {
            return null;
        }
        final Snapshot s = snapshot;
        final int mask = s.keys.length - 1;
        int i = slot(key, mask);
        while (true) {
            final int k = s.keys[i];
            if (k == key) {
                return (V) s.values[i];
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
        final Snapshot s = snapshot;
        int cap = s.keys.length;
        while ((s.size + 1) * 2 > cap) {
            cap *= 2;
        }
        final int[] keys = new int[cap];
        final Object[] values = new Object[cap];
        copyInto(s, keys, values);
        insert(keys, values, key, value);
        snapshot = new Snapshot(keys, values, s.size + 1);
        return true;
    }

    synchronized boolean remove(final int key) {
        if (get(key) == null) {
            return false;
        }
        final Snapshot s = snapshot;
        final int[] keys = new int[s.keys.length];
        final Object[] values = new Object[s.keys.length];
        for (int i = 0; i < s.keys.length; i++) {
            if (s.keys[i] != 0 && s.keys[i] != key) {
                insert(keys, values, s.keys[i], s.values[i]);
            }
        }
        snapshot = new Snapshot(keys, values, s.size - 1);
        return true;
    }

    int size() {
        return snapshot.size;
    }

    private static void copyInto(final Snapshot s, final int[] keys, final Object[] values) {
        for (int i = 0; i < s.keys.length; i++) {
            if (s.keys[i] != 0) {
                insert(keys, values, s.keys[i], s.values[i]);
            }
        }
    }

    private static void insert(final int[] keys, final Object[] values, final int key, final Object value) {
        final int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != 0) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
    }
}
