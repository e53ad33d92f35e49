package io.dat4j.kit;

/**
 * The ranks of the locks of a kit-based provider, outermost first: a thread that holds a lock may take only locks of
 * a later rank (a lock it holds already it may take again). This is the lock order of "Threading and locks" in
 * {@code docs/provider-kit.md}; {@link KitLock} checks it when the assertion mode is on.
 */
public enum LockRank {
    /** The IA: its closing flag and the default PZ of provider-created EPs. */
    ADAPTER,
    /** A connection request: accepted, rejected or handed off once. */
    REQUEST,
    /**
     * An EP: its state machine, attributes, PZ and the posting side of its queues; held across every
     * {@link EndpointTransport} hook but {@code close}.
     */
    ENDPOINT,
    /**
     * The end of the connections of one SRQ's EPs: held while an EP posts its DISCONNECTED or BROKEN and its
     * EP_BROKEN, so that the connection EVDs and the async EVD see the EPs in the same order.
     */
    SHARED_RECEIVE_END,
    /**
     * A transport's connection or endpoint state (the TCP provider's connection, the rdmacm provider's identifier and
     * QP); taken by hooks under {@link #ENDPOINT}, and by the transport's own threads.
     */
    TRANSPORT,
    /** A transport's completion queue or other state taken under {@link #TRANSPORT} (the rdmacm provider's CQs). */
    TRANSPORT_QUEUE,
    /**
     * One operation queue of an EP without an EVD, or an SRQ EP's receive queue: the completing side of its ring of
     * posted operations (their in-order completion, flush, SRQ takes). A post does not take it: the queue's posting
     * side is serialised by {@link #ENDPOINT}. Any other EP queue's completing side is its EVD's lock
     * ({@link #EVENT_DISPATCHER}): a completion takes one lock.
     */
    OPERATION_QUEUE,
    /** A shared receive queue: its FIFO of buffers and its attributes. */
    SHARED_RECEIVE_QUEUE,
    /**
     * An EVD's waiter and the posting side of its ring, and the completing side of the EP queues that complete into it
     * (but an SRQ EP's receives); entries are taken under the ring's take claim (a leaf taken under this or alone), not
     * this lock.
     */
    EVENT_DISPATCHER,
    /** A CNO. */
    NOTIFIER
}
