package io.dat4j.provider.rdmacm.ffi;

/**
 * A copy of one {@code struct rdma_cm_event}, taken before {@code rdma_ack_cm_event}, so that nothing reads the
 * native event after it is acked (rdma_accept(3): parameters of a request stay valid only until the ack).
 *
 * @param type the {@code rdma_cm_event_type}
 * @param status the event's {@code status} (a negative errno for errors, the IB reject reason for REJECTED)
 * @param id the {@code rdma_cm_id} address ({@code event->id}; for CONNECT_REQUEST the new identifier)
 * @param listenId the listening {@code rdma_cm_id} address for CONNECT_REQUEST, else 0
 * @param connection the connection parameters of the event ({@code param.conn}), private data copied; all zero
 *     for the event types that carry none (every type but CONNECT_REQUEST, CONNECT_RESPONSE, ESTABLISHED, REJECTED)
 */
public record CmEvent(CmEventType type, int status, long id, long listenId, ConnectionParameters connection) {
}
