package io.dat4j.kit;

import io.dat4j.CloseMode;
import java.net.InetAddress;

/**
 * The transport half of an EP (rdma_cm: an id with its QP). The kit calls each hook only in a state that allows it
 * (the EP state machine's table is in {@code docs/provider-kit.md}) and after checking every argument. Each connect
 * and accept begins a connection, and its outcome (and that of a disconnect) comes back through the
 * {@link ConnectionUpcalls} handed to that hook; completions come back through {@link EndpointUpcalls}.
 *
 * <p>Threading: every hook but {@link #close()} is called under the EP's lock ({@link LockRank#ENDPOINT}), so the
 * hooks of one EP never run at once and a post never overtakes a state change. They must not block and must not wait
 * for another thread (a transport thread may need the EP's lock for a connection upcall); they may take the
 * transport's own locks, which rank below. {@link #close()} is called with no kit lock held and may wait for the
 * transport's threads. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
public interface EndpointTransport {

    /**
     * Starts an active connection ({@code dapls_ib_connect}; rdma_cm: resolve address and route, then
     * {@code rdma_connect}). The EP is ACTIVE_CONNECTION_PENDING. The outcome is one upcall of {@code connection}:
     * {@link ConnectionUpcalls#established}, or {@link ConnectionUpcalls#connectionFailed} with PEER_REJECTED,
     * NON_PEER_REJECTED, UNREACHABLE or TIMED_OUT. The transport runs the timeout.
     *
     * @param connection this connection's upcalls: keep it with the connection and make every connection upcall of
     *        it through it
     * @param remoteAddress the peer IA's address
     * @param connectionQualifier the peer's qualifier
     * @param timeoutNanos establishment timeout, positive; {@link Long#MAX_VALUE} for none
     * @param privateData bytes for the peer (size checked), never null
     * @param rdmaReadIn this EP's responder resources ({@code maxRdmaReadIn})
     * @param rdmaReadOut this EP's initiator depth ({@code maxRdmaReadOut})
     * @throws io.dat4j.DatException only if nothing was sent; the kit then returns the EP to UNCONNECTED
     */
    void connect(ConnectionUpcalls connection, InetAddress remoteAddress, long connectionQualifier, long timeoutNanos,
            byte[] privateData, int rdmaReadIn, int rdmaReadOut);

    /**
     * Accepts a request on this EP ({@code dapls_ib_accept_connection}; rdma_cm: move the QP to the request's id,
     * {@code rdma_accept}). The EP is COMPLETION_PENDING. The outcome is one upcall of {@code connection}:
     * {@link ConnectionUpcalls#established} or {@link ConnectionUpcalls#connectionFailed} with
     * ACCEPT_COMPLETION_ERROR (the requester has gone).
     *
     * @param connection this connection's upcalls: keep it with the connection and make every connection upcall of
     *        it through it
     * @param request the request, from {@link ServicePointUpcalls#connectionRequested}
     * @param privateData bytes for the requester (size checked), never null
     * @param rdmaReadIn the negotiated responder resources of this EP
     * @param rdmaReadOut the negotiated initiator depth of this EP
     * @throws io.dat4j.DatException only if nothing was sent; the kit then unwinds (the CR stays pending)
     */
    void accept(ConnectionUpcalls connection, RequestTransport request, byte[] privateData, int rdmaReadIn,
            int rdmaReadOut);

    /**
     * Disconnects ({@code dapls_ib_disconnect}; rdma_cm: {@code rdma_disconnect}). Called in CONNECTED (EP now
     * DISCONNECT_PENDING), or to abort a pending connection (ACTIVE or COMPLETION pending; the kit has already moved
     * the EP to DISCONNECTED and posted DISCONNECTED: that connection has ended). When a connected EP's connection is
     * down, the transport flushes the EP's outstanding operations and calls the connection's
     * {@link ConnectionUpcalls#disconnected()}.
     *
     * @param mode ABRUPT: at once; GRACEFUL: after outstanding requests complete
     */
    void disconnect(CloseMode mode);

    /**
     * Posts an operation ({@code dapls_ib_post_send/recv}): a receive, a send, an RDMA read or write, with local
     * segments already resolved and checked against the LMRs. Called under the lock of the EP's queue, so it must
     * not block; completion comes back through {@link EndpointUpcalls#complete}. Receives may be posted in any state
     * but DISCONNECT_PENDING and DISCONNECTED (a receive posted to a DISCONNECTED EP completes FLUSHED in the kit and
     * never reaches this hook); the rest only while CONNECTED. The EP stays CONNECTED until the end upcall of its
     * connection ({@link ConnectionUpcalls#disconnected()}, {@link ConnectionUpcalls#broken}) is applied, so an
     * operation can arrive here after the transport flushed the connection's operations for that upcall: the
     * transport completes it FLUSHED as well (promptly, not when the EP is reset or freed).
     *
     * @param operation the operation; the transport may keep it until it completes it
     */
    void post(PostedOperation operation);

    /**
     * Makes a DISCONNECTED EP reusable ({@code dat_ep_reset}; rdma_cm: a new id and QP). Receives posted before the
     * reset stay posted. A connection the kit ended while it still ran (an ABRUPT disconnect that outlasted
     * {@code dat4j.kit.abruptDisconnectMillis}) must be ended here and what it holds completed (or flushed with its
     * {@link ConnectionUpcalls#flush()}, allowed until this hook returns); its connection upcalls are ignored from
     * now on.
     */
    void reset();

    /**
     * Frees the transport EP ({@code dapls_ib_qp_free}). Called once, after a disconnect if one was needed.
     * Outstanding operations the transport still holds are flushed by the kit after this returns, so the transport
     * must drop them (and touch none of their memory) before returning. No upcall after it returns.
     */
    void close();

    /**
     * A buffer was posted to the shared receive queue of this EP ({@code dat_srq_post_recv}); a transport holding an
     * incoming message for want of a receive takes it now with {@link EndpointUpcalls#takeSharedReceive()}. Called
     * on the posting thread, without kit locks; must not block. The default does nothing (hardware SRQs need no
     * help).
     */
    default void sharedReceivePosted() {
    }
}
