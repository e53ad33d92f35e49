package io.dat4j.kit.internal;

import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.EventSink;
import java.util.Set;

/**
 * The transport's view of an EVD ({@link EventSink}): a separate object from the consumer's handle
 * ({@link KitEventDispatcher}), so that the handle cannot be cast to it.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; {@link #signal()} and {@link #queueLength()} take the
 * EVD's lock (see "Threading and locks" in {@code docs/provider-kit.md}).
 */
final class KitEventSink implements EventSink {

    private final KitEventDispatcher evd;

    KitEventSink(final KitEventDispatcher evd) {
        this.evd = evd;
    }

    @Override
    public EventDispatcher dispatcher() {
        return evd;
    }

    @Override
    public Set<EventStream> streams() {
        return evd.streamSet();
    }

    @Override
    public int queueLength() {
        return evd.queueLength();
    }

    @Override
    public CompletionSource completionSource() {
        return evd.completionSource();
    }

    @Override
    public void signal() {
        evd.signal();
    }

    @Override
    public String toString() {
        return "sink of " + evd;
    }
}
