package io.dat4j;

import java.util.function.UnaryOperator;

/**
 * Creates an endpoint by naming its parts instead of passing them in {@code dat_ep_create}'s order: the Java-style
 * form of {@link InterfaceAdapter#createEndpoint} and {@link InterfaceAdapter#createEndpointWithSrq}, which it calls
 * (so every check, status and message is theirs). Obtained from {@link InterfaceAdapter#endpointBuilder} or
 * {@link ProtectionZone#endpointBuilder()}. Unset EVDs are none (null in the C-shaped call), unset attributes are the
 * provider's defaults; only the connect EVD must be named.
 *
 * {@snippet :
 * Endpoint ep = pz.endpointBuilder()
 *         .completionEvd(dtoEvd)                  // recv_evd_handle and request_evd_handle
 *         .connectEvd(connEvd)                    // connect_evd_handle
 *         .attributes(a -> a.maxRecvDtos(64).maxRequestDtos(64))
 *         .create();                              // dat_ep_create
 * }
 * The C-shaped call it replaces:
 * {@snippet :
 * Endpoint ep = ia.createEndpoint(pz, dtoEvd, dtoEvd, connEvd,
 *         EndpointAttributes.builder().maxRecvDtos(64).maxRequestDtos(64).build());
 * }
 *
 * <p>Not thread safe; a builder may create several EPs alike.
 */
public final class EndpointBuilder {

    private final InterfaceAdapter interfaceAdapter;
    private final ProtectionZone protectionZone;
    private EventDispatcher recvEvd;
    private EventDispatcher requestEvd;
    private EventDispatcher connectEvd;
    private EndpointAttributes attributes;
    private SharedReceiveQueue sharedReceiveQueue;

    EndpointBuilder(final InterfaceAdapter interfaceAdapter, final ProtectionZone protectionZone) {
        if (protectionZone == null) {
            throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_PZ,
                    "the protection zone of the endpoint is null");
        }
        this.interfaceAdapter = interfaceAdapter;
        this.protectionZone = protectionZone;
    }

    /**
     * Names the EVD of receive completions ({@code recv_evd_handle}).
     *
     * @param evd an EVD taking {@link EventStream#DTO}, or null when the EP posts no receives
     * @return this builder
     */
    public EndpointBuilder recvEvd(final EventDispatcher evd) {
        recvEvd = evd;
        return this;
    }

    /**
     * Names the EVD of send and RDMA completions ({@code request_evd_handle}).
     *
     * @param evd an EVD taking {@link EventStream#DTO}, or null when the EP posts no requests
     * @return this builder
     */
    public EndpointBuilder requestEvd(final EventDispatcher evd) {
        requestEvd = evd;
        return this;
    }

    /**
     * Names one EVD for both receive and request completions.
     *
     * @param evd an EVD taking {@link EventStream#DTO}
     * @return this builder
     */
    public EndpointBuilder completionEvd(final EventDispatcher evd) {
        recvEvd = evd;
        requestEvd = evd;
        return this;
    }

    /**
     * Names the EVD of connection events ({@code connect_evd_handle}); required.
     *
     * @param evd an EVD taking {@link EventStream#CONNECTION}
     * @return this builder
     */
    public EndpointBuilder connectEvd(final EventDispatcher evd) {
        connectEvd = evd;
        return this;
    }

    /**
     * Sets the attributes ({@code ep_attributes}).
     *
     * @param value the attributes, or null for the provider's defaults
     * @return this builder
     */
    public EndpointBuilder attributes(final EndpointAttributes value) {
        attributes = value;
        return this;
    }

    /**
     * Sets the attributes by editing a builder that starts from the ones set so far (the defaults at first).
     *
     * @param edit changes to the attributes, for example {@code a -> a.maxRecvDtos(64)}
     * @return this builder
     * @throws DatException {@code INVALID_PARAMETER} when {@code edit} is null or returns null
     */
    public EndpointBuilder attributes(final UnaryOperator<EndpointAttributes.Builder> edit) {
        if (edit == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                    "the attribute edit is null");
        }
        final EndpointAttributes.Builder b = edit.apply(
                (attributes == null ? EndpointAttributes.DEFAULTS : attributes).toBuilder());
        if (b == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                    "the attribute edit returned null instead of the builder");
        }
        attributes = b.build();
        return this;
    }

    /**
     * Takes the EP's receives from a shared receive queue ({@code dat_ep_create_with_srq}); needs
     * {@link Capability#SRQ} and a recv EVD.
     *
     * @param srq the SRQ, of the same PZ, or null for the EP's own receive queue
     * @return this builder
     */
    public EndpointBuilder sharedReceiveQueue(final SharedReceiveQueue srq) {
        sharedReceiveQueue = srq;
        return this;
    }

    /**
     * Creates the EP: {@link InterfaceAdapter#createEndpoint} ({@code dat_ep_create}), or
     * {@link InterfaceAdapter#createEndpointWithSrq} ({@code dat_ep_create_with_srq}) when an SRQ is named.
     *
     * @return the EP, UNCONNECTED
     * @throws DatException {@code INVALID_HANDLE EVD_CONN} when no connect EVD is named; otherwise what the
     *         C-shaped call throws
     */
    public Endpoint create() {
        if (connectEvd == null) {
            throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_EVD_CONN,
                    "no connect EVD is named; call connectEvd(evd) with an EVD taking EventStream.CONNECTION");
        }
        if (sharedReceiveQueue == null) {
            return interfaceAdapter.createEndpoint(protectionZone, recvEvd, requestEvd, connectEvd, attributes);
        }
        return interfaceAdapter.createEndpointWithSrq(protectionZone, recvEvd, requestEvd, connectEvd,
                sharedReceiveQueue, attributes);
    }
}
