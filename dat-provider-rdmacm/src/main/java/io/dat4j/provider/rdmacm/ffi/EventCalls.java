package io.dat4j.provider.rdmacm.ffi;

import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.callNonNegative;
import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.unexpected;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_async_event;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_context;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cma_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * What the provider's event threads and the threads that wait on a CQ call on every wake-up: waiting on one or more
 * descriptors ({@code poll(2)}) and making them non-blocking ({@code fcntl}), waking such a wait
 * ({@code eventfd}), taking and acking the events of a completion channel ({@code ibv_get_cq_event}) and
 * the async events of a device ({@code ibv_get_async_event}). The CM events of an event channel are taken with
 * {@link CmCalls#getCmEvent}. The out-parameters live in per-thread scratch memory: no allocation per wake-up.
 *
 * <p>Use only after {@code RdmaCm.isAvailable()}: the first call loads the libraries. Thread safety: every method may
 * be called from any thread (errno is captured per thread).
 */
public final class EventCalls {

    /** {@code POLLIN} of {@code poll.h}. */
    public static final short POLLIN = 0x001;
    /** {@code POLLERR} of {@code poll.h}. */
    public static final short POLLERR = 0x008;
    /** {@code POLLHUP} of {@code poll.h}. */
    public static final short POLLHUP = 0x010;
    /** {@code POLLNVAL} of {@code poll.h}. */
    public static final short POLLNVAL = 0x020;
    /** The size of a {@code struct pollfd}. */
    public static final int POLLFD_SIZE = 8;
    /** {@code EFD_NONBLOCK} of {@code sys/eventfd.h}. */
    public static final int EFD_NONBLOCK = 04000;
    /** {@code EFD_CLOEXEC} of {@code sys/eventfd.h}. */
    public static final int EFD_CLOEXEC = 02000000;
    /** {@code F_GETFL} of {@code fcntl.h}. */
    public static final int F_GETFL = 3;
    /** {@code F_SETFL} of {@code fcntl.h}. */
    public static final int F_SETFL = 4;
    /** {@code O_NONBLOCK} of {@code fcntl.h}. */
    public static final int O_NONBLOCK = 04000;

    /** {@code IBV_EVENT_CQ_ERR}: a CQ overran (affiliated with the CQ). */
    public static final int IBV_EVENT_CQ_ERR = 0;
    /** {@code IBV_EVENT_QP_FATAL}: the QP went to the error state (affiliated with the QP). */
    public static final int IBV_EVENT_QP_FATAL = 1;
    /** {@code IBV_EVENT_QP_REQ_ERR}: invalid request on the QP. */
    public static final int IBV_EVENT_QP_REQ_ERR = 2;
    /** {@code IBV_EVENT_QP_ACCESS_ERR}: access violation on the QP. */
    public static final int IBV_EVENT_QP_ACCESS_ERR = 3;
    /** {@code IBV_EVENT_COMM_EST}: data arrived on a QP before the connection was established. */
    public static final int IBV_EVENT_COMM_EST = 4;
    /** {@code IBV_EVENT_SQ_DRAINED}. */
    public static final int IBV_EVENT_SQ_DRAINED = 5;
    /** {@code IBV_EVENT_PATH_MIG}. */
    public static final int IBV_EVENT_PATH_MIG = 6;
    /** {@code IBV_EVENT_PATH_MIG_ERR}. */
    public static final int IBV_EVENT_PATH_MIG_ERR = 7;
    /** {@code IBV_EVENT_DEVICE_FATAL}: the device is unusable (unaffiliated). */
    public static final int IBV_EVENT_DEVICE_FATAL = 8;
    /** {@code IBV_EVENT_PORT_ACTIVE} (affiliated with a port number). */
    public static final int IBV_EVENT_PORT_ACTIVE = 9;
    /** {@code IBV_EVENT_PORT_ERR} (affiliated with a port number). */
    public static final int IBV_EVENT_PORT_ERR = 10;
    /** {@code IBV_EVENT_LID_CHANGE} (affiliated with a port number). */
    public static final int IBV_EVENT_LID_CHANGE = 11;
    /** {@code IBV_EVENT_PKEY_CHANGE} (affiliated with a port number). */
    public static final int IBV_EVENT_PKEY_CHANGE = 12;
    /** {@code IBV_EVENT_SM_CHANGE} (affiliated with a port number). */
    public static final int IBV_EVENT_SM_CHANGE = 13;
    /** {@code IBV_EVENT_SRQ_ERR}: the SRQ went to the error state (affiliated with the SRQ). */
    public static final int IBV_EVENT_SRQ_ERR = 14;
    /** {@code IBV_EVENT_SRQ_LIMIT_REACHED} (affiliated with the SRQ). */
    public static final int IBV_EVENT_SRQ_LIMIT_REACHED = 15;
    /** {@code IBV_EVENT_QP_LAST_WQE_REACHED} (affiliated with the QP). */
    public static final int IBV_EVENT_QP_LAST_WQE_REACHED = 16;
    /** {@code IBV_EVENT_CLIENT_REREGISTER} (affiliated with a port number). */
    public static final int IBV_EVENT_CLIENT_REREGISTER = 17;
    /** {@code IBV_EVENT_GID_CHANGE} (affiliated with a port number). */
    public static final int IBV_EVENT_GID_CHANGE = 18;
    /** {@code IBV_EVENT_WQ_FATAL}. */
    public static final int IBV_EVENT_WQ_FATAL = 19;

    /** {@code struct pollfd}: int fd; short events; short revents. */
    private static final StructLayout POLLFD = MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("fd"),
            ValueLayout.JAVA_SHORT.withName("events"), ValueLayout.JAVA_SHORT.withName("revents"));

    private EventCalls() {
    }

    // ---------------------------------------------------------------- libc: descriptors

    /**
     * Sets a file descriptor non-blocking ({@code fcntl(F_SETFL, O_NONBLOCK)}).
     *
     * @param fd the descriptor
     */
    public static void setNonBlocking(final int fd) {
        final int flags = callNonNegative("fcntl", NativeSymbols.FCNTL_GET, fd, F_GETFL);
        callNonNegative("fcntl", NativeSymbols.FCNTL_SET, fd, F_SETFL, flags | O_NONBLOCK);
    }

    /**
     * Waits until a descriptor is readable ({@code poll(2)} on one fd).
     *
     * @param fd the descriptor
     * @param timeoutMs how long; 0 checks once
     * @return true if readable, false on timeout or EINTR
     */
    public static boolean pollIn(final int fd, final int timeoutMs) {
        final MemorySegment state = ErrnoCalls.state();
        final MemorySegment pfd = ErrnoCalls.scratch().asSlice(0, POLLFD.byteSize());
        pfd.set(ValueLayout.JAVA_INT, 0, fd);
        pfd.set(ValueLayout.JAVA_SHORT, 4, POLLIN);
        final int rc;
        try {
            rc = (int) NativeSymbols.POLL.invokeExact(state, pfd, 1L, timeoutMs);
        } catch (final Throwable t) {
            throw unexpected("poll", t);
        }
        if (rc < 0) {
            final int err = ErrnoCalls.errno(state);
            if (err == Errno.EINTR) {
                return false;
            }
            throw new NativeCallException("poll", err);
        }
        return rc > 0;
    }

    /**
     * {@return an array of {@code n} {@code struct pollfd}, zeroed}
     *
     * @param arena where it lives
     * @param n how many entries
     */
    public static MemorySegment pollSet(final Arena arena, final int n) {
        return arena.allocate(POLLFD, n);
    }

    /**
     * Sets entry {@code i} of a poll set to wait for {@code fd} to become readable.
     *
     * @param set what {@link #pollSet} returned
     * @param i the entry
     * @param fd the descriptor
     */
    public static void watch(final MemorySegment set, final int i, final int fd) {
        final long at = i * POLLFD.byteSize();
        set.set(ValueLayout.JAVA_INT, at, fd);
        set.set(ValueLayout.JAVA_SHORT, at + 4, POLLIN);
        set.set(ValueLayout.JAVA_SHORT, at + 6, (short) 0);
    }

    /**
     * {@return whether {@link #poll} found entry {@code i} readable (or in error: a read then reports it)}
     *
     * @param set the poll set
     * @param i the entry
     */
    public static boolean ready(final MemorySegment set, final int i) {
        return (set.get(ValueLayout.JAVA_SHORT, i * POLLFD.byteSize() + 6) & (POLLIN | POLLERR | POLLHUP | POLLNVAL))
                != 0;
    }

    /**
     * Waits until one of the first {@code n} entries of a poll set is readable ({@code poll(2)}).
     *
     * @param set the poll set ({@link #watch} each entry first: the call sets their {@code revents})
     * @param n how many entries
     * @param timeoutMs how long; 0 checks once
     * @return how many entries are ready; 0 on timeout or EINTR
     */
    public static int poll(final MemorySegment set, final int n, final int timeoutMs) {
        final MemorySegment state = ErrnoCalls.state();
        final int rc;
        try {
            rc = (int) NativeSymbols.POLL.invokeExact(state, set, (long) n, timeoutMs);
        } catch (final Throwable t) {
            throw unexpected("poll", t);
        }
        if (rc < 0) {
            final int err = ErrnoCalls.errno(state);
            if (err == Errno.EINTR) {
                return 0;
            }
            throw new NativeCallException("poll", err);
        }
        return rc;
    }

    // ---------------------------------------------------------------- eventfd: waking a thread in poll(2)

    /** {@return a new non-blocking, close-on-exec {@code eventfd} with the count 0} */
    public static int eventFd() {
        return callNonNegative("eventfd", NativeSymbols.EVENTFD, 0, EFD_NONBLOCK | EFD_CLOEXEC);
    }

    /**
     * Adds one to an eventfd's count ({@code eventfd_write}), which makes it readable: a thread in {@code poll(2)}
     * on it returns. A count at its maximum (EAGAIN) is readable already.
     *
     * @param fd the eventfd
     */
    public static void signalEventFd(final int fd) {
        final MemorySegment state = ErrnoCalls.state();
        final int rc;
        try {
            rc = (int) NativeSymbols.EVENTFD_WRITE.invokeExact(state, fd, 1L);
        } catch (final Throwable t) {
            throw unexpected("eventfd_write", t);
        }
        if (rc < 0) {
            final int err = ErrnoCalls.errno(state);
            if (err != Errno.EAGAIN) {
                throw new NativeCallException("eventfd_write", err);
            }
        }
    }

    /**
     * Resets an eventfd's count to 0 ({@code eventfd_read}).
     *
     * @param fd the eventfd (non-blocking)
     * @return true if it was signalled, false if its count was 0 already
     */
    public static boolean drainEventFd(final int fd) {
        final MemorySegment state = ErrnoCalls.state();
        final MemorySegment value = ErrnoCalls.scratch().asSlice(0, ValueLayout.JAVA_LONG.byteSize());
        final int rc;
        try {
            rc = (int) NativeSymbols.EVENTFD_READ.invokeExact(state, fd, value);
        } catch (final Throwable t) {
            throw unexpected("eventfd_read", t);
        }
        if (rc < 0) {
            final int err = ErrnoCalls.errno(state);
            if (err == Errno.EAGAIN || err == Errno.EINTR) {
                return false;
            }
            throw new NativeCallException("eventfd_read", err);
        }
        return true;
    }

    /**
     * Closes a descriptor this package opened ({@code close(2)}).
     *
     * @param fd the descriptor
     */
    public static void closeFd(final int fd) {
        callNonNegative("close", NativeSymbols.CLOSE, fd);
    }

    // ---------------------------------------------------------------- completion channels

    /**
     * Takes a completion event from a non-blocking channel ({@code ibv_get_cq_event}).
     *
     * @param channel the channel
     * @return the CQ that has an event (ack it with {@link #ackCqEvents}), or null if none is pending
     */
    public static MemorySegment getCqEvent(final MemorySegment channel) {
        final MemorySegment state = ErrnoCalls.state();
        final MemorySegment scratch = ErrnoCalls.scratch();
        final MemorySegment cq = scratch.asSlice(0, ValueLayout.ADDRESS.byteSize());
        final MemorySegment ctx = scratch.asSlice(8, ValueLayout.ADDRESS.byteSize());
        final int rc;
        try {
            rc = (int) NativeSymbols.GET_CQ_EVENT.invokeExact(state, channel, cq, ctx);
        } catch (final Throwable t) {
            throw unexpected("ibv_get_cq_event", t);
        }
        if (rc != 0) {
            final int err = rc == -1 ? ErrnoCalls.errno(state) : Math.abs(rc);
            if (err == Errno.EAGAIN) {
                return null;
            }
            throw new NativeCallException("ibv_get_cq_event", err);
        }
        return cq.get(ValueLayout.ADDRESS, 0);
    }

    /**
     * Acks completion events ({@code ibv_ack_cq_events}).
     *
     * @param cq the CQ
     * @param count how many
     */
    public static void ackCqEvents(final MemorySegment cq, final int count) {
        rdma_cma_h.ibv_ack_cq_events(cq, count);
    }

    // ---------------------------------------------------------------- async events of a device

    /**
     * {@return the file descriptor of a device's async events ({@code ibv_context.async_fd})}
     *
     * @param context the {@code ibv_context}
     */
    public static int asyncFd(final MemorySegment context) {
        return ibv_context.async_fd(context.reinterpret(ibv_context.sizeof()));
    }

    /** {@return the size of a {@code struct ibv_async_event}, for the buffer {@link #getAsyncEvent} fills} */
    public static long asyncEventSize() {
        return ibv_async_event.sizeof();
    }

    /**
     * Takes the next async event of a device whose {@link #asyncFd} is non-blocking ({@code ibv_get_async_event}).
     *
     * @param context the {@code ibv_context}
     * @param event a buffer of {@link #asyncEventSize()} bytes the event is written into; ack it with
     *        {@link #ackAsyncEvent} once handled
     * @return true if an event was taken, false if none is pending (EAGAIN)
     */
    public static boolean getAsyncEvent(final MemorySegment context, final MemorySegment event) {
        final MemorySegment state = ErrnoCalls.state();
        final int rc;
        try {
            rc = (int) NativeSymbols.GET_ASYNC_EVENT.invokeExact(state, context, event);
        } catch (final Throwable t) {
            throw unexpected("ibv_get_async_event", t);
        }
        if (rc != 0) {
            final int err = rc == -1 ? ErrnoCalls.errno(state) : Math.abs(rc);
            if (err == Errno.EAGAIN || err == Errno.EINTR) {
                return false;
            }
            throw new NativeCallException("ibv_get_async_event", err);
        }
        return true;
    }

    /**
     * Acks an async event ({@code ibv_ack_async_event}); destroying its CQ, QP or SRQ waits for this.
     *
     * @param event what {@link #getAsyncEvent} filled
     */
    public static void ackAsyncEvent(final MemorySegment event) {
        rdma_cma_h.ibv_ack_async_event(event);
    }

    /**
     * {@return the {@code enum ibv_event_type} of an async event}
     *
     * @param event what {@link #getAsyncEvent} filled
     */
    public static int asyncEventType(final MemorySegment event) {
        return ibv_async_event.event_type(event);
    }

    /**
     * {@return the object pointer of an affiliated async event ({@code element.cq}, {@code .qp} or {@code .srq}:
     * one union member)}
     *
     * @param event what {@link #getAsyncEvent} filled
     */
    public static MemorySegment asyncEventElement(final MemorySegment event) {
        return ibv_async_event.element.cq(ibv_async_event.element(event));
    }

    /**
     * {@return the port number of a port async event ({@code element.port_num})}
     *
     * @param event what {@link #getAsyncEvent} filled
     */
    public static int asyncEventPort(final MemorySegment event) {
        return ibv_async_event.element.port_num(ibv_async_event.element(event));
    }

    /**
     * {@return the name of an async event type ({@code ibv_event_type_str})}
     *
     * @param type the {@code enum ibv_event_type}
     */
    public static String eventTypeStr(final int type) {
        return rdma_cma_h.ibv_event_type_str(type).reinterpret(128).getString(0, StandardCharsets.US_ASCII);
    }
}
