package io.dat4j.kit.internal;

import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventSlot;
import io.dat4j.SoftwareEvent;
import io.dat4j.internal.ApiAccess;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;

/**
 * The storage of a {@link KitEventDispatcher}: a bounded ring of entries kept as a struct of arrays (per entry a kind,
 * a reference, and the DTO fields), so that DTO completions and software events go in and come out (into an
 * {@link EventSlot} or an {@link EventHandler}) without any allocation; only the record forms build a record when the
 * entry is taken. On the IA's async EVD it also keeps the {@link #OVERFLOW} entries that found no room
 * ({@link #hold}), appended as soon as an entry is taken, and builds an {@link #OVERFLOW} entry's report (from the
 * overflowed EVD's {@link OverflowReport}) when it is taken. It knows nothing of waiters or notifiers.
 *
 * <p>Two sides, two counters. The <em>posting side</em> ({@link #append}, {@link #hold}) owns the tail and is guarded
 * by the owning EVD's lock ({@link io.dat4j.kit.LockRank#EVENT_DISPATCHER}): it fills the tail slot, then publishes it
 * by a release write of {@link #appended}. The <em>taking side</em> ({@link #takeRecord}, {@link #takeInto}) owns the
 * head and is guarded by the <em>take claim</em> ({@link #claim()}, {@link #tryClaim()}, {@link #unclaim()}: a flag
 * set by a compare-and-set, a leaf: its holder takes no lock, waits for nothing and only copies entries out): it
 * copies the head out, clears its references, then frees the slot by a release write of {@link #taken}. Each side
 * reads the other's counter with acquire, so an entry is taken only after it was filled, and a slot is refilled only
 * after its entry was copied out. So a consumer takes an event with one compare-and-set and no lock, and does not
 * contend with posters. Whatever moves or clears both sides ({@link #reallocate}, {@link #clear}) holds the lock and
 * the claim, in that order; the async EVD's takes also hold its lock (taking there admits held entries, a post).
 * {@link #countAcquire()} reads both counters without either guard. See "Threading and locks" in
 * {@code docs/provider-kit.md}; the jcstress {@code EvdTakeClaimTest} races two takers against a post.
 */
final class EventRing {

    private static final ApiAccess.EventSlotAccess SLOTS = ApiAccess.eventSlots();
    private static final VarHandle APPENDED;
    private static final VarHandle TAKEN;
    private static final VarHandle CLAIM;
    /** Failed claims a taker spins through before it yields the CPU to a holder that may have been preempted. */
    private static final int SPINS_BEFORE_YIELD = 64;

    static {
        try {
            final MethodHandles.Lookup l = MethodHandles.lookup();
            APPENDED = l.findVarHandle(EventRing.class, "appended", long.class);
            TAKEN = l.findVarHandle(EventRing.class, "taken", long.class);
            CLAIM = l.findVarHandle(EventRing.class, "claim", int.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** An event record, kept as it was posted. */
    static final byte RECORD = 0;
    /** A DTO completion, kept field by field. */
    static final byte DTO = 1;
    /** A software event: {@code refs} holds the payload. */
    static final byte SOFTWARE = 2;
    /** Async EVD only: the overflow report of the EVD in {@code refs}, built when taken; {@code cookies}: length. */
    static final byte OVERFLOW = 3;

    private byte[] kinds;
    private Object[] refs;
    private long[] cookies;
    private long[] lengths;
    private DtoStatus[] statuses;
    private DtoOperation[] operations;
    private int[] rmrs;
    /** Taking side (under the claim): the slot of the oldest entry. */
    private int head;
    /** Posting side (under the lock): the slot the next entry fills. */
    private int tail;
    /** Entries ever appended; written with release by the posting side, read with acquire by the taking side. */
    @SuppressWarnings("unused") // through APPENDED
    private volatile long appended;
    /** Entries ever taken (or cleared); written with release by the taking side, read with acquire by the posting one. */
    @SuppressWarnings("unused") // through TAKEN
    private volatile long taken;
    /** The take claim: 1 while a thread holds it. */
    @SuppressWarnings("unused") // through CLAIM
    private volatile int claim;
    /** Async EVD only: EVDs whose overflow entry did not fit yet, in the order they overflowed. */
    private final ArrayDeque<KitEventDispatcher> held = new ArrayDeque<>();

    EventRing(final int length) {
        allocate(length);
    }

    private void allocate(final int length) {
        kinds = new byte[length];
        refs = new Object[length];
        cookies = new long[length];
        lengths = new long[length];
        statuses = new DtoStatus[length];
        operations = new DtoOperation[length];
        rmrs = new int[length];
    }

    /** {@return how many entries fit} */
    int capacity() {
        return kinds.length;
    }

    /**
     * {@return how many entries are queued}: exact for whoever holds the lock and the claim; under one of them, a
     * snapshot the other side may change at once (under the lock, a concurrent take may not be seen yet)
     */
    int count() {
        final long t = (long) TAKEN.getAcquire(this);
        return (int) ((long) APPENDED.getVolatile(this) - t);
    }

    /**
     * {@return how many entries are queued, read without the lock or the claim}: 0 means that no post had completed
     * when it was read that this thread could know of (a post that happened-before the call, or was signalled to it,
     * is seen)
     */
    int countAcquire() {
        return Math.min(count(), kinds.length);
    }

    /**
     * {@return true if no entry fits}; the posting side (under the lock). A ring that looks full is read again after
     * a full fence: a taker frees a slot with a volatile write and then reads the appended count, this side appended
     * and then reads the taken count, so one of them sees the other (a consumer that found the ring empty after its
     * take, and a post refused as full at the same time, would be no order of the two).
     */
    boolean isFull() {
        final long a = (long) APPENDED.get(this);
        if (a - (long) TAKEN.getAcquire(this) < kinds.length) {
            return false;
        }
        VarHandle.fullFence();
        return a - (long) TAKEN.getVolatile(this) >= kinds.length;
    }

    /** {@return true if the taking side finds an entry}; under the claim */
    boolean hasEntry() {
        return (long) APPENDED.getVolatile(this) - (long) TAKEN.get(this) > 0;
    }

    /** {@return true if this thread now holds the take claim}; never waits */
    boolean tryClaim() {
        return CLAIM.compareAndSet(this, 0, 1);
    }

    /**
     * Takes the take claim, spinning while another taker holds it (a holder only copies entries out; after a few
     * spins this thread yields, in case the holder was preempted).
     */
    void claim() {
        int spins = 0;
        while (!CLAIM.compareAndSet(this, 0, 1)) {
            if (++spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                spins = 0;
                Thread.yield();
            }
        }
    }

    /** Releases the take claim. */
    void unclaim() {
        CLAIM.setRelease(this, 0);
    }

    /** Appends an entry; the posting side (under the lock), which found room ({@link #isFull()} false). */
    void append(final byte kind, final Object ref, final long cookie, final DtoStatus status, final long length,
            final DtoOperation operation, final int rmr) {
        final int i = tail;
        kinds[i] = kind;
        refs[i] = ref;
        cookies[i] = cookie;
        lengths[i] = length;
        statuses[i] = status;
        operations[i] = operation;
        rmrs[i] = rmr;
        tail = i + 1 == kinds.length ? 0 : i + 1;
        APPENDED.setRelease(this, (long) APPENDED.get(this) + 1); // the entry is the taking side's from here
    }

    /**
     * Appends the {@link #OVERFLOW} entry of an EVD now if it fits, else as soon as an entry is taken.
     *
     * @param evd the EVD that overflowed
     */
    void hold(final KitEventDispatcher evd) {
        held.add(evd);
        admitHeld();
    }

    private void admitHeld() {
        KitEventDispatcher evd;
        while (!isFull() && (evd = held.poll()) != null) {
            append(OVERFLOW, evd, evd.ringCapacity(), null, 0, null, 0);
        }
    }

    /**
     * Moves the queued entries into arrays of a new length; the caller holds the lock and the claim, and checked that
     * they fit.
     */
    void reallocate(final int length) {
        final int count = count();
        final byte[] k = kinds;
        final Object[] r = refs;
        final long[] c = cookies;
        final long[] l = lengths;
        final DtoStatus[] st = statuses;
        final DtoOperation[] op = operations;
        final int[] rm = rmrs;
        allocate(length);
        for (int i = 0; i < count; i++) {
            final int j = (head + i) % k.length;
            kinds[i] = k[j];
            refs[i] = r[j];
            cookies[i] = c[j];
            lengths[i] = l[j];
            statuses[i] = st[j];
            operations[i] = op[j];
            rmrs[i] = rm[j];
        }
        head = 0;
        tail = count == length ? 0 : count;
    }

    /**
     * Takes the head as a record, built for DTO and software entries (an {@link #OVERFLOW} entry: the report).
     *
     * @param evd the EVD the record names
     * @return the event
     */
    Event takeRecord(final KitEventDispatcher evd) {
        final int h = head;
        if (kinds[h] == OVERFLOW) {
            return takeOverflowReport(evd);
        }
        final Event e = switch (kinds[h]) {
            case DTO -> operations[h].carriesImmediateData()
                    ? new DtoCompletionEvent(evd, (Endpoint) refs[h], cookies[h], statuses[h], lengths[h],
                            operations[h], 0, rmrs[h])
                    : new DtoCompletionEvent(evd, (Endpoint) refs[h], cookies[h], statuses[h], lengths[h],
                            operations[h], rmrs[h]);
            case SOFTWARE -> new SoftwareEvent(evd, refs[h]);
            default -> (Event) refs[h];
        };
        dropHead();
        return e;
    }

    /**
     * Takes the head into a slot, allocation-free but for an {@link #OVERFLOW} entry (the report it builds).
     *
     * @param evd the EVD the slot names
     * @param slot the slot
     */
    void takeInto(final KitEventDispatcher evd, final EventSlot slot) {
        final int h = head;
        if (kinds[h] == OVERFLOW) {
            SLOTS.event(slot, takeOverflowReport(evd));
            return;
        }
        switch (kinds[h]) {
            case DTO -> SLOTS.dtoCompletion(slot, evd, (Endpoint) refs[h], cookies[h], statuses[h], lengths[h],
                    operations[h], rmrs[h]);
            case SOFTWARE -> SLOTS.software(slot, evd, refs[h]);
            default -> SLOTS.event(slot, (Event) refs[h]);
        }
        dropHead();
    }

    /**
     * Copies the head into a holder and drops it, allocation-free but for an {@link #OVERFLOW} entry (the report it
     * builds). The holder is then handed to the handler with the lock released.
     *
     * @param into the holder
     */
    void takeInto(final KitEventDispatcher evd, final Taken into) {
        final int h = head;
        if (kinds[h] == OVERFLOW) {
            into.record(takeOverflowReport(evd));
            return;
        }
        into.kind = kinds[h];
        into.ref = refs[h];
        into.cookie = cookies[h];
        into.status = statuses[h];
        into.length = lengths[h];
        into.operation = operations[h];
        into.rmr = rmrs[h];
        dropHead();
    }

    /**
     * Takes the {@link #OVERFLOW} entry at the head as the report of its EVD, re-arming that EVD (which queues its
     * report again at once if it dropped more since).
     *
     * @param async the async EVD this ring belongs to (the report's dispatcher)
     * @return the report
     */
    private Event takeOverflowReport(final KitEventDispatcher async) {
        final KitEventDispatcher evd = (KitEventDispatcher) refs[head];
        final Event e = evd.overflowReport().take(async, evd, (int) cookies[head]);
        dropHead();
        if (evd.overflowReport().rearmedWithDrops()) {
            hold(evd);
        }
        return e;
    }

    /**
     * Drops the head entry, clearing its references, and frees its slot for the posting side; on the async EVD (whose
     * takes hold the lock too) a held entry may fit now.
     */
    private void dropHead() {
        final int h = head;
        refs[h] = null;
        statuses[h] = null;
        operations[h] = null;
        head = h + 1 == kinds.length ? 0 : h + 1;
        // the slot is the posting side's from here; volatile, so that this thread's next look at the appended count
        // comes after it (isFull)
        TAKEN.setVolatile(this, (long) TAKEN.get(this) + 1);
        if (!held.isEmpty()) {
            admitHeld();
        }
    }

    /** Drops every entry (the EVD is freed); the caller holds the lock and the claim. */
    void clear() {
        for (int i = 0; i < kinds.length; i++) {
            refs[i] = null;
            statuses[i] = null;
            operations[i] = null;
        }
        head = tail;
        TAKEN.setVolatile(this, (long) APPENDED.get(this));
    }

    /**
     * One entry copied out of the ring, so that a handler is called with the EVD's lock released; one per polling
     * thread, reused. Not thread safe.
     */
    static final class Taken {
        /** The thread this holder belongs to (made by its thread-local), final: a racy reader sees it set. */
        final Thread owner = Thread.currentThread();
        private byte kind;
        private Object ref;
        private long cookie;
        private DtoStatus status;
        private long length;
        private DtoOperation operation;
        private int rmr;
        /**
         * True while it holds a DTO completion handed straight to its thread ({@link #hand}); only that thread reads
         * or writes it.
         */
        private boolean handed;

        /** {@return true if it holds a completion handed to its thread, not delivered yet} */
        boolean handed() {
            return handed;
        }

        /**
         * Holds a DTO completion handed straight to this holder's thread, bypassing the ring (the EVD's hand-off:
         * {@link KitEventDispatcher}); called on that thread, under the EVD's lock, with the ring empty.
         */
        void hand(final Object endpoint, final long c, final DtoStatus st, final long len, final DtoOperation op,
                final int rmrContext) {
            kind = DTO;
            ref = endpoint;
            cookie = c;
            status = st;
            length = len;
            operation = op;
            rmr = rmrContext;
            handed = true;
        }

        /**
         * Moves the handed completion into a slot and forgets it.
         *
         * @param evd the EVD it was handed by
         * @param slot the slot
         */
        void handInto(final KitEventDispatcher evd, final EventSlot slot) {
            SLOTS.dtoCompletion(slot, evd, (Endpoint) ref, cookie, status, length, operation, rmr);
            ref = null;
            status = null;
            operation = null;
            handed = false;
        }

        /**
         * Holds an event record (an overflow report the EVD built).
         *
         * @param event the record
         */
        void record(final Event event) {
            kind = RECORD;
            ref = event;
        }

        /**
         * Passes the entry to the handler's matching callback and forgets its references.
         *
         * @param evd the EVD it was taken from
         * @param handler the handler
         */
        void deliver(final EventDispatcher evd, final EventHandler handler) {
            final Object r = ref;
            final DtoStatus st = status;
            final DtoOperation op = operation;
            ref = null;
            status = null;
            operation = null;
            handed = false;
            switch (kind) {
                case DTO -> handler.onDtoCompletion((Endpoint) r, cookie, st, length, op, rmr);
                case SOFTWARE -> handler.onSoftwareEvent(evd, r);
                default -> EventHandler.dispatch(handler, (Event) r);
            }
        }
    }
}
