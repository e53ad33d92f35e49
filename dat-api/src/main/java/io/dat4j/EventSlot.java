package io.dat4j;

import io.dat4j.internal.ApiAccess;

/**
 * A caller-owned, reusable event holder: the Java counterpart of the {@code DAT_EVENT} that C passes to
 * {@code dat_evd_dequeue} and {@code dat_evd_wait} to be filled. {@link EventDispatcher#dequeue(EventSlot)} and
 * {@link EventDispatcher#await(java.time.Duration, int, EventSlot)} overwrite it, so a data path that reuses one slot
 * allocates nothing per event (the record forms, {@link EventDispatcher#dequeue()} and
 * {@link EventDispatcher#await(java.time.Duration, int)}, return a new immutable record each time).
 *
 * <p>A DTO completion ({@code DAT_DTO_COMPLETION_EVENT_DATA}) is held field by field: {@link #endpoint()},
 * {@link #cookie()}, {@link #status()}, {@link #transferredLength()}, {@link #operation()}, {@link #rmrContext()}. A
 * software event holds its {@link #payload()}. Any other event (connection, connection request, async error, RMR
 * bind) is held as its record, {@link #event()}. The accessors of fields an event does not have return null or 0.
 *
 * <pre>{@code
 * final EventSlot slot = new EventSlot();
 * while (running) {
 *     ep.postRecv(segments, cookie, CompletionFlag.DEFAULT);
 *     recvEvd.await(timeout, 1, slot);                     // dat_evd_wait(evd, timeout, 1, &event, &nmore)
 *     if (slot.number() == EventNumber.DTO_COMPLETION_EVENT && slot.status() == DtoStatus.SUCCESS) {
 *         use(slot.cookie(), slot.transferredLength());
 *     }
 * }
 * }</pre>
 *
 * <p>Not thread safe: one slot per thread, as a {@code DAT_EVENT} on the caller's stack.
 */
public final class EventSlot {

    static {
        ApiAccess.eventSlots(new ApiAccess.EventSlotAccess() {
            @Override
            public void dtoCompletion(final EventSlot slot, final EventDispatcher evd, final Endpoint ep,
                    final long cookie, final DtoStatus status, final long length, final DtoOperation operation,
                    final int rmrContext) {
                slot.setDtoCompletion(evd, ep, cookie, status, length, operation, rmrContext);
            }

            @Override
            public void software(final EventSlot slot, final EventDispatcher evd, final Object payload) {
                slot.setSoftware(evd, payload);
            }

            @Override
            public void event(final EventSlot slot, final Event event) {
                slot.set(event);
            }
        });
    }

    private EventNumber number;
    private EventDispatcher dispatcher;
    private Endpoint endpoint;
    private long cookie;
    private DtoStatus status;
    private long transferredLength;
    private DtoOperation operation;
    private int rmrContext;
    private Object payload;
    private Event event;

    /** An empty slot ({@link #number()} is null until it is filled). */
    public EventSlot() {
        // empty
    }

    /** {@return the event number, {@code event_number}; null while the slot is empty} */
    public EventNumber number() {
        return number;
    }

    /** {@return the EVD the event was dequeued from, {@code evd_handle}; null while empty} */
    public EventDispatcher dispatcher() {
        return dispatcher;
    }

    /** {@return true if the slot holds a DTO completion ({@code DAT_DTO_COMPLETION_EVENT})} */
    public boolean isDtoCompletion() {
        return number == EventNumber.DTO_COMPLETION_EVENT;
    }

    /** {@return the EP of a DTO completion, {@code ep_handle}; else null} */
    public Endpoint endpoint() {
        return endpoint;
    }

    /** {@return the cookie of a DTO completion, {@code user_cookie}; else 0} */
    public long cookie() {
        return cookie;
    }

    /** {@return the status of a DTO completion, {@code status}; else null} */
    public DtoStatus status() {
        return status;
    }

    /** {@return the bytes a DTO transferred, {@code transfered_length} (a receive: the message length); else 0} */
    public long transferredLength() {
        return transferredLength;
    }

    /** {@return what a DTO completion completed; else null} */
    public DtoOperation operation() {
        return operation;
    }

    /** {@return the invalidated rmr context of a DTO completion (RECEIVE_WITH_INVALIDATE), else 0} */
    public int rmrContext() {
        return rmrContext;
    }

    /** {@return the payload of a software event ({@code pointer}); else null} */
    public Object payload() {
        return payload;
    }

    /**
     * {@return the event as its record}: the record held for connection, connection request, async error and RMR
     * bind events; a new {@link DtoCompletionEvent} or {@link SoftwareEvent} built from the fields (this allocates);
     * null while the slot is empty
     */
    public Event event() {
        if (number == null) {
            return null;
        }
        if (event != null) {
            return event;
        }
        if (number == EventNumber.DTO_COMPLETION_EVENT) {
            return new DtoCompletionEvent(dispatcher, endpoint, cookie, status, transferredLength, operation,
                    rmrContext);
        }
        return new SoftwareEvent(dispatcher, payload);
    }

    /** Empties the slot, dropping its references. */
    public void clear() {
        number = null;
        dispatcher = null;
        endpoint = null;
        cookie = 0;
        status = null;
        transferredLength = 0;
        operation = null;
        rmrContext = 0;
        payload = null;
        event = null;
    }

    /**
     * Fills the slot with a DTO completion. Not public: a consumer only reads slots; the provider kit fills them
     * through {@link ApiAccess}, and {@link EventDispatcher}'s default slot methods through {@link #set(Event)}.
     *
     * @param evd the EVD
     * @param ep the EP
     * @param userCookie the cookie
     * @param dtoStatus the status
     * @param length bytes transferred
     * @param op the operation
     * @param rmr the invalidated rmr context, or 0
     */
    void setDtoCompletion(final EventDispatcher evd, final Endpoint ep, final long userCookie,
            final DtoStatus dtoStatus, final long length, final DtoOperation op, final int rmr) {
        clear();
        number = EventNumber.DTO_COMPLETION_EVENT;
        dispatcher = evd;
        endpoint = ep;
        cookie = userCookie;
        status = dtoStatus;
        transferredLength = length;
        operation = op;
        rmrContext = rmr;
    }

    /**
     * Fills the slot with a software event.
     *
     * @param evd the EVD
     * @param softwarePayload the consumer's object, may be null
     */
    void setSoftware(final EventDispatcher evd, final Object softwarePayload) {
        clear();
        number = EventNumber.SOFTWARE_EVENT;
        dispatcher = evd;
        payload = softwarePayload;
    }

    /**
     * Fills the slot from an event record: DTO completions and software events are unpacked into the fields, any
     * other record is held as it is.
     *
     * @param e the event, not null
     */
    void set(final Event e) {
        switch (e) {
            case DtoCompletionEvent d -> setDtoCompletion(d.dispatcher(), d.endpoint(), d.cookie(), d.status(),
                    d.transferredLength(), d.operation(), d.rmrContext());
            case SoftwareEvent s -> setSoftware(s.dispatcher(), s.payload());
            default -> {
                clear();
                number = e.number();
                dispatcher = e.dispatcher();
                event = e;
            }
        }
    }

    @Override
    public String toString() {
        if (number == null) {
            return "EventSlot[empty]";
        }
        if (number == EventNumber.DTO_COMPLETION_EVENT) {
            return "EventSlot[" + operation + " cookie=" + cookie + " " + status + " length=" + transferredLength
                    + "]";
        }
        return "EventSlot[" + (event != null ? event : "SOFTWARE_EVENT payload=" + payload) + "]";
    }
}
