package io.dat4j.jcstress;

/** Checks shared by the tests' arbiters (and the self-tests'). */
public final class Arbiters {

    private Arbiters() {
    }

    /**
     * {@return true if the events taken are exactly the accepted ones: each once, none refused, and the events of
     * each producer in the order it posted them}
     *
     * @param taken the payloads in the order taken
     * @param count how many were taken
     * @param posted the payloads posted; payload / 10 names the producer, and each producer posted in ascending order
     * @param accepted which of {@code posted} were accepted
     */
    public static boolean sameAsAccepted(final int[] taken, final int count, final int[] posted, final boolean[] accepted) {
        final boolean[] seen = new boolean[posted.length];
        final int[] last = new int[16];
        for (int i = 0; i < count; i++) {
            final int p = taken[i];
            int k = -1;
            for (int j = 0; j < posted.length; j++) {
                if (posted[j] == p) {
                    k = j;
                }
            }
            if (k < 0 || !accepted[k] || seen[k]) {
                return false; // never posted, refused, or taken twice
            }
            seen[k] = true;
            final int producer = p / 10;
            if (p <= last[producer]) {
                return false; // out of the producer's order
            }
            last[producer] = p;
        }
        for (int j = 0; j < posted.length; j++) {
            if (accepted[j] && !seen[j]) {
                return false; // accepted but lost
            }
        }
        return true;
    }

    /**
     * Takes every event left in an EVD and records the cookies.
     *
     * @param evd the EVD
     * @param slot a slot to take into
     * @param cookies where to write: {@code cookies[0]} gets the total count (including {@code first}), cookies go
     *        from index {@code first + 1} on (those that fit)
     * @param first how many cookies the caller recorded already (at indices 1..first)
     * @return {@code cookies}
     */
    static long[] drainCookies(final io.dat4j.EventDispatcher evd, final io.dat4j.EventSlot slot, final long[] cookies,
            final int first) {
        int n = first;
        while (evd.dequeue(slot)) {
            n++;
            if (n < cookies.length) {
                cookies[n] = slot.cookie();
            }
        }
        cookies[0] = n;
        return cookies;
    }
}
