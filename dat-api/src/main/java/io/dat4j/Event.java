package io.dat4j;

/**
 * An event dequeued from an {@link EventDispatcher} ({@code DAT_EVENT}): one record per union member of the C struct.
 * Switch over it with a pattern:
 * <pre>{@code
 * switch (evd.await(timeout, 1)) {
 *     case DtoCompletionEvent dto -> ...;
 *     case ConnectionEvent ce when ce.number() == EventNumber.CONNECTION_EVENT_ESTABLISHED -> ...;
 *     default -> ...;
 * }
 * }</pre>
 */
public sealed interface Event permits DtoCompletionEvent, RmrBindCompletionEvent, ConnectionRequestEvent,
        ConnectionEvent, AsyncErrorEvent, SoftwareEvent {

    /** {@return the event number, {@code event_number}} */
    EventNumber number();

    /** {@return the dispatcher the event was dequeued from, {@code evd_handle}} */
    EventDispatcher dispatcher();
}
