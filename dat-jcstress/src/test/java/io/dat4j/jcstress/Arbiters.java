package io.dat4j.jcstress;

import io.dat4j.DatException;
import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;
import io.dat4j.StatusType;

/** What the tests' actors and arbiters share (and the self-tests'): posting, taking, and the checks. */
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
    public static boolean sameAsAccepted(final int[] taken, final int count, final int[] posted,
            final boolean[] accepted) {
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
    static long[] drainCookies(final EventDispatcher evd, final EventSlot slot, final long[] cookies,
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

    /**
     * {@return true if the EVD took the software event, false if it was full ({@code DAT_QUEUE_FULL})}
     *
     * @param evd the EVD
     * @param payload the event's payload
     */
    static boolean tryPost(final EventDispatcher evd, final int payload) {
        try {
            evd.postSoftwareEvent(payload);
            return true;
        } catch (final DatException e) {
            if (e.type() != StatusType.QUEUE_FULL) {
                throw e;
            }
            return false;
        }
    }

    /**
     * Takes the software events left in an EVD (as many as fit) and records their payloads.
     *
     * @param evd the EVD
     * @param into where the payloads go
     * @param from the index of the first free place in {@code into}
     * @return the number of places of {@code into} used now
     */
    static int takePayloads(final EventDispatcher evd, final int[] into, final int from) {
        final EventSlot slot = new EventSlot();
        int t = from;
        while (t < into.length && evd.dequeue(slot)) {
            into[t++] = (Integer) slot.payload();
        }
        return t;
    }

    /**
     * {@return how many are true}
     *
     * @param accepted which posts were accepted
     */
    public static int count(final boolean[] accepted) {
        int n = 0;
        for (final boolean a : accepted) {
            n += a ? 1 : 0;
        }
        return n;
    }
}
