package io.dat4j;

import java.util.function.Consumer;

/**
 * Takes the events that {@link EventDispatcher#poll(EventHandler, int)} drains, with one typed callback per kind: DTO
 * completions field by field ({@link #onDtoCompletion}), software events by payload ({@link #onSoftwareEvent}), and any
 * other event (connection, connection request, async error, RMR bind) as its record ({@link #onEvent}). A provider
 * built on the kit allocates nothing to call the first two, so a drain of completions into a handler made once is
 * allocation-free.
 *
 * {@snippet :
 * EventHandler handler = EventHandler.of(
 *         (ep, cookie, status, length, op, rmr) -> completed(cookie, status, length),
 *         event -> log.warn("unexpected {}", event));
 * while (running) {
 *     if (dtoEvd.poll(handler, 64) == 0) {   // up to 64 events, no allocation per completion
 *         Thread.onSpinWait();
 *     }
 * }
 * }
 *
 * <p>Callbacks run on the polling thread with no provider lock held, so they may post, poll other EVDs and close
 * handles. An exception a callback throws leaves {@code poll} at once: the event it was given is consumed, the ones
 * after it stay queued.
 */
public interface EventHandler extends DtoCompletionHandler {

    /**
     * Called for each event other than a DTO completion or a software event: a {@link ConnectionEvent},
     * {@link ConnectionRequestEvent}, {@link AsyncErrorEvent} or {@link RmrBindCompletionEvent}.
     *
     * @param event the event
     */
    void onEvent(Event event);

    /**
     * Called for each software event ({@code dat_evd_post_se}). The default passes a {@link SoftwareEvent} record to
     * {@link #onEvent}; override it to take the payload without a record.
     *
     * @param dispatcher the EVD it was posted to
     * @param payload the consumer's object, may be null
     */
    default void onSoftwareEvent(final EventDispatcher dispatcher, final Object payload) {
        onEvent(new SoftwareEvent(dispatcher, payload));
    }

    /**
     * {@return a handler that passes DTO completions to one function and every other event, as a record, to another}
     *
     * @param dto takes DTO completions field by field
     * @param other takes the other events, software events included
     * @throws DatException {@code INVALID_PARAMETER} when either is null
     */
    static EventHandler of(final DtoCompletionHandler dto, final Consumer<? super Event> other) {
        if (dto == null || other == null) {
            throw new DatException(StatusType.INVALID_PARAMETER,
                    dto == null ? StatusSubtype.INVALID_ARG1 : StatusSubtype.INVALID_ARG2,
                    (dto == null ? "the DTO completion handler" : "the handler of other events") + " is null");
        }
        return new EventHandler() {
            @Override
            public void onDtoCompletion(final Endpoint endpoint, final long cookie, final DtoStatus status,
                    final long transferredLength, final DtoOperation operation, final int rmrContext) {
                dto.onDtoCompletion(endpoint, cookie, status, transferredLength, operation, rmrContext);
            }

            @Override
            public void onEvent(final Event event) {
                other.accept(event);
            }
        };
    }

    /**
     * Passes one event record to the matching callback: what a provider without an allocation-free drain does.
     *
     * @param handler the handler
     * @param event the event
     */
    static void dispatch(final EventHandler handler, final Event event) {
        switch (event) {
            case DtoCompletionEvent d -> handler.onDtoCompletion(d.endpoint(), d.cookie(), d.status(),
                    d.transferredLength(), d.operation(), d.rmrContext());
            case SoftwareEvent s -> handler.onSoftwareEvent(s.dispatcher(), s.payload());
            default -> handler.onEvent(event);
        }
    }
}
