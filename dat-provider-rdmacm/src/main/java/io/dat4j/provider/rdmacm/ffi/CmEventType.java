package io.dat4j.provider.rdmacm.ffi;

/** The {@code enum rdma_cm_event_type} values, in C order (the layout test checks each against the header). */
public enum CmEventType {
    /** {@code RDMA_CM_EVENT_ADDR_RESOLVED}. */
    ADDR_RESOLVED,
    /** {@code RDMA_CM_EVENT_ADDR_ERROR}. */
    ADDR_ERROR,
    /** {@code RDMA_CM_EVENT_ROUTE_RESOLVED}. */
    ROUTE_RESOLVED,
    /** {@code RDMA_CM_EVENT_ROUTE_ERROR}. */
    ROUTE_ERROR,
    /** {@code RDMA_CM_EVENT_CONNECT_REQUEST}. */
    CONNECT_REQUEST,
    /** {@code RDMA_CM_EVENT_CONNECT_RESPONSE}. */
    CONNECT_RESPONSE,
    /** {@code RDMA_CM_EVENT_CONNECT_ERROR}. */
    CONNECT_ERROR,
    /** {@code RDMA_CM_EVENT_UNREACHABLE}. */
    UNREACHABLE,
    /** {@code RDMA_CM_EVENT_REJECTED}. */
    REJECTED,
    /** {@code RDMA_CM_EVENT_ESTABLISHED}. */
    ESTABLISHED,
    /** {@code RDMA_CM_EVENT_DISCONNECTED}. */
    DISCONNECTED,
    /** {@code RDMA_CM_EVENT_DEVICE_REMOVAL}. */
    DEVICE_REMOVAL,
    /** {@code RDMA_CM_EVENT_MULTICAST_JOIN}. */
    MULTICAST_JOIN,
    /** {@code RDMA_CM_EVENT_MULTICAST_ERROR}. */
    MULTICAST_ERROR,
    /** {@code RDMA_CM_EVENT_ADDR_CHANGE}. */
    ADDR_CHANGE,
    /** {@code RDMA_CM_EVENT_TIMEWAIT_EXIT}. */
    TIMEWAIT_EXIT,
    /** A value this table does not know (a newer librdmacm); logged and acked. */
    UNKNOWN;

    private static final CmEventType[] VALUES = values();

    /** {@return the C value} */
    public int value() {
        return ordinal();
    }

    /** {@return the C name, for example {@code RDMA_CM_EVENT_ESTABLISHED}} */
    public String cName() {
        return "RDMA_CM_EVENT_" + name();
    }

    /**
     * {@return the type of a C value, {@link #UNKNOWN} if out of range}
     *
     * @param value the {@code event} field
     */
    public static CmEventType of(final int value) {
        return value >= 0 && value < UNKNOWN.ordinal() ? VALUES[value] : UNKNOWN;
    }
}
