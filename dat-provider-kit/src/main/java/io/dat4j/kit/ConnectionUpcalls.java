package io.dat4j.kit;

import io.dat4j.EventNumber;
import java.net.InetSocketAddress;

/**
 * One connection of an EP, as its transport reports on it: the transport triggers of the kit's EP state machine
 * ({@link #established} ESTABLISHED, {@link #connectionFailed} CONNECTION_FAILED or ACCEPT_FAILED,
 * {@link #disconnected} DISCONNECTED, {@link #broken} BROKEN) and {@link #flush()}. The kit hands a new one to
 * {@link EndpointTransport#connect} and {@link EndpointTransport#accept} for each connection, and the transport makes
 * that connection's upcalls through it (as an {@code rdma_cm_id} is one connection's).
 *
 * <p>Each one belongs to its connection only. Once that connection has <em>ended</em> (its end upcall applied, or the
 * kit ended it: an ABRUPT disconnect that outlasted {@code dat4j.kit.abruptDisconnectMillis}, a pending connection
 * the consumer aborted, the EP freed), its transitions change nothing and return false; once the EP has been
 * <em>reset</em> after it (the transport's {@link EndpointTransport#reset()} hook has returned), or the hook it was
 * handed to threw, or the EP was freed, {@link #flush()} does nothing either. So a late upcall of an earlier
 * connection (a queued one made after the end, a CM event of a torn-down identifier) can never move the EP's next
 * connection or flush what was posted for it; the kit logs it at DEBUG and ignores it. A transport needs no check of
 * its own: it keeps the object with its connection and makes every upcall of that connection through it.
 *
 * <p>Thread safety: may be called from any thread; every method takes the EP's lock ({@link LockRank#ENDPOINT}), so a
 * transport makes them holding none of its own locks ({@link DeferredUpcalls} queues them for a transport that decides
 * them under its lock). See "Threading and locks" in {@code docs/provider-kit.md}.
 */
public interface ConnectionUpcalls {

    /** {@return the EP this connection belongs to (its data upcalls and queries)} */
    EndpointUpcalls endpoint();

    /**
     * {@return true once this connection has ended}: its transitions are ignored from now on (a volatile read; the
     * upcall's result is what confirms)
     */
    boolean isEnded();

    /**
     * The connection is established (active side: REP received; passive side: RTU received). Moves ACTIVE or
     * COMPLETION pending to CONNECTED and posts ESTABLISHED with the peer's private data.
     *
     * @param privateData the peer's private data (accept's, on the active side), or null
     * @param rdmaReadIn the negotiated responder resources of this EP
     * @param rdmaReadOut the negotiated initiator depth of this EP
     * @param localAddress the local address and port
     * @param remoteAddress the peer's address and port (on the passive side its port is also the EP's remote port
     *        qualifier, as the CR's)
     * @return false if the EP no longer waits for it, or this connection has ended
     */
    boolean established(byte[] privateData, int rdmaReadIn, int rdmaReadOut, InetSocketAddress localAddress,
            InetSocketAddress remoteAddress);

    /**
     * Establishment failed: PEER_REJECTED (with the reject's private data), NON_PEER_REJECTED, UNREACHABLE,
     * TIMED_OUT (active side) or ACCEPT_COMPLETION_ERROR (passive side). Moves the pending EP to DISCONNECTED and
     * posts the event; the connection has ended. The transport flushes posted receives ({@link #flush()}) when it
     * holds them.
     *
     * @param number the connection event number
     * @param privateData private data (PEER_REJECTED only), or null
     * @return false if the EP no longer waits for it, or this connection has ended
     * @throws IllegalArgumentException if {@code number} is not an establishment failure
     */
    boolean connectionFailed(EventNumber number, byte[] privateData);

    /**
     * The connection ended in order: the peer disconnected, or a disconnect the consumer asked for completed. Moves
     * CONNECTED or DISCONNECT_PENDING to DISCONNECTED and posts DISCONNECTED; the connection has ended.
     *
     * @return false if the EP was not connected, or this connection has ended
     */
    boolean disconnected();

    /**
     * The connection broke (peer died, transport error, protocol violation). Moves CONNECTED or DISCONNECT_PENDING
     * to DISCONNECTED and posts BROKEN; the connection has ended.
     *
     * @param reason what happened, logged
     * @return false if the EP was not connected, or this connection has ended
     */
    boolean broken(String reason);

    /**
     * Completes with FLUSHED every operation of the EP not completed yet, receives and requests, in order. The
     * transport must have dropped them first (it will not complete them again; a completion it makes all the same is
     * ignored). Allowed until the EP is reset after this connection: a transport may flush in its
     * {@link EndpointTransport#reset()} hook what a connection the kit ended left on it.
     *
     * @return false if it did nothing (the EP was reset after this connection, or freed)
     */
    boolean flush();
}
