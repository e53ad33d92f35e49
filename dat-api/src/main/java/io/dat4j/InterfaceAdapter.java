package io.dat4j;

import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.util.Set;

/**
 * An open interface adapter ({@code DAT_IA_HANDLE}), the root of every other object. Opened with
 * {@link Dat#openInterfaceAdapter(String)} ({@code dat_ia_open}); {@link #close()} is {@code dat_ia_close} with
 * {@code DAT_CLOSE_ABRUPT_FLAG}: it closes every child (EPs, service points, LMRs, PZs, EVDs) first.
 *
 * <p>Thread safety: every method may be called from any thread.
 */
public interface InterfaceAdapter extends Handle {

    /** {@return the IA name it was opened with, for example {@code tcp0} or {@code ofa-v2-rxe0-1}} */
    String name();

    /** {@return the IA attributes, {@code dat_ia_query}'s {@code ia_attr}} */
    InterfaceAdapterAttributes attributes();

    /** {@return the provider attributes, {@code dat_ia_query}'s {@code provider_attr}} */
    ProviderAttributes providerAttributes();

    /** {@return the IA's async EVD, created by open ({@code async_evd_handle})} */
    EventDispatcher asyncEventDispatcher();

    /** {@return the IA's own address ({@code ia_address_ptr}); port 0} */
    InetSocketAddress address();

    /**
     * {@return true if the provider supports a capability}
     *
     * @param capability the capability
     */
    boolean supports(Capability capability);

    /**
     * Closes the IA ({@code dat_ia_close}). ABRUPT closes every child first; GRACEFUL fails with
     * {@code INVALID_STATE IA_IN_USE} while any child other than the async EVD is open.
     *
     * @param mode abrupt or graceful
     */
    void close(CloseMode mode);

    /** Closes the IA abruptly, freeing every child. */
    @Override
    default void close() {
        close(CloseMode.ABRUPT);
    }

    /** {@return a new protection zone, {@code dat_pz_create}} */
    ProtectionZone createProtectionZone();

    /**
     * Creates an event dispatcher ({@code dat_evd_create}).
     *
     * @param queueLength the minimum number of events it holds, 1 to {@code maxEvdQueueLength}
     * @param notifier a CNO to notify, or null
     * @param streams the event kinds it takes ({@code DAT_EVD_FLAGS}), not empty
     * @return the EVD
     */
    EventDispatcher createEventDispatcher(int queueLength, ConsumerNotifier notifier, Set<EventStream> streams);

    /**
     * Starts an event dispatcher with the given queue length, its other parts named on the builder: the Java-style
     * form of {@link #createEventDispatcher}.
     *
     * {@snippet :
     * EventDispatcher dtoEvd = ia.eventDispatcherBuilder(256).streams(EventStream.DTO).create();
     * // C-shaped, the same EVD:
     * EventDispatcher same = ia.createEventDispatcher(256, null, Set.of(EventStream.DTO));
     * }
     *
     * @param queueLength the minimum number of events it holds, 1 to {@code maxEvdQueueLength}
     * @return a builder; {@link EventDispatcherBuilder#create()} checks and creates
     */
    default EventDispatcherBuilder eventDispatcherBuilder(final int queueLength) {
        return new EventDispatcherBuilder(this, queueLength);
    }

    /** {@return a new consumer notification object, {@code dat_cno_create}} */
    ConsumerNotifier createConsumerNotifier();

    /**
     * Registers memory ({@code dat_lmr_create} with {@code DAT_MEM_TYPE_VIRTUAL} and {@code DAT_VA_TYPE_VA}).
     * The segment must be native (off-heap) memory that outlives the LMR.
     *
     * @param protectionZone the PZ the region belongs to
     * @param region the memory, native, 1 byte or more
     * @param privileges local and remote access rights
     * @return the LMR, with its {@code lmr_context} and {@code rmr_context}
     */
    LocalMemoryRegion createLocalMemoryRegion(ProtectionZone protectionZone, MemorySegment region,
            Set<MemoryPrivilege> privileges);

    /**
     * Creates an unbound memory window ({@code dat_rmr_create}). Needs {@link Capability#RMR}.
     *
     * @param protectionZone the PZ
     * @return the RMR
     */
    RemoteMemoryRegion createRemoteMemoryRegion(ProtectionZone protectionZone);

    /**
     * Creates an endpoint ({@code dat_ep_create}).
     *
     * @param protectionZone the PZ of its memory
     * @param recvEvd where receive completions go, or null when the EP posts no receives
     * @param requestEvd where send/RDMA completions go, or null when the EP posts none
     * @param connectEvd where connection events go (must take {@link EventStream#CONNECTION})
     * @param attributes the EP attributes, or null for the provider's defaults
     * @return the EP, UNCONNECTED
     */
    Endpoint createEndpoint(ProtectionZone protectionZone, EventDispatcher recvEvd, EventDispatcher requestEvd,
            EventDispatcher connectEvd, EndpointAttributes attributes);

    /**
     * Starts an endpoint in a protection zone, its EVDs, attributes and SRQ named on the builder: the Java-style form
     * of {@link #createEndpoint} and {@link #createEndpointWithSrq}.
     *
     * {@snippet :
     * Endpoint ep = ia.endpointBuilder(pz)
     *         .completionEvd(dtoEvd)
     *         .connectEvd(connEvd)
     *         .sharedReceiveQueue(srq)                 // dat_ep_create_with_srq
     *         .create();
     * // C-shaped, the same EP:
     * Endpoint same = ia.createEndpointWithSrq(pz, dtoEvd, dtoEvd, connEvd, srq, null);
     * }
     *
     * @param protectionZone the PZ of its memory
     * @return a builder; {@link EndpointBuilder#create()} checks and creates
     * @throws DatException {@code INVALID_HANDLE PZ} when the PZ is null
     */
    default EndpointBuilder endpointBuilder(final ProtectionZone protectionZone) {
        return new EndpointBuilder(this, protectionZone);
    }

    /**
     * Creates an endpoint whose receives come from a shared receive queue ({@code dat_ep_create_with_srq}).
     * Needs {@link Capability#SRQ}.
     *
     * @param protectionZone the PZ
     * @param recvEvd where receive completions go
     * @param requestEvd where send/RDMA completions go
     * @param connectEvd where connection events go
     * @param sharedReceiveQueue the SRQ
     * @param attributes the EP attributes, or null for defaults
     * @return the EP, UNCONNECTED
     */
    Endpoint createEndpointWithSrq(ProtectionZone protectionZone, EventDispatcher recvEvd,
            EventDispatcher requestEvd, EventDispatcher connectEvd, SharedReceiveQueue sharedReceiveQueue,
            EndpointAttributes attributes);

    /**
     * Listens on a connection qualifier ({@code dat_psp_create}).
     *
     * @param connectionQualifier the qualifier (for IP-based providers, the port)
     * @param crEvd where connection requests go (must take {@link EventStream#CR})
     * @param flag whether the consumer or the provider creates the EP of each request
     * @return the PSP; {@code CONN_QUAL_IN_USE} if the qualifier is taken
     */
    PublicServicePoint createPublicServicePoint(long connectionQualifier, EventDispatcher crEvd,
            ServicePointFlag flag);

    /**
     * Listens on a qualifier the provider picks ({@code dat_psp_create_any}).
     *
     * @param crEvd where connection requests go
     * @param flag whether the consumer or the provider creates the EP of each request
     * @return the PSP; its qualifier is {@link ServicePoint#connectionQualifier()}
     */
    PublicServicePoint createPublicServicePointAny(EventDispatcher crEvd, ServicePointFlag flag);

    /**
     * Listens for one connection on a qualifier with a bound EP ({@code dat_rsp_create}). Needs {@link Capability#RSP}.
     *
     * @param connectionQualifier the qualifier
     * @param endpoint the EP that takes the connection; it goes to RESERVED
     * @param crEvd where the request goes
     * @return the RSP
     */
    ReservedServicePoint createReservedServicePoint(long connectionQualifier, Endpoint endpoint,
            EventDispatcher crEvd);

    /**
     * Creates a shared receive queue ({@code dat_srq_create}). Needs {@link Capability#SRQ}.
     *
     * @param protectionZone the PZ
     * @param attributes its size
     * @return the SRQ
     */
    SharedReceiveQueue createSharedReceiveQueue(ProtectionZone protectionZone, SrqAttributes attributes);
}
