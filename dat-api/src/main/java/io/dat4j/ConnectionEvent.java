package io.dat4j;

/**
 * One of the {@code DAT_CONNECTION_EVENT_*} events ({@code DAT_CONNECTION_EVENT_DATA}): established, peer rejected,
 * non-peer rejected, accept completion error, disconnected, broken, timed out, unreachable. Two events are equal when
 * their number, dispatcher, endpoint and private data bytes are.
 *
 * {@snippet :
 * switch (connectEvd.await(timeout)) {
 *     case ConnectionEvent ce when ce.number() == EventNumber.CONNECTION_EVENT_ESTABLISHED ->
 *         handshake(ce.privateData().asByteBuffer());      // the acceptor's private data, read-only
 *     case ConnectionEvent ce when ce.number() == EventNumber.CONNECTION_EVENT_PEER_REJECTED ->
 *         throw new IOException("rejected: " + ce.privateData());
 *     default -> throw new IOException("not connected");
 * }
 * }
 *
 * @param number one of the connection event numbers
 * @param dispatcher the connect EVD
 * @param endpoint the EP the event is about, {@code ep_handle}
 * @param privateData the peer's private data (accept's with ESTABLISHED, reject's with PEER_REJECTED),
 *        {@code private_data} and {@code private_data_size}; never null ({@link PrivateData#EMPTY} for none)
 */
public record ConnectionEvent(EventNumber number, EventDispatcher dispatcher, Endpoint endpoint,
        PrivateData privateData) implements Event {

    /**
     * Checks the number.
     *
     * @param number one of the connection event numbers
     * @param dispatcher the connect EVD
     * @param endpoint the EP
     * @param privateData the private data, or null for none
     */
    public ConnectionEvent {
        if (number == null || !number.isConnectionEvent()) {
            throw new IllegalArgumentException("not a connection event number: " + number);
        }
        if (privateData == null) {
            privateData = PrivateData.EMPTY;
        }
    }

    /**
     * Copies the private data from an array.
     *
     * @param number one of the connection event numbers
     * @param dispatcher the connect EVD
     * @param endpoint the EP
     * @param privateData the private data, or null for none; copied
     */
    public ConnectionEvent(final EventNumber number, final EventDispatcher dispatcher, final Endpoint endpoint,
            final byte[] privateData) {
        this(number, dispatcher, endpoint, PrivateData.of(privateData));
    }

    /** {@return the size of the private data, {@code private_data_size}} */
    public int privateDataSize() {
        return privateData.length();
    }
}
