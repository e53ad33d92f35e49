package io.dat4j;

/**
 * One of the {@code DAT_ASYNC_ERROR_*} events, posted to the IA's async EVD ({@code DAT_ASYNCH_ERROR_EVENT_DATA}).
 *
 * <p>The SRQ low watermark ({@code dat_srq_set_lw}) has a reason but no event number of its own in the DAT headers;
 * dat4j posts it as {@link EventNumber#ASYNC_ERROR_PROVIDER_INTERNAL_ERROR} with the SRQ as source and
 * {@link AsyncErrorReason#SRQ_LOW_WATERMARK_EVENT} as reason code. It is a notice, not an error: test
 * {@link #reasonCode()} before treating the event as fatal.
 *
 * @param number one of the async error numbers
 * @param dispatcher the async EVD
 * @param source the object the error is about ({@code dat_handle}): the overflowed EVD, the broken EP, the SRQ, the IA
 * @param reason what happened, for a person
 * @param reasonCode the C {@code reason}, specific to the source's object type
 */
public record AsyncErrorEvent(EventNumber number, EventDispatcher dispatcher, Handle source, String reason,
        AsyncErrorReason reasonCode) implements Event {

    /**
     * Checks the number and the reason code.
     *
     * @param number one of the async error numbers
     * @param dispatcher the async EVD
     * @param source the object the error is about
     * @param reason what happened
     * @param reasonCode the C reason, specific to the source's type
     */
    public AsyncErrorEvent {
        if (number == null || !number.isAsyncError()) {
            throw new IllegalArgumentException("not an async error number: " + number);
        }
        if (reasonCode == null) {
            throw new IllegalArgumentException("reason code is null");
        }
    }

    /**
     * An event whose reason code is the one {@link AsyncErrorReason#of} derives from the number and the source.
     *
     * @param number one of the async error numbers
     * @param dispatcher the async EVD
     * @param source the object the error is about
     * @param reason what happened
     */
    public AsyncErrorEvent(final EventNumber number, final EventDispatcher dispatcher, final Handle source,
            final String reason) {
        this(number, dispatcher, source, reason, AsyncErrorReason.of(number, source));
    }
}
