package io.dat4j.conformance.support;

import io.dat4j.Handle;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything the suite opened since the current test class started: DAT handles and the arenas of the memory it
 * registered. {@link LeakCheckExtension} checks after each class that every handle reports {@link Handle#isClosed()}
 * (closing the IA must close its children) and every arena was closed.
 *
 * <p>Thread safety: all methods are synchronized; test classes run one after the other.
 */
public final class ResourceTracker {

    private static final List<Handle> HANDLES = new ArrayList<>();
    private static final List<Arena> ARENAS = new ArrayList<>();

    private ResourceTracker() {
    }

    /**
     * Remembers a handle and returns it.
     *
     * @param <H> the handle type
     * @param handle the handle
     * @return the handle
     */
    public static synchronized <H extends Handle> H track(final H handle) {
        if (handle != null) {
            HANDLES.add(handle);
        }
        return handle;
    }

    /**
     * Remembers an arena and returns it.
     *
     * @param arena the arena
     * @return the arena
     */
    public static synchronized Arena track(final Arena arena) {
        ARENAS.add(arena);
        return arena;
    }

    /** {@return a description of every tracked handle still open and arena still alive, and forgets them all} */
    static synchronized List<String> drainLeaks() {
        final List<String> leaks = new ArrayList<>();
        for (final Handle h : HANDLES) {
            boolean closed;
            try {
                closed = h.isClosed();
            } catch (final RuntimeException e) {
                closed = false;
            }
            if (!closed) {
                leaks.add("handle not closed: " + h.handleType() + " " + h);
            }
        }
        for (final Arena a : ARENAS) {
            if (a.scope().isAlive()) {
                leaks.add("memory not returned: an arena of the suite is still open");
            }
        }
        HANDLES.clear();
        ARENAS.clear();
        return leaks;
    }

    /** Forgets everything tracked so far (start of a test class). */
    static synchronized void reset() {
        HANDLES.clear();
        ARENAS.clear();
    }
}
