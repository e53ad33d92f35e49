package io.dat4j.tools;

import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;

/**
 * The last event a {@link Session} took from one of its EVDs, held field by field in an object the session reuses:
 * {@link #poll} takes it with {@link EventDispatcher#poll(EventHandler, int)}, which allocates nothing for a DTO
 * completion, so the polling loops of {@code dat perf --poll} allocate nothing per operation. Valid until the next
 * take from the same holder (the session keeps one for receives and one for requests).
 *
 * <p>Not thread safe: the session's thread.
 */
final class Completion implements EventHandler {

    private EventDispatcher dispatcher;
    private Endpoint endpoint;
    private long cookie;
    private DtoStatus status;
    private long length;
    private DtoOperation operation;
    private int rmrContext;
    /** An event other than a DTO completion, or null. */
    private Event other;

    /**
     * Takes one event of {@code evd} if one is queued (one non-blocking round of the provider's progress otherwise).
     *
     * @param evd the EVD
     * @return true if an event was taken
     */
    boolean poll(final EventDispatcher evd) {
        dispatcher = evd;
        other = null;
        return evd.poll(this, 1) > 0;
    }

    /**
     * Holds an event taken as a record (the waiting path).
     *
     * @param evd the EVD it came from
     * @param e the event
     */
    void fill(final EventDispatcher evd, final Event e) {
        dispatcher = evd;
        other = null;
        if (e instanceof DtoCompletionEvent d) {
            onDtoCompletion(d.endpoint(), d.cookie(), d.status(), d.transferredLength(), d.operation(),
                    d.rmrContext());
        } else {
            onEvent(e);
        }
    }

    @Override
    public void onDtoCompletion(final Endpoint ep, final long c, final DtoStatus s, final long transferredLength,
            final DtoOperation op, final int rmr) {
        endpoint = ep;
        cookie = c;
        status = s;
        length = transferredLength;
        operation = op;
        rmrContext = rmr;
    }

    @Override
    public void onEvent(final Event event) {
        other = event;
    }

    /** {@return the event if it was not a DTO completion, else null} */
    Event other() {
        return other;
    }

    /** {@return the completion's cookie} */
    long cookie() {
        return cookie;
    }

    /** {@return the completion's status} */
    DtoStatus status() {
        return status;
    }

    /** {@return the bytes transferred} */
    long transferredLength() {
        return length;
    }

    /** {@return the completion as a record, for error reports} */
    DtoCompletionEvent record() {
        return new DtoCompletionEvent(dispatcher, endpoint, cookie, status, length, operation, rmrContext);
    }
}
