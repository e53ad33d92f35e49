package io.dat4j.kit;

import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import java.util.Set;

/**
 * An EVD as its transport sees it: where completions of an EP's queues go, the {@link CompletionSource} the transport
 * gave it, and the wake-up a completion notification calls. Events reach it only through the upcalls (a transport
 * completes operations with {@link EndpointUpcalls#complete}; it never posts events itself), and the consumer's
 * {@link EventDispatcher} handle cannot be cast to it.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; {@link #signal()} takes only the EVD's lock (see
 * "Threading and locks" in {@code docs/provider-kit.md}).
 */
public interface EventSink {

    /** {@return the consumer's handle of this EVD}, for logs and as the source of an async error */
    EventDispatcher dispatcher();

    /** {@return the kinds of event the EVD takes} */
    Set<EventStream> streams();

    /** {@return the EVD's queue length now} */
    int queueLength();

    /** {@return the completion source of this EVD ({@link Transport#createCompletionSource}), or null} */
    CompletionSource completionSource();

    /**
     * Wakes the waiter so that it polls the {@link CompletionSource} (a transport's completion notification after
     * {@link CompletionSource#arm()}), or triggers the EVD's CNO when nobody waits. Allocation-free; does nothing when
     * neither applies.
     */
    void signal();
}
