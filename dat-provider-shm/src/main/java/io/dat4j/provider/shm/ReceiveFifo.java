package io.dat4j.provider.shm;

import io.dat4j.DtoStatus;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.PostedOperation;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The receives posted on one shared-memory EP and not yet matched by an incoming SEND, in posting order, with no
 * monitor: the poster adds (one at a time: posts hold the EP's lock) and any thread takes (the thread servicing the
 * connection, under the connection's lock; a teardown's or a post's flush), each receive once.
 *
 * <p>Thread safety ("Threading and locks" in docs/provider-kit.md): two counts, {@link #tail} (added, written only by
 * the adder, with release) and {@link #head} (taken, advanced by a compare-and-set). An add writes the slot, then the
 * tail; a take reads the head, then the tail (acquire), then the slot array (acquire) and the slot, and owns that
 * receive only if its compare-and-set of the head from the value it read succeeds: a slot the adder refilled meanwhile
 * (the head had moved past it) fails that compare-and-set. The adder grows the array when it is full: it copies the
 * slots not taken into a larger array and publishes the array before the tail that needs it, so a taker that read a
 * tail finds every slot below it in the array it reads next; an array replaced is never written again, so a taker still
 * reading it finds what its compare-and-set then confirms or refuses. No allocation once the array is as large as the
 * EP's receive depth (a slot keeps a taken descriptor until it is refilled; the kit pools descriptors).
 */
final class ReceiveFifo {

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle SLOTS;

    static {
        try {
            final MethodHandles.Lookup l = MethodHandles.lookup();
            HEAD = l.findVarHandle(ReceiveFifo.class, "head", long.class);
            TAIL = l.findVarHandle(ReceiveFifo.class, "tail", long.class);
            SLOTS = l.findVarHandle(ReceiveFifo.class, "slots", PostedOperation[].class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final EndpointUpcalls up;
    /** The slots, a power of two; replaced (larger) only by the adder. */
    @SuppressWarnings("unused") // through SLOTS
    private volatile PostedOperation[] slots = new PostedOperation[16];
    /** Receives taken, ever: advanced by compare-and-set. */
    @SuppressWarnings("unused") // through HEAD
    private volatile long head;
    /** Receives added, ever: written by the adder alone, with release. */
    @SuppressWarnings("unused") // through TAIL
    private volatile long tail;

    /**
     * Creates the FIFO of an EP.
     *
     * @param up the EP, for its SRQ and the flushes' completions
     */
    ReceiveFifo(final EndpointUpcalls up) {
        this.up = up;
    }

    /**
     * Adds a posted receive; one adder at a time (the EP's lock).
     *
     * @param op the receive
     */
    void add(final PostedOperation op) {
        final long t = (long) TAIL.get(this); // the adder's own count
        PostedOperation[] a = (PostedOperation[]) SLOTS.get(this); // only the adder replaces it
        if (t - (long) HEAD.getAcquire(this) >= a.length) {
            a = grow(a, t);
        }
        a[(int) t & (a.length - 1)] = op;
        TAIL.setRelease(this, t + 1); // the slot (and the descriptor's fields) before the count
    }

    private PostedOperation[] grow(final PostedOperation[] a, final long t) {
        final PostedOperation[] n = new PostedOperation[a.length * 2];
        for (long i = (long) HEAD.getAcquire(this); i < t; i++) {
            n[(int) i & (n.length - 1)] = a[(int) i & (a.length - 1)];
        }
        SLOTS.setRelease(this, n); // before the tail that needs it
        return n;
    }

    /** {@return the oldest receive posted on the EP, taken, or null} (never one of the SRQ's) */
    PostedOperation pollPosted() {
        while (true) {
            final long h = (long) HEAD.getAcquire(this);
            if (h >= (long) TAIL.getAcquire(this)) {
                return null;
            }
            final PostedOperation[] a = (PostedOperation[]) SLOTS.getAcquire(this);
            final PostedOperation op = a[(int) h & (a.length - 1)];
            if (HEAD.compareAndSet(this, h, h + 1)) {
                return op;
            }
        }
    }

    /** {@return the receive for an incoming message: the oldest posted on the EP, else one from its SRQ, or null} */
    PostedOperation poll() {
        final PostedOperation op = pollPosted();
        return op != null ? op : up.takeSharedReceive();
    }

    /** Completes every receive posted on the EP (not the SRQ's) with FLUSHED, in order. */
    void flush() {
        PostedOperation op;
        while ((op = pollPosted()) != null) {
            up.complete(op, DtoStatus.FLUSHED, 0);
        }
    }

    /** Forgets every receive without completing it (the EP is freed: the kit flushes them). */
    void clear() {
        while (pollPosted() != null) {
            // taken and dropped
        }
    }
}
