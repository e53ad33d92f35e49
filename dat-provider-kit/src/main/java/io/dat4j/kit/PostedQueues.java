package io.dat4j.kit;

import io.dat4j.DtoStatus;
import java.util.ArrayDeque;

/**
 * The posted operations of one EP that a software transport holds until its connection consumes them: receives not
 * yet matched by an incoming message and requests not yet fully written, each in posting order. A transport's
 * {@link EndpointTransport#post} adds to them (under the EP's lock), whichever thread services the connection takes
 * from them, and a teardown flushes what is left, each once, in order. Receives of the EP's SRQ stay the SRQ's until
 * {@link #pollRecv()} takes one for an incoming message.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads. Each queue is guarded by its own monitor, an unranked
 * leaf under which nothing else is taken ("Threading and locks" in docs/provider-kit.md); the flushes complete
 * operations with no monitor held.
 */
public final class PostedQueues {

    private final EndpointUpcalls up;
    private final ArrayDeque<PostedOperation> recvs = new ArrayDeque<>();
    private final ArrayDeque<PostedOperation> requests = new ArrayDeque<>();

    /**
     * Creates the queues of an EP.
     *
     * @param up the EP, for its SRQ and completions
     */
    public PostedQueues(final EndpointUpcalls up) {
        this.up = up;
    }

    /**
     * Adds a posted receive.
     *
     * @param op the receive
     */
    public void addRecv(final PostedOperation op) {
        synchronized (recvs) {
            recvs.add(op);
        }
    }

    /**
     * Adds a posted request (send, RDMA read or write).
     *
     * @param op the request
     */
    public void addRequest(final PostedOperation op) {
        synchronized (requests) {
            requests.add(op);
        }
    }

    /** {@return the receive for an incoming message: the oldest posted on the EP, else one from its SRQ, or null} */
    public PostedOperation pollRecv() {
        synchronized (recvs) {
            final PostedOperation op = recvs.poll();
            if (op != null) {
                return op;
            }
        }
        return up.takeSharedReceive();
    }

    /** {@return the oldest receive posted on the EP (never one of the SRQ: those stay the SRQ's), or null} */
    public PostedOperation pollPostedRecv() {
        synchronized (recvs) {
            return recvs.poll();
        }
    }

    /** {@return true if a receive is available: posted on the EP or in its SRQ} */
    public boolean hasRecv() {
        synchronized (recvs) {
            if (!recvs.isEmpty()) {
                return true;
            }
        }
        return up.hasSharedReceive();
    }

    /** {@return the oldest request, left in place, or null} */
    public PostedOperation peekRequest() {
        synchronized (requests) {
            return requests.peek();
        }
    }

    /** Removes the oldest request (the one {@link #peekRequest()} gave, now written). */
    public void popRequest() {
        pollRequest();
    }

    /**
     * Takes a request off the queue when its write begins, so that no other connection of the EP can write it.
     *
     * @param op the request at the head, as {@link #peekRequest()} returned it
     * @return false if it is no longer at the head (taken meanwhile)
     */
    public boolean takeRequest(final PostedOperation op) {
        synchronized (requests) {
            if (requests.peek() != op) {
                return false;
            }
            requests.poll();
            return true;
        }
    }

    /** {@return the oldest request, removed, or null} */
    public PostedOperation pollRequest() {
        synchronized (requests) {
            return requests.poll();
        }
    }

    /** {@return true if a request waits} */
    public boolean hasRequests() {
        synchronized (requests) {
            return !requests.isEmpty();
        }
    }

    /** Completes every request left with FLUSHED, in order (the connection ended). */
    public void flushRequests() {
        PostedOperation op;
        while ((op = pollRequest()) != null) {
            up.complete(op, DtoStatus.FLUSHED, 0);
        }
    }

    /** Completes every receive posted on the EP (not the SRQ's) with FLUSHED, in order. */
    public void flushReceives() {
        PostedOperation op;
        while ((op = pollPostedRecv()) != null) {
            up.complete(op, DtoStatus.FLUSHED, 0);
        }
    }

    /** Forgets every operation without completing it ({@link EndpointTransport#close()}: the kit flushes them). */
    public void clear() {
        synchronized (recvs) {
            recvs.clear();
        }
        synchronized (requests) {
            requests.clear();
        }
    }
}
