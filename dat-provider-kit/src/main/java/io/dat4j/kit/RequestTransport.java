package io.dat4j.kit;

/**
 * The transport half of a pending connection request (rdma_cm: the id delivered with
 * {@code RDMA_CM_EVENT_CONNECT_REQUEST}). Given to {@link ServicePointUpcalls#connectionRequested}; the kit either
 * passes it to {@link EndpointTransport#accept} or calls {@link #reject}, exactly once.
 */
public interface RequestTransport {

    /**
     * Rejects the request as the consumer did ({@code dat_cr_reject}; rdma_cm: {@code rdma_reject} with the
     * consumer's private data, then destroy the id). The active side sees PEER_REJECTED with the data.
     *
     * @param privateData the consumer's bytes (size already checked), never null
     */
    void reject(byte[] privateData);
}
