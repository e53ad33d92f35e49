package io.dat4j.kit;

/**
 * The transport of one open IA: the hooks a provider implements under the {@link ProviderKit}, the Java counterpart
 * of libdapl's {@code dapls_ib_*} adapter calls ({@code dapl/common/dapl_adapter_util.h}). The kit does handle
 * validation, argument checks, EP states, CR lifetime, EVDs, CNOs, PZ/LMR bookkeeping and close ordering before it
 * calls a hook, so a hook only moves bytes and connection messages.
 *
 * <p>Threading: hooks are called on consumer threads, never while the kit holds a lock of the consumer's objects,
 * except {@link EndpointTransport#post}, which runs under the lock of its EP queue (so it must not block). Upcalls
 * ({@link AdapterUpcalls}, {@link EndpointUpcalls}, {@link ServicePointUpcalls}, {@link EventSink#signal})
 * may be made from any thread, including from inside a hook.
 */
public interface Transport {

    /**
     * Starts listening on a connection qualifier ({@code dapls_ib_setup_conn_listener}; rdma_cm:
     * {@code rdma_create_id}, {@code rdma_bind_addr}, {@code rdma_listen}). Each request arriving there is reported
     * with {@link ServicePointUpcalls#connectionRequested}.
     *
     * @param connectionQualifier the qualifier, already checked to be non-negative
     * @param servicePoint where requests go
     * @return the listener
     * @throws io.dat4j.DatException {@code CONN_QUAL_IN_USE} when taken, {@code INVALID_PARAMETER ARG2} when the
     *         qualifier is outside the transport's range
     */
    ListenerTransport listen(long connectionQualifier, ServicePointUpcalls servicePoint);

    /**
     * Starts listening on a qualifier the transport picks ({@code dat_psp_create_any}).
     *
     * @param servicePoint where requests go
     * @return the listener; {@link ListenerTransport#connectionQualifier()} tells the qualifier
     */
    ListenerTransport listenAny(ServicePointUpcalls servicePoint);

    /**
     * Allocates the transport's protection domain for a new PZ ({@code dapls_ib_pd_alloc}; verbs:
     * {@code ibv_alloc_pd}). LMRs and EPs of the PZ see it as {@link RegisteredRegion#protectionZoneRegistration()}
     * and {@link EndpointUpcalls#protectionZoneRegistration()}. The default allocates nothing.
     *
     * @param protectionZone the PZ
     * @return the transport's protection domain, or null
     */
    default Object allocateProtectionZone(final io.dat4j.ProtectionZone protectionZone) {
        return null;
    }

    /**
     * Frees what {@link #allocateProtectionZone} returned ({@code dapls_ib_pd_free}); called after every EP and LMR
     * of the PZ is freed.
     *
     * @param protectionZone the PZ
     * @param registration what allocateProtectionZone returned
     */
    default void freeProtectionZone(final io.dat4j.ProtectionZone protectionZone, final Object registration) {
    }

    /**
     * Creates the transport half of a new EP ({@code dapls_ib_qp_alloc}; rdma_cm: an id and a QP). The EP's
     * attributes are final until {@link EndpointTransport#reset()} or an UNCONNECTED modify.
     *
     * @param endpoint the kit's EP, for upcalls
     * @return the transport EP
     */
    EndpointTransport createEndpoint(EndpointUpcalls endpoint);

    /**
     * Creates the transport half of a new SRQ ({@code dat_srq_create}; verbs: {@code ibv_create_srq} on the PZ's
     * PD). The default returns null: the kit's FIFO is the SRQ and the transport takes buffers with
     * {@link EndpointUpcalls#takeSharedReceive()}. EPs of the SRQ see the result as
     * {@link EndpointUpcalls#sharedReceiveTransport()} (verbs: attach it at QP creation).
     *
     * @param protectionZoneRegistration what {@link #allocateProtectionZone} returned for the SRQ's PZ
     * @param attributes the checked size ({@code maxRecvDtos}, {@code maxRecvIov})
     * @return the transport's SRQ, or null
     */
    default SharedReceiveTransport createSharedReceiveQueue(final Object protectionZoneRegistration,
            final io.dat4j.SrqAttributes attributes) {
        return null;
    }

    /**
     * Registers memory with the transport ({@code dapls_ib_mr_register}; verbs: {@code ibv_reg_mr}). The kit has
     * already assigned the contexts; a transport that needs keys returns them as its registration object.
     *
     * @param region the LMR
     * @return the transport's registration (verbs: the {@code ibv_mr}), or null when it needs none
     */
    Object registerMemory(RegisteredRegion region);

    /**
     * Undoes {@link #registerMemory} ({@code dapls_ib_mr_deregister}). Called after the kit has removed the region
     * from the {@link RegionTable} and waited for remote accesses in progress.
     *
     * @param region the LMR
     */
    void deregisterMemory(RegisteredRegion region);

    /**
     * Creates the completion source of a new EVD ({@code dapls_ib_cq_alloc}; verbs: a CQ). A transport that posts
     * completions straight into the EVD returns null (the default).
     *
     * @param sink the EVD
     * @return its completion source, or null
     */
    default CompletionSource createCompletionSource(final EventSink sink) {
        return null;
    }

    /**
     * {@return true if this transport keeps the rules of an IA in single-thread mode} ({@link ConsumerGate}): each
     * of its own threads enters {@link AdapterUpcalls#gate()} as a provider before it touches the kit or its data
     * path, and its data path skips its own locks only where {@link ConsumerGate#mine()}. The kit refuses to open an
     * IA with {@value KitSettings#SINGLE_THREAD} on a transport that says false (the default).
     */
    default boolean keepsConsumerGate() {
        return false;
    }

    /**
     * Releases the transport ({@code dapls_ib_close_hca}). Called once, after every child of the IA is closed;
     * threads the transport started must have ended when it returns.
     */
    void close();
}
