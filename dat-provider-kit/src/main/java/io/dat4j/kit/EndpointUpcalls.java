package io.dat4j.kit;

import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import java.net.InetSocketAddress;

/**
 * What an {@link EndpointTransport} reports to its EP (libdapl: {@code dapl_evd_connection_callback} and the DTO
 * completion path), and the transport's view of the EP. The transport sees the EP's state with {@link #state()} and
 * drives it only through the connection upcalls, which are the transport triggers of the kit's EP state machine:
 * {@link #established} (ESTABLISHED), {@link #connectionFailed} (CONNECTION_FAILED, ACCEPT_FAILED),
 * {@link #disconnected} (DISCONNECTED), {@link #broken} (BROKEN). Each moves the state, posts the event to the right
 * EVD and returns whether it applied; one that finds the EP in a state it does not apply to (a late event, an EP
 * already freed) changes nothing and returns false, and the transport then tears the connection down.
 *
 * <p>Thread safety: may be called from any thread; never blocks. The connection upcalls and {@link #flush()} take the
 * EP's lock: a transport makes them holding none of its own locks. The data upcalls ({@link #complete},
 * {@link #takeSharedReceive()}, {@link #takeSharedReceive(long)}, {@link #hasSharedReceive()}) take only locks ranked
 * below every transport lock ({@link LockRank}), so a transport may make them inside its own critical sections. The
 * queries ({@link #state()}, {@link #attributes()}, {@link #isClosed()}, the sinks) take no lock. See "Threading and
 * locks" in {@code docs/provider-kit.md}.
 */
public interface EndpointUpcalls {

    /** {@return the EP} */
    Endpoint endpoint();

    /** {@return the attributes in force (defaults resolved; RDMA read depths as negotiated once connected)} */
    EndpointAttributes attributes();

    /** {@return the transport's protection domain of the EP's PZ ({@link Transport#allocateProtectionZone})} */
    Object protectionZoneRegistration();

    /** {@return the recv EVD, or null}; its {@link EventSink#completionSource()} is the QP's recv CQ */
    EventSink recvSink();

    /** {@return the request EVD, or null}; its {@link EventSink#completionSource()} is the QP's send CQ */
    EventSink requestSink();

    /** {@return true once the EP is freed: the transport should stop working for it} */
    boolean isClosed();

    /**
     * {@return the EP's state now}; a volatile read. It can change as soon as it is read (a consumer's disconnect, an
     * upcall from another thread): a transport decides with it and lets the upcall's result confirm.
     */
    EndpointState state();

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
     * @return false if the EP no longer waits for it
     */
    boolean established(byte[] privateData, int rdmaReadIn, int rdmaReadOut, InetSocketAddress localAddress,
            InetSocketAddress remoteAddress);

    /**
     * Establishment failed: PEER_REJECTED (with the reject's private data), NON_PEER_REJECTED, UNREACHABLE,
     * TIMED_OUT (active side) or ACCEPT_COMPLETION_ERROR (passive side). Moves the pending EP to DISCONNECTED and
     * posts the event. The transport flushes posted receives ({@link #flush()}) when it holds them.
     *
     * @param number the connection event number
     * @param privateData private data (PEER_REJECTED only), or null
     * @return false if the EP no longer waits for it
     */
    boolean connectionFailed(EventNumber number, byte[] privateData);

    /**
     * The connection ended in order: the peer disconnected, or a disconnect the consumer asked for completed. Moves
     * CONNECTED or DISCONNECT_PENDING to DISCONNECTED and posts DISCONNECTED.
     *
     * @return false if the EP was not connected
     */
    boolean disconnected();

    /**
     * The connection broke (peer died, transport error, protocol violation). Moves CONNECTED or DISCONNECT_PENDING
     * to DISCONNECTED and posts BROKEN.
     *
     * @param reason what happened, logged
     * @return false if the EP was not connected
     */
    boolean broken(String reason);

    /**
     * Completes a posted operation. Events reach the EVD in posting order per queue (the kit holds back a completion
     * until every earlier one of the same queue has completed); a successful operation posted with SUPPRESS or
     * UNSIGNALLED gives no event. An operation must be completed exactly once.
     *
     * @param operation the operation
     * @param status the status
     * @param transferredLength bytes transferred (for a receive, the message length)
     */
    void complete(PostedOperation operation, DtoStatus status, long transferredLength);

    /**
     * Completes with FLUSHED every operation of the EP not completed yet, receives and requests, in order. The
     * transport must have dropped them first (it will not complete them again). Takes the EP's lock, so no post is
     * half done meanwhile: a transport calls it holding none of its own locks.
     */
    void flush();

    /**
     * Takes the next buffer of the EP's shared receive queue for an incoming message ({@code dat_ep_create_with_srq};
     * verbs: the HCA consumes an SRQ WQE). The buffer becomes a RECEIVE operation of this EP, completed with
     * {@link #complete} like a posted receive; buffers that failed the local checks are completed with
     * LOCAL_PROTECTION on the way and skipped.
     *
     * @return the operation, or null when the EP has no SRQ or no buffer is available (apply the RNR rule)
     */
    PostedOperation takeSharedReceive();

    /**
     * Takes one particular buffer of the EP's shared receive queue: the one a device QP of this EP consumed (verbs:
     * the {@code wr_id} of an SRQ receive completion names it). Buffers posted before it that failed the local checks
     * are completed with LOCAL_PROTECTION on this EP first, as with {@link #takeSharedReceive()}.
     *
     * @param sequence the buffer's {@link SharedReceiveBuffer#sequence()}
     * @return the operation, a RECEIVE of this EP to complete with {@link #complete}, or null if no such buffer is
     *         posted (the SRQ was freed, or the EP has none)
     */
    PostedOperation takeSharedReceive(long sequence);

    /** {@return the transport half of the EP's SRQ ({@link Transport#createSharedReceiveQueue}), or null} */
    SharedReceiveTransport sharedReceiveTransport();

    /** {@return true if the EP has an SRQ holding at least one buffer} */
    boolean hasSharedReceive();
}
