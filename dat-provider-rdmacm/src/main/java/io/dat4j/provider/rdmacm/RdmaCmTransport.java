package io.dat4j.provider.rdmacm;

import io.dat4j.DatException;
import io.dat4j.DtoStatus;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.MemoryPrivilege;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.CompletionBatch;
import io.dat4j.provider.rdmacm.ffi.DeviceAttributes;
import io.dat4j.provider.rdmacm.ffi.LibRdmaCm;
import io.dat4j.kit.AdapterUpcalls;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.ServicePointUpcalls;
import io.dat4j.kit.Transport;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Logger;

/**
 * The transport of one rdmacm IA ({@code dapls_ib_open_hca} of openib_cma): an identifier bound to the IA address
 * (it pins the device and gives its {@code ibv_context}), one completion channel with a thread that turns CQ events
 * into {@link EventSink#signal()}, the CM event channel and its thread, and a timer for connect timeouts.
 * Every PZ gets a PD ({@code ibv_alloc_pd}, as {@code dapls_ib_pd_alloc}); LMRs are registered in their PZ's PD and
 * the QP of an EP is created in its PZ's PD. Every EVD that takes DTO events gets a CQ ({@link CompletionSource});
 * every EP an identifier and an RC QP.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads. The EP index ({@link #register}) is guarded by this
 * object's monitor, a leaf; the CQs have their own locks ({@link Cq}). See "Threading and locks" in
 * {@code docs/provider-kit.md}.
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
    private final MemorySegment compChannel;
    private final LibRdmaCm.VerbsOps ops;
    private final Map<Long, Cq> cqsByAddress = new ConcurrentHashMap<>();
    private final Map<EventSink, Cq> cqsByEvd = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;
    private final Thread completionThread;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** EPs by the number of their QP, for completions of SRQ buffers (any QP of the SRQ may consume one). */
    private final Map<Integer, RdmaCmEndpoint> endpointsByQpNum = new ConcurrentHashMap<>();
    /** EPs by index (the high half of their wr_ids); copy-on-write, read without a lock on completion. */
    private volatile RdmaCmEndpoint[] endpoints = new RdmaCmEndpoint[16];

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
        MemorySegment cc = null;
        try {
            id = channel.createId(e -> LOG.debug("IA identifier event {}", e));
            LibRdmaCm.bindAddr(id, new InetSocketAddress(address, 0));
            final MemorySegment ctx = LibRdmaCm.idContext(id);
            if (ctx.equals(MemorySegment.NULL)) {
                throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                        address.getHostAddress() + " is not the address of an RDMA device");
            }
            // librdmacm keeps this context open for the rest of the process (DeviceContexts)
            DeviceContexts.retain(ctx, LibRdmaCm.idDeviceName(id));
            this.device = LibRdmaCm.queryDevice(ctx);
            cc = LibRdmaCm.createCompChannel(ctx);
            LibRdmaCm.setNonBlocking(LibRdmaCm.compChannelFd(cc));
            this.context = ctx;
            this.ops = LibRdmaCm.opsOf(ctx);
        } catch (final RuntimeException e) {
            if (cc != null) {
                LibRdmaCm.destroyCompChannel(cc);
            }
            channel.close();
            throw e;
        }
        this.cm = channel;
        this.iaId = id;
        this.compChannel = cc;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                .name("dat4j-rdmacm-timer").unstarted(r));
        this.completionThread = Thread.ofPlatform().daemon().name("dat4j-rdmacm-cq").unstarted(this::runCompletions);
        completionThread.start();
        try {
            DeviceAsyncEvents.attach(context, LibRdmaCm.idDeviceName(iaId), this);
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
        return LibRdmaCm.idDeviceName(iaId);
    }

    /** {@return the port attributes of the IA's port} */
    io.dat4j.provider.rdmacm.ffi.PortAttributes portAttributes() {
        return LibRdmaCm.queryPort(context, Math.max(1, LibRdmaCm.idPortNumber(iaId)));
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

    LibRdmaCm.VerbsOps ops() {
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
        return LibRdmaCm.allocPd(context);
    }

    /** {@inheritDoc} ({@code dapls_ib_pd_free}: {@code ibv_dealloc_pd}) */
    @Override
    public void freeProtectionZone(final io.dat4j.ProtectionZone protectionZone, final Object registration) {
        if (registration instanceof MemorySegment pd) {
            LibRdmaCm.deallocPd(pd);
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
        int access = LibRdmaCm.IBV_ACCESS_LOCAL_WRITE;
        if (region.allows(MemoryPrivilege.REMOTE_READ)) {
            access |= LibRdmaCm.IBV_ACCESS_REMOTE_READ;
        }
        if (region.allows(MemoryPrivilege.REMOTE_WRITE)) {
            access |= LibRdmaCm.IBV_ACCESS_REMOTE_WRITE;
        }
        final MemorySegment mr = LibRdmaCm.regMr(pdOf(region.protectionZoneRegistration()), region.memory(),
                access);
        return new Registration(mr, LibRdmaCm.mrLkey(mr), LibRdmaCm.mrRkey(mr));
    }

    @Override
    public void deregisterMemory(final RegisteredRegion region) {
        if (region.registration() instanceof Registration r) {
            LibRdmaCm.deregMr(r.mr());
        }
    }

    // ------------------------------------------------------------------ completions

    /**
     * A CQ behind an EVD. Guarded by its lock ({@link LockRank#TRANSPORT_QUEUE}): a poll completes operations under
     * it (data upcalls, ranked below), and an EP's teardown polls it under the EP's transport lock (ranked above).
     * See "Threading and locks" in {@code docs/provider-kit.md}.
     */
    final class Cq implements CompletionSource {
        private final KitLock lock = new KitLock(LockRank.TRANSPORT_QUEUE, this);
        final EventSink evd;
        final MemorySegment cq;
        private final Arena arena = Arena.ofShared();
        private final CompletionBatch wcs;
        private final AtomicBoolean closedCq = new AtomicBoolean();
        private int entries;
        /** The EVD's queue length. */
        private int queueLength;
        /** Entries the QPs using this CQ may complete at once (each QP's depth, reserved at QP creation). */
        private int reserved;

        Cq(final EventSink evd, final int entries) {
            this.evd = evd;
            this.cq = LibRdmaCm.createCq(context, entries, compChannel);
            this.entries = entries;
            this.queueLength = entries;
            this.wcs = new CompletionBatch(arena, 16);
        }

        @Override
        public int poll() {
            lock.lock();
            try {
                if (closedCq.get()) {
                    return 0;
                }
                int moved = 0;
                while (true) {
                    final int n = wcs.poll(ops, cq);
                    if (n <= 0) {
                        if (n < 0) {
                            LOG.error("ibv_poll_cq failed: {}", n);
                        }
                        return moved;
                    }
                    for (int i = 0; i < n; i++) {
                        final long wrId = wcs.wrId(i);
                        if ((wrId & RdmaCmSharedReceiveQueue.WR_ID_FLAG) != 0) {
                            completeShared(wcs.qpNum(i), wrId & ~RdmaCmSharedReceiveQueue.WR_ID_FLAG, wcs.status(i),
                                    wcs.byteLength(i));
                        } else {
                            completeOne(wrId, wcs.status(i), wcs.byteLength(i));
                        }
                    }
                    moved += n;
                }
            } finally {
                lock.unlock();
            }
        }

        /** {@inheritDoc} ({@code ibv_resize_cq}: the CQ grows with its EVD and never shrinks) */
        @Override
        public void resize(final int queueLength) {
            lock.lock();
            try {
                if (closedCq.get()) {
                    return;
                }
                final int wanted = Math.min(Math.max(Math.max(queueLength, 1), reserved), device.maxCqe());
                if (wanted > entries) {
                    entries = LibRdmaCm.resizeCq(cq, wanted);
                }
                this.queueLength = queueLength;
            } finally {
                lock.unlock();
            }
        }

        /**
         * Counts on room for a new QP's completions: the CQ grows ({@code ibv_resize_cq}) to hold the EVD's queue
         * length or every completion its QPs can have outstanding at once, whichever is more (never past the
         * device's {@code max_cqe}). A device that cannot resize keeps its size, with a warning.
         *
         * @param n the QP's depth on this CQ
         */
        void reserve(final int n) {
            lock.lock();
            try {
                reserved += n;
                if (closedCq.get()) {
                    return;
                }
                final int wanted = Math.min(Math.max(queueLength, reserved), device.maxCqe());
                if (wanted > entries) {
                    try {
                        entries = LibRdmaCm.resizeCq(cq, wanted);
                    } catch (final RuntimeException e) {
                        LOG.warn("the CQ of EVD {} stays at {} entries for QPs that may complete {}: {}", evd, entries,
                                reserved, e.getMessage());
                    }
                }
            } finally {
                lock.unlock();
            }
        }

        /**
         * Forgets a QP's reservation (the CQ never shrinks).
         *
         * @param n what {@link #reserve} was given
         */
        void release(final int n) {
            lock.lock();
            try {
                reserved = Math.max(0, reserved - n);
            } finally {
                lock.unlock();
            }
        }

        /**
         * {@inheritDoc} Synchronized with {@link #close()} like {@link #poll()}: a consumer arming while another
         * thread frees the EVD (IA close) must not call {@code ibv_req_notify_cq} on a destroyed CQ.
         */
        @Override
        public void arm() {
            lock.lock();
            try {
                if (!closedCq.get()) {
                    final int rc = LibRdmaCm.reqNotifyCq(ops, cq, false);
                    if (rc != 0) {
                        LOG.error("ibv_req_notify_cq failed: errno {}", rc);
                    }
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            if (closedCq.compareAndSet(false, true)) {
                lock.lock();
                try {
                    cqsByEvd.remove(evd);
                    cqsByAddress.remove(cq.address());
                    try {
                        LibRdmaCm.destroyCq(cq);
                    } catch (final RuntimeException e) {
                        // EBUSY: a QP still uses it; logged so that the leak has a name
                        LOG.warn("ibv_destroy_cq of EVD {}: {}", evd, e.getMessage());
                    } finally {
                        arena.close();
                    }
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    private void completeOne(final long wrId, final int status, final int byteLength) {
        final int idx = (int) (wrId >>> 32);
        final RdmaCmEndpoint[] eps = endpoints;
        final RdmaCmEndpoint e = idx >= 0 && idx < eps.length ? eps[idx] : null;
        final PostedOperation op = e == null ? null : e.completed(wrId);
        if (op == null) {
            if (e != null && WorkRequestTable.isMarker(wrId)) {
                return;
            }
            LOG.debug("completion of a work request that is gone (wr_id 0x{}, status {})", Long.toHexString(wrId),
                    status);
            return;
        }
        final boolean request = op.kind() != io.dat4j.DtoOperation.RECEIVE;
        final DtoStatus s = CompletionStatus.of(status);
        op.endpoint().complete(op, s, status == LibRdmaCm.IBV_WC_SUCCESS
                ? (request ? op.totalLength() : byteLength) : 0);
        if (request) {
            e.requestCompleted();
        }
        if (s != DtoStatus.SUCCESS && s != DtoStatus.FLUSHED) {
            e.errorCompleted(op, s, status);
        }
    }

    /**
     * Completes an SRQ buffer that the QP {@code qpNum} consumed: the kit makes it a receive of that QP's EP.
     *
     * @param qpNum the consuming QP
     * @param sequence the buffer's sequence
     * @param status the work completion status
     * @param byteLength the message length
     */
    private void completeShared(final int qpNum, final long sequence, final int status, final int byteLength) {
        final RdmaCmEndpoint e = endpointsByQpNum.get(qpNum);
        final PostedOperation op = e == null ? null : e.takeSharedReceive(sequence);
        if (op == null) {
            LOG.debug("SRQ completion for a QP or buffer that is gone (qp {}, buffer {}, status {})", qpNum, sequence,
                    status);
            return;
        }
        final DtoStatus s = CompletionStatus.of(status);
        op.endpoint().complete(op, s, status == LibRdmaCm.IBV_WC_SUCCESS ? byteLength : 0);
        if (s != DtoStatus.SUCCESS && s != DtoStatus.FLUSHED) {
            e.errorCompleted(op, s, status);
        }
    }

    /**
     * Records which EP a QP belongs to (for SRQ completions).
     *
     * @param qpNum the QP number
     * @param ep the EP
     */
    void qpCreated(final int qpNum, final RdmaCmEndpoint ep) {
        endpointsByQpNum.put(qpNum, ep);
    }

    /**
     * Forgets a QP.
     *
     * @param qpNum the QP number
     * @param ep the EP it belonged to
     */
    void qpDestroyed(final int qpNum, final RdmaCmEndpoint ep) {
        endpointsByQpNum.remove(qpNum, ep);
    }

    /**
     * Gives an EP its index in wr_ids.
     *
     * @param ep the EP
     * @return its index
     */
    synchronized int register(final RdmaCmEndpoint ep) {
        RdmaCmEndpoint[] eps = endpoints;
        for (int i = 1; i < eps.length; i++) {
            if (eps[i] == null) {
                final RdmaCmEndpoint[] copy = eps.clone();
                copy[i] = ep;
                endpoints = copy;
                return i;
            }
        }
        final RdmaCmEndpoint[] copy = java.util.Arrays.copyOf(eps, eps.length * 2);
        copy[eps.length] = ep;
        endpoints = copy;
        return eps.length;
    }

    /**
     * Frees an EP's index.
     *
     * @param index the index
     */
    synchronized void unregister(final int index) {
        final RdmaCmEndpoint[] copy = endpoints.clone();
        copy[index] = null;
        endpoints = copy;
    }

    @Override
    public CompletionSource createCompletionSource(final EventSink sink) {
        if (!sink.streams().contains(EventStream.DTO)) {
            return null;
        }
        final int entries = Math.min(Math.max(sink.queueLength(), 1), device.maxCqe());
        final Cq cq = new Cq(sink, entries);
        cqsByEvd.put(sink, cq);
        cqsByAddress.put(cq.cq.address(), cq);
        return cq;
    }

    /**
     * {@return the CQ of an EVD, or null}
     *
     * @param evd the EVD
     */
    Cq cqOf(final EventSink evd) {
        return evd == null ? null : cqsByEvd.get(evd);
    }

    private void runCompletions() {
        final int fd = LibRdmaCm.compChannelFd(compChannel);
        while (!closed.get()) {
            try {
                if (!LibRdmaCm.pollIn(fd, CQ_POLL_TIMEOUT_MS)) {
                    continue;
                }
                MemorySegment cq;
                while ((cq = LibRdmaCm.getCqEvent(compChannel)) != null) {
                    LibRdmaCm.ackCqEvents(cq, 1);
                    final Cq source = cqsByAddress.get(cq.address());
                    if (source != null) {
                        source.evd.signal();
                    }
                }
            } catch (final RuntimeException e) {
                LOG.error("rdmacm completion thread", e);
            }
        }
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
    Cq cqAt(final long address) {
        return cqsByAddress.get(address);
    }

    /**
     * {@return the EP of this IA whose QP has a number, or null}
     *
     * @param qpNum the QP number
     */
    RdmaCmEndpoint endpointOfQp(final int qpNum) {
        return endpointsByQpNum.get(qpNum);
    }

    /**
     * {@return the SRQ handle of this IA whose {@code ibv_srq} is at an address, found through an EP that uses it,
     * or null}
     *
     * @param address the {@code ibv_srq} address of an async event
     */
    io.dat4j.Handle sharedReceiveQueueAt(final long address) {
        for (final RdmaCmEndpoint e : endpointsByQpNum.values()) {
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
        while (completionThread.isAlive()) {
            try {
                completionThread.join();
            } catch (final InterruptedException e) {
                interrupted = true;
            }
        }
        // every step runs even when one fails, so that one busy object does not keep the device open
        for (final Cq cq : cqsByEvd.values()) {
            cq.close();
        }
        quietly("rdma_destroy_id of the IA identifier", () -> cm.destroyId(iaId));
        quietly("the CM event channel", cm::close);
        quietly("ibv_destroy_comp_channel", () -> LibRdmaCm.destroyCompChannel(compChannel));
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
