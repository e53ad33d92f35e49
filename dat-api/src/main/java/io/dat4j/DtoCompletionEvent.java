package io.dat4j;

/**
 * {@code DAT_DTO_COMPLETION_EVENT}: a posted send, receive, RDMA read or RDMA write completed
 * ({@code DAT_DTO_COMPLETION_EVENT_DATA}).
 *
 * @param dispatcher the EVD
 * @param endpoint the EP the operation was posted on, {@code ep_handle}
 * @param cookie the consumer's cookie given at post, {@code user_cookie}
 * @param status the completion status
 * @param transferredLength bytes transferred ({@code transfered_length}); for a receive, the length of the message
 * @param operation what completed
 * @param rmrContext the invalidated rmr context for RECEIVE_WITH_INVALIDATE, else 0
 * @param immediateData the immediate data of a {@link DtoOperation#RECEIVE_IMMEDIATE} completion (IB extension,
 *        {@code DAT_IB_EXTENSION_EVENT_DATA.val.immed.data}, an unsigned 32-bit value), else 0
 */
public record DtoCompletionEvent(EventDispatcher dispatcher, Endpoint endpoint, long cookie, DtoStatus status,
        long transferredLength, DtoOperation operation, int rmrContext, int immediateData) implements Event {

    /**
     * A completion without immediate data.
     *
     * @param dispatcher the EVD
     * @param endpoint the EP
     * @param cookie the cookie
     * @param status the status
     * @param transferredLength bytes transferred
     * @param operation what completed
     * @param rmrContext the invalidated rmr context, or 0
     */
    public DtoCompletionEvent(final EventDispatcher dispatcher, final Endpoint endpoint, final long cookie,
            final DtoStatus status, final long transferredLength, final DtoOperation operation, final int rmrContext) {
        this(dispatcher, endpoint, cookie, status, transferredLength, operation, rmrContext, 0);
    }

    @Override
    public EventNumber number() {
        return EventNumber.DTO_COMPLETION_EVENT;
    }
}
