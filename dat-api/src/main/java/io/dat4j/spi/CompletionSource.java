package io.dat4j.spi;

/**
 * Where an EVD's completions come from when the transport keeps them in a queue of its own (verbs: the EVD's CQ).
 * The kit pulls from it on the consumer's thread: before {@code dequeue}, {@code poll} and {@code size}, and in each
 * round of {@code await}. A transport whose completions arrive by upcall anyway needs none.
 */
public interface CompletionSource {

    /**
     * Moves completions that are ready into the EVD (verbs: {@code ibv_poll_cq}, then
     * {@link EndpointUpcalls#complete} for each work completion). Never blocks.
     *
     * @return how many it moved
     */
    int poll();

    /**
     * Asks to be woken (verbs: {@code ibv_req_notify_cq}): after it returns, the transport calls
     * {@link KitEventDispatcher#signal()} when a new completion is ready. The kit polls once more after arming, so a
     * completion that raced with arming is not missed.
     */
    default void arm() {
    }

    /**
     * Makes room for a new EVD queue length ({@code dat_evd_resize}; verbs: {@code ibv_resize_cq}). Called before
     * the kit resizes its ring, after the argument checks; a failure leaves the EVD as it was. The default does
     * nothing.
     *
     * @param queueLength the new queue length
     */
    default void resize(final int queueLength) {
    }

    /** Releases the source (verbs: {@code ibv_destroy_cq}); called once, when the EVD is freed. */
    default void close() {
    }
}
