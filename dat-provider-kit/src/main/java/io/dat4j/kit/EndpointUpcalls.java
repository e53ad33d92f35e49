package io.dat4j.kit;

import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;

/**
 * What an {@link EndpointTransport} reports to its EP about its operations (libdapl: the DTO completion path), and
 * the transport's view of the EP. The transport sees the EP's state with {@link #state()}; it drives it through the
 * {@link ConnectionUpcalls} of each connection, which the kit hands to {@link EndpointTransport#connect} and
 * {@link EndpointTransport#accept}, so that an upcall of a connection that has ended never reaches the next one.
 *
 * <p>A transport completes each operation it was handed once. An operation the kit completed while the transport still
 * held it ({@link ConnectionUpcalls#flush()}, the EP freed) is one the kit never hands out again, so a late
 * {@link #complete} of it (a completion polled after the flush, a thread that still held it) is ignored and logged
 * at DEBUG, and never completes an operation posted since in the same queue slot.
 *
 * <p>Thread safety: may be called from any thread; never blocks. The data upcalls ({@link #complete},
 * {@link #completeReceiveImmediate}, {@link #takeSharedReceive()}, {@link #takeSharedReceive(long)},
 * {@link #hasSharedReceive()}) take only locks ranked below every transport lock ({@link LockRank}), so a transport
 * may make them inside its own critical sections. The queries ({@link #state()}, {@link #attributes()},
 * {@link #isClosed()}, the sinks) take no lock. See "Threading and locks" in {@code docs/provider-kit.md}.
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
     * Completes a posted operation. Events reach the EVD in posting order per queue (the kit holds back a completion
     * until every earlier one of the same queue has completed); a successful operation posted with SUPPRESS or
     * UNSIGNALLED gives no event. An operation must be completed exactly once; a completion of one the kit flushed
     * meanwhile is ignored.
     *
     * @param operation the operation
     * @param status the status
     * @param transferredLength bytes transferred (for a receive, the message length)
     */
    void complete(PostedOperation operation, DtoStatus status, long transferredLength);

    /**
     * Completes a posted receive as the target of a peer's RDMA write with immediate data (IB extension; verbs
     * {@code IBV_WC_RECV_RDMA_WITH_IMM}): the completion reports {@link io.dat4j.DtoOperation#RECEIVE_IMMEDIATE}, the
     * length the peer wrote and the immediate data; otherwise as {@link #complete}. The receive's buffer is not
     * written.
     *
     * @param receive a RECEIVE operation of this EP (posted, or taken from its SRQ)
     * @param status the status
     * @param writtenLength the length of the peer's write
     * @param immediateData the immediate data
     */
    void completeReceiveImmediate(PostedOperation receive, DtoStatus status, long writtenLength, int immediateData);

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
