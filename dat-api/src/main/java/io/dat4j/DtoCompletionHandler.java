package io.dat4j;

/**
 * Takes one DTO completion field by field ({@code DAT_DTO_COMPLETION_EVENT_DATA}), without a record: the data-path half
 * of an {@link EventHandler}, for {@link EventDispatcher#poll(EventHandler, int)}.
 *
 * {@snippet :
 * DtoCompletionHandler onDto = (ep, cookie, status, length, op, rmr) -> {
 *     if (status != DtoStatus.SUCCESS) {
 *         failed(cookie, status);
 *     }
 * };
 * }
 */
@FunctionalInterface
public interface DtoCompletionHandler {

    /**
     * Called once per DTO completion, on the thread that polls.
     *
     * @param endpoint the EP, {@code ep_handle}
     * @param cookie the cookie given when posting, {@code user_cookie}
     * @param status the completion status, {@code status}
     * @param transferredLength bytes transferred, {@code transfered_length}
     * @param operation what completed, {@code operation}
     * @param rmrContext the invalidated RMR context, or 0
     */
    void onDtoCompletion(Endpoint endpoint, long cookie, DtoStatus status, long transferredLength,
            DtoOperation operation, int rmrContext);
}
