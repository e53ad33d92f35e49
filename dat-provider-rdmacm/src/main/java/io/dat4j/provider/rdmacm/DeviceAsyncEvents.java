package io.dat4j.provider.rdmacm;

import io.dat4j.AsyncErrorReason;
import io.dat4j.EventNumber;
import io.dat4j.Handle;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.EventCalls;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import io.dat4j.kit.AdapterUpcalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Logger;

/**
 * The async events of one verbs device ({@code ibv_get_async_event} / {@code ibv_ack_async_event} on
 * {@code ibv_context.async_fd}), read by one thread per device and mapped as libdapl's openib_common does
 * ({@code dapli_async_event_cb} and the {@code dapl_evd_*_async_error_callback}s):
 * <ul>
 *   <li>{@code IBV_EVENT_CQ_ERR} (a CQ overran): {@code DAT_ASYNC_ERROR_EVD_OVERFLOW} about the EVD of that CQ, reason
 *       {@code DAT_EVD_OVERFLOW_ERROR};</li>
 *   <li>{@code IBV_EVENT_QP_FATAL}, {@code QP_REQ_ERR}, {@code QP_ACCESS_ERR}: {@code DAT_ASYNC_ERROR_EP_BROKEN} about
 *       the EP of that QP, and a connected EP breaks ({@code DAT_CONNECTION_EVENT_BROKEN}, the rest flushed);</li>
 *   <li>{@code IBV_EVENT_QP_LAST_WQE_REACHED} (a QP of an SRQ in the error state takes no more of its buffers, after
 *       a disconnect): {@code DAT_ASYNC_ERROR_EP_BROKEN} about the EP, whose state does not change (C's dtestsrq
 *       waits for it after each DISCONNECTED);</li>
 *   <li>{@code IBV_EVENT_SRQ_ERR}: an async error about the SRQ, reason {@code DAT_SRQ_OTHER_ERROR};</li>
 *   <li>{@code IBV_EVENT_DEVICE_FATAL}: {@code DAT_ASYNC_ERROR_IA_CATASTROPHIC} to every IA on the device;</li>
 *   <li>port, path and the remaining events: logged.</li>
 * </ul>
 * librdmacm gives every identifier on a device the same {@code ibv_context}, so the IAs of one device in a process
 * share its async descriptor: one reader per context dispatches to all of them, and the last IA to close stops it.
 *
 * <p>Thread safety: {@link #attach} and {@link #detach} are synchronized on the class (a leaf); the reader thread only
 * reads the copy-on-write list of transports and makes its upcalls holding no lock. See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class DeviceAsyncEvents {

    private static final Logger LOG = Logging.logger(DeviceAsyncEvents.class);
    private static final int POLL_TIMEOUT_MS = 100;
    /** Readers by {@code ibv_context} address; guarded by the class. */
    private static final Map<Long, DeviceAsyncEvents> BY_CONTEXT = new HashMap<>();

    private final MemorySegment context;
    private final int fd;
    private final String device;
    private final CopyOnWriteArrayList<RdmaCmTransport> transports = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean stopped;

    private DeviceAsyncEvents(final MemorySegment context, final String device) {
        this.context = context;
        this.device = device;
        this.fd = EventCalls.asyncFd(context);
        EventCalls.setNonBlocking(fd);
        this.thread = Thread.ofPlatform().daemon().name("dat4j-rdmacm-async-" + device).unstarted(this::run);
    }

    /**
     * Starts reading the async events of a transport's device, or joins the reader already running for it.
     *
     * @param context the transport's {@code ibv_context}
     * @param device the device name, for the thread name and the log
     * @param transport the transport that gets the events of its objects
     */
    static synchronized void attach(final MemorySegment context, final String device,
            final RdmaCmTransport transport) {
        DeviceAsyncEvents reader = BY_CONTEXT.get(context.address());
        if (reader == null) {
            reader = new DeviceAsyncEvents(context, device);
            reader.transports.add(transport);
            BY_CONTEXT.put(context.address(), reader);
            reader.thread.start();
        } else {
            reader.transports.add(transport);
        }
    }

    /**
     * Stops giving a transport events; the last transport of a device stops its reader and waits for it, so that no
     * event is read after the device may close.
     *
     * @param context the transport's {@code ibv_context}
     * @param transport the transport
     */
    static synchronized void detach(final MemorySegment context, final RdmaCmTransport transport) {
        final DeviceAsyncEvents reader = BY_CONTEXT.get(context.address());
        if (reader == null || !reader.transports.remove(transport) || !reader.transports.isEmpty()) {
            return;
        }
        BY_CONTEXT.remove(context.address());
        reader.stopped = true;
        boolean interrupted = false;
        while (reader.thread.isAlive()) {
            try {
                reader.thread.join();
            } catch (final InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        try (Arena arena = Arena.ofConfined()) {
            final MemorySegment event = arena.allocate(EventCalls.asyncEventSize(), 8);
            while (!stopped) {
                try {
                    if (!EventCalls.pollIn(fd, POLL_TIMEOUT_MS)) {
                        continue;
                    }
                    while (!stopped && EventCalls.getAsyncEvent(context, event)) {
                        try {
                            dispatch(EventCalls.asyncEventType(event), event);
                        } finally {
                            // the CQ, QP or SRQ of the event cannot be destroyed before this
                            EventCalls.ackAsyncEvent(event);
                        }
                    }
                } catch (final RuntimeException e) {
                    LOG.error("rdmacm async event thread of {}", device, e);
                }
            }
        }
    }

    private void dispatch(final int type, final MemorySegment event) {
        final String name = EventCalls.eventTypeStr(type) + " (" + type + ")";
        switch (type) {
            case EventCalls.IBV_EVENT_CQ_ERR -> cqError(name, EventCalls.asyncEventElement(event));
            case EventCalls.IBV_EVENT_QP_FATAL, EventCalls.IBV_EVENT_QP_REQ_ERR, EventCalls.IBV_EVENT_QP_ACCESS_ERR ->
                    qpError(name, EventCalls.asyncEventElement(event));
            case EventCalls.IBV_EVENT_SRQ_ERR -> srqError(name, EventCalls.asyncEventElement(event));
            case EventCalls.IBV_EVENT_QP_LAST_WQE_REACHED -> lastWqeReached(name, EventCalls.asyncEventElement(event));
            case EventCalls.IBV_EVENT_DEVICE_FATAL -> deviceFatal(name);
            case EventCalls.IBV_EVENT_PORT_ERR, EventCalls.IBV_EVENT_PATH_MIG_ERR ->
                    LOG.warn("{}: {} on port {}", device, name, EventCalls.asyncEventPort(event));
            case EventCalls.IBV_EVENT_PORT_ACTIVE, EventCalls.IBV_EVENT_LID_CHANGE, EventCalls.IBV_EVENT_PKEY_CHANGE,
                    EventCalls.IBV_EVENT_SM_CHANGE, EventCalls.IBV_EVENT_CLIENT_REREGISTER,
                    EventCalls.IBV_EVENT_GID_CHANGE ->
                    LOG.info("{}: {} on port {}", device, name, EventCalls.asyncEventPort(event));
            case EventCalls.IBV_EVENT_COMM_EST, EventCalls.IBV_EVENT_SQ_DRAINED, EventCalls.IBV_EVENT_PATH_MIG,
                    EventCalls.IBV_EVENT_SRQ_LIMIT_REACHED ->
                    LOG.debug("{}: {}", device, name);
            default -> LOG.warn("{}: unexpected async event {}", device, name);
        }
    }

    /** {@code dapl_evd_cq_async_error_callback}: the EVD's CQ overran, completions are lost. */
    private void cqError(final String name, final MemorySegment cq) {
        for (final RdmaCmTransport t : transports) {
            final CompletionQueue source = t.cqAt(cq.address());
            if (source != null) {
                final String reason = "the completion queue of the EVD overran (" + name + " on " + device
                        + "): completions were lost; the EVD's queue is shorter than the work its EPs have posted";
                LOG.error(reason);
                post(t, EventNumber.ASYNC_ERROR_EVD_OVERFLOW, source.evd().dispatcher(),
                        AsyncErrorReason.EVD_OVERFLOW_ERROR,
                        reason);
                return;
            }
        }
        LOG.warn("{}: {} for a CQ of no open EVD", device, name);
    }

    /** {@code dapl_evd_qp_async_error_callback}: EP_BROKEN about the EP, and its connection is over. */
    private void qpError(final String name, final MemorySegment qp) {
        final int qpNum = VerbsCalls.qpNumber(qp);
        for (final RdmaCmTransport t : transports) {
            final RdmaCmEndpoint ep = t.endpointOfQp(qpNum);
            if (ep != null) {
                final String reason = name + " on QP " + qpNum + " of " + device + ": the QP is in the error state";
                LOG.error(reason);
                post(t, EventNumber.ASYNC_ERROR_EP_BROKEN, ep.upcalls().endpoint(), AsyncErrorReason.EP_OTHER_ERROR,
                        reason);
                ep.qpAsyncError(reason);
                return;
            }
        }
        LOG.warn("{}: {} for QP {} of no open EP", device, name, qpNum);
    }

    /**
     * {@code dapl_evd_qp_async_error_callback} for LAST_WQE_REACHED of an SRQ EP: EP_BROKEN about the EP, which stays
     * in its state, unless the provider posted it already; the EP's teardown waits for the event.
     */
    private void lastWqeReached(final String name, final MemorySegment qp) {
        final int qpNum = VerbsCalls.qpNumber(qp);
        for (final RdmaCmTransport t : transports) {
            final RdmaCmEndpoint ep = t.endpointOfQp(qpNum);
            if (ep != null) {
                if (ep.upcalls().sharedReceiveTransport() instanceof RdmaCmSharedReceiveQueue s
                        && s.deviceReported(qpNum)) {
                    postLastWqe(t, ep, name + " on QP " + qpNum + " of " + device);
                }
                return;
            }
        }
        LOG.debug("{}: {} for QP {} of no open EP", device, name, qpNum);
    }

    /**
     * Posts the EP_BROKEN of an SRQ EP whose QP takes no more of the SRQ's buffers (not about a freed EP).
     *
     * @param t the EP's transport
     * @param ep the EP
     * @param why what reported it
     */
    static void postLastWqe(final RdmaCmTransport t, final RdmaCmEndpoint ep, final String why) {
        if (!ep.upcalls().endpoint().isClosed()) {
            post(t, EventNumber.ASYNC_ERROR_EP_BROKEN, ep.upcalls().endpoint(), AsyncErrorReason.EP_OTHER_ERROR,
                    why + ": the EP takes no more receives from its SRQ");
        }
    }

    /** The SRQ is in the error state: an async error about it (DAT_SRQ_OTHER_ERROR). */
    private void srqError(final String name, final MemorySegment srq) {
        for (final RdmaCmTransport t : transports) {
            final Handle handle = t.sharedReceiveQueueAt(srq.address());
            if (handle != null) {
                final String reason = name + " on " + device + ": the SRQ is in the error state";
                LOG.error(reason);
                post(t, EventNumber.ASYNC_ERROR_PROVIDER_INTERNAL_ERROR, handle, AsyncErrorReason.SRQ_OTHER_ERROR,
                        reason);
                return;
            }
        }
        LOG.error("{}: {} for an SRQ no connected EP uses", device, name);
    }

    /** {@code dapl_evd_un_async_error_callback}: the device is gone for every IA on it. */
    private void deviceFatal(final String name) {
        final String reason = name + ": the RDMA device " + device + " is unusable; close the IA";
        LOG.error(reason);
        for (final RdmaCmTransport t : transports) {
            final AdapterUpcalls a = t.adapter();
            if (a != null) {
                post(t, EventNumber.ASYNC_ERROR_IA_CATASTROPHIC, a.interfaceAdapter(),
                        AsyncErrorReason.IA_CATASTROPHIC_ERROR, reason);
            }
        }
    }

    private static void post(final RdmaCmTransport t, final EventNumber number, final Handle source,
            final AsyncErrorReason reasonCode, final String reason) {
        final AdapterUpcalls a = t.adapter();
        if (a == null) {
            return;
        }
        try {
            a.asyncError(number, source, reasonCode, reason);
        } catch (final RuntimeException e) {
            LOG.warn("posting {} failed: {}", number, e.getMessage());
        }
    }
}
