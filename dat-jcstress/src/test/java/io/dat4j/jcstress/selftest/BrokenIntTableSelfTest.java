package io.dat4j.jcstress.selftest;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Self-test of the harness, expected to FAIL: {@code IntTableResizeTest}'s actors and outcomes on a copy of the kit's
 * {@code IntTable} whose removal empties the slot ({@code null}) instead of leaving a tombstone. The removed key D lies
 * on the probe chain of the key S that stays, so a lookup of S that reads the emptied slot stops there and misses S
 * until the resize that follows publishes a new array: the FORBIDDEN outcome "0, ...".
 */
@JCStressTest
@Description("SELF-TEST (must fail): IntTableResizeTest on a table whose removal cuts probe chains")
@Outcome(id = {"1, 0, 0, 1", "1, 0, 1, 1", "1, 1, 0, 1", "1, 1, 1, 1"}, expect = Expect.ACCEPTABLE,
        desc = "the staying key found; the removed and the new key each seen with its value or not at all")
@Outcome(expect = Expect.FORBIDDEN, desc = "a staying key lost, a key seen with another key's value, or a broken table")
@State
public class BrokenIntTableSelfTest {

    private static final int D = 1;
    private static final int S = sameHome(D);
    private static final int N1 = -7;
    private static final int N2 = -8;
    private static final int FILLERS = 10;

    private final Table table = new Table();

    public BrokenIntTableSelfTest() {
        table.put(D);
        table.put(S);
        for (int k = 100; k < 100 + FILLERS; k++) {
            table.put(k);
        }
    }

    private static int sameHome(final int d) {
        int k = d + 1;
        while (Table.home(k, 15) != Table.home(d, 15)) {
            k++;
        }
        return k;
    }

    private static int seen(final Integer v, final int key) {
        return v == null ? 0 : v == key ? 1 : 2;
    }

    @Actor
    public void reader(final IIII_Result r) {
        final Integer s = table.get(S);
        r.r1 = s != null && s == S ? 1 : 0;
        r.r2 = seen(table.get(D), D);
        r.r3 = seen(table.get(N1), N1);
    }

    @Actor
    public void writer() {
        table.remove(D);
        table.put(N1);
        table.put(N2);
    }

    @Arbiter
    public void arbiter(final IIII_Result r) {
        boolean whole = table.get(D) == null && seen(table.get(S), S) == 1 && seen(table.get(N1), N1) == 1
                && seen(table.get(N2), N2) == 1;
        for (int k = 100; k < 100 + FILLERS; k++) {
            whole &= seen(table.get(k), k) == 1;
        }
        r.r4 = whole ? 1 : 0;
    }

    /** IntTable's layout and resize, keys mapped to themselves, with the broken removal. */
    private static final class Table {
        private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

        private record Entry(int key, Integer value) {
        }

        private volatile Object[] slots = new Object[16];
        private int used;
        private int size;

        static int home(final int key, final int mask) {
            int h = key * 0x9E3779B9;
            h ^= h >>> 16;
            return h & mask;
        }

        Integer get(final int key) {
            final Object[] s = slots;
            final int mask = s.length - 1;
            int i = home(key, mask);
            while (true) {
                final Object o = SLOT.getAcquire(s, i);
                if (o == null) {
                    return null;
                }
                if (((Entry) o).key == key) {
                    return ((Entry) o).value;
                }
                i = (i + 1) & mask;
            }
        }

        synchronized void put(final int key) {
            Object[] s = slots;
            if ((used + 1) * 4 > s.length * 3) {
                final Object[] next = new Object[s.length * 4];
                for (final Object o : s) {
                    if (o != null) {
                        place(next, (Entry) o);
                    }
                }
                used = size;
                slots = next;
                s = next;
            }
            place(s, new Entry(key, key));
            used++;
            size++;
        }

        private static void place(final Object[] s, final Entry e) {
            final int mask = s.length - 1;
            int i = home(e.key, mask);
            while (s[i] != null) {
                i = (i + 1) & mask;
            }
            SLOT.setRelease(s, i, e);
        }

        synchronized void remove(final int key) {
            final Object[] s = slots;
            final int mask = s.length - 1;
            int i = home(key, mask);
            while (s[i] != null) {
                if (((Entry) s[i]).key == key) {
                    SLOT.setRelease(s, i, null); // broken: cuts the probe chain of every key after it
                    size--;
                    return;
                }
                i = (i + 1) & mask;
            }
        }
    }
}
