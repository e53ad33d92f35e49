package io.dat4j.provider.tcp;

import io.dat4j.internal.logging.Logging;
import java.util.Arrays;
import org.apache.logging.log4j.Logger;

/**
 * The timers of one I/O loop's connections (handshake, RNR hold, drain): a binary min-heap of {@link Timer}s keyed by
 * deadline, each timer knowing its slot, so that arming, re-arming earlier and expiring are O(log n) and allocate
 * nothing once the array has grown. A timer is disarmed by setting its deadline to {@link Long#MAX_VALUE}; its entry
 * stays until its key comes due and is then dropped (a re-armed later deadline is re-keyed then), so a disarm never
 * touches the heap.
 *
 * <p>Threading: the loop owner only (timers are armed on it, under the connection's lock; {@link #expire()} runs at the
 * start of each round, with no lock held, and takes each due connection's lock in {@link TcpConnection#onTimer()}).
 * See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class TimerHeap {

    private static final Logger LOG = Logging.logger(TimerHeap.class);

    /** One connection's timer. */
    static final class Timer {
        /** Whose timer it is (for the log), and what runs when it fires ({@link TcpConnection#onTimer()}). */
        private final Object owner;
        private final Runnable onExpiry;
        /** When it fires ({@link System#nanoTime()}), {@link Long#MAX_VALUE} when disarmed; under the connection's lock. */
        long deadline = Long.MAX_VALUE;
        /** Its index in the heap, -1 when not in it; the deadline it is keyed by there. Loop owner only. */
        int slot = -1;
        long key;
        /** The {@link #expire()} call that fired it last. */
        private int firedIn;

        Timer(final Object owner, final Runnable onExpiry) {
            this.owner = owner;
            this.onExpiry = onExpiry;
        }
    }

    private Timer[] heap = new Timer[16];
    private int size;
    /** Counts {@link #expire()} calls: a timer fires at most once per call. */
    private int pass;

    /** {@return the number of entries, disarmed ones not yet dropped included} */
    int size() {
        return size;
    }

    /** Puts an armed timer in the heap, or moves it up when it now fires earlier than its key. */
    void schedule(final Timer t) {
        final long d = t.deadline;
        if (d == Long.MAX_VALUE) {
            return;
        }
        if (t.slot >= 0) {
            if (d - t.key < 0) {
                t.key = d;
                up(t.slot);
            }
            return;
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        t.key = d;
        t.slot = size;
        heap[size++] = t;
        up(t.slot);
    }

    /**
     * Fires every timer that is due (runs its expiry, {@link TcpConnection#onTimer()}), re-keys those armed later
     * meanwhile, drops disarmed ones. An expiry disarms its timer or re-arms it; one re-armed at a time already past
     * fires at the next call, not again in this one.
     *
     * @return milliseconds until the next entry comes due (at least 1), {@link Long#MAX_VALUE} when none is left
     */
    long expire() {
        return size == 0 ? Long.MAX_VALUE : expire(System.nanoTime());
    }

    /**
     * {@link #expire()} at a time the caller read ({@link System#nanoTime()}), so that a round that also samples the
     * silent-peer sweep reads the clock once.
     *
     * @param now the time
     * @return as {@link #expire()}
     */
    long expire(final long now) {
        if (size == 0) {
            return Long.MAX_VALUE;
        }
        pass++;
        while (size > 0) {
            final Timer t = heap[0];
            if (t.key - now > 0 || t.firedIn == pass) {
                break;
            }
            final long d = t.deadline;
            if (d != Long.MAX_VALUE && d - now > 0) {
                t.key = d;
                down(0);
                continue;
            }
            removeTop();
            if (d == Long.MAX_VALUE) {
                continue;
            }
            t.firedIn = pass;
            try {
                t.onExpiry.run();
            } catch (final RuntimeException e) {
                LOG.error("timer of {} failed", t.owner, e);
            }
            schedule(t); // re-armed by onTimer (a drain after a refusal, say): back in the heap
        }
        return size == 0 ? Long.MAX_VALUE : Math.max(1, (heap[0].key - now) / 1_000_000L + 1);
    }

    private void removeTop() {
        final Timer top = heap[0];
        top.slot = -1;
        final Timer last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            heap[0] = last;
            last.slot = 0;
            down(0);
        }
    }

    private void up(final int from) {
        int i = from;
        final Timer t = heap[i];
        while (i > 0) {
            final int parent = (i - 1) >>> 1;
            final Timer p = heap[parent];
            if (p.key - t.key <= 0) {
                break;
            }
            heap[i] = p;
            p.slot = i;
            i = parent;
        }
        heap[i] = t;
        t.slot = i;
    }

    private void down(final int from) {
        int i = from;
        final Timer t = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && heap[child + 1].key - heap[child].key < 0) {
                child++;
            }
            final Timer ch = heap[child];
            if (t.key - ch.key <= 0) {
                break;
            }
            heap[i] = ch;
            ch.slot = i;
            i = child;
        }
        heap[i] = t;
        t.slot = i;
    }
}
