package io.dat4j.provider.tcp;

/**
 * Where one TCP connection is on the wire: the handshake sub-steps of {@code docs/tcp-wire.md} and the end of the
 * socket. These are not EP states: the EP's state is the kit's state machine's alone (the connection asks it with
 * {@code EndpointUpcalls.state()}/{@code isClosed()} and drives it only with the connection upcalls, which are its
 * transport triggers). A passive connection has no EP until accept, and an EP outlives its connections (reset, a new
 * connect). See "The EP state machine and the transport's connection phase" in {@code docs/provider-kit.md}.
 *
 * <p>Threading: held in {@link TcpConnection#phase}, read and moved under the connection's lock
 * ({@link TcpConnection#lock}). See "Threading and locks" in {@code docs/provider-kit.md}.
 */
enum ConnectionPhase {
    /** Created, not registered with the loop yet. */
    NEW,
    /** Active: the TCP connect is in progress. */
    CONNECTING,
    /** Active: REQ written, waiting for REP or REJ (and, after REP, for the kit to take ESTABLISHED before RTU). */
    REQ_SENT,
    /** Passive: accepted by a listener, waiting for REQ. */
    REQ_WAIT,
    /** Passive: REQ received and handed to the service point; waiting for the consumer's accept or reject. */
    REQUESTED,
    /** Passive: REP written, waiting for RTU. */
    REP_SENT,
    /** The handshake is done: data frames flow (ending in order may still be in progress, see ConnectionClose). */
    UP,
    /** The socket is closed; nothing more happens on this connection. */
    CLOSED
}
