package io.dat4j;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * An endpoint ({@code DAT_EP_HANDLE}): one end of a reliable connection, with its queues of posted operations.
 * {@link #close()} is {@code dat_ep_free}: it disconnects abruptly first (posted operations complete with
 * {@link DtoStatus#FLUSHED}); it is refused with {@code INVALID_STATE} while the EP is RESERVED or bound to a pending
 * request (PASSIVE or TENTATIVE connection pending).
 *
 * <p>Posting methods never block and never allocate on the provider's side after warm-up; reuse triplets and flag
 * sets. Completions arrive on the recv EVD (receives) and the request EVD (sends, RDMA), in posting order per queue.
 *
 * <p>Each {@code post*} method has a {@code tryPost*} twin for code where a full queue is normal back-pressure: it
 * returns false instead of throwing {@code INSUFFICIENT_RESOURCES} when every descriptor of the queue is in use (a
 * provider built on the kit then builds no exception and no message), and throws as the {@code post*} method for
 * everything else, which is a programming error.
 * {@snippet :
 * while (!ep.tryPostSend(segments, cookie, CompletionFlag.DEFAULT)) {   // the send queue is full
 *     requestEvd.poll(handler, 16);                                     // reap completions, then retry
 * }
 * // C-shaped: the status comes back as an exception
 * try {
 *     ep.postSend(segments, cookie, CompletionFlag.DEFAULT);
 * } catch (DatException e) {
 *     if (e.type() != StatusType.INSUFFICIENT_RESOURCES) throw e;
 * }
 * }
 *
 * <p>Thread safety: every method may be called from any thread.
 */
public interface Endpoint extends Handle {

    /** {@return the IA it belongs to} */
    InterfaceAdapter interfaceAdapter();

    /** {@return the parameters and attributes in force, {@code dat_ep_query}} */
    EndpointParameters query();

    /** {@return the current state} */
    EndpointState state();

    /** {@return the state and idle flags, {@code dat_ep_get_status}} */
    EndpointStatus status();

    /**
     * Changes attributes ({@code dat_ep_modify}); only while UNCONNECTED.
     *
     * @param attributes the new attributes
     */
    void modify(EndpointAttributes attributes);

    /**
     * Moves the EP to another protection zone ({@code dat_ep_modify} with {@code DAT_EP_FIELD_PZ_HANDLE}): while
     * UNCONNECTED, or TENTATIVE_CONNECTION_PENDING for an EP the provider created (PSP with the PROVIDER flag; it
     * starts in the IA's default PZ, {@code query().protectionZone()}), and only with no operation posted. Local
     * triplets must name LMRs of the EP's PZ; another PZ's LMR completes the operation with LOCAL_PROTECTION.
     *
     * @param protectionZone a PZ of the same IA; an EP with an SRQ keeps the SRQ's PZ ({@code INVALID_PARAMETER
     *        ARG3} otherwise)
     */
    void modifyProtectionZone(ProtectionZone protectionZone);

    /**
     * Connects to a peer's service point ({@code dat_ep_connect} with {@code DAT_QOS_BEST_EFFORT} and
     * {@code DAT_CONNECT_DEFAULT_FLAG}). Returns at once; the outcome arrives on the connect EVD: ESTABLISHED,
     * PEER_REJECTED, NON_PEER_REJECTED, UNREACHABLE or TIMED_OUT.
     *
     * @param remoteAddress the peer IA's address ({@code remote_ia_address})
     * @param remoteConnectionQualifier the peer's service point
     * @param timeout how long establishment may take; positive; {@link EventDispatcher#INFINITE} for none
     * @param privateData bytes for the peer's connection request, or null; at most
     *        {@link ProviderAttributes#maxConnectPrivateData()} ({@code LENGTH_ERROR} otherwise)
     */
    default void connect(final InetAddress remoteAddress, final long remoteConnectionQualifier,
            final Duration timeout, final byte[] privateData) {
        connect(remoteAddress, remoteConnectionQualifier, timeout, privateData, Qos.BEST_EFFORT, ConnectFlag.DEFAULT);
    }

    /**
     * Connects to a peer's service point ({@code dat_ep_connect}). QoS other than BEST_EFFORT and flags other than
     * DEFAULT give {@code MODEL_NOT_SUPPORTED}.
     *
     * @param remoteAddress the peer IA's address
     * @param remoteConnectionQualifier the peer's service point
     * @param timeout how long establishment may take
     * @param privateData bytes for the peer, or null
     * @param qos quality of service
     * @param flag connect flag
     */
    void connect(InetAddress remoteAddress, long remoteConnectionQualifier, Duration timeout, byte[] privateData,
            Qos qos, ConnectFlag flag);

    /**
     * Connects to the same peer as another, connected EP ({@code dat_ep_dup_connect}). Needs
     * {@link Capability#DUP_CONNECT}.
     *
     * @param connected an EP of the same IA that is connected
     * @param timeout how long establishment may take
     * @param privateData bytes for the peer, or null
     */
    void dupConnect(Endpoint connected, Duration timeout, byte[] privateData);

    /**
     * Disconnects ({@code dat_ep_disconnect}). DISCONNECTED arrives on the connect EVD; posted operations complete
     * with FLUSHED. On a DISCONNECTED EP it does nothing.
     *
     * @param mode ABRUPT at once, GRACEFUL after outstanding operations complete
     */
    void disconnect(CloseMode mode);

    /** Returns a DISCONNECTED EP to UNCONNECTED for reuse ({@code dat_ep_reset}). */
    void reset();

    /**
     * Posts a receive buffer ({@code dat_ep_post_recv}). Accepted in every state but DISCONNECT_PENDING
     * ({@code INVALID_STATE EP_DISCPENDING}; libdapl takes it there and flushes it). A receive posted before the EP
     * connects waits for that connection. When the connection ends, every receive completes exactly once and in
     * posting order: those outstanding complete FLUSHED before the DISCONNECTED or BROKEN event (before
     * CONNECTION_FAILED for a connection that was never established; after the event only when an ABRUPT disconnect
     * outlasted its wait and the EP was made DISCONNECTED without the transport), and one posted once the connection
     * has ended, while its event is on the way or after it, completes FLUSHED at once, as on a verbs QP in the error
     * state. To keep receives for the next connection, {@link #reset()} the EP first and post them afterwards.
     *
     * @param segments where the incoming message goes, in order
     * @param cookie returned in the completion
     * @param flags completion flags
     */
    void postRecv(List<LocalMemoryTriplet> segments, long cookie, Set<CompletionFlag> flags);

    /**
     * Posts a one-segment receive.
     *
     * @param segment where the message goes
     * @param cookie returned in the completion
     */
    default void postRecv(final LocalMemoryTriplet segment, final long cookie) {
        // singletonList, not List.of: a null segment is the provider's INVALID_PARAMETER, not an NPE here
        postRecv(Collections.singletonList(segment), cookie, CompletionFlag.DEFAULT);
    }

    /**
     * Posts a send ({@code dat_ep_post_send}); it consumes one receive posted by the peer.
     *
     * @param segments the message, gathered in order; an empty list sends 0 bytes
     * @param cookie returned in the completion
     * @param flags completion flags
     */
    void postSend(List<LocalMemoryTriplet> segments, long cookie, Set<CompletionFlag> flags);

    /**
     * Posts a one-segment send.
     *
     * @param segment the message
     * @param cookie returned in the completion
     */
    default void postSend(final LocalMemoryTriplet segment, final long cookie) {
        postSend(Collections.singletonList(segment), cookie, CompletionFlag.DEFAULT);
    }

    /**
     * Posts a receive unless the receive queue is full: {@link #postRecv(List, long, Set)} with back-pressure as a
     * result.
     *
     * @param segments where the incoming message goes, in order
     * @param cookie returned in the completion
     * @param flags completion flags
     * @return true if posted; false, with nothing posted, when every receive descriptor of the EP is in use
     * @throws DatException as {@link #postRecv(List, long, Set)} for every other failure
     */
    default boolean tryPostRecv(final List<LocalMemoryTriplet> segments, final long cookie,
            final Set<CompletionFlag> flags) {
        try {
            postRecv(segments, cookie, flags);
            return true;
        } catch (final DatException e) {
            return queueFull(e);
        }
    }

    /**
     * Posts a send unless the request queue is full: {@link #postSend(List, long, Set)} with back-pressure as a
     * result.
     *
     * {@snippet :
     * if (!ep.tryPostSend(segments, cookie, CompletionFlag.DEFAULT)) {
     *     backlog.add(cookie);      // full: keep it for when completions free descriptors
     * }
     * }
     *
     * @param segments the message, gathered in order
     * @param cookie returned in the completion
     * @param flags completion flags
     * @return true if posted; false, with nothing posted, when every request descriptor of the EP is in use
     * @throws DatException as {@link #postSend(List, long, Set)} for every other failure
     */
    default boolean tryPostSend(final List<LocalMemoryTriplet> segments, final long cookie,
            final Set<CompletionFlag> flags) {
        try {
            postSend(segments, cookie, flags);
            return true;
        } catch (final DatException e) {
            return queueFull(e);
        }
    }

    /**
     * Posts an RDMA read unless the request queue is full: {@link #postRdmaRead} with back-pressure as a result.
     *
     * @param segments where the data goes
     * @param cookie returned in the completion
     * @param remote the peer's memory
     * @param flags completion flags
     * @return true if posted; false, with nothing posted, when every request descriptor of the EP is in use
     * @throws DatException as {@link #postRdmaRead} for every other failure
     */
    default boolean tryPostRdmaRead(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        try {
            postRdmaRead(segments, cookie, remote, flags);
            return true;
        } catch (final DatException e) {
            return queueFull(e);
        }
    }

    /**
     * Posts an RDMA write unless the request queue is full: {@link #postRdmaWrite} with back-pressure as a result.
     *
     * @param segments the data, gathered in order
     * @param cookie returned in the completion
     * @param remote the peer's memory
     * @param flags completion flags
     * @return true if posted; false, with nothing posted, when every request descriptor of the EP is in use
     * @throws DatException as {@link #postRdmaWrite} for every other failure
     */
    default boolean tryPostRdmaWrite(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags) {
        try {
            postRdmaWrite(segments, cookie, remote, flags);
            return true;
        } catch (final DatException e) {
            return queueFull(e);
        }
    }

    /**
     * The default {@code tryPost*} methods' test of a failed post: a full queue ({@code INSUFFICIENT_RESOURCES}
     * without a subtype) is back-pressure, anything else is rethrown.
     *
     * @param e the failure
     * @return false for a full queue
     */
    private static boolean queueFull(final DatException e) {
        if (e.type() == StatusType.INSUFFICIENT_RESOURCES
                && (e.subtype() == null || e.subtype() == StatusSubtype.NO_SUBTYPE)) {
            return false;
        }
        throw e;
    }

    /**
     * Reads the peer's memory into local segments ({@code dat_ep_post_rdma_read}). Needs
     * {@link Capability#RDMA_READ}, and an EP whose {@code maxRdmaReadOut} is above 0.
     *
     * @param segments where the data goes
     * @param cookie returned in the completion
     * @param remote the peer's memory
     * @param flags completion flags
     */
    void postRdmaRead(List<LocalMemoryTriplet> segments, long cookie, RemoteMemoryTriplet remote,
            Set<CompletionFlag> flags);

    /**
     * Writes local segments into the peer's memory ({@code dat_ep_post_rdma_write}). Needs
     * {@link Capability#RDMA_WRITE}.
     *
     * @param segments the data, gathered in order
     * @param cookie returned in the completion
     * @param remote the peer's memory
     * @param flags completion flags
     */
    void postRdmaWrite(List<LocalMemoryTriplet> segments, long cookie, RemoteMemoryTriplet remote,
            Set<CompletionFlag> flags);

    // ------------------------------------------------------------------ IB extensions (dat_ib_extensions.h)

    /**
     * Writes local segments into the peer's memory and delivers 32-bit immediate data with it
     * ({@code dat_ib_post_rdma_write_immed}; verbs {@code IBV_WR_RDMA_WRITE_WITH_IMM}). Needs
     * {@link Capability#RDMA_WRITE_IMMEDIATE}. The checks are those of {@link #postRdmaWrite}. The write consumes one
     * receive posted by the peer, which completes with {@link DtoOperation#RECEIVE_IMMEDIATE}, the length written and
     * the immediate data ({@link DtoCompletionEvent#immediateData()}); the receive's buffer is not written. A peer
     * with no receive posted is handled as for a send. The initiator's completion is
     * {@link DtoOperation#RDMA_WRITE_IMMEDIATE}.
     *
     * @param segments the data, gathered in order (C's {@code size} is the list's size)
     * @param cookie returned in the completion
     * @param remote the peer's memory
     * @param immediateData the immediate data, any 32-bit value (C's {@code DAT_UINT32})
     * @param flags completion flags
     */
    void postRdmaWriteImmediate(List<LocalMemoryTriplet> segments, long cookie, RemoteMemoryTriplet remote,
            int immediateData, Set<CompletionFlag> flags);

    /**
     * Adds a value to a 64-bit word of the peer's memory and returns the word's original value
     * ({@code dat_ib_post_fetch_and_add}; verbs {@code IBV_WR_ATOMIC_FETCH_AND_ADD}). Needs
     * {@link Capability#FETCH_AND_ADD}, and an EP whose {@code maxRdmaReadOut} is above 0 (an atomic counts against
     * the initiator depth, as an RDMA read; {@code INVALID_STATE} otherwise). The word is the first 8 bytes of the remote triplet, whose address must be
     * 8-byte aligned and whose length at least 8 ({@code INVALID_PARAMETER ARG5} otherwise); at the peer it must lie in
     * a region of the peer EP's PZ registered with {@link MemoryPrivilege#REMOTE_ATOMIC}, or the operation completes
     * with {@link DtoStatus#REMOTE_ACCESS} as an RDMA write would. The addition wraps around (modulo
     * 2<sup>64</sup>); the word is in the target's native byte order. Atomics on one word from any number of
     * connections apply one after another. The original value is written, in native byte order, into the first 8
     * bytes of the local segment before the completion ({@link DtoOperation#FETCH_AND_ADD}, transferred length 8).
     *
     * @param addValue the value to add ({@code add_val})
     * @param local where the original value goes: at least 8 bytes of an LMR with LOCAL_WRITE ({@code LENGTH_ERROR}
     *        if shorter; a segment failing the LMR checks completes with LOCAL_PROTECTION)
     * @param cookie returned in the completion
     * @param remote the peer's word
     * @param flags completion flags
     */
    void postFetchAndAdd(long addValue, LocalMemoryTriplet local, long cookie, RemoteMemoryTriplet remote,
            Set<CompletionFlag> flags);

    /**
     * Compares a 64-bit word of the peer's memory with a value and, if equal, replaces it; returns the word's
     * original value either way ({@code dat_ib_post_cmp_and_swap}; verbs {@code IBV_WR_ATOMIC_CMP_AND_SWP}). Needs
     * {@link Capability#COMPARE_AND_SWAP}. Arguments, checks and completion as for {@link #postFetchAndAdd}; the
     * completion is {@link DtoOperation#COMPARE_AND_SWAP}; the swap happened if the original value equals
     * {@code compareValue}.
     *
     * @param compareValue the value expected ({@code cmp_val})
     * @param swapValue the value stored if the word equals {@code compareValue} ({@code swap_val})
     * @param local where the original value goes: at least 8 bytes of an LMR with LOCAL_WRITE
     * @param cookie returned in the completion
     * @param remote the peer's word
     * @param flags completion flags
     */
    void postCompareAndSwap(long compareValue, long swapValue, LocalMemoryTriplet local, long cookie,
            RemoteMemoryTriplet remote, Set<CompletionFlag> flags);
}
