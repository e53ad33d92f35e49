package io.dat4j.provider.rdmacm;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.CmEvent;
import io.dat4j.provider.rdmacm.ffi.CmEventType;
import io.dat4j.provider.rdmacm.ffi.EventCalls;
import io.dat4j.provider.rdmacm.ffi.StructCopy;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.logging.log4j.Logger;

/**
 * One {@code rdma_event_channel} and the thread that drains it: the counterpart of openib_cma's global
 * {@code g_cm_events} and its {@code dapli_cma_event_cb} loop. The channel's fd is non-blocking; the thread
 * {@code poll}s it with a short timeout, so {@link #close()} stops it within that time.
 *
 * <p>Every event is copied into a {@link CmEvent} and acked at once ({@code rdma_ack_cm_event}), then handed to the
 * listener registered for its identifier; CONNECT_REQUEST goes to the listener of the listening identifier. Because
 * nothing native is held after the ack, a listener may destroy identifiers, and a destroy never waits for an unacked
 * event. A CONNECT_REQUEST that no listener takes is rejected and its identifier destroyed, as an SP that is not
 * listening does in C. Exceptions from listeners go to the error handler and never stop the thread.
 *
 * <p>Threads and locks: safe for use by multiple concurrent threads; it takes no lock (the listeners are a concurrent
 * map). Its thread, {@code dat4j-rdmacm-cm-N}, owns the event loop; listeners run on it holding no lock of the
 * channel, and take their own (an EP's transport lock). See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class CmEventChannel implements AutoCloseable {

    /** Receives the events of one identifier. */
    @FunctionalInterface
    interface Listener {
        /**
         * Handles an event (already acked).
         *
         * @param event the event
         */
        void onEvent(CmEvent event);
    }

    /** How long one poll waits: the bound on how long {@link #close()} waits for the thread. */
    static final int POLL_TIMEOUT_MS = 50;

    private static final Logger LOG = Logging.logger(CmEventChannel.class);
    private static final AtomicInteger COUNT = new AtomicInteger();

    private final MemorySegment channel;
    private final int fd;
    private final Map<Long, Listener> listeners = new ConcurrentHashMap<>();
    private final Consumer<Throwable> errorHandler;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread thread;

    /**
     * Creates the channel and starts its thread.
     *
     * @param errorHandler where failures of the thread and of listeners go
     * @throws io.dat4j.provider.rdmacm.ffi.NativeCallException if the channel cannot be created
     */
    CmEventChannel(final Consumer<Throwable> errorHandler) {
        this.errorHandler = errorHandler;
        this.channel = CmCalls.createEventChannel();
        try {
            this.fd = CmCalls.eventChannelFd(channel);
            EventCalls.setNonBlocking(fd);
        } catch (final RuntimeException e) {
            CmCalls.destroyEventChannel(channel);
            throw e;
        }
        this.thread = Thread.ofPlatform().daemon().name("dat4j-rdmacm-cm-" + COUNT.incrementAndGet())
                .unstarted(this::run);
        thread.start();
    }

    /** {@return the native channel} */
    MemorySegment channel() {
        return channel;
    }

    /** {@return true once closed} */
    boolean isClosed() {
        return closed.get();
    }

    /** {@return true while the thread runs} */
    boolean isRunning() {
        return thread.isAlive();
    }

    /** {@return the number of identifiers with a listener} */
    int listenerCount() {
        return listeners.size();
    }

    /**
     * Creates an identifier on this channel ({@code rdma_create_id}, {@code RDMA_PS_TCP}) and registers its listener.
     *
     * @param listener receives the identifier's events
     * @return the identifier
     */
    MemorySegment createId(final Listener listener) {
        ensureOpen();
        final MemorySegment id = CmCalls.createId(channel, CmCalls.RDMA_PS_TCP);
        listeners.put(id.address(), listener);
        return id;
    }

    /**
     * Registers the listener of an identifier the channel created (the new identifier of a CONNECT_REQUEST).
     *
     * @param id the identifier's address
     * @param listener its listener
     */
    void register(final long id, final Listener listener) {
        ensureOpen();
        listeners.put(id, listener);
    }

    /**
     * Drops the listener of an identifier without destroying it (the caller destroys it another way, for example
     * {@code rdma_destroy_ep}).
     *
     * @param id the identifier's address
     */
    void unregisterQuietly(final long id) {
        listeners.remove(id);
    }

    /**
     * Destroys an identifier ({@code rdma_destroy_id}) after dropping its listener; its QP must be gone.
     *
     * @param id the identifier
     */
    void destroyId(final MemorySegment id) {
        listeners.remove(id.address());
        CmCalls.destroyId(id);
    }

    private void ensureOpen() {
        if (closed.get()) {
            throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_IA,
                    "the rdmacm event channel is closed");
        }
    }

    private void run() {
        while (!closed.get()) {
            try {
                if (!EventCalls.pollIn(fd, POLL_TIMEOUT_MS)) {
                    continue;
                }
                MemorySegment ev;
                while (!closed.get() && (ev = CmCalls.getCmEvent(channel)) != null) {
                    final CmEvent e;
                    try {
                        e = StructCopy.readCmEvent(ev);
                    } finally {
                        CmCalls.ackCmEvent(ev);
                    }
                    dispatch(e);
                }
            } catch (final RuntimeException | Error e) {
                report(e);
                if (e instanceof Error) {
                    return;
                }
                pause();
            }
        }
    }

    private void dispatch(final CmEvent e) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("cm event {} status {} id 0x{} listen 0x{}", e.type(), e.status(), Long.toHexString(e.id()),
                    Long.toHexString(e.listenId()));
        }
        if (e.type() == CmEventType.UNKNOWN) {
            LOG.warn("unknown rdma_cm event (status {}) on id 0x{}: acked and ignored", e.status(),
                    Long.toHexString(e.id()));
            return;
        }
        final Listener l = listeners.get(e.type() == CmEventType.CONNECT_REQUEST ? e.listenId() : e.id());
        if (l == null) {
            if (e.type() == CmEventType.CONNECT_REQUEST) {
                refuse(e.id());
            } else {
                LOG.debug("{} for an identifier nobody listens to: ignored", e.type());
            }
            return;
        }
        try {
            l.onEvent(e);
        } catch (final RuntimeException ex) {
            report(ex);
            if (e.type() == CmEventType.CONNECT_REQUEST && !listeners.containsKey(e.id())) {
                refuse(e.id());
            }
        }
    }

    private void refuse(final long id) {
        final MemorySegment seg = MemorySegment.ofAddress(id);
        try {
            CmCalls.reject(seg, null);
        } catch (final RuntimeException ex) {
            report(ex);
        }
        try {
            CmCalls.destroyId(seg);
        } catch (final RuntimeException ex) {
            report(ex);
        }
    }

    private void report(final Throwable t) {
        try {
            errorHandler.accept(t);
        } catch (final RuntimeException ex) {
            LOG.error("rdmacm error handler failed on {}", t, ex);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(POLL_TIMEOUT_MS);
        } catch (final InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops the thread (within about {@link #POLL_TIMEOUT_MS}) and destroys the channel ({@code
     * rdma_destroy_event_channel}). Identifiers still registered are destroyed first. Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (Thread.currentThread() != thread && joinUninterruptibly(thread)) {
            Thread.currentThread().interrupt();
        }
        for (final Long id : listeners.keySet()) {
            listeners.remove(id);
            try {
                final MemorySegment seg = MemorySegment.ofAddress(id);
                if (!CmCalls.idQp(seg).equals(MemorySegment.NULL)) {
                    CmCalls.destroyQp(seg);
                }
                CmCalls.destroyId(seg);
            } catch (final RuntimeException e) {
                report(e);
            }
        }
        CmCalls.destroyEventChannel(channel);
    }

    /**
     * Waits for a thread to end, through interrupts.
     *
     * @param t the thread
     * @return true if the caller was interrupted meanwhile (its flag is the caller's to restore)
     */
    static boolean joinUninterruptibly(final Thread t) {
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (final InterruptedException e) {
                interrupted = true;
            }
        }
        return interrupted;
    }
}
