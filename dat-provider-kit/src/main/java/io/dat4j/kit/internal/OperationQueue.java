package io.dat4j.kit.internal;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.kit.ConsumerGate;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One queue of an EP (receives, or requests): a ring of pooled {@link KitOperation}s in posting order. A completion
 * is held back until every earlier operation of the queue has completed, so events reach the EVD in posting order
 * whatever order the transport finishes in. A descriptor is made the first time its slot is used and reused from then
 * on, so a deep queue (C programs size them by their worst case: dtestsrq asks 10,000 per EP) costs only the slots it
 * has used, and posting allocates nothing once the queue has been as deep as it gets. A descriptor the kit completes
 * while the transport still holds it ({@link #flush}) is not reused: its slot gets a new one, so a late completion of
 * it (a transport thread that still held it) finds it done and is ignored, and never completes the operation posted
 * in that slot since. A completed descriptor keeps its slot until its event has entered the EVD (libdapl frees a work
 * request's cookie when its work completion is moved from the CQ into the EVD): when the EVD is full, it and the
 * completions behind it wait ({@link EvdBacklog}), and a post finds the queue full, as in C.
 *
 * <p>Two sides, two counters. The <em>posting side</em> ({@link #reserve}, {@link #commit}) owns the tail: it fills
 * the descriptor of the slot after the last posted one and then publishes it by a release write of {@link #posted}.
 * The <em>completing side</em> ({@link #complete}, {@link #flush}) owns the head: under {@link #lock} it retires
 * completed descriptors in order and publishes the freed slots by a release write of {@link #retired}. The posting
 * side reads {@code retired} (acquire) to see a free slot, the completing side reads {@code posted} (acquire) to see
 * what it may retire, so a slot is never refilled before its descriptor was retired, and never retired before it was
 * filled.
 *
 * <p>Thread safety: the completing side is guarded by {@link #lock}. A queue that completes into an EVD and takes no
 * SRQ receives (every request queue with an EVD, and the receive queue of an EP without an SRQ) uses its EVD's lock
 * ({@link KitEventDispatcher#completionLock()}, {@link LockRank#EVENT_DISPATCHER}): a completion takes that one lock,
 * under which it marks the descriptor done, frees the slot ({@link #retireHead()}) and appends the event, and the
 * waiter's wake-up or the CNO's trigger that the post leaves follows once it is released ({@link #unlockAndWake(boolean)}).
 * Any other queue has a lock of its own ({@link LockRank#OPERATION_QUEUE}), under which the EVD's lock is taken to
 * post each event (and, there, to free its slot); an SRQ EP's receive queue needs that rank, since its SRQ takes
 * take the SRQ's lock under it. The posting
 * side needs one poster at a time but takes no lock of its own: posts are serialised by the EP's lock
 * ({@link LockRank#ENDPOINT}, which {@link EndpointPosting} holds), and an SRQ EP's receives, which the consumer
 * cannot post, are reserved by the transport's SRQ takes under {@link #lock}
 * ({@link KitEndpointUpcalls#takeSharedReceive}). So a post takes one kit lock, the EP's. {@link #resize} holds both
 * the EP's lock and this one. See "Threading and locks" in {@code docs/provider-kit.md}; the jcstress
 * {@code OperationQueueReuseTest} races a post into a slot against the completion that frees it.
 */
final class OperationQueue {

    private static final int SILENT = CompletionFlag.SUPPRESS.value() | CompletionFlag.UNSIGNALLED.value();
    private static final VarHandle POSTED;
    private static final VarHandle RETIRED;

    static {
        try {
            final MethodHandles.Lookup l = MethodHandles.lookup();
            POSTED = l.findVarHandle(OperationQueue.class, "posted", long.class);
            RETIRED = l.findVarHandle(OperationQueue.class, "retired", long.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final KitLock lock;
    /**
     * The IA's single-thread gate: a fused queue's completion made inside it takes no lock ({@link ConsumerGate}: the
     * transport's threads complete holding the gate, and the consumer's other calls never run beside it).
     */
    private final ConsumerGate gate;
    /** The EVD whose lock {@link #lock} is (the completion takes one lock), or null: the queue has its own. */
    private final KitEventDispatcher fused;
    /** What the last post of a fused completion left to do ({@link KitEventDispatcher#afterPost}); under the lock. */
    private int after;
    private Thread afterWaiter;
    private final KitEndpoint ep;
    private final boolean receives;
    /** The slots; replaced only by {@link #resize}, which holds the EP's lock and {@link #lock}. */
    private KitOperation[] ring;
    private int maxSegments;
    /** Posting side: the slot the next reserve fills, and the last sequence number given. */
    private int tail;
    private long sequence;
    /** Completing side (under {@link #lock}): the slot of the oldest outstanding descriptor. */
    private int head;
    /** Descriptors published by the posting side, ever; written with release by it, read with acquire by both. */
    @SuppressWarnings("unused") // through POSTED
    private volatile long posted;
    /**
     * True while this queue waits for room in its EVD ({@link EvdBacklog}); written under the EVD's lock, read by the
     * completing side.
     */
    volatile boolean backlogged;
    /** Descriptors retired by the completing side, ever; written with release under the lock, read with acquire. */
    @SuppressWarnings("unused") // through RETIRED
    private volatile long retired;

    /**
     * Creates a queue.
     *
     * @param ep its EP
     * @param receives true for the receive queue
     * @param capacity the slots
     * @param maxSegments segments per descriptor
     * @param fused the EVD the queue completes into when its completing side is to take that EVD's lock (a queue
     *        whose SRQ takes need a lock of their own must pass null), or null for a lock of its own
     */
    OperationQueue(final KitEndpoint ep, final boolean receives, final int capacity, final int maxSegments,
            final KitEventDispatcher fused) {
        this.ep = ep;
        this.receives = receives;
        this.fused = fused;
        this.gate = ep.owner().gate;
        this.lock = fused != null ? fused.completionLock() : new KitLock(LockRank.OPERATION_QUEUE, this);
        this.ring = new KitOperation[capacity];
        this.maxSegments = Math.max(1, maxSegments);
    }

    private long postedAcquire() {
        return (long) POSTED.getAcquire(this);
    }

    private long retiredAcquire() {
        return (long) RETIRED.getAcquire(this);
    }

    /**
     * {@return the next free descriptor, begun, or null when the queue is full}; the posting side (one poster at a
     * time: the EP's lock, or this queue's for an SRQ take). Nothing is visible to the completing side until
     * {@link #commit}.
     */
    KitOperation reserve(final DtoOperation kind, final long cookie, final int flags) {
        if (KitLock.CHECKING && !ep.lock.isHeldByCurrentThread() && !lock.isHeldByCurrentThread() && !gate.mine()) {
            throw new AssertionError("a post on " + this + " without the EP's lock or the queue's: the posting side"
                    + " needs one poster at a time (see \"Threading and locks\" in docs/provider-kit.md)");
        }
        final long p = (long) POSTED.get(this); // the posting side's own counter
        if (p - retiredAcquire() >= ring.length) {
            return null;
        }
        final int i = tail;
        KitOperation op = ring[i];
        if (op == null) {
            op = new KitOperation(ep.upcalls(), maxSegments);
            ring[i] = op;
        }
        op.begin(kind, cookie, flags, ++sequence);
        return op;
    }

    /** Publishes the reserved, filled descriptor to the completing side; the posting side. */
    void commit() {
        final int next = tail + 1;
        tail = next == ring.length ? 0 : next;
        POSTED.setRelease(this, (long) POSTED.get(this) + 1);
    }

    /** {@return the outstanding count}; no lock (a snapshot: exact when neither side is running) */
    int outstanding() {
        final long r = retiredAcquire();
        return (int) (postedAcquire() - r);
    }

    int capacity() {
        return ring.length;
    }

    void complete(final KitOperation op, final DtoStatus status, final long length) {
        completeAs(op, status, length, null, 0);
    }

    /** Completes a receive as RECEIVE_IMMEDIATE with the immediate data. */
    void completeImmediate(final KitOperation op, final DtoStatus status, final long length, final int immediate) {
        completeAs(op, status, length, DtoOperation.RECEIVE_IMMEDIATE, immediate);
    }

    private void completeAs(final KitOperation op, final DtoStatus status, final long length,
            final DtoOperation reported, final int immediate) {
        final boolean locked = fused == null || !gate.mine();
        if (locked) {
            lock.lock();
        }
        try {
            if (op.done) {
                if (op.flushed) {
                    KitInterfaceAdapter.LOG.debug("{} completed {} after the kit flushed it; ignored", op, status);
                } else {
                    KitInterfaceAdapter.LOG.warn("{} completed twice (second status {}); ignored", op, status);
                }
                return;
            }
            if (reported != null) {
                op.reported = reported;
                op.immediate = immediate;
            }
            op.done = true;
            op.status = status;
            op.transferred = length;
            drain();
        } finally {
            unlockAndWake(locked);
        }
    }

    void flush() {
        lock.lock();
        try {
            final KitOperation[] r = ring;
            final int n = (int) (postedAcquire() - (long) RETIRED.get(this));
            int i = head;
            for (int k = 0; k < n; k++) {
                final KitOperation op = r[i];
                if (!op.done) {
                    op.done = true;
                    op.flushed = true;
                    op.status = DtoStatus.FLUSHED;
                    op.transferred = 0;
                }
                if (++i == r.length) {
                    i = 0;
                }
            }
            drain();
        } finally {
            unlockAndWake(true);
        }
    }

    /**
     * Releases {@link #lock}, then does what the posts of a fused completion left (wake the EVD's waiter, trigger its
     * CNO), with no kit lock held (unless the caller held the EVD's lock already, which no completing path does).
     *
     * @param locked false when the completion took no lock (inside the single-thread gate)
     */
    private void unlockAndWake(final boolean locked) {
        final int a = after;
        final Thread w = afterWaiter;
        if (a != KitEventDispatcher.AFTER_NOTHING) {
            after = KitEventDispatcher.AFTER_NOTHING;
            afterWaiter = null;
        }
        if (locked) {
            lock.unlock();
        }
        if (a != KitEventDispatcher.AFTER_NOTHING) {
            fused.afterPost(a, w);
        }
    }

    /**
     * Retires the completed descriptors at the head, in order, each with its event; caller holds the lock. A
     * descriptor keeps its slot until its event has entered the EVD, as libdapl keeps a work request's cookie until
     * its work completion is moved from the CQ into the EVD ({@code dapli_evd_cqe_to_event}): when the EVD has no
     * room, the descriptor and the completed ones behind it wait ({@link EvdBacklog}), and the consumer that takes an
     * event moves them in. The slot is freed (the retired count published) <em>before</em> the event is appended,
     * under the EVD's lock ({@link KitEventDispatcher#postDto}), from copies of the descriptor's fields: a consumer
     * that takes the event and reposts at once must find the slot free (C programs size a queue by exactly what they
     * keep posted), and the poster may reuse the descriptor as soon as the slot is free.
     */
    private void drain() {
        final KitOperation[] r = ring;
        long done = (long) RETIRED.get(this);
        // an operation completes only after it was published, so every done one is below this
        final long end = postedAcquire();
        final KitEventDispatcher evd = receives ? ep.recvEvd() : ep.requestEvd();
        while (done < end) {
            final KitOperation op = r[head];
            if (!op.done) {
                break;
            }
            op.clearSegments();
            final DtoStatus status = op.status;
            if (evd == null || status == DtoStatus.SUCCESS && (op.flags() & SILENT) != 0) {
                retireHead();
            } else if (fused != null) {
                // the EVD's lock is held: one lock for the completion and its event
                final int a = evd.postDtoHeld(this, ep, op.cookie(), status, op.transferred, op.reported,
                        op.immediate);
                if (a == KitEventDispatcher.REFUSED) {
                    return; // it waits for room in the EVD, and so does every completion behind it
                }
                if (a != KitEventDispatcher.AFTER_NOTHING) { // the state the last post saw decides
                    after = a;
                    afterWaiter = evd.waiterThread();
                }
            } else if (!evd.postDto(this, ep, op.cookie(), status, op.transferred, op.reported, op.immediate)) {
                return; // it waits for room in the EVD, and so does every completion behind it
            }
            done++;
        }
        if (backlogged) {
            evd.leaveBacklog(this);
        }
    }

    /**
     * Frees the slot of the completed descriptor at the head for the posting side; the completing side (the queue's
     * lock held), and for a descriptor with an event, the EVD's lock too, right before the event is appended.
     */
    void retireHead() {
        final KitOperation[] r = ring;
        if (r[head].flushed) {
            r[head] = null; // the transport may still hold it: never hand it out again
        }
        head = head + 1 == r.length ? 0 : head + 1;
        RETIRED.setRelease(this, (long) RETIRED.get(this) + 1); // the slot is free for the posting side from here
    }

    /** Posts what waits for room in the EVD, as far as it fits (the EVD's refill); no lock held. */
    void drainBacklog() {
        lock.lock();
        try {
            drain();
        } finally {
            unlockAndWake(true);
        }
    }

    /** Changes the capacity, refused when operations are outstanding; caller holds the EP's lock. */
    boolean resize(final int capacity, final int maxSegments) {
        lock.lock();
        try {
            final int count = (int) (postedAcquire() - (long) RETIRED.get(this));
            if (count > 0) {
                return capacity >= count && capacity == ring.length;
            }
            ring = new KitOperation[capacity];
            this.maxSegments = Math.max(1, maxSegments);
            head = 0;
            tail = 0;
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return (receives ? "receive" : "request") + " queue of " + ep;
    }
}
