package io.dat4j;

import java.time.Duration;
import java.util.Set;

/**
 * An event dispatcher ({@code DAT_EVD_HANDLE}): a bounded queue of events of the kinds it was created for.
 * {@link #close()} is {@code dat_evd_free}; it is refused with {@code INVALID_STATE EVD_IN_USE} while an EP, a
 * service point or an SRQ still uses the EVD, and it releases a blocked {@link #await} with {@code ABORT}.
 *
 * <p>Thread safety: posting and dequeuing may happen on any threads; at most one thread waits at a time
 * ({@code INVALID_STATE EVD_WAITER} for a second one), as in C.
 */
public interface EventDispatcher extends Handle {

    /** A timeout that never expires ({@code DAT_TIMEOUT_INFINITE}). */
    Duration INFINITE = Duration.ofSeconds(Long.MAX_VALUE, 999_999_999L);

    /** {@return the IA it belongs to} */
    InterfaceAdapter interfaceAdapter();

    /** {@return the parameters, {@code dat_evd_query}} */
    EventDispatcherParameters query();

    /** {@return the event kinds it takes} */
    Set<EventStream> streams();

    /** {@return the number of events waiting, {@code nmore} of {@code dat_evd_wait}} */
    int size();

    /**
     * Changes the queue length ({@code dat_evd_resize}); {@code INVALID_STATE} if more events wait than fit, or if a
     * thread waits now for more events than the new length holds (C refuses every resize while a thread waits; a
     * resize that the waiter's threshold still fits in is allowed here). Needs {@link Capability#EVD_RESIZE}.
     *
     * @param queueLength the new length
     */
    void resize(int queueLength);

    /**
     * Posts a software event ({@code dat_evd_post_se}); the EVD must take {@link EventStream#SOFTWARE}.
     * {@code QUEUE_FULL} if there is no room.
     *
     * @param payload the consumer's object, may be null
     */
    void postSoftwareEvent(Object payload);

    /**
     * Takes the first event without blocking ({@code dat_evd_dequeue}).
     *
     * @return the event
     * @throws DatException {@code QUEUE_EMPTY} when there is none
     */
    Event dequeue();

    /**
     * Takes the first event without blocking, as {@link #dequeue()}, but returns null when there is none instead of
     * throwing: the cheaper form for polling loops.
     *
     * @return the event, or null
     */
    Event poll();

    /**
     * Drains up to {@code limit} events without blocking, passing each to a handler as it is taken: the Java-style
     * batch form of {@code dat_evd_dequeue} in a loop. DTO completions reach
     * {@link EventHandler#onDtoCompletion} field by field and software events {@link EventHandler#onSoftwareEvent}
     * by payload; a provider built on the kit allocates nothing for them, so a polling loop with a handler made once
     * allocates nothing per completion. Other events reach {@link EventHandler#onEvent} as records. An empty EVD
     * first gets one non-blocking round of the transport's progress, as {@link #poll()} does.
     *
     * {@snippet :
     * EventHandler handler = EventHandler.of((ep, cookie, status, length, op, rmr) -> {
     *     if (status == DtoStatus.SUCCESS && op == DtoOperation.RECEIVE) {
     *         consume(cookie, length);
     *         ep.postRecv(buffers.get((int) cookie), cookie);    // repost: callbacks may post
     *     }
     * }, other -> { throw new IllegalStateException("unexpected " + other); });
     * int drained = dtoEvd.poll(handler, 32);
     * }
     * The C-shaped loop it replaces:
     * {@snippet :
     * EventSlot slot = new EventSlot();
     * for (int i = 0; i < 32 && dtoEvd.dequeue(slot); i++) {   // dat_evd_dequeue(evd, &event)
     *     if (slot.isDtoCompletion()) { ... }
     * }
     * }
     *
     * <p>The handler runs on the calling thread with no provider lock held. When it throws, the exception leaves this
     * method at once: the event it was given is consumed and later events stay queued.
     *
     * @param handler takes the events
     * @param limit the most events to take, 1 or more
     * @return how many events were taken (0 when none was queued)
     * @throws DatException {@code INVALID_PARAMETER ARG2} if {@code handler} is null, {@code ARG3} if {@code limit}
     *         is below 1; {@code INVALID_HANDLE} if the EVD is freed
     */
    default int poll(final EventHandler handler, final int limit) {
        if (handler == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2,
                    "the event handler is null");
        }
        if (limit < 1) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG3,
                    "the limit must be 1 or more, was " + limit);
        }
        int n = 0;
        Event e;
        while (n < limit && (e = poll()) != null) {
            n++;
            EventHandler.dispatch(handler, e);
        }
        return n;
    }

    /**
     * Waits until at least {@code threshold} events are queued, then takes the first ({@code dat_evd_wait}). Any
     * thread may wait, virtual threads too: a virtual thread's wait does not hold its carrier thread (where a provider
     * would block in native code for a waiter, a virtual thread parks instead and the provider's own threads make
     * progress). An interrupt ends the wait at once, also while the provider blocks in a system call for it.
     *
     * @param timeout how long to wait; {@link Duration#ZERO} checks once; {@link #INFINITE} never times out
     * @param threshold 1 to the queue length ({@code INVALID_PARAMETER ARG3} otherwise)
     * @return the first event
     * @throws DatException {@code TIMEOUT_EXPIRED} on timeout, {@code ABORT} if the EVD is closed meanwhile,
     *         {@code INTERRUPTED_CALL} if the thread is interrupted, {@code INVALID_STATE} if another thread waits
     *         or the EVD is unwaitable
     */
    Event await(Duration timeout, int threshold);

    /**
     * Takes the first event into a caller-owned slot without blocking ({@code dat_evd_dequeue} with the caller's
     * {@code DAT_EVENT}): the allocation-free form for data paths that reuse one {@link EventSlot}. A provider built
     * on the kit allocates nothing for DTO completions and software events here.
     *
     * @param into the slot to fill; overwritten when an event is taken, unchanged otherwise
     * @return true if an event was taken, false when there is none (C: {@code DAT_QUEUE_EMPTY})
     * @throws DatException {@code INVALID_PARAMETER ARG2} if {@code into} is null
     */
    default boolean dequeue(final EventSlot into) {
        if (into == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2, "the event slot is null");
        }
        final Event e = poll();
        if (e == null) {
            return false;
        }
        into.set(e);
        return true;
    }

    /**
     * Waits until at least {@code threshold} events are queued, then takes the first into a caller-owned slot
     * ({@code dat_evd_wait} with the caller's {@code DAT_EVENT} and {@code nmore}): the allocation-free form of
     * {@link #await(Duration, int)}, with the same errors.
     *
     * @param timeout how long to wait; {@link Duration#ZERO} checks once; {@link #INFINITE} never times out
     * @param threshold 1 to the queue length
     * @param into the slot to fill (overwritten)
     * @return how many events are still queued after the one taken ({@code nmore})
     * @throws DatException as {@link #await(Duration, int)}; {@code INVALID_PARAMETER ARG4} if {@code into} is null
     */
    default int await(final Duration timeout, final int threshold, final EventSlot into) {
        if (into == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG4, "the event slot is null");
        }
        into.set(await(timeout, threshold));
        return size();
    }

    /**
     * Waits for one event into a slot: {@code await(timeout, 1, into)}.
     *
     * @param timeout how long to wait
     * @param into the slot to fill
     * @return how many events are still queued ({@code nmore})
     */
    default int await(final Duration timeout, final EventSlot into) {
        return await(timeout, 1, into);
    }

    /**
     * Waits for one event: {@code await(timeout, 1)}.
     *
     * @param timeout how long to wait
     * @return the first event
     */
    default Event await(final Duration timeout) {
        return await(timeout, 1);
    }

    /** Enables notification of the CNO ({@code dat_evd_enable}). */
    void enable();

    /** Disables notification of the CNO ({@code dat_evd_disable}). */
    void disable();

    /** {@return true if enabled} */
    boolean isEnabled();

    /** Makes {@link #await} fail with {@code INVALID_STATE} and releases a waiter ({@code dat_evd_set_unwaitable}). */
    void setUnwaitable();

    /** Makes the EVD waitable again ({@code dat_evd_clear_unwaitable}). */
    void clearUnwaitable();

    /**
     * Changes the CNO this EVD notifies ({@code dat_evd_modify_cno}). Needs {@link Capability#CNO}.
     *
     * @param notifier the CNO, or null for none
     */
    void modifyNotifier(ConsumerNotifier notifier);
}
