package io.dat4j.provider.shm;

import io.dat4j.provider.shm.sys.RingReader;
import io.dat4j.provider.shm.sys.RingWriter;
import io.dat4j.provider.shm.sys.WakeControl;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What the last service round of a {@link DataPath} left, for the threads that look at the connection without its
 * lock: a sleeper's last look before it sleeps ({@link #peerMoved}) and an empty poll ({@link #quiet}), which then
 * returns without taking any lock.
 *
 * <p>Thread safety ("Threading and locks" in docs/provider-kit.md): {@link #record} is called by the thread holding
 * the connection's lock ({@link ShmConnection#lock}) at the end of each round, and stores each value with a release
 * store, only when it changed (a round that changes nothing stores nothing); any thread reads them with acquire loads.
 * {@code quietAt} is stored last and read first, so a reader that sees a round's "nothing owed" sees that round's
 * other values or newer ones. A reader may meet a round in progress, or see the values of two successive rounds: it
 * then answers "nothing new since the last round" at worst for a poll made while another thread holds the lock, which
 * is what a failed {@code tryLock} answers too, and that thread does what it finds. A reader never acts on a value it
 * read here beyond "look again under the lock": every value of the peer is still checked by the round that uses it.
 * The peer's words are read from the shared mapping without the lock; a teardown meanwhile lets the mapping's pages go
 * but leaves zeros at the same addresses ({@link io.dat4j.provider.shm.sys.SharedMapping#close()}), so such a read
 * answers from zeros, and the round it leads to finds the path gone.
 */
final class LastRound {

    private static final VarHandle AT;
    private static final VarHandle TAIL;
    private static final VarHandle CONSUMED;
    private static final VarHandle KNOWN;
    private static final VarHandle QUIET_AT;
    private static final VarHandle FENCE_OWED;
    private static final VarHandle FENCE_LOOKS;

    static {
        try {
            final MethodHandles.Lookup l = MethodHandles.lookup();
            AT = l.findVarHandle(LastRound.class, "at", long.class);
            TAIL = l.findVarHandle(LastRound.class, "tail", long.class);
            CONSUMED = l.findVarHandle(LastRound.class, "consumed", long.class);
            KNOWN = l.findVarHandle(LastRound.class, "known", long.class);
            QUIET_AT = l.findVarHandle(LastRound.class, "quietAt", long.class);
            FENCE_OWED = l.findVarHandle(LastRound.class, "fenceOwed", boolean.class);
            FENCE_LOOKS = l.findVarHandle(LastRound.class, "fenceLooks", int.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final RingReader in;
    private final RingWriter out;
    /** The header position the last round stopped at in the peer's ring, or -1 inside a record. */
    private long at;
    /** The peer's TAIL word as the last round read it. */
    private long tail;
    /** The peer's HEAD word (this side's ring consumed) as the last round read it. */
    private long consumed;
    /**
     * The peer's consumed position as the last round knew it: the greatest of its HEAD word and the positions its
     * records carried (field d). A HEAD word equal to it tells a round nothing new.
     */
    private long known;
    /**
     * The last round published HEAD without the fenced look at the peer's ARM_SPACE that follows a publication (it
     * took the last record of the ring): this side's next request or round makes it. The first consumer poll after
     * that round does not run a round for it (the consumer that took a message normally posts its reply next, and the
     * post makes the look); the second does, and so does the progress thread, should no thread of this side come
     * back.
     */
    private boolean fenceOwed;
    /** Consumer polls that found {@link #fenceOwed} (opaque, lost increments allowed); reset when it is set. */
    private int fenceLooks;
    /**
     * The header position the last round stopped at if it left nothing owed (no record in progress, no HEAD to
     * publish, nothing to write or answer, no NAK), else -1: no round yet, or work left.
     */
    private long quietAt = -1;

    LastRound(final RingReader in, final RingWriter out) {
        this.in = in;
        this.out = out;
    }

    /**
     * The end of a round (lock held): stores what changed.
     *
     * @param position the header position reached, or -1 inside a record
     * @param tailWord the peer's TAIL as last read
     * @param consumedWord the peer's HEAD as last read
     * @param knownConsumed the peer's consumed position as known (HEAD word or carried)
     * @param quiet the header position if the round left nothing owed, else -1
     * @param owesFence whether the round left the fenced look at the peer's ARM_SPACE owed
     */
    void record(final long position, final long tailWord, final long consumedWord, final long knownConsumed,
            final long quiet, final boolean owesFence) {
        // plain reads of fields only this (locked) thread writes; release stores for the readers without the lock
        if (at != position) {
            AT.setRelease(this, position);
        }
        if (tail != tailWord) {
            TAIL.setRelease(this, tailWord);
        }
        if (consumed != consumedWord) {
            CONSUMED.setRelease(this, consumedWord);
        }
        if (known != knownConsumed) {
            KNOWN.setRelease(this, knownConsumed);
        }
        if (fenceOwed != owesFence) {
            if (owesFence) {
                FENCE_LOOKS.setOpaque(this, 0);
            }
            FENCE_OWED.setRelease(this, owesFence);
        }
        if (quietAt != quiet) {
            QUIET_AT.setRelease(this, quiet);
        }
    }

    /**
     * {@return true if a round now would find nothing to do} The last round left nothing owed, no record is committed
     * at the position it stopped at (the commit word there is 0), and the peer's HEAD word did not move since or names
     * the position its records carried already (a peer publishes HEAD when it took the last record, then replies with
     * the same position in field d). Reads two words of the peer (the commit word is the line a new record arrives in)
     * and no lock.
     *
     * @param consumer whether a consumer polls: the fenced look owed at the peer's ARM_SPACE ({@link #fenceOwed})
     *        counts as work from its second poll on, and at once for the progress thread
     */
    boolean quiet(final boolean consumer) {
        final long q = (long) QUIET_AT.getAcquire(this);
        if (q < 0 || in.committedAt(q)) {
            return false;
        }
        if ((boolean) FENCE_OWED.getAcquire(this)) {
            final int looks = (int) FENCE_LOOKS.getOpaque(this);
            if (!consumer || looks > 0) {
                return false;
            }
            FENCE_LOOKS.setOpaque(this, 1);
        }
        final long h = out.peekConsumed();
        return h == (long) CONSUMED.getAcquire(this) || h == (long) KNOWN.getAcquire(this);
    }

    /**
     * {@return true if the peer published what a sleeper waits for since the last round}: new records in its ring
     * ({@link WakeControl#DATA}), or consumed records of this side's ring ({@link WakeControl#SPACE}). Called after
     * arming, before sleeping.
     *
     * @param what what the sleeper waits for
     */
    boolean peerMoved(final int what) {
        if ((what & WakeControl.DATA) != 0) {
            final long p = (long) AT.getAcquire(this);
            if (p >= 0 ? in.committedAt(p) : in.peekTail() != (long) TAIL.getAcquire(this)) {
                return true;
            }
        }
        return (what & WakeControl.SPACE) != 0 && out.peekConsumed() != (long) CONSUMED.getAcquire(this);
    }
}
