package io.dat4j.kit;

/**
 * Where an EVD's completions come from when the transport keeps them in a queue of its own (verbs: the EVD's CQ).
 * The kit pulls from it on the consumer's thread: in {@code dequeue} and {@code poll} when the EVD's ring has no event
 * to give (an event already queued is older than any completion the source holds, so it is taken first, as libdapl's
 * {@code dat_evd_dequeue} copies the CQ only into an empty EVD), before {@code size}, and in each round of
 * {@code await}. A transport whose completions arrive by upcall anyway needs none.
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
     * {@link EventSink#signal()} when a new completion is ready. The kit polls once more after arming, so a
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

    /**
     * Makes progress on the calling consumer thread, for a transport whose progress is software (the TCP provider
     * reads and writes its sockets here instead of on an I/O thread, libfabric's manual progress): one round that
     * waits at most {@code nanos} for something to happen, moves what arrived, and returns. The kit calls it from
     * {@code dat_evd_wait} instead of parking (with the time left), and with 0 from {@code dat_evd_dequeue} on an empty
     * EVD and once before a wait times out, never while it holds a lock. While the thread is inside, the kit calls
     * {@link #wakeup()} wherever it would unpark it (an event posted by another thread, {@code signal}, close,
     * unwaitable) and when the waiting thread is interrupted, so a round blocked in a system call needs no interrupt
     * handling of its own. A round that would block in native code must not do so on a virtual thread (it would hold
     * its carrier): return false after a non-blocking look, and the kit parks the thread. The default does nothing.
     *
     * @param nanos how long the round may wait; 0 for none; {@code Long.MAX_VALUE} for no limit
     * @return false, having done nothing, when the calling thread cannot make progress now (another thread does, or
     *         {@code nanos} is too short for the transport to block): the kit then parks as usual
     */
    default boolean progress(final long nanos) {
        return false;
    }

    /**
     * Releases a thread inside {@link #progress} (at once, or its next round if it has not started waiting yet).
     * Never blocks; may be called from any thread.
     */
    default void wakeup() {
    }

    /** Releases the source (verbs: {@code ibv_destroy_cq}); called once, when the EVD is freed. */
    default void close() {
    }
}
