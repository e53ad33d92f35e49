package io.dat4j.kit.internal;

import static io.dat4j.kit.internal.KitChildren.release;
import static io.dat4j.kit.internal.KitChildren.retained;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.AsyncErrorReason;
import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.ProviderAttributes;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryRegion;
import io.dat4j.ReservedServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.AdapterUpcalls;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.ConsumerGate;
import io.dat4j.kit.KitConfig;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.KitSettings;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.RemoteFaultLog;
import io.dat4j.kit.RemoteKeyed;
import io.dat4j.kit.SharedReceiveTransport;
import io.dat4j.kit.Transport;
import io.dat4j.kit.TransportFactory;
import io.dat4j.kit.internal.EndpointStateMachine.Trigger;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Logger;

/**
 * The kit's interface adapter ({@code DAT_IA_HANDLE}): creates and validates every child, keeps the region tables,
 * and closes children before itself. What the transport may ask of it is a separate object
 * ({@code KitAdapterUpcalls}), so that the consumer's handle cannot be cast to {@link AdapterUpcalls}.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads. Its lock ({@link LockRank#ADAPTER}) guards only the
 * closing flag and the provider-created EPs' PZ, and no hook is called under it. See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
public final class KitInterfaceAdapter extends KitHandle implements InterfaceAdapter {

    static final Logger LOG = Logging.logger("io.dat4j.kit");

    private final KitLock lock = new KitLock(LockRank.ADAPTER, this);
    private final KitConfig config;
    private final KitAdapterUpcalls upcalls = new KitAdapterUpcalls(this);
    private final KitChildren children = new KitChildren();
    private final KitRegionTable regions = new KitRegionTable();
    private final RemoteFaultLog remoteFaults;
    /** Provider-created EPs whose request is pending, over every PSP (bounded: {@link #admitProviderEndpoint}). */
    private final AtomicInteger providerEndpointsPending = new AtomicInteger();
    private final IntTable<KitMemoryRegion> lmrs = new IntTable<>();
    private final AtomicInteger lmrCounter = new AtomicInteger();
    private final AtomicInteger endpointCount = new AtomicInteger();
    /**
     * PZs, EVDs (not the async EVD) and LMRs of the IA, counted against its limits: a slot is reserved before the
     * object is made ({@link #reserve}) and given back when the creation fails or the object leaves the IA, so that
     * concurrent creations never pass the limit and a creation costs O(1), not a walk over every child.
     */
    private final AtomicInteger protectionZoneCount = new AtomicInteger();
    private final AtomicInteger eventDispatcherCount = new AtomicInteger();
    private final AtomicInteger lmrCount = new AtomicInteger();
    private final AtomicInteger srqCount = new AtomicInteger();
    private final AtomicInteger srqEndpointCount = new AtomicInteger();
    private final KitEventDispatcher asyncEvd;
    /** The checks of handles passed in (split out: {@link HandleChecks}). */
    private final HandleChecks handles = new HandleChecks(this);
    private volatile Transport transport;
    private volatile boolean closing;
    private volatile KitProtectionZone providerPz;
    /** The single-thread gate ({@link ConsumerGate#OFF} in the multi-threaded mode). */
    final ConsumerGate gate;

    private KitInterfaceAdapter(final KitConfig config) {
        this.gate = config.settings().singleThread() ? ConsumerGate.singleThread() : ConsumerGate.OFF;
        this.config = withThreadSafety(config, !gate.on());
        this.remoteFaults = new RemoteFaultLog(LOG, this, config.settings());
        this.asyncEvd = new KitEventDispatcher(this, config.asyncEventQueueLength(), null,
                EnumSet.of(EventStream.ASYNC), true);
    }

    /**
     * {@return the configuration with {@link Capability#THREAD_SAFE} among the IA's capabilities exactly when it is
     * thread safe}: the kit's multi-threaded mode is, whatever the provider declared; its single-thread mode is not
     * ({@link ConsumerGate})
     */
    private static KitConfig withThreadSafety(final KitConfig c, final boolean threadSafe) {
        final ProviderAttributes p = c.providerAttributes();
        if (p.capabilities().contains(Capability.THREAD_SAFE) == threadSafe) {
            return c;
        }
        final EnumSet<Capability> caps = p.capabilities().isEmpty() ? EnumSet.noneOf(Capability.class)
                : EnumSet.copyOf(p.capabilities());
        if (threadSafe) {
            caps.add(Capability.THREAD_SAFE);
        } else {
            caps.remove(Capability.THREAD_SAFE);
        }
        return new KitConfig(c.name(), c.attributes(), new ProviderAttributes(p.providerName(),
                p.providerVersionMajor(), p.providerVersionMinor(), p.datVersionMajor(), p.datVersionMinor(),
                p.maxPrivateDataSize(), p.maxConnectPrivateData(), p.maxAcceptPrivateData(),
                p.maxRejectPrivateData(), caps, p.providerSpecific()), c.endpointDefaults(),
                c.asyncEventQueueLength(), c.settings());
    }

    /**
     * Opens an IA on a transport ({@link io.dat4j.kit.ProviderKit#openInterfaceAdapter}).
     *
     * @param config the IA's description
     * @param factory opens the transport
     * @return the IA
     */
    public static KitInterfaceAdapter open(final KitConfig config, final TransportFactory factory) {
        final KitInterfaceAdapter ia = new KitInterfaceAdapter(config);
        KitLock.assertNoneHeld("TransportFactory.open");
        final Transport t = factory.open(ia.upcalls);
        if (t == null) {
            throw new DatException(StatusType.INTERNAL_ERROR, null, "the provider opened no transport");
        }
        if (ia.gate.on() && !t.keepsConsumerGate()) {
            t.close();
            throw new DatException(StatusType.MODEL_NOT_SUPPORTED, null, "IA '" + config.name() + "': "
                    + KitSettings.SINGLE_THREAD + "=true, but its provider's transport has threads that do not keep "
                    + "the single-thread gate; open it without that setting");
        }
        ia.transport = t;
        return ia;
    }

    KitRegionTable regions() {
        return regions;
    }

    KitConfig config() {
        return config;
    }

    Transport transport() {
        return transport;
    }

    boolean isClosing() {
        return closing;
    }

    @Override
    KitInterfaceAdapter owner() {
        return this;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.INVALID_HANDLE_IA;
    }

    @Override
    public HandleType handleType() {
        return HandleType.IA;
    }

    // ------------------------------------------------------------------ AdapterUpcalls

    RemoteFaultLog remoteFaults() {
        return remoteFaults;
    }

    /**
     * Counts a provider-created EP for a request of a PROVIDER PSP, unless the IA's share for them is used up: at most
     * half of {@code max_eps} may be pending at once over all PSPs, so that remote requests never take the EPs the
     * consumer creates itself.
     *
     * @return false if the request must be refused
     */
    boolean admitProviderEndpoint() {
        final int cap = Math.max(1, config.attributes().maxEndpoints() / 2);
        if (providerEndpointsPending.incrementAndGet() > cap) {
            providerEndpointsPending.decrementAndGet();
            return false;
        }
        return true;
    }

    /** A provider-created EP counted by {@link #admitProviderEndpoint} is no longer pending. */
    void providerEndpointSettled() {
        providerEndpointsPending.decrementAndGet();
    }

    /** Queues the overflow report of an EVD of this IA on the async EVD ({@link OverflowReport}). */
    void reportOverflow(final KitEventDispatcher evd) {
        asyncEvd.queueOverflowReport(evd);
    }

    void asyncError(final EventNumber number, final Handle source, final String reason) {
        asyncError(number, source, AsyncErrorReason.of(number, source), reason);
    }

    void asyncError(final EventNumber number, final Handle source, final AsyncErrorReason reasonCode,
            final String reason) {
        LOG.debug("IA {}: async event {} ({}) on {}: {}", name(), number, reasonCode, source, reason);
        asyncEvd.post(new AsyncErrorEvent(number, asyncEvd, source, reason, reasonCode));
    }

    /** {@return the checks of handles passed to this IA's calls} */
    HandleChecks handles() {
        return handles;
    }

    // ------------------------------------------------------------------ children

    void addChild(final KitHandle h) {
        children.add(h);
    }

    void removeChild(final KitHandle h) {
        final boolean removed = children.remove(h);
        if (removed && h instanceof KitProtectionZone) {
            protectionZoneCount.decrementAndGet();
        } else if (removed && h instanceof KitEventDispatcher) {
            eventDispatcherCount.decrementAndGet();
        }
        if (h instanceof KitEndpoint) {
            endpointCount.decrementAndGet();
        } else if (h instanceof KitSharedReceiveQueue) {
            srqCount.decrementAndGet();
        }
    }

    /** Counts a {@code create*} call ({@link KitChildren#begin()}); pair with {@link #end()} in a finally. */
    private void begin() {
        checkOpen();
        if (closing) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_IA, "the IA is closing");
        }
        children.begin();
    }

    private void end() {
        children.end();
    }

    KitPublicServicePoint findConsumerPsp(final long qualifier) {
        return children.findConsumerPsp(qualifier);
    }

    KitMemoryRegion localRegion(final int lmrContext) {
        return lmrs.get(lmrContext);
    }

    void unregisterRegion(final KitMemoryRegion r) {
        final int rmr = r.region().rmrContext();
        if (rmr != 0) {
            regions.revoke(rmr);
        }
        forgetLmr(r.localContext());
    }

    private void forgetLmr(final int lmrContext) {
        if (lmrs.remove(lmrContext)) {
            lmrCount.decrementAndGet();
        }
    }

    // ------------------------------------------------------------------ InterfaceAdapter

    @Override
    public String name() {
        return config.name();
    }

    @Override
    public InterfaceAdapterAttributes attributes() {
        checkOpen();
        return config.attributes();
    }

    @Override
    public ProviderAttributes providerAttributes() {
        checkOpen();
        return config.providerAttributes();
    }

    /** {@return the IA attributes, without the open check, for the kit's own limit checks} */
    InterfaceAdapterAttributes limits() {
        return config.attributes();
    }

    /** {@return the provider attributes, without the open check} */
    ProviderAttributes providerLimits() {
        return config.providerAttributes();
    }

    /** {@return true if the provider declared a capability, without the open check} */
    boolean has(final Capability capability) {
        return config.providerAttributes().capabilities().contains(capability);
    }

    /** {@return the IA address, without the open check} */
    InetSocketAddress localAddress() {
        return config.attributes().address();
    }

    @Override
    public EventDispatcher asyncEventDispatcher() {
        checkOpen();
        return asyncEvd;
    }

    @Override
    public InetSocketAddress address() {
        checkOpen();
        return config.attributes().address();
    }

    @Override
    public boolean supports(final Capability capability) {
        checkOpen();
        return capability != null && config.providerAttributes().capabilities().contains(capability);
    }

    @Override
    public ProtectionZone createProtectionZone() {
        begin();
        try {
            reserve(protectionZoneCount, config.attributes().maxProtectionZones(),
                    StatusSubtype.RESOURCE_PROTECTION_DOMAIN, "PZs");
            boolean made = false;
            try {
                final KitProtectionZone pz = new KitProtectionZone(this);
                pz.registration(transport.allocateProtectionZone(pz));
                addChild(pz);
                made = true;
                return pz;
            } finally {
                if (!made) {
                    protectionZoneCount.decrementAndGet();
                }
            }
        } finally {
            end();
        }
    }

    /**
     * Counts one more object in {@code count} if it fits under the IA's limit (a compare-and-set: concurrent
     * creations never pass the limit, and none is refused for another's passing count); the caller gives it back when
     * the creation fails or the object leaves the IA.
     *
     * @throws DatException INSUFFICIENT_RESOURCES with {@code subtype} at the limit
     */
    private static void reserve(final AtomicInteger count, final int limit, final StatusSubtype subtype,
            final String what) {
        for (;;) {
            final int n = count.get();
            if (n >= limit) {
                throw new DatException(StatusType.INSUFFICIENT_RESOURCES, subtype,
                        "the IA's limit of " + limit + " " + what + " is reached");
            }
            if (count.compareAndSet(n, n + 1)) {
                return;
            }
        }
    }

    @Override
    public EventDispatcher createEventDispatcher(final int queueLength, final ConsumerNotifier notifier,
            final Set<EventStream> streams) {
        begin();
        try {
            final int max = config.attributes().maxEventDispatcherQueueLength();
            if (queueLength < 1 || queueLength > max) {
                throw Checks.invalidArg(2, "queue length must be 1.." + max + ", was " + queueLength);
            }
            if (streams == null || streams.isEmpty()) {
                throw Checks.invalidArg(4, "event streams are null or empty; name the kinds of event the EVD takes");
            }
            for (final EventStream s : streams) {
                if (s == null) {
                    throw Checks.invalidArg(4, "event streams contain null");
                }
            }
            KitConsumerNotifier cno = null;
            if (notifier != null) {
                if (!supports(Capability.CNO)) {
                    throw Checks.notImplemented("CNO (dat_evd_create with a CNO)");
                }
                cno = handles.checkNotifier(notifier, 3);
                if (!cno.tryRetain()) {
                    throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_CNO,
                            "CNO (argument 3) was freed meanwhile");
                }
            }
            boolean made = false;
            try {
                final KitEventDispatcher evd = newEventDispatcher(queueLength, cno, streams);
                made = true;
                return evd;
            } finally {
                if (!made && cno != null) {
                    cno.release();
                }
            }
        } finally {
            end();
        }
    }

    private KitEventDispatcher newEventDispatcher(final int queueLength, final KitConsumerNotifier cno,
            final Set<EventStream> streams) {
        reserve(eventDispatcherCount, config.attributes().maxEventDispatchers(), StatusSubtype.RESOURCE_TEVD, "EVDs");
        boolean made = false;
        try {
            final KitEventDispatcher evd;
            try {
                evd = new KitEventDispatcher(this, queueLength, cno, streams, false);
            } catch (final OutOfMemoryError e) {
                // the ring is one array allocated up front: nothing is half-built when it does not fit
                throw new DatException(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_TEVD,
                        "an EVD of " + queueLength + " events does not fit in the heap; use a shorter queue", e);
            }
            KitLock.assertNoneHeld("Transport.createCompletionSource");
            final CompletionSource src = transport.createCompletionSource(evd.sink());
            evd.source(src);
            addChild(evd);
            made = true;
            return evd;
        } finally {
            if (!made) {
                eventDispatcherCount.decrementAndGet();
            }
        }
    }

    @Override
    public ConsumerNotifier createConsumerNotifier() {
        begin();
        try {
            if (!supports(Capability.CNO)) {
                throw Checks.notImplemented("dat_cno_create");
            }
            final KitConsumerNotifier cno = new KitConsumerNotifier(this);
            addChild(cno);
            return cno;
        } finally {
            end();
        }
    }

    @Override
    public LocalMemoryRegion createLocalMemoryRegion(final ProtectionZone protectionZone, final MemorySegment region,
            final Set<MemoryPrivilege> privileges) {
        begin();
        final KitProtectionZone pz;
        try {
            pz = retained(handles.checkPz(protectionZone, 5), 5);
        } catch (final RuntimeException e) {
            end();
            throw e;
        }
        boolean made = false;
        try {
            MemoryRules.checkRegistration(region, privileges, config.attributes().maxLocalMemoryRegionSize());
            reserve(lmrCount, config.attributes().maxLocalMemoryRegions(), StatusSubtype.RESOURCE_MEMORY_REGION,
                    "LMRs");
            int ctx;
            do {
                ctx = lmrCounter.incrementAndGet();
            } while (ctx == 0);
            final KitMemoryRegion lmr;
            try {
                lmr = new KitMemoryRegion(this, pz, region, privileges, ctx);
            } catch (final RuntimeException | Error e) {
                lmrCount.decrementAndGet();
                throw e;
            }
            lmrs.putIfAbsent(ctx, lmr); // from here the table's entry holds the reserved count
            final KitRegion r = lmr.region();
            try {
                KitLock.assertNoneHeld("Transport.registerMemory");
                r.registration(transport.registerMemory(r));
            } catch (final RuntimeException e) {
                forgetLmr(ctx);
                throw e;
            }
            if (privileges.contains(MemoryPrivilege.REMOTE_READ) || privileges.contains(MemoryPrivilege.REMOTE_WRITE)
                    || privileges.contains(MemoryPrivilege.REMOTE_ATOMIC)) {
                final Object reg = r.registration();
                r.rmrContext(reg instanceof RemoteKeyed k && k.remoteKey() != 0
                        ? regions.registerAs(k.remoteKey(), r) : regions.register(r));
            }
            addChild(lmr);
            made = true;
            return lmr;
        } finally {
            if (!made) {
                pz.release();
            }
            end();
        }
    }

    @Override
    public RemoteMemoryRegion createRemoteMemoryRegion(final ProtectionZone protectionZone) {
        begin();
        try {
            throw Checks.notImplemented("dat_rmr_create");
        } finally {
            end();
        }
    }

    @Override
    public Endpoint createEndpoint(final ProtectionZone protectionZone, final EventDispatcher recvEvd,
            final EventDispatcher requestEvd, final EventDispatcher connectEvd,
            final EndpointAttributes attributes) {
        begin();
        try {
            final KitProtectionZone pz = handles.checkPz(protectionZone, 2);
            final KitEventDispatcher recv = recvEvd == null ? null
                    : handles.checkEvd(recvEvd, StatusSubtype.INVALID_HANDLE_EVD_RECV, EventStream.DTO, 3);
            final KitEventDispatcher req = requestEvd == null ? null
                    : handles.checkEvd(requestEvd, StatusSubtype.INVALID_HANDLE_EVD_REQUEST, EventStream.DTO, 4);
            final KitEventDispatcher conn = connectEvdOf(connectEvd);
            final EndpointAttributes given = attributes == null ? EndpointAttributes.DEFAULTS : attributes;
            final EndpointAttributes resolved = resolveAttributes(given, 6);
            return newEndpoint(pz, recv, req, conn, given, resolved, false, null);
        } finally {
            end();
        }
    }

    /** {@return the connect EVD of an EP to be created (argument 5)}: never null, one that takes CONNECTION events */
    private KitEventDispatcher connectEvdOf(final EventDispatcher connectEvd) {
        if (connectEvd == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_CONN, "connect EVD (argument 5) is null");
        }
        return handles.checkEvd(connectEvd, StatusSubtype.INVALID_HANDLE_EVD_CONN, EventStream.CONNECTION, 5);
    }

    private KitEndpoint newEndpoint(final KitProtectionZone pz, final KitEventDispatcher recv,
            final KitEventDispatcher req, final KitEventDispatcher conn, final EndpointAttributes given,
            final EndpointAttributes resolved, final boolean providerCreated, final KitSharedReceiveQueue srq) {
        // the parents first, so that a concurrent free of one is refused (IN_USE) or refuses this (INVALID_HANDLE)
        retained(pz, 2);
        int held = 0;
        boolean made = false;
        try {
            retained(recv, StatusSubtype.INVALID_HANDLE_EVD_RECV, 3);
            held = 1;
            retained(req, StatusSubtype.INVALID_HANDLE_EVD_REQUEST, 4);
            held = 2;
            retained(conn, StatusSubtype.INVALID_HANDLE_EVD_CONN, 5);
            held = 3;
            final KitEndpoint ep = newEndpointRetained(pz, recv, req, conn, given, resolved, providerCreated, srq);
            made = true;
            return ep;
        } finally {
            if (!made) {
                pz.release();
                release(held > 0 ? recv : null, held > 1 ? req : null, held > 2 ? conn : null);
            }
        }
    }

    private KitEndpoint newEndpointRetained(final KitProtectionZone pz, final KitEventDispatcher recv,
            final KitEventDispatcher req, final KitEventDispatcher conn, final EndpointAttributes given,
            final EndpointAttributes resolved, final boolean providerCreated, final KitSharedReceiveQueue srq) {
        reserve(endpointCount, config.attributes().maxEndpoints(), StatusSubtype.RESOURCE_TEP, "EPs");
        final KitEndpoint ep = new KitEndpoint(this, pz, recv, req, conn, given, resolved, providerCreated,
                srq);
        boolean attached = false;
        try {
            attached = srq == null || srq.attach(ep);
        } finally {
            if (!attached) {
                endpointCount.decrementAndGet();
            }
        }
        if (!attached) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_SRQ, "SRQ (argument 6) was freed meanwhile");
        }
        if (srq != null) {
            srqEndpoints(1);
        }
        try {
            KitLock.assertNoneHeld("Transport.createEndpoint");
            ep.transport(transport.createEndpoint(ep.upcalls()));
        } catch (final RuntimeException e) {
            endpointCount.decrementAndGet();
            if (srq != null) {
                srq.detach(ep);
                srqEndpoints(-1);
            }
            throw e;
        }
        addChild(ep);
        return ep;
    }

    KitEndpoint createProviderEndpoint(final KitEventDispatcher spEvd) {
        begin();
        try {
            final KitEventDispatcher dto = spEvd.takes(EventStream.DTO) ? spEvd : null;
            final KitEventDispatcher conn = spEvd.takes(EventStream.CONNECTION) ? spEvd : null;
            final KitEndpoint ep = newEndpoint(providerPz(), dto, dto, conn, EndpointAttributes.DEFAULTS,
                    resolveAttributes(EndpointAttributes.DEFAULTS, 6), true, null);
            ep.tryFire(Trigger.PROVIDER_REQUEST);
            return ep;
        } finally {
            end();
        }
    }

    /** {@return the IA's default PZ, for provider-created EPs}, created with the first; no hook under the lock */
    private KitProtectionZone providerPz() {
        final KitProtectionZone existing = providerPz;
        if (existing != null) {
            return existing;
        }
        final KitProtectionZone fresh = new KitProtectionZone(this);
        KitLock.assertNoneHeld("Transport.allocateProtectionZone");
        fresh.registration(transport.allocateProtectionZone(fresh));
        lock.lock();
        try {
            if (providerPz == null && !closing) {
                providerPz = fresh;
                return fresh;
            }
        } finally {
            lock.unlock();
        }
        // another thread created it first, or the IA is closing: ours is not needed
        fresh.forceClose();
        final KitProtectionZone won = providerPz;
        if (won == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_IA, "the IA is closing");
        }
        return won;
    }

    /**
     * Resolves DEFAULT_VALUE (and VALUE_UNKNOWN) fields and checks every field against the IA's limits. A 0 means
     * what libdapl makes of it (EndpointAttributes' class comment): no limit of the EP's own for the message and RDMA
     * sizes, the request segment count for the RDMA segment counts, none for the RDMA read depths.
     */
    EndpointAttributes resolveAttributes(final EndpointAttributes a, final int arg) {
        return EndpointAttributeRules.resolve(a, config.endpointDefaults(), config.attributes(), arg);
    }

    @Override
    public Endpoint createEndpointWithSrq(final ProtectionZone protectionZone, final EventDispatcher recvEvd,
            final EventDispatcher requestEvd, final EventDispatcher connectEvd,
            final SharedReceiveQueue sharedReceiveQueue, final EndpointAttributes attributes) {
        begin();
        try {
            if (!has(Capability.SRQ)) {
                throw Checks.notImplemented("dat_ep_create_with_srq");
            }
            final KitProtectionZone pz = handles.checkPz(protectionZone, 2);
            if (recvEvd == null) {
                throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_RECV,
                        "recv EVD (argument 3) is null; an EP using an SRQ reports its receives there");
            }
            final KitEventDispatcher recv = handles.checkEvd(recvEvd, StatusSubtype.INVALID_HANDLE_EVD_RECV,
                    EventStream.DTO, 3);
            final KitEventDispatcher req = requestEvd == null ? null
                    : handles.checkEvd(requestEvd, StatusSubtype.INVALID_HANDLE_EVD_REQUEST, EventStream.DTO, 4);
            final KitEventDispatcher conn = connectEvdOf(connectEvd);
            final KitSharedReceiveQueue srq = handles.checkSrq(sharedReceiveQueue, 6);
            if (srq.pz() != pz) {
                throw Checks.invalidArg(6, "the SRQ belongs to another PZ than the EP (argument 2)");
            }
            final EndpointAttributes given = attributes == null ? EndpointAttributes.DEFAULTS : attributes;
            final EndpointAttributes resolved = resolveAttributes(given, 7);
            return newEndpoint(pz, recv, req, conn, given, resolved, false, srq);
        } finally {
            end();
        }
    }

    /** EPs created with an SRQ: the async EVD keeps room for the EP_BROKEN of each (KitEventDispatcher.room). */
    void srqEndpoints(final int delta) {
        asyncEvd.room(srqEndpointCount.addAndGet(delta));
    }

    @Override
    public PublicServicePoint createPublicServicePoint(final long connectionQualifier, final EventDispatcher crEvd,
            final ServicePointFlag flag) {
        begin();
        try {
            if (connectionQualifier < 0) {
                throw Checks.invalidArg(2, "connection qualifier must not be negative, was " + connectionQualifier);
            }
            return KitPublicServicePoint.create(this, connectionQualifier, crEvd, flag, false);
        } finally {
            end();
        }
    }

    @Override
    public PublicServicePoint createPublicServicePointAny(final EventDispatcher crEvd, final ServicePointFlag flag) {
        begin();
        try {
            return KitPublicServicePoint.create(this, 0, crEvd, flag, true);
        } finally {
            end();
        }
    }

    @Override
    public ReservedServicePoint createReservedServicePoint(final long connectionQualifier, final Endpoint endpoint,
            final EventDispatcher crEvd) {
        begin();
        try {
            if (!supports(Capability.RSP)) {
                throw Checks.notImplemented("dat_rsp_create");
            }
            if (connectionQualifier < 0) {
                throw Checks.invalidArg(2, "connection qualifier must not be negative, was " + connectionQualifier);
            }
            final KitEndpoint ep = handles.checkEndpoint(endpoint, 3);
            if (crEvd == null) {
                throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_CR, "CR EVD is null");
            }
            final KitEventDispatcher evd = retained(handles.checkEvd(crEvd, StatusSubtype.INVALID_HANDLE_EVD_CR,
                    EventStream.CR, 4), StatusSubtype.INVALID_HANDLE_EVD_CR, 4);
            try {
                ep.fire(Trigger.RESERVE);
            } catch (final RuntimeException e) {
                evd.release();
                throw e;
            }
            final KitReservedServicePoint rsp = new KitReservedServicePoint(this, evd, ep);
            ep.reservedBy(rsp);
            try {
                KitLock.assertNoneHeld("Transport.listen");
                rsp.listener(transport.listen(connectionQualifier, rsp.upcalls()));
            } catch (final RuntimeException e) {
                evd.release();
                ep.reservedBy(null);
                ep.tryFire(Trigger.UNRESERVE);
                throw e;
            }
            addChild(rsp);
            return rsp;
        } finally {
            end();
        }
    }

    @Override
    public SharedReceiveQueue createSharedReceiveQueue(final ProtectionZone protectionZone,
            final SrqAttributes attributes) {
        begin();
        try {
            if (!has(Capability.SRQ)) {
                throw Checks.notImplemented("dat_srq_create");
            }
            final KitProtectionZone pz = handles.checkPz(protectionZone, 2);
            final InterfaceAdapterAttributes lim = config.attributes();
            KitSharedReceiveQueue.checkAttributes(attributes, lim, 3);
            reserve(srqCount, lim.maxSharedReceiveQueues(), StatusSubtype.RESOURCE_SRQ, "SRQs");
            retained(pz, 2);
            final SharedReceiveTransport device;
            try {
                KitLock.assertNoneHeld("Transport.createSharedReceiveQueue");
                device = transport.createSharedReceiveQueue(pz.registration(), attributes);
            } catch (final RuntimeException e) {
                srqCount.decrementAndGet();
                pz.release();
                throw e;
            }
            final KitSharedReceiveQueue srq = new KitSharedReceiveQueue(this, pz, attributes, device);
            addChild(srq);
            return srq;
        } finally {
            end();
        }
    }

    // ------------------------------------------------------------------ close

    @Override
    public void close(final CloseMode mode) {
        if (mode == null) {
            throw Checks.invalidArg(2, "close mode is null");
        }
        if (isClosed()) {
            return;
        }
        lock.lock();
        try {
            if (isClosed() || closing) {
                return;
            }
            if (mode == CloseMode.GRACEFUL && !children.isEmpty()) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_IA_IN_USE, children.size()
                        + " child object(s) are still open (" + children.describe() + "); free them or close ABRUPT");
            }
            closing = true;
        } finally {
            lock.unlock();
        }
        gate.releaseForWait(); // the consumer's close: the transport's threads finish what they do for the children
        children.closeCreations(name());
        children.closeAll(KitConnectionRequest.class, name());
        children.closeAll(KitEndpoint.class, name());
        children.closeAll(KitServicePoint.class, name());
        children.closeAll(KitSharedReceiveQueue.class, name());
        children.closeAll(KitMemoryRegion.class, name());
        children.closeAll(KitProtectionZone.class, name());
        children.closeAll(KitEventDispatcher.class, name());
        children.closeAll(KitConsumerNotifier.class, name());
        children.closeAll(KitHandle.class, name());
        final KitProtectionZone ppz;
        lock.lock();
        try {
            ppz = providerPz;
        } finally {
            lock.unlock();
        }
        if (ppz != null) {
            ppz.forceClose();
        }
        asyncEvd.forceClose();
        markClosed();
        final Transport t = transport;
        if (t != null) {
            KitLock.assertNoneHeld("Transport.close");
            try {
                t.close();
            } catch (final RuntimeException e) {
                LOG.warn("closing the transport of IA {} failed", name(), e);
            }
        }
        remoteFaults.close();
    }

    @Override
    void forceClose() {
        close(CloseMode.ABRUPT);
    }

    @Override
    public String toString() {
        return "IA " + name() + (isClosed() ? " (closed)" : "");
    }
}
