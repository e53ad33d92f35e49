package io.dat4j.kit.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many children use a parent handle (a PZ's EPs and LMRs, an EVD's EPs and service points, a CNO's EVDs, the
 * creations under way in an IA), and whether the parent is closing: one atomic word, so that a child's
 * {@link #tryRetain()} and the parent's {@link #tryClose()} cannot both succeed. A creation retains its parents before
 * any other work and releases them when it fails; a parent's free succeeds only from zero users, and from then on
 * every retain fails. Thread safe, lock-free (see "Threading and locks" in {@code docs/provider-kit.md}).
 */
final class UseCount {

    /** The sign bit: closing; the low bits still count the users that retained before. */
    private static final int CLOSING = Integer.MIN_VALUE;

    private final AtomicInteger word = new AtomicInteger();

    /** {@return true if the user was counted; false once the parent is closing} */
    boolean tryRetain() {
        while (true) {
            final int v = word.get();
            if (v < 0) {
                return false;
            }
            if (word.compareAndSet(v, v + 1)) {
                return true;
            }
        }
    }

    /** Releases one user counted by {@link #tryRetain()}. */
    void release() {
        word.decrementAndGet();
    }

    /**
     * Marks the parent closing if nobody uses it.
     *
     * @return 0 when this call marked it closing; the number of users when there are any (nothing changed); -1 when
     *         it was closing already
     */
    int tryClose() {
        while (true) {
            final int v = word.get();
            if (v < 0) {
                return -1;
            }
            if (v > 0) {
                return v;
            }
            if (word.compareAndSet(0, CLOSING)) {
                return 0;
            }
        }
    }

    /** Marks the parent closing whatever its users (an ABRUPT close of its IA); later retains fail. */
    void markClosing() {
        word.getAndUpdate(v -> v | CLOSING);
    }

    /** {@return the users counted now} */
    int users() {
        return word.get() & Integer.MAX_VALUE;
    }
}
