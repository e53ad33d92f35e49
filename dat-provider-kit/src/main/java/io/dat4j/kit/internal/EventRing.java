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
import java.util.ArrayDeque;

/**
 * The storage of a {@link KitEventDispatcher}: a bounded ring of entries kept as a struct of arrays (per entry a kind,
 * a reference, and the DTO fields), so that DTO completions and software events go in and come out (into an
 * {@link EventSlot} or an {@link EventHandler}) without any allocation; only the record forms build a record when the
 * entry is taken. On the IA's async EVD it also keeps the {@link #OVERFLOW} entries that found no room
 * ({@link #hold}), appended as soon as an entry is taken. It knows nothing of waiters or notifiers, and the EVD builds
 * the report of an {@link #OVERFLOW} entry itself.
 *
 * <p>Thread safety: none of its own. Every method is called with the owning EVD's lock held
 * ({@link io.dat4j.kit.LockRank#EVENT_DISPATCHER}), except that handler callbacks run after the entry was copied out
 * and the lock released ({@link Taken}). See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class EventRing {

    private static final ApiAccess.EventSlotAccess SLOTS = ApiAccess.eventSlots();

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
    private int head;
    private int count;
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

    /** {@return how many entries are queued} */
    int count() {
        return count;
    }

    /** {@return true if no entry fits} */
    boolean isFull() {
        return count == kinds.length;
    }

    /** Appends an entry; the caller found room ({@link #isFull()} false). */
    void append(final byte kind, final Object ref, final long cookie, final DtoStatus status, final long length,
            final DtoOperation operation, final int rmr) {
        final int cap = kinds.length;
        int i = head + count;
        if (i >= cap) {
            i -= cap;
        }
        kinds[i] = kind;
        refs[i] = ref;
        cookies[i] = cookie;
        lengths[i] = length;
        statuses[i] = status;
        operations[i] = operation;
        rmrs[i] = rmr;
        count++;
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
        while (count < kinds.length && (evd = held.poll()) != null) {
            append(OVERFLOW, evd, evd.ringCapacity(), null, 0, null, 0);
        }
    }

    /** Moves the queued entries into arrays of a new length; the caller checked that they fit. */
    void reallocate(final int length) {
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
    }

    /** {@return the kind of the head entry; the ring is not empty} */
    byte headKind() {
        return kinds[head];
    }

    /** {@return the reference of the head entry} */
    Object headRef() {
        return refs[head];
    }

    /** {@return the cookie (for an overflow report: the queue length) of the head entry} */
    long headCookie() {
        return cookies[head];
    }

    /**
     * Takes the head as a record, built for DTO and software entries; not for an {@link #OVERFLOW} entry.
     *
     * @param evd the EVD the record names
     * @return the event
     */
    Event takeRecord(final EventDispatcher evd) {
        final int h = head;
        final Event e = switch (kinds[h]) {
            case DTO -> new DtoCompletionEvent(evd, (Endpoint) refs[h], cookies[h], statuses[h], lengths[h],
                    operations[h], rmrs[h]);
            case SOFTWARE -> new SoftwareEvent(evd, refs[h]);
            default -> (Event) refs[h];
        };
        dropHead();
        return e;
    }

    /**
     * Takes the head into a slot, allocation-free; not for an {@link #OVERFLOW} entry.
     *
     * @param evd the EVD the slot names
     * @param slot the slot
     */
    void takeInto(final EventDispatcher evd, final EventSlot slot) {
        final int h = head;
        switch (kinds[h]) {
            case DTO -> SLOTS.dtoCompletion(slot, evd, (Endpoint) refs[h], cookies[h], statuses[h], lengths[h],
                    operations[h], rmrs[h]);
            case SOFTWARE -> SLOTS.software(slot, evd, refs[h]);
            default -> SLOTS.event(slot, (Event) refs[h]);
        }
        dropHead();
    }

    /**
     * Fills a slot with a record (an overflow report the EVD built).
     *
     * @param slot the slot
     * @param event the record
     */
    static void fill(final EventSlot slot, final Event event) {
        SLOTS.event(slot, event);
    }

    /**
     * Copies the head into a holder and drops it, allocation-free; not for an {@link #OVERFLOW} entry. The holder is
     * then handed to the handler with the lock released.
     *
     * @param into the holder
     */
    void takeInto(final Taken into) {
        final int h = head;
        into.kind = kinds[h];
        into.ref = refs[h];
        into.cookie = cookies[h];
        into.status = statuses[h];
        into.length = lengths[h];
        into.operation = operations[h];
        into.rmr = rmrs[h];
        dropHead();
    }

    /** Drops the head entry, clearing its references; a held entry may fit now. */
    void dropHead() {
        final int h = head;
        refs[h] = null;
        statuses[h] = null;
        operations[h] = null;
        head = h + 1 == kinds.length ? 0 : h + 1;
        count--;
        if (!held.isEmpty()) {
            admitHeld();
        }
    }

    /** Drops every entry (the EVD is freed). */
    void clear() {
        for (int i = 0; i < kinds.length; i++) {
            refs[i] = null;
            statuses[i] = null;
            operations[i] = null;
        }
        count = 0;
    }

    /**
     * One entry copied out of the ring, so that a handler is called with the EVD's lock released; one per polling
     * thread, reused. Not thread safe.
     */
    static final class Taken {
        private byte kind;
        private Object ref;
        private long cookie;
        private DtoStatus status;
        private long length;
        private DtoOperation operation;
        private int rmr;

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
            switch (kind) {
                case DTO -> handler.onDtoCompletion((Endpoint) r, cookie, st, length, op, rmr);
                case SOFTWARE -> handler.onSoftwareEvent(evd, r);
                default -> EventHandler.dispatch(handler, (Event) r);
            }
        }
    }
}
