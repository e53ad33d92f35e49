package io.dat4j;

import java.net.InetAddress;
import java.time.Duration;
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
     * Posts a receive buffer ({@code dat_ep_post_recv}).
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
        postRecv(List.of(segment), cookie, CompletionFlag.DEFAULT);
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
        postSend(List.of(segment), cookie, CompletionFlag.DEFAULT);
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
}
