package io.dat4j;

/**
 * One of the {@code DAT_CONNECTION_EVENT_*} events ({@code DAT_CONNECTION_EVENT_DATA}): established, peer rejected,
 * non-peer rejected, accept completion error, disconnected, broken, timed out, unreachable.
 *
 * @param number one of the connection event numbers
 * @param dispatcher the connect EVD
 * @param endpoint the EP the event is about, {@code ep_handle}
 * @param privateData the peer's private data (accept's with ESTABLISHED, reject's with PEER_REJECTED), never null
 */
public record ConnectionEvent(EventNumber number, EventDispatcher dispatcher, Endpoint endpoint, byte[] privateData)
        implements Event {

    private static final byte[] NONE = new byte[0];

    /**
     * Checks the number and copies the private data.
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
        privateData = privateData == null || privateData.length == 0 ? NONE : privateData.clone();
    }

    /** {@return a copy of the private data} */
    @Override
    public byte[] privateData() {
        return privateData.length == 0 ? NONE : privateData.clone();
    }

    /** {@return the size of the private data, {@code private_data_size}} */
    public int privateDataSize() {
        return privateData.length;
    }
}
