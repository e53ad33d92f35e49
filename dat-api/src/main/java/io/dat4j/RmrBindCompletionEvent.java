package io.dat4j;

/**
 * {@code DAT_RMR_BIND_COMPLETION_EVENT}: a {@code dat_rmr_bind} completed.
 *
 * @param dispatcher the EVD
 * @param remoteMemoryRegion the RMR that was bound
 * @param cookie the consumer's cookie
 * @param status the completion status
 */
public record RmrBindCompletionEvent(EventDispatcher dispatcher, RemoteMemoryRegion remoteMemoryRegion, long cookie,
        DtoStatus status) implements Event {

    @Override
    public EventNumber number() {
        return EventNumber.RMR_BIND_COMPLETION_EVENT;
    }
}
