package io.dat4j.provider.shm;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RegisteredRegion;

/**
 * The requests of one connection written into the ring and not completed yet, in posting order: each with the ring
 * position of its record and, for a SEND or WRITE, the position its record ends at (it completes when the peer's
 * HEAD passes it); a READ waits for its READ_RESP, a rendezvous SEND (SEND_RDV) for the RDV_ACK that says the peer
 * pulled it. A rendezvous SEND holds its regions ({@link RegisteredRegion#acquire()}) while the peer may read them:
 * whichever way its entry leaves (the ack, a NAK, the transport timeout, a flush) releases them before the caller or
 * this class completes it, so an LMR free waits for the pull and the kit never reuses a descriptor whose regions are
 * still held. Entries complete in any order (a SEND behind an unanswered READ
 * completes as soon as it is consumed: the kit keeps the events in order) and leave the FIFO from its head once done.
 * Allocation-free: arrays sized by the EP's request queue.
 *
 * <p>A completed descriptor may already be reused by the kit for a newer operation while its entry waits to leave the
 * FIFO, so lookups by descriptor skip done entries.
 *
 * <p>Not thread safe: guarded by the connection's lock.
 */
final class InFlight {

    /** End position of a READ not answered yet. */
    static final long AWAITING_RESPONSE = -1;
    /** End position of a READ whose response is being read. */
    static final long ANSWERING = -2;
    /** End position of a rendezvous SEND the peer has not acknowledged yet (its regions held). */
    static final long AWAITING_PULL = -3;

    private final PostedOperation[] ops;
    private final long[] start;
    private final long[] end;
    private final boolean[] done;
    private int head;
    private int count;

    InFlight(final int capacity) {
        ops = new PostedOperation[capacity];
        start = new long[capacity];
        end = new long[capacity];
        done = new boolean[capacity];
    }

    int count() {
        return count;
    }

    boolean full() {
        return count == ops.length;
    }

    private int slot(final int i) {
        final int s = head + i;
        return s >= ops.length ? s - ops.length : s;
    }

    /**
     * Adds a written request.
     *
     * @param op the request
     * @param at its record's position
     * @param ends the position after its record, or {@link #AWAITING_RESPONSE} for a READ
     */
    void add(final PostedOperation op, final long at, final long ends) {
        final int s = slot(count);
        ops[s] = op;
        start[s] = at;
        end[s] = ends;
        done[s] = false;
        count++;
    }

    /**
     * {@return true if the oldest rendezvous SEND not acknowledged yet has its record at {@code position} or before}:
     * an RDV_ACK for that position acknowledges it and every one before
     *
     * @param position the position the ack names
     */
    boolean awaitsPullAt(final long position) {
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (!done[s] && end[s] == AWAITING_PULL) {
                if (start[s] == position) {
                    return true;
                }
                if (start[s] > position) {
                    return false;
                }
            }
        }
        return false;
    }

    /**
     * {@return the oldest rendezvous SEND not acknowledged whose record is at {@code position} or before, now marked
     * done with its regions released, or null}
     *
     * @param position the position an RDV_ACK named
     */
    PostedOperation takePulled(final long position) {
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (!done[s] && end[s] == AWAITING_PULL) {
                if (start[s] > position) {
                    return null;
                }
                done[s] = true;
                releaseRegions(ops[s]);
                return ops[s];
            }
        }
        return null;
    }

    /**
     * {@return true if a rendezvous SEND the peer has not pulled names a region being freed} (its LMR's free waits for
     * it, and the peer could still pull the memory after the free gave up waiting). Probes each held region with
     * {@link RegisteredRegion#acquire()}, which fails once a free started. Under the connection's lock.
     */
    boolean pullFromFreedRegion() {
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (!done[s] && end[s] == AWAITING_PULL) {
                final PostedOperation op = ops[s];
                for (int k = 0; k < op.segmentCount(); k++) {
                    if (op.length(k) > 0) {
                        if (!op.region(k).acquire()) {
                            return true;
                        }
                        op.region(k).release();
                    }
                }
            }
        }
        return false;
    }

    /** {@return true while a rendezvous SEND waits for the peer's pull} */
    boolean awaitsPull() {
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (!done[s] && end[s] == AWAITING_PULL) {
                return true;
            }
        }
        return false;
    }

    /**
     * Releases the regions a rendezvous SEND acquired for each of its non-empty segments when it was written.
     *
     * @param op the SEND
     */
    static void releaseRegions(final PostedOperation op) {
        for (int i = 0; i < op.segmentCount(); i++) {
            if (op.length(i) > 0) {
                op.region(i).release();
            }
        }
    }

    /**
     * Acquires the regions of a rendezvous SEND's non-empty segments, held until its entry leaves.
     *
     * @param op the SEND
     * @return false (nothing held) if one is being freed
     */
    static boolean acquireRegions(final PostedOperation op) {
        for (int i = 0; i < op.segmentCount(); i++) {
            if (op.length(i) > 0 && !op.region(i).acquire()) {
                for (int j = 0; j < i; j++) {
                    if (op.length(j) > 0) {
                        op.region(j).release();
                    }
                }
                return false;
            }
        }
        return true;
    }

    /** Marks a request done (its completion was made elsewhere); no-op if it is not in flight. */
    void markDone(final PostedOperation op) {
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (!done[s] && ops[s] == op) {
                done[s] = true;
                return;
            }
        }
    }

    /**
     * Completes every SEND and WRITE the peer consumed, then drops done entries from the head.
     *
     * @param consumed the peer's HEAD
     * @param up the EP
     * @return how many completed
     */
    int reap(final long consumed, final EndpointUpcalls up) {
        int n = 0;
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (!done[s] && end[s] >= 0 && end[s] <= consumed) {
                done[s] = true;
                n++;
                up.complete(ops[s], DtoStatus.SUCCESS, ops[s].totalLength());
            }
        }
        while (count > 0 && done[head]) {
            ops[head] = null;
            done[head] = false;
            head = head + 1 == ops.length ? 0 : head + 1;
            count--;
        }
        return n;
    }

    /** {@return the oldest READ awaiting its response, now marked as being answered, or null when there is none} */
    PostedOperation answerNextRead() {
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (done[s] || ops[s].kind() != DtoOperation.RDMA_READ) {
                continue;
            }
            if (end[s] != AWAITING_RESPONSE) {
                return null;
            }
            end[s] = ANSWERING;
            return ops[s];
        }
        return null;
    }

    /**
     * {@return the request not done whose record is at {@code position}, now marked done (a rendezvous SEND's regions
     * released), or null}
     */
    PostedOperation takeAt(final long position) {
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (!done[s] && start[s] == position) {
                done[s] = true;
                if (end[s] == AWAITING_PULL) {
                    releaseRegions(ops[s]);
                }
                return ops[s];
            }
        }
        return null;
    }

    /** {@return the oldest request not done, now marked done (a rendezvous SEND's regions released), or null} */
    PostedOperation takeOldest() {
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (!done[s]) {
                done[s] = true;
                if (end[s] == AWAITING_PULL) {
                    releaseRegions(ops[s]);
                }
                return ops[s];
            }
        }
        return null;
    }

    /**
     * Completes every request not done with FLUSHED, in order, and empties the FIFO.
     *
     * @param up the EP
     */
    void flush(final EndpointUpcalls up) {
        for (int i = 0; i < count; i++) {
            final int s = slot(i);
            if (!done[s]) {
                done[s] = true;
                if (end[s] == AWAITING_PULL) {
                    releaseRegions(ops[s]);
                }
                up.complete(ops[s], DtoStatus.FLUSHED, 0);
            }
            ops[s] = null;
        }
        count = 0;
    }
}
