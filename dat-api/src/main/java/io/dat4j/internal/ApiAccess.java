package io.dat4j.internal;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;

/**
 * The non-public channel through which the provider kit fills consumer objects that have no public mutators (the
 * pattern of the JDK's {@code SharedSecrets}): the API class registers an access object here when it is initialised,
 * and this package is exported only to dat4j's own modules, so a consumer cannot reach it.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
public final class ApiAccess {

    /** Fills an {@link EventSlot} (for EVD implementations). */
    public interface EventSlotAccess {

        /**
         * Fills a slot with a DTO completion.
         *
         * @param slot the slot
         * @param evd the EVD
         * @param ep the EP
         * @param cookie the cookie
         * @param status the status
         * @param length bytes transferred
         * @param operation the operation
         * @param rmrContext the invalidated rmr context, or 0
         */
        void dtoCompletion(EventSlot slot, EventDispatcher evd, Endpoint ep, long cookie, DtoStatus status,
                long length, DtoOperation operation, int rmrContext);

        /**
         * Fills a slot with a software event.
         *
         * @param slot the slot
         * @param evd the EVD
         * @param payload the consumer's object, may be null
         */
        void software(EventSlot slot, EventDispatcher evd, Object payload);

        /**
         * Fills a slot from an event record.
         *
         * @param slot the slot
         * @param event the event, not null
         */
        void event(EventSlot slot, Event event);
    }

    private static volatile EventSlotAccess eventSlots;

    private ApiAccess() {
    }

    /**
     * Registers the slot access; called once, by {@link EventSlot}'s initialiser.
     *
     * @param access the access object
     * @throws IllegalStateException when one is registered already
     */
    public static synchronized void eventSlots(final EventSlotAccess access) {
        if (eventSlots != null) {
            throw new IllegalStateException("the EventSlot access is registered already");
        }
        eventSlots = access;
    }

    /** {@return the slot access}, initialising {@link EventSlot} first if nothing did yet */
    public static EventSlotAccess eventSlots() {
        EventSlotAccess a = eventSlots;
        if (a == null) {
            try {
                Class.forName(EventSlot.class.getName(), true, EventSlot.class.getClassLoader());
            } catch (final ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            a = eventSlots;
        }
        return a;
    }
}
