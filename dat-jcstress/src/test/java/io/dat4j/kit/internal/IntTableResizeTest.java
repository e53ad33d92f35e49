package io.dat4j.kit.internal;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The kit's {@link IntTable} (the IA's LMR contexts and remote regions) under a lock-free reader while the writer
 * removes a key and inserts two, which rebuilds the array in every sample: the table starts with 12 keys in 16 slots
 * (the most before a resize), and the key removed, D, lies on the probe chain of a key that stays, S (both hash to the
 * same home slot, D inserted first). The reader must always find S (a removal that cut the chain, or a resize published
 * before it was filled, would lose it), must see D and the new key N either with their own values or not at all, and
 * the table must be whole afterwards.
 *
 * <p>This test sits in the kit's internal package (on the classpath, jcstress's forks run the kit and the tests in one
 * runtime package) because the table is not reachable through the SPI with a resize in every sample; the region tests
 * ({@code io.dat4j.jcstress.RegionDeregistrationTest}) check it through the SPI. Its self-test is
 * {@code io.dat4j.jcstress.selftest.BrokenIntTableSelfTest}.
 *
 * <p>Result: S (1 found with its value, 0 not), D (1 its value, 0 absent, 2 another value), N (1 its value, 0 absent,
 * 2 another value), the table afterwards (1 whole, 0 not).
 */
@JCStressTest
@Description("IntTable: a lock-free lookup against a removal on its probe chain and a resize")
@Outcome(id = {"1, 0, 0, 1", "1, 0, 1, 1", "1, 1, 0, 1", "1, 1, 1, 1"}, expect = Expect.ACCEPTABLE,
        desc = "the staying key found; the removed and the new key each seen with its value or not at all")
@Outcome(expect = Expect.FORBIDDEN, desc = "a staying key lost, a key seen with another key's value, or a broken table")
@State
public class IntTableResizeTest {

    /** Keys 1 (D) and S share a home slot of a 16-slot array; N1, N2 and the fillers are other keys. */
    static final int D = 1;
    static final int S = sameHome(D);
    static final int N1 = -7;
    static final int N2 = -8;
    private static final int FILLERS = 10;

    private final IntTable<Integer> table = new IntTable<>();

    public IntTableResizeTest() {
        table.putIfAbsent(D, D);
        table.putIfAbsent(S, S);
        for (int k = 100; k < 100 + FILLERS; k++) {
            table.putIfAbsent(k, k);
        }
    }

    /** {@return the smallest key above d with the same home slot in an array of 16} */
    static int sameHome(final int d) {
        int k = d + 1;
        while (IntTable.home(k, 15) != IntTable.home(d, 15)) {
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
        table.putIfAbsent(N1, N1); // fills a null slot or D's tombstone; whichever, N2 or N1 finds 3/4 used: resize
        table.putIfAbsent(N2, N2);
    }

    @Arbiter
    public void arbiter(final IIII_Result r) {
        boolean whole = table.size() == 13 && table.get(D) == null && seen(table.get(S), S) == 1
                && seen(table.get(N1), N1) == 1 && seen(table.get(N2), N2) == 1 && table.capacity() > 16;
        for (int k = 100; k < 100 + FILLERS; k++) {
            whole &= seen(table.get(k), k) == 1;
        }
        r.r4 = whole ? 1 : 0;
    }
}
