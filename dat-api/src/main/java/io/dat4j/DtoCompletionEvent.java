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
 */
public record DtoCompletionEvent(EventDispatcher dispatcher, Endpoint endpoint, long cookie, DtoStatus status,
        long transferredLength, DtoOperation operation, int rmrContext) implements Event {

    @Override
    public EventNumber number() {
        return EventNumber.DTO_COMPLETION_EVENT;
    }
}
