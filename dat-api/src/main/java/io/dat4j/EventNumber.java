package io.dat4j;

/** The number of an event ({@code DAT_EVENT_NUMBER}), with the C values. */
public enum EventNumber {
    /** {@code DAT_DTO_COMPLETION_EVENT}. */
    DTO_COMPLETION_EVENT(0x00001),
    /** {@code DAT_RMR_BIND_COMPLETION_EVENT}. */
    RMR_BIND_COMPLETION_EVENT(0x01001),
    /** {@code DAT_CONNECTION_REQUEST_EVENT}. */
    CONNECTION_REQUEST_EVENT(0x02001),
    /** {@code DAT_CONNECTION_EVENT_ESTABLISHED}. */
    CONNECTION_EVENT_ESTABLISHED(0x04001),
    /** {@code DAT_CONNECTION_EVENT_PEER_REJECTED}: the peer consumer rejected the request. */
    CONNECTION_EVENT_PEER_REJECTED(0x04002),
    /** {@code DAT_CONNECTION_EVENT_NON_PEER_REJECTED}: rejected by something other than the peer consumer. */
    CONNECTION_EVENT_NON_PEER_REJECTED(0x04003),
    /** {@code DAT_CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR}: accept could not complete establishment. */
    CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR(0x04004),
    /** {@code DAT_CONNECTION_EVENT_DISCONNECTED}. */
    CONNECTION_EVENT_DISCONNECTED(0x04005),
    /** {@code DAT_CONNECTION_EVENT_BROKEN}. */
    CONNECTION_EVENT_BROKEN(0x04006),
    /** {@code DAT_CONNECTION_EVENT_TIMED_OUT}. */
    CONNECTION_EVENT_TIMED_OUT(0x04007),
    /** {@code DAT_CONNECTION_EVENT_UNREACHABLE}. */
    CONNECTION_EVENT_UNREACHABLE(0x04008),
    /** {@code DAT_ASYNC_ERROR_EVD_OVERFLOW}. */
    ASYNC_ERROR_EVD_OVERFLOW(0x08001),
    /** {@code DAT_ASYNC_ERROR_IA_CATASTROPHIC}. */
    ASYNC_ERROR_IA_CATASTROPHIC(0x08002),
    /** {@code DAT_ASYNC_ERROR_EP_BROKEN}. */
    ASYNC_ERROR_EP_BROKEN(0x08003),
    /** {@code DAT_ASYNC_ERROR_TIMED_OUT}. */
    ASYNC_ERROR_TIMED_OUT(0x08004),
    /** {@code DAT_ASYNC_ERROR_PROVIDER_INTERNAL_ERROR}. */
    ASYNC_ERROR_PROVIDER_INTERNAL_ERROR(0x08005),
    /** {@code DAT_HA_DOWN_TO_1}. */
    HA_DOWN_TO_1(0x08101),
    /** {@code DAT_HA_UP_TO_MULTI_PATH}. */
    HA_UP_TO_MULTI_PATH(0x08102),
    /** {@code DAT_SOFTWARE_EVENT}. */
    SOFTWARE_EVENT(0x10001);

    private final int value;

    EventNumber(final int value) {
        this.value = value;
    }

    /** {@return the C value} */
    public int value() {
        return value;
    }

    /** {@return the C name, for example {@code DAT_CONNECTION_EVENT_ESTABLISHED}} */
    public String cName() {
        return "DAT_" + name();
    }

    /** {@return true for the {@code DAT_CONNECTION_EVENT_*} numbers} */
    public boolean isConnectionEvent() {
        return (value & 0xff000) == 0x04000;
    }

    /** {@return true for the {@code DAT_ASYNC_ERROR_*} and HA numbers} */
    public boolean isAsyncError() {
        return (value & 0xf8000) == 0x08000;
    }
}
