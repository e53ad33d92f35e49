package io.dat4j.provider.rdmacm;

import io.dat4j.DatException;
import io.dat4j.EventNumber;
import io.dat4j.MemoryPrivilege;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.DataPath;
import io.dat4j.provider.rdmacm.ffi.DeviceAttributes;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import io.dat4j.kit.AdapterUpcalls;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.ServicePointUpcalls;
import io.dat4j.kit.Transport;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Logger;

/**
 * The transport of one rdmacm IA ({@code dapls_ib_open_hca} of openib_cma): an identifier bound to the IA address
 * (it pins the device and gives its {@code ibv_context}), a CQ thread that turns the CQ events nobody waits for in
 * their own thread into {@link EventSink#signal()}, the CM event channel and its thread, and a timer for connect timeouts.
 * Every PZ gets a PD ({@code ibv_alloc_pd}, as {@code dapls_ib_pd_alloc}); LMRs are registered in their PZ's PD and
 * the QP of an EP is created in its PZ's PD. Every EVD that takes DTO events gets a CQ ({@link CompletionSource});
 * every EP an identifier and an RC QP.
 *
 * <p>The CQs and their thread are the {@link CompletionNotifier}'s, the routing of work completions to EPs the
 * {@link CompletionDemultiplexer}'s, the CM events' thread the {@link CmEventChannel}'s; this class opens and closes
 * them with the IA and holds what is per device (PDs, MRs).
 *
 * <p>Threads and locks: safe for use by multiple concurrent threads; it takes no lock of its own (the parts above
 * have theirs). Its timer thread, {@code dat4j-rdmacm-timer}, runs the EPs' connect timeouts, GRACEFUL drains and
 * error breaks. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class RdmaCmTransport implements Transport {

    /** Address and route resolution timeout per attempt (openib_cma: DAPL_CM_ARP/ROUTE_TIMEOUT_MS). */
    static final int RESOLVE_TIMEOUT_MS = 4000;
    private static final Logger LOG = Logging.logger(RdmaCmTransport.class);
    private static final int CQ_POLL_TIMEOUT_MS = 50;

    private volatile AdapterUpcalls adapter;
    private final RdmaCmConfig config;
    private final InetAddress address;
    private final CmEventChannel cm;
    private final MemorySegment iaId;
    private final MemorySegment context;
    private final DeviceAttributes device;
    private final DataPath.VerbsOps ops;
    private final CompletionDemultiplexer demultiplexer = new CompletionDemultiplexer();
    private final WorkRequestPool workRequests = new WorkRequestPool();
    private final CompletionNotifier completions;
    private final ScheduledExecutorService timer;
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * The CQ of the QPs of EPs without a recv or request EVD (verbs needs both CQs), one per IA as libdapl's
     * {@code ib_cq_empty}: created by the first such QP, destroyed with the IA. No work completes on it (the kit posts
     * nothing to an EP without the EVD it would complete on).
     */
    private final java.util.concurrent.atomic.AtomicReference<MemorySegment> emptyCq =
            new java.util.concurrent.atomic.AtomicReference<>();

    /**
     * Opens the transport of an IA.
     *
     * @param address the IA address
     * @param config the IA's configuration
     */
    RdmaCmTransport(final InetAddress address, final RdmaCmConfig config) {
        this.address = address;
        this.config = config;
        final CmEventChannel channel = new CmEventChannel(t -> LOG.error("rdmacm CM thread", t));
        MemorySegment id = null;
        CompletionNotifier cc = null;
        try {
            id = channel.createId(e -> LOG.debug("IA identifier event {}", e));
            CmCalls.bindAddr(id, new InetSocketAddress(address, 0));
            final MemorySegment ctx = CmCalls.idContext(id);
            if (ctx.equals(MemorySegment.NULL)) {
                throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                        address.getHostAddress() + " is not the address of an RDMA device");
            }
            // librdmacm keeps this context open for the rest of the process (DeviceContexts)
            DeviceContexts.retain(ctx, CmCalls.idDeviceName(id));
            this.device = VerbsCalls.queryDevice(ctx);
            this.ops = DataPath.opsOf(ctx);
            cc = new CompletionNotifier(ctx, ops, device.maxCqe(), demultiplexer, config.waiterReadsChannel());
            this.context = ctx;
        } catch (final RuntimeException e) {
            if (cc != null) {
                cc.destroy();
            }
            channel.close();
            workRequests.close();
            throw e;
        }
        this.cm = channel;
        this.iaId = id;
        this.completions = cc;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                .name("dat4j-rdmacm-timer").unstarted(r));
        completions.start();
        try {
            DeviceAsyncEvents.attach(context, CmCalls.idDeviceName(iaId), this);
        } catch (final RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Connects the transport to the kit's IA ({@link io.dat4j.kit.TransportFactory#open}).
     *
     * @param upcalls the IA
     * @return this
     */
    RdmaCmTransport attach(final AdapterUpcalls upcalls) {
        this.adapter = upcalls;
        return this;
    }

    /** {@return the device name of the IA's identifier} */
    String deviceName() {
        return CmCalls.idDeviceName(iaId);
    }

    /** {@return the port attributes of the IA's port} */
    io.dat4j.provider.rdmacm.ffi.PortAttributes portAttributes() {
        return VerbsCalls.queryPort(context, Math.max(1, CmCalls.idPortNumber(iaId)));
    }

    InetAddress address() {
        return address;
    }

    RdmaCmConfig config() {
        return config;
    }

    CmEventChannel cm() {
        return cm;
    }

    DeviceAttributes device() {
        return device;
    }

    ScheduledExecutorService timer() {
        return timer;
    }

    MemorySegment context() {
        return context;
    }

    DataPath.VerbsOps ops() {
        return ops;
    }

    // ------------------------------------------------------------------ listeners

    /**
     * The port of a connection qualifier, as openib_cma's {@code SID_TO_PORT}: qualifiers up to 0xffff are the port,
     * larger ones map to {@code (q % 32001) + 33534}.
     *
     * @param qualifier the qualifier
     * @return the port
     */
    static int port(final long qualifier) {
        return qualifier <= 0xffff ? (int) qualifier : (int) (qualifier % 32001) + 33534;
    }

    @Override
    public ListenerTransport listen(final long connectionQualifier, final ServicePointUpcalls servicePoint) {
        return new RdmaCmListener(this, connectionQualifier, port(connectionQualifier), servicePoint);
    }

    @Override
    public ListenerTransport listenAny(final ServicePointUpcalls servicePoint) {
        return new RdmaCmListener(this, -1, 0, servicePoint);
    }

    @Override
    public EndpointTransport createEndpoint(final EndpointUpcalls endpoint) {
        return new RdmaCmEndpoint(this, endpoint);
    }

    // ------------------------------------------------------------------ memory

    /** What {@link #registerMemory} returns: the {@code ibv_mr} and its keys; the rkey becomes the rmr_context. */
    record Registration(MemorySegment mr, int lkey, int rkey) implements io.dat4j.kit.RemoteKeyed {

        @Override
        public int remoteKey() {
            return rkey;
        }
    }

    /**
     * {@return the PD of a PZ's registration}
     *
     * @param registration what {@link #allocateProtectionZone} returned for the PZ
     */
    static MemorySegment pdOf(final Object registration) {
        if (!(registration instanceof MemorySegment pd) || pd.equals(MemorySegment.NULL)) {
            throw new DatException(StatusType.INTERNAL_ERROR, null, "the PZ has no ibv_pd of this provider");
        }
        return pd;
    }

    /** {@inheritDoc} ({@code dapls_ib_pd_alloc}: {@code ibv_alloc_pd} on the IA's device) */
    @Override
    public Object allocateProtectionZone(final io.dat4j.ProtectionZone protectionZone) {
        return VerbsCalls.allocPd(context);
    }

    /** {@inheritDoc} ({@code dapls_ib_pd_free}: {@code ibv_dealloc_pd}) */
    @Override
    public void freeProtectionZone(final io.dat4j.ProtectionZone protectionZone, final Object registration) {
        if (registration instanceof MemorySegment pd) {
            VerbsCalls.deallocPd(pd);
        }
    }

    /** {@inheritDoc} ({@code dapls_ib_srq_alloc}: {@code ibv_create_srq} in the PZ's PD) */
    @Override
    public io.dat4j.kit.SharedReceiveTransport createSharedReceiveQueue(final Object protectionZoneRegistration,
            final io.dat4j.SrqAttributes attributes) {
        return new RdmaCmSharedReceiveQueue(ops, pdOf(protectionZoneRegistration), attributes);
    }

    @Override
    public Object registerMemory(final RegisteredRegion region) {
        int access = VerbsCalls.IBV_ACCESS_LOCAL_WRITE;
        if (region.allows(MemoryPrivilege.REMOTE_READ)) {
            access |= VerbsCalls.IBV_ACCESS_REMOTE_READ;
        }
        if (region.allows(MemoryPrivilege.REMOTE_WRITE)) {
            access |= VerbsCalls.IBV_ACCESS_REMOTE_WRITE;
        }
        if (region.allows(MemoryPrivilege.REMOTE_ATOMIC)) {
            access |= VerbsCalls.IBV_ACCESS_REMOTE_ATOMIC;
        }
        final MemorySegment mr = VerbsCalls.regMr(pdOf(region.protectionZoneRegistration()), region.memory(),
                access);
        return new Registration(mr, VerbsCalls.mrLkey(mr), VerbsCalls.mrRkey(mr));
    }

    @Override
    public void deregisterMemory(final RegisteredRegion region) {
        if (region.registration() instanceof Registration r) {
            VerbsCalls.deregMr(r.mr());
        }
    }

    // ------------------------------------------------------------------ completions

    @Override
    public CompletionSource createCompletionSource(final EventSink sink) {
        return completions.create(sink);
    }

    /** {@return the CQs of this IA's EVDs} (tests: which thread took their channels' events) */
    java.util.Collection<CompletionQueue> completionQueues() {
        return completions.queues();
    }

    /**
     * {@return the CQ of an EVD, or null}
     *
     * @param evd the EVD
     */
    CompletionQueue cqOf(final EventSink evd) {
        return completions.of(evd);
    }

    /**
     * {@return the IA's CQ for the QPs of EPs without a recv or request EVD ({@link #emptyCq}), created on first use}
     */
    MemorySegment emptyCq() {
        final MemorySegment existing = emptyCq.get();
        if (existing != null) {
            return existing;
        }
        if (closed.get()) {
            throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_IA, "the IA is closed");
        }
        final MemorySegment cq = VerbsCalls.createCq(context, 1, MemorySegment.NULL);
        if (emptyCq.compareAndSet(null, cq)) {
            return cq;
        }
        VerbsCalls.destroyCq(cq); // another thread created it meanwhile
        return emptyCq.get();
    }

    /** {@return the work request buffers of the IA's EPs} */
    WorkRequestPool workRequests() {
        return workRequests;
    }

    /** {@return where the work completions of this IA's CQs go: the EPs by index and by QP number} */
    CompletionDemultiplexer demultiplexer() {
        return demultiplexer;
    }

    // ------------------------------------------------------------------ device async events (DeviceAsyncEvents)

    /** {@return the kit's IA, or null before {@link #attach}} */
    AdapterUpcalls adapter() {
        return adapter;
    }

    /**
     * {@return the CQ of this IA at a native address, or null}
     *
     * @param address the {@code ibv_cq} address of an async event
     */
    CompletionQueue cqAt(final long address) {
        return completions.at(address);
    }

    /**
     * {@return the EP of this IA whose QP has a number, or null}
     *
     * @param qpNum the QP number
     */
    RdmaCmEndpoint endpointOfQp(final int qpNum) {
        return demultiplexer.endpointOfQp(qpNum);
    }

    /**
     * {@return the SRQ handle of this IA whose {@code ibv_srq} is at an address, found through an EP that uses it,
     * or null}
     *
     * @param address the {@code ibv_srq} address of an async event
     */
    io.dat4j.Handle sharedReceiveQueueAt(final long address) {
        for (final RdmaCmEndpoint e : demultiplexer.endpointsWithQp()) {
            if (e.upcalls().sharedReceiveTransport() instanceof RdmaCmSharedReceiveQueue s
                    && s.srq().address() == address) {
                try {
                    return e.upcalls().endpoint().query().sharedReceiveQueue();
                } catch (final RuntimeException ex) {
                    LOG.debug("EP of SRQ closing: {}", ex.getMessage());
                }
            }
        }
        return null;
    }

    /**
     * Reports a connection-level failure that concerns the whole IA.
     *
     * @param reason what happened
     */
    void asyncError(final String reason) {
        final AdapterUpcalls a = adapter;
        if (a == null) {
            LOG.error(reason);
            return;
        }
        a.asyncError(EventNumber.ASYNC_ERROR_PROVIDER_INTERNAL_ERROR, a.interfaceAdapter(), reason);
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        quietly("stopping the device's async events", () -> DeviceAsyncEvents.detach(context, this));
        timer.shutdownNow();
        boolean interrupted = false;
        try {
            if (!timer.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS)) {
                LOG.warn("rdmacm timer did not stop in 10 s");
            }
        } catch (final InterruptedException e) {
            interrupted = true;
        }
        interrupted |= completions.stop();
        // every step runs even when one fails, so that one busy object does not keep the device open
        completions.closeQueues();
        final MemorySegment empty = emptyCq.getAndSet(null);
        if (empty != null) {
            quietly("ibv_destroy_cq of the CQ of EPs without EVDs", () -> VerbsCalls.destroyCq(empty));
        }
        quietly("rdma_destroy_id of the IA identifier", () -> cm.destroyId(iaId));
        quietly("the CM event channel", cm::close);
        quietly("the CQ thread's eventfd", completions::destroy);
        quietly("the EPs' work request buffers", workRequests::close);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void quietly(final String what, final Runnable step) {
        try {
            step.run();
        } catch (final RuntimeException e) {
            LOG.warn("closing the IA: {} failed: {}", what, e.getMessage());
        }
    }
}
