package io.dat4j.kit;

/**
 * The transport half of a shared receive queue that lives in the device (verbs: an {@code ibv_srq}), from
 * {@link Transport#createSharedReceiveQueue}. The kit keeps its FIFO of posted buffers as for a software SRQ and
 * hands each buffer that passed the local checks to {@link #post}; when a QP has consumed one, the transport names it
 * with {@link EndpointUpcalls#takeSharedReceive(long)} and completes the returned operation.
 *
 * <p>When an EP's QP will consume no more of the queue (verbs: {@code IBV_EVENT_QP_LAST_WQE_REACHED}, once the QP is
 * in the error state after a disconnect or a failure), the transport posts {@code DAT_ASYNC_ERROR_EP_BROKEN} about the
 * EP with {@link AdapterUpcalls#asyncError}, as libdapl does, and leaves the EP's state alone. For an SRQ without a
 * transport half the kit posts that event itself when the EP's connection ends.
 */
public interface SharedReceiveTransport {

    /**
     * Posts a buffer ({@code dat_srq_post_recv}; verbs: {@code ibv_post_srq_recv}). Called under the SRQ's lock, in
     * posting order; must not block.
     *
     * @param buffer the buffer
     * @throws io.dat4j.DatException when the queue does not take it (the kit then forgets the buffer)
     */
    void post(SharedReceiveBuffer buffer);

    /**
     * Makes room for {@code maxRecvDtos} buffers ({@code dat_srq_resize}; verbs: {@code ibv_modify_srq} with
     * {@code IBV_SRQ_MAX_WR}). The kit calls it before it accepts the new size; a queue never needs to shrink.
     *
     * @param maxRecvDtos the new size, at least the number of unconsumed buffers
     */
    default void resize(final int maxRecvDtos) {
    }

    /**
     * Frees the queue ({@code dat_srq_free}; verbs: {@code ibv_destroy_srq}). Called once, after every EP that used
     * the SRQ is freed; buffers still posted are discarded.
     */
    void close();
}
