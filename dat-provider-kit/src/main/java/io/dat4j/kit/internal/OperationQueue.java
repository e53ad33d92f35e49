package io.dat4j.kit.internal;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;

/**
 * One queue of an EP (receives, or requests): a ring of pooled {@link KitOperation}s in posting order. A completion
 * is held back until every earlier operation of the queue has completed, so events reach the EVD in posting order
 * whatever order the transport finishes in. A descriptor is made the first time its slot is used and reused from then
 * on, so a deep queue (C programs size them by their worst case: dtestsrq asks 10,000 per EP) costs only the slots it
 * has used, and posting allocates nothing once the queue has been as deep as it gets. A descriptor the kit completes
 * while the transport still holds it ({@link #flush}) is not reused: its slot gets a new one, so a late completion of
 * it (a transport thread that still held it) finds it done and is ignored, and never completes the operation posted
 * in that slot since.
 *
 * <p>Thread safety: guarded by {@link #lock} ({@link LockRank#OPERATION_QUEUE}). A post reserves and commits a
 * descriptor under it (holding the EP's lock as well) and releases it before the transport's post hook, so a
 * transport may complete operations while it holds its own locks; an EVD's lock is taken under it. See "Threading
 * and locks" in {@code docs/provider-kit.md}.
 */
final class OperationQueue {

    private static final int SILENT = CompletionFlag.SUPPRESS.value() | CompletionFlag.UNSIGNALLED.value();

    final KitLock lock;
    private final KitEndpoint ep;
    private final boolean receives;
    private KitOperation[] ring;
    private int maxSegments;
    private int head;
    private int count;
    private long sequence;

    OperationQueue(final KitEndpoint ep, final boolean receives, final int capacity, final int maxSegments) {
        this.ep = ep;
        this.receives = receives;
        this.lock = new KitLock(LockRank.OPERATION_QUEUE, this);
        this.ring = new KitOperation[capacity];
        this.maxSegments = Math.max(1, maxSegments);
    }

    /** {@return the next free descriptor, begun, or null when the queue is full}; caller holds the lock */
    KitOperation reserve(final DtoOperation kind, final long cookie, final int flags) {
        if (count == ring.length) {
            return null;
        }
        int i = head + count;
        if (i >= ring.length) {
            i -= ring.length;
        }
        KitOperation op = ring[i];
        if (op == null) {
            op = new KitOperation(ep.upcalls(), maxSegments);
            ring[i] = op;
        }
        op.begin(kind, cookie, flags, ++sequence);
        return op;
    }

    /** Makes the reserved descriptor outstanding; caller holds the lock. */
    void commit() {
        count++;
    }

    int outstanding() {
        lock.lock();
        try {
            return count;
        } finally {
            lock.unlock();
        }
    }

    /** {@return the outstanding count}; caller holds the lock */
    int outstandingLocked() {
        return count;
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
        lock.lock();
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
            lock.unlock();
        }
    }

    void flush() {
        lock.lock();
        try {
            for (int i = 0; i < count; i++) {
                final KitOperation op = ring[(head + i) % ring.length];
                if (!op.done) {
                    op.done = true;
                    op.flushed = true;
                    op.status = DtoStatus.FLUSHED;
                    op.transferred = 0;
                }
            }
            drain();
        } finally {
            lock.unlock();
        }
    }

    private void drain() {
        while (count > 0) {
            final KitOperation op = ring[head];
            if (!op.done) {
                return;
            }
            emit(op);
            op.clearSegments();
            if (op.flushed) {
                ring[head] = null; // the transport may still hold it: never hand it out again
            }
            head++;
            if (head == ring.length) {
                head = 0;
            }
            count--;
        }
    }

    private void emit(final KitOperation op) {
        if (op.status == DtoStatus.SUCCESS && (op.flags() & SILENT) != 0) {
            return;
        }
        final KitEventDispatcher evd = receives ? ep.recvEvd() : ep.requestEvd();
        if (evd != null) {
            evd.postDto(ep, op.cookie(), op.status, op.transferred, op.reported, op.immediate);
        }
    }

    /** Changes the capacity, refused when operations are outstanding; caller holds the EP's lock. */
    boolean resize(final int capacity, final int maxSegments) {
        lock.lock();
        try {
            if (count > 0) {
                return capacity >= count && capacity == ring.length;
            }
            ring = new KitOperation[capacity];
            this.maxSegments = Math.max(1, maxSegments);
            head = 0;
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
