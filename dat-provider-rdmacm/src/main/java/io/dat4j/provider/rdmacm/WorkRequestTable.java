package io.dat4j.provider.rdmacm;

import io.dat4j.DatException;
import io.dat4j.StatusType;
import java.util.function.Consumer;

/**
 * The outstanding work requests of one EP's QP: a {@code wr_id} per operation (EP index, generation, slot; no
 * allocation per post) and the send queue in posting order. A request posted unsignalled (DAT SUPPRESS, as openib's
 * {@code dapls_ib_post_send} leaves out {@code IBV_SEND_SIGNALED}) gives a work completion only when it fails or is
 * flushed; a send queue completes in order, so the completion of a later request, whatever its status, says that every
 * earlier request without a completion of its own succeeded. {@link #completed} retires those first, in order.
 *
 * <p>A drain marker (a signalled zero-length RDMA write the provider posts itself, in a send-queue entry reserved
 * for it) gives the unsignalled requests at the tail a completion to be retired by: before a GRACEFUL disconnect and
 * before the QP is destroyed. Its {@code wr_id} uses {@link #MARKER_SLOT}.
 *
 * <p>Thread safety: safe for concurrent use; its lock is a leaf, and the upcall for implied completions runs outside
 * it. See "Threading and locks" in {@code docs/provider-kit.md}.
 *
 * @param <T> the operation type ({@code PostedOperation} in the provider)
 */
final class WorkRequestTable<T> {

    /** The slot of the drain marker's {@code wr_id}; operation slots stay below it. */
    static final int MARKER_SLOT = 0xffff;

    private final Object lock = new Object();
    private final int index;
    private final Object[] slots;
    private final boolean[] isRequest;
    private final boolean[] signalled;
    private final int[] freeSlots;
    private int freeCount;
    /** Request slots in posting order (a ring). */
    private final int[] order;
    private int orderHead;
    private int orderCount;
    private int generation;
    private boolean markerPending;

    /**
     * Creates an empty table.
     *
     * @param index the EP's index (the high half of its {@code wr_id}s)
     * @param capacity operations that may be outstanding at once (receives and requests), at most 0xffff
     */
    WorkRequestTable(final int index, final int capacity) {
        if (capacity < 1 || capacity > MARKER_SLOT) {
            throw new IllegalArgumentException("capacity " + capacity + " is not 1.." + MARKER_SLOT);
        }
        this.index = index;
        this.slots = new Object[capacity];
        this.isRequest = new boolean[capacity];
        this.signalled = new boolean[capacity];
        this.freeSlots = new int[capacity];
        this.order = new int[capacity];
        for (int i = 0; i < capacity; i++) {
            freeSlots[i] = capacity - 1 - i;
        }
        this.freeCount = capacity;
    }

    /** {@return how many operations fit} */
    int capacity() {
        return slots.length;
    }

    /**
     * {@return the {@code wr_id} of a new outstanding operation}
     *
     * @param op the operation
     * @param request true for a send or RDMA operation (send queue), false for a receive
     * @param withCompletion for a request: posted with {@code IBV_SEND_SIGNALED}
     * @throws DatException INSUFFICIENT_RESOURCES when every slot is in use
     */
    long track(final T op, final boolean request, final boolean withCompletion) {
        synchronized (lock) {
            if (freeCount == 0) {
                throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null,
                        "more than " + slots.length + " operations outstanding on the EP");
            }
            final int slot = freeSlots[--freeCount];
            slots[slot] = op;
            isRequest[slot] = request;
            signalled[slot] = !request || withCompletion;
            if (request) {
                order[(orderHead + orderCount) % order.length] = slot;
                orderCount++;
            }
            return wrId(slot);
        }
    }

    private long wrId(final int slot) {
        return ((long) index << 32) | ((long) (generation & 0xffff) << 16) | slot;
    }

    /**
     * Forgets the operation of a post that failed (the last one tracked on its queue; nothing else completes it).
     *
     * @param wrId its {@code wr_id}
     */
    void untrack(final long wrId) {
        synchronized (lock) {
            final int slot = (int) (wrId & 0xffff);
            if (!current(wrId) || slot >= slots.length || slots[slot] == null) {
                return;
            }
            if (isRequest[slot]) {
                removeFromOrder(slot);
            }
            release(slot);
        }
    }

    private void removeFromOrder(final int slot) {
        for (int i = orderCount - 1; i >= 0; i--) {
            final int at = (orderHead + i) % order.length;
            if (order[at] == slot) {
                for (int j = i; j < orderCount - 1; j++) {
                    order[(orderHead + j) % order.length] = order[(orderHead + j + 1) % order.length];
                }
                orderCount--;
                return;
            }
        }
    }

    private boolean current(final long wrId) {
        return (int) ((wrId >>> 16) & 0xffff) == (generation & 0xffff);
    }

    private void release(final int slot) {
        slots[slot] = null;
        freeSlots[freeCount++] = slot;
    }

    private int popHead() {
        final int slot = order[orderHead];
        orderHead = (orderHead + 1) % order.length;
        orderCount--;
        return slot;
    }

    /**
     * Takes the operation of a work completion. For a request, every earlier request still outstanding (posted
     * unsignalled, so it succeeded without a completion of its own) is retired first and handed to {@code implied},
     * in posting order, outside the table's lock. The drain marker's completion retires every request outstanding.
     *
     * @param wrId the completion's {@code wr_id}
     * @param implied receives each request the completion implies, to be completed SUCCESS
     * @return the completion's own operation, now forgotten; null for the marker or a stale {@code wr_id} (the QP it
     *         belonged to is gone)
     */
    @SuppressWarnings("unchecked")
    T completed(final long wrId, final Consumer<T> implied) {
        final int slot = (int) (wrId & 0xffff);
        while (true) {
            final T earlier;
            synchronized (lock) {
                if (!current(wrId)) {
                    return null;
                }
                if (slot == MARKER_SLOT) {
                    if (!markerPending) {
                        return null;
                    }
                    if (orderCount == 0) {
                        markerPending = false;
                        return null;
                    }
                } else {
                    if (slot >= slots.length || slots[slot] == null) {
                        return null;
                    }
                    final T op = (T) slots[slot];
                    if (!isRequest[slot] || orderCount == 0 || order[orderHead] == slot) {
                        if (isRequest[slot] && orderCount > 0) {
                            popHead();
                        }
                        release(slot);
                        return op;
                    }
                }
                final int first = popHead();
                earlier = (T) slots[first];
                release(first);
            }
            implied.accept(earlier);
        }
    }

    /** {@return sends and RDMA operations the QP holds} */
    int requestsOutstanding() {
        synchronized (lock) {
            return orderCount;
        }
    }

    /**
     * {@return the {@code wr_id} for a drain marker, now pending; or -1 when none is needed}: nothing outstanding, the
     * last request was signalled (its completion comes anyway), or a marker is pending already
     */
    long beginMarker() {
        synchronized (lock) {
            if (markerPending || orderCount == 0 || signalled[order[(orderHead + orderCount - 1) % order.length]]) {
                return -1;
            }
            markerPending = true;
            return wrId(MARKER_SLOT);
        }
    }

    /** The marker could not be posted. */
    void markerFailed() {
        synchronized (lock) {
            markerPending = false;
        }
    }

    /** {@return true while a posted marker has not completed} */
    boolean markerPending() {
        synchronized (lock) {
            return markerPending;
        }
    }

    /** Forgets every operation (the QP is gone); completions of the old QP still in a CQ become stale. */
    void dropAll() {
        synchronized (lock) {
            for (int i = 0; i < slots.length; i++) {
                if (slots[i] != null) {
                    release(i);
                }
            }
            orderHead = 0;
            orderCount = 0;
            markerPending = false;
            generation++;
        }
    }

    /**
     * {@return true if a request is posted with {@code IBV_SEND_SIGNALED}}: unless the consumer suppressed its
     * completion, and also when it fills the send queue (a queue holding only unsignalled requests would never
     * drain: nothing would complete to retire them)
     *
     * @param suppressed posted with DAT SUPPRESS
     * @param outstanding requests outstanding before this one
     * @param depth the requests the send queue holds
     */
    static boolean signalled(final boolean suppressed, final int outstanding, final int depth) {
        return !suppressed || outstanding + 1 >= depth;
    }

    /**
     * {@return true if the {@code wr_id} is a drain marker's}
     *
     * @param wrId a work completion's {@code wr_id}
     */
    static boolean isMarker(final long wrId) {
        return (wrId & 0xffff) == MARKER_SLOT;
    }
}
