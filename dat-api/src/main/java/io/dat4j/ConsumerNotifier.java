package io.dat4j;

import java.time.Duration;

/**
 * A consumer notification object ({@code DAT_CNO_HANDLE}): one place to wait for events on several EVDs. An enabled
 * EVD linked to the CNO triggers it when an event arrives and nobody waits on the EVD itself. Needs
 * {@link Capability#CNO}.
 */
public interface ConsumerNotifier extends Handle {

    /** {@return the IA it belongs to} */
    InterfaceAdapter interfaceAdapter();

    /**
     * Waits until a linked EVD has an event or {@link #trigger()} is called ({@code dat_cno_wait}).
     *
     * @param timeout how long to wait
     * @return the EVD that fired, or null after a {@link #trigger()}
     * @throws DatException {@code TIMEOUT_EXPIRED} on timeout, {@code ABORT} when closed meanwhile
     */
    EventDispatcher await(Duration timeout);

    /** Wakes a waiter ({@code dat_cno_trigger}). */
    void trigger();
}
