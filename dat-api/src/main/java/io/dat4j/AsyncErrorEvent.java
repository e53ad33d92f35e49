package io.dat4j;

/**
 * One of the {@code DAT_ASYNC_ERROR_*} events, posted to the IA's async EVD ({@code DAT_ASYNCH_ERROR_EVENT_DATA}).
 *
 * @param number one of the async error numbers
 * @param dispatcher the async EVD
 * @param source the object the error is about ({@code dat_handle}): the overflowed EVD, the broken EP, the IA
 * @param reason what happened, for a person
 */
public record AsyncErrorEvent(EventNumber number, EventDispatcher dispatcher, Handle source, String reason)
        implements Event {

    /**
     * Checks the number.
     *
     * @param number one of the async error numbers
     * @param dispatcher the async EVD
     * @param source the object the error is about
     * @param reason what happened
     */
    public AsyncErrorEvent {
        if (number == null || !number.isAsyncError()) {
            throw new IllegalArgumentException("not an async error number: " + number);
        }
    }
}
