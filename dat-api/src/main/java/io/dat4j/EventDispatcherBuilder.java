package io.dat4j;

import java.util.EnumSet;
import java.util.Set;

/**
 * Creates an event dispatcher by naming its parts: the Java-style form of
 * {@link InterfaceAdapter#createEventDispatcher} ({@code dat_evd_create}), which it calls. Obtained from
 * {@link InterfaceAdapter#eventDispatcherBuilder(int)}. Unset streams are {@link EventStream#DEFAULT}
 * ({@code DAT_EVD_DEFAULT_FLAG}); an unset notifier is none.
 *
 * {@snippet :
 * EventDispatcher dtoEvd = ia.eventDispatcherBuilder(256)
 *         .streams(EventStream.DTO)
 *         .create();                                   // dat_evd_create(ia, 256, NULL, DAT_EVD_DTO_FLAG, &evd)
 * EventDispatcher connEvd = ia.eventDispatcherBuilder(8)
 *         .streams(EventStream.CONNECTION, EventStream.CR)
 *         .notifier(cno)
 *         .create();
 * }
 *
 * <p>Not thread safe; a builder may create several EVDs alike.
 */
public final class EventDispatcherBuilder {

    private final InterfaceAdapter interfaceAdapter;
    private final int queueLength;
    private Set<EventStream> streams = EventStream.DEFAULT;
    private ConsumerNotifier notifier;

    EventDispatcherBuilder(final InterfaceAdapter interfaceAdapter, final int queueLength) {
        this.interfaceAdapter = interfaceAdapter;
        this.queueLength = queueLength;
    }

    /**
     * Sets the event kinds the EVD takes ({@code evd_flags}).
     *
     * @param first one kind
     * @param more more kinds
     * @return this builder
     * @throws DatException {@code INVALID_PARAMETER} when a kind is null
     */
    public EventDispatcherBuilder streams(final EventStream first, final EventStream... more) {
        if (first == null || more == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "an event stream is null");
        }
        final EnumSet<EventStream> s = EnumSet.of(first);
        for (final EventStream e : more) {
            if (e == null) {
                throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2,
                        "an event stream is null");
            }
            s.add(e);
        }
        streams = Set.copyOf(s);
        return this;
    }

    /**
     * Sets the event kinds the EVD takes ({@code evd_flags}).
     *
     * @param value the kinds, not empty
     * @return this builder
     */
    public EventDispatcherBuilder streams(final Set<EventStream> value) {
        streams = value;
        return this;
    }

    /**
     * Names the CNO the EVD notifies ({@code cno_handle}).
     *
     * @param value the CNO, or null for none
     * @return this builder
     */
    public EventDispatcherBuilder notifier(final ConsumerNotifier value) {
        notifier = value;
        return this;
    }

    /**
     * Creates the EVD: {@link InterfaceAdapter#createEventDispatcher} ({@code dat_evd_create}).
     *
     * @return the EVD
     * @throws DatException what the C-shaped call throws
     */
    public EventDispatcher create() {
        return interfaceAdapter.createEventDispatcher(queueLength, notifier, streams);
    }
}
