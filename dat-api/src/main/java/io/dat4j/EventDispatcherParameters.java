package io.dat4j;

import java.util.Set;

/**
 * What {@code dat_evd_query} returns ({@code DAT_EVD_PARAM}).
 *
 * @param interfaceAdapter the IA
 * @param queueLength the queue length in force (at least the one asked for)
 * @param notifier the CNO, or null
 * @param streams the event kinds it takes
 */
public record EventDispatcherParameters(InterfaceAdapter interfaceAdapter, int queueLength,
        ConsumerNotifier notifier, Set<EventStream> streams) {
}
