package io.dat4j.provider.tcp;

/**
 * How a connection's end is reported to its EP ({@link ConnectionClose#terminate}): the transport trigger it fires on
 * the kit's EP state machine, if any.
 */
enum ConnectionEnd {
    /** No event (the EP never waited for this connection, or it is being freed). */
    SILENT,
    /** {@code disconnected()}: trigger DISCONNECTED. */
    DISCONNECTED,
    /** {@code broken(reason)}: trigger BROKEN. */
    BROKEN,
    /** {@code connectionFailed(number, pdata)}: trigger CONNECTION_FAILED or ACCEPT_FAILED. */
    FAILED
}
