package io.dat4j;

/**
 * The state of an endpoint ({@code DAT_EP_STATE}). The C enum is a sequence from 0, so {@link #value()} is the
 * constant's position. {@code DAT_EP_STATE_ERROR} is an alias of {@link #DISCONNECTED}. Transitions are made by the provider
 * kit's EP state machine (module {@code io.dat4j.kit}), shared by every provider; {@code docs/provider-kit.md} has
 * the table.
 */
public enum EndpointState {
    /** {@code DAT_EP_STATE_UNCONNECTED}: quiescent, ready to connect or be accepted on. */
    UNCONNECTED,
    /** {@code DAT_EP_STATE_UNCONFIGURED_UNCONNECTED}. */
    UNCONFIGURED_UNCONNECTED,
    /** {@code DAT_EP_STATE_RESERVED}: bound to a reserved service point. */
    RESERVED,
    /** {@code DAT_EP_STATE_UNCONFIGURED_RESERVED}. */
    UNCONFIGURED_RESERVED,
    /** {@code DAT_EP_STATE_PASSIVE_CONNECTION_PENDING}: an RSP's EP with a request waiting for accept. */
    PASSIVE_CONNECTION_PENDING,
    /** {@code DAT_EP_STATE_UNCONFIGURED_PASSIVE}. */
    UNCONFIGURED_PASSIVE,
    /** {@code DAT_EP_STATE_ACTIVE_CONNECTION_PENDING}: connect was called, no answer yet. */
    ACTIVE_CONNECTION_PENDING,
    /** {@code DAT_EP_STATE_TENTATIVE_CONNECTION_PENDING}: a provider-created EP waiting for accept. */
    TENTATIVE_CONNECTION_PENDING,
    /** {@code DAT_EP_STATE_UNCONFIGURED_TENTATIVE}. */
    UNCONFIGURED_TENTATIVE,
    /** {@code DAT_EP_STATE_CONNECTED}. */
    CONNECTED,
    /** {@code DAT_EP_STATE_DISCONNECT_PENDING}: a graceful disconnect is under way. */
    DISCONNECT_PENDING,
    /** {@code DAT_EP_STATE_DISCONNECTED} (also {@code DAT_EP_STATE_ERROR}). */
    DISCONNECTED,
    /** {@code DAT_EP_STATE_COMPLETION_PENDING}: accept was called, establishment not yet complete. */
    COMPLETION_PENDING,
    /** {@code DAT_EP_STATE_CONNECTED_SINGLE_PATH}. */
    CONNECTED_SINGLE_PATH,
    /** {@code DAT_EP_STATE_CONNECTED_MULTI_PATH}. */
    CONNECTED_MULTI_PATH;

    /** {@return the C value} */
    public int value() {
        return ordinal();
    }

    /** {@return the C name, for example {@code DAT_EP_STATE_CONNECTED}} */
    public String cName() {
        return "DAT_EP_STATE_" + name();
    }
}
