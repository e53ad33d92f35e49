package io.dat4j.provider.tcp;

/**
 * How a connection's end is reported to its EP ({@link ConnectionClose#terminate}): the transport trigger it fires on
 * the kit's EP state machine, if any. See "The EP state machine and the transport's connection phase" in
 * {@code docs/provider-kit.md}.
 *
 * <p>Threading: an immutable constant; the end is decided under the connection's lock and reported by an upcall made
 * after it is released ("Threading and locks" in {@code docs/provider-kit.md}).
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
