package io.dat4j.provider.rdmacm;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.provider.rdmacm.ffi.WorkRequest;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The native work request buffers of an IA's EPs ({@link QueuePair}: a send and a receive work request with their
 * scatter/gather entries, and the {@code bad_wr} out-parameter), kept in one shared arena of the IA and handed to the
 * next EP of the same shape when an EP is freed. An arena per EP cost a malloc per buffer at {@code dat_ep_create} and,
 * at {@code dat_ep_free}, the closing of a shared arena: a handshake with every thread of the JVM, per connection.
 * The memory is freed with the IA; it is bounded by the most EPs of one shape the IA had at once.
 *
 * <p>A buffer is given back only when no thread can post with it any more ({@link QueuePair#release}: the QP is gone
 * and the EP's index unregistered), so the next EP never shares it.
 *
 * <p>Threads and locks: safe for use by multiple concurrent threads; it takes no lock (a concurrent queue per shape;
 * the shared arena allocates thread-safely).
 */
final class WorkRequestPool implements AutoCloseable {

    /**
     * One EP's buffers.
     *
     * @param recvSge the scatter entries of {@code recv}
     * @param sendSge the gather entries of {@code send}
     * @param badWr the {@code bad_wr} out-parameter of the posts
     * @param recv the receive work request
     * @param send the send work request
     */
    record Buffers(int recvSge, int sendSge, MemorySegment badWr, WorkRequest recv, WorkRequest send) {
    }

    private final Arena arena = Arena.ofShared();
    private final Map<Long, Queue<Buffers>> free = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /**
     * {@return buffers with room for the given entries: a freed EP's, or new ones}
     *
     * @param recvSge scatter entries of a receive, at least 1
     * @param sendSge gather entries of a send or RDMA request, at least 1
     */
    Buffers take(final int recvSge, final int sendSge) {
        final Queue<Buffers> q = free.get(key(recvSge, sendSge));
        final Buffers b = q == null ? null : q.poll();
        if (b != null) {
            return b;
        }
        try {
            return new Buffers(recvSge, sendSge, arena.allocate(ValueLayout.ADDRESS),
                    WorkRequest.receive(arena, recvSge), WorkRequest.send(arena, sendSge));
        } catch (final IllegalStateException e) {
            throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_IA, "the IA is closed", e);
        }
    }

    /**
     * Takes back an EP's buffers for the next EP; nobody may use them any more.
     *
     * @param b the buffers
     */
    void give(final Buffers b) {
        if (!closed) {
            free.computeIfAbsent(key(b.recvSge(), b.sendSge()), k -> new ConcurrentLinkedQueue<>()).add(b);
        }
    }

    /** {@return the buffers waiting for an EP (tests)} */
    int idle() {
        int n = 0;
        for (final Queue<Buffers> q : free.values()) {
            n += q.size();
        }
        return n;
    }

    private static long key(final int recvSge, final int sendSge) {
        return ((long) recvSge << 32) | (sendSge & 0xffff_ffffL);
    }

    /** Frees every buffer, with the IA (its EPs are freed). Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        free.clear();
        arena.close();
    }
}
