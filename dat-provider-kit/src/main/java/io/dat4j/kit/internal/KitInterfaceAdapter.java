package io.dat4j.kit.internal;

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
import io.dat4j.kit.KitConfig;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.RemoteFaultLog;
import io.dat4j.kit.RemoteKeyed;
import io.dat4j.kit.SharedReceiveTransport;
import io.dat4j.kit.Transport;
import io.dat4j.kit.TransportFactory;
import io.dat4j.kit.internal.EndpointStateMachine.Trigger;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
    private final Set<KitHandle> children = ConcurrentHashMap.newKeySet();
    private final KitRegionTable regions = new KitRegionTable();
    private final RemoteFaultLog remoteFaults;
    /** Provider-created EPs whose request is pending, over every PSP (bounded: {@link #admitProviderEndpoint}). */
    private final AtomicInteger providerEndpointsPending = new AtomicInteger();
    private final IntTable<KitMemoryRegion> lmrs = new IntTable<>();
    private final AtomicInteger lmrCounter = new AtomicInteger();
    private final AtomicInteger endpointCount = new AtomicInteger();
    private final AtomicInteger srqCount = new AtomicInteger();
    private final AtomicInteger srqEndpointCount = new AtomicInteger();
    private final KitEventDispatcher asyncEvd;
    /** The checks of handles passed in (split out: {@link HandleChecks}). */
    private final HandleChecks handles = new HandleChecks(this);
    private volatile Transport transport;
    private volatile boolean closing;
    private volatile KitProtectionZone providerPz;

    private KitInterfaceAdapter(final KitConfig config) {
        this.config = config;
        this.remoteFaults = new RemoteFaultLog(LOG, this, config.settings());
        this.asyncEvd = new KitEventDispatcher(this, config.asyncEventQueueLength(), null,
                EnumSet.of(EventStream.ASYNC), true);
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
        children.remove(h);
        if (h instanceof KitEndpoint) {
            endpointCount.decrementAndGet();
        } else if (h instanceof KitSharedReceiveQueue) {
            srqCount.decrementAndGet();
        }
    }

    private void checkUsable() {
        checkOpen();
        if (closing) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_IA, "the IA is closing");
        }
    }

    KitPublicServicePoint findConsumerPsp(final long qualifier) {
        for (final KitHandle h : children) {
            if (h instanceof KitPublicServicePoint p && !p.isClosed() && p.flagValue() == ServicePointFlag.CONSUMER
                    && p.qualifier() == qualifier) {
                return p;
            }
        }
        return null;
    }

    KitMemoryRegion localRegion(final int lmrContext) {
        return lmrs.get(lmrContext);
    }

    void unregisterRegion(final KitMemoryRegion r) {
        final int rmr = r.region().rmrContext();
        if (rmr != 0) {
            regions.revoke(rmr);
        }
        lmrs.remove(r.localContext());
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
        checkUsable();
        if (countOf(KitProtectionZone.class) >= config.attributes().maxProtectionZones()) {
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_PROTECTION_DOMAIN,
                    "the IA's limit of " + config.attributes().maxProtectionZones() + " PZs is reached");
        }
        final KitProtectionZone pz = new KitProtectionZone(this);
        pz.registration(transport.allocateProtectionZone(pz));
        addChild(pz);
        return pz;
    }

    private int countOf(final Class<?> type) {
        int n = 0;
        for (final KitHandle h : children) {
            if (type.isInstance(h)) {
                n++;
            }
        }
        return n;
    }

    @Override
    public EventDispatcher createEventDispatcher(final int queueLength, final ConsumerNotifier notifier,
            final Set<EventStream> streams) {
        checkUsable();
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
        }
        if (countOf(KitEventDispatcher.class) >= config.attributes().maxEventDispatchers()) {
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_TEVD,
                    "the IA's limit of " + config.attributes().maxEventDispatchers() + " EVDs is reached");
        }
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
        if (cno != null) {
            cno.retain();
        }
        addChild(evd);
        return evd;
    }

    @Override
    public ConsumerNotifier createConsumerNotifier() {
        checkUsable();
        if (!supports(Capability.CNO)) {
            throw Checks.notImplemented("dat_cno_create");
        }
        final KitConsumerNotifier cno = new KitConsumerNotifier(this);
        addChild(cno);
        return cno;
    }

    @Override
    public LocalMemoryRegion createLocalMemoryRegion(final ProtectionZone protectionZone, final MemorySegment region,
            final Set<MemoryPrivilege> privileges) {
        checkUsable();
        final KitProtectionZone pz = handles.checkPz(protectionZone, 5);
        MemoryRules.checkRegistration(region, privileges, config.attributes().maxLocalMemoryRegionSize());
        if (lmrs.size() >= config.attributes().maxLocalMemoryRegions()) {
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_MEMORY_REGION,
                    "the IA's limit of " + config.attributes().maxLocalMemoryRegions() + " LMRs is reached");
        }
        int ctx;
        do {
            ctx = lmrCounter.incrementAndGet();
        } while (ctx == 0);
        final KitMemoryRegion lmr = new KitMemoryRegion(this, pz, region, privileges, ctx);
        lmrs.putIfAbsent(ctx, lmr);
        final KitRegion r = lmr.region();
        try {
            KitLock.assertNoneHeld("Transport.registerMemory");
            r.registration(transport.registerMemory(r));
        } catch (final RuntimeException e) {
            lmrs.remove(ctx);
            throw e;
        }
        if (privileges.contains(MemoryPrivilege.REMOTE_READ) || privileges.contains(MemoryPrivilege.REMOTE_WRITE)) {
            final Object reg = r.registration();
            r.rmrContext(reg instanceof RemoteKeyed k && k.remoteKey() != 0 ? regions.registerAs(k.remoteKey(), r)
                    : regions.register(r));
        }
        pz.retain();
        addChild(lmr);
        return lmr;
    }

    @Override
    public RemoteMemoryRegion createRemoteMemoryRegion(final ProtectionZone protectionZone) {
        checkUsable();
        throw Checks.notImplemented("dat_rmr_create");
    }

    @Override
    public Endpoint createEndpoint(final ProtectionZone protectionZone, final EventDispatcher recvEvd,
            final EventDispatcher requestEvd, final EventDispatcher connectEvd,
            final EndpointAttributes attributes) {
        checkUsable();
        final KitProtectionZone pz = handles.checkPz(protectionZone, 2);
        final KitEventDispatcher recv = recvEvd == null ? null
                : handles.checkEvd(recvEvd, StatusSubtype.INVALID_HANDLE_EVD_RECV, EventStream.DTO, 3);
        final KitEventDispatcher req = requestEvd == null ? null
                : handles.checkEvd(requestEvd, StatusSubtype.INVALID_HANDLE_EVD_REQUEST, EventStream.DTO, 4);
        if (connectEvd == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_CONN, "connect EVD (argument 5) is null");
        }
        final KitEventDispatcher conn = handles.checkEvd(connectEvd, StatusSubtype.INVALID_HANDLE_EVD_CONN,
                EventStream.CONNECTION, 5);
        final EndpointAttributes given = attributes == null ? EndpointAttributes.DEFAULTS : attributes;
        final EndpointAttributes resolved = resolveAttributes(given, 6);
        return newEndpoint(pz, recv, req, conn, given, resolved, false, null);
    }

    private KitEndpoint newEndpoint(final KitProtectionZone pz, final KitEventDispatcher recv,
            final KitEventDispatcher req, final KitEventDispatcher conn, final EndpointAttributes given,
            final EndpointAttributes resolved, final boolean providerCreated, final KitSharedReceiveQueue srq) {
        if (endpointCount.incrementAndGet() > config.attributes().maxEndpoints()) {
            endpointCount.decrementAndGet();
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_TEP,
                    "the IA's limit of " + config.attributes().maxEndpoints() + " EPs is reached");
        }
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
        pz.retain();
        if (recv != null) {
            recv.retain();
        }
        if (req != null) {
            req.retain();
        }
        if (conn != null) {
            conn.retain();
        }
        addChild(ep);
        return ep;
    }

    KitEndpoint createProviderEndpoint(final KitEventDispatcher spEvd) {
        checkUsable();
        final KitEventDispatcher dto = spEvd.takes(EventStream.DTO) ? spEvd : null;
        final KitEventDispatcher conn = spEvd.takes(EventStream.CONNECTION) ? spEvd : null;
        final KitEndpoint ep = newEndpoint(providerPz(), dto, dto, conn, EndpointAttributes.DEFAULTS,
                resolveAttributes(EndpointAttributes.DEFAULTS, 6), true, null);
        ep.tryFire(Trigger.PROVIDER_REQUEST);
        return ep;
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
        checkUsable();
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
        if (connectEvd == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_CONN, "connect EVD (argument 5) is null");
        }
        final KitEventDispatcher conn = handles.checkEvd(connectEvd, StatusSubtype.INVALID_HANDLE_EVD_CONN,
                EventStream.CONNECTION, 5);
        final KitSharedReceiveQueue srq = handles.checkSrq(sharedReceiveQueue, 6);
        if (srq.pz() != pz) {
            throw Checks.invalidArg(6, "the SRQ belongs to another PZ than the EP (argument 2)");
        }
        final EndpointAttributes given = attributes == null ? EndpointAttributes.DEFAULTS : attributes;
        final EndpointAttributes resolved = resolveAttributes(given, 7);
        return newEndpoint(pz, recv, req, conn, given, resolved, false, srq);
    }

    /** EPs created with an SRQ: the async EVD keeps room for the EP_BROKEN of each (KitEventDispatcher.room). */
    void srqEndpoints(final int delta) {
        asyncEvd.room(srqEndpointCount.addAndGet(delta));
    }

    @Override
    public PublicServicePoint createPublicServicePoint(final long connectionQualifier, final EventDispatcher crEvd,
            final ServicePointFlag flag) {
        checkUsable();
        if (connectionQualifier < 0) {
            throw Checks.invalidArg(2, "connection qualifier must not be negative, was " + connectionQualifier);
        }
        return createPsp(connectionQualifier, crEvd, flag, false);
    }

    @Override
    public PublicServicePoint createPublicServicePointAny(final EventDispatcher crEvd, final ServicePointFlag flag) {
        checkUsable();
        return createPsp(0, crEvd, flag, true);
    }

    private PublicServicePoint createPsp(final long qual, final EventDispatcher crEvd, final ServicePointFlag flag,
            final boolean any) {
        if (crEvd == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_CR, "CR EVD is null");
        }
        final KitEventDispatcher evd = handles.checkEvd(crEvd, StatusSubtype.INVALID_HANDLE_EVD_CR, EventStream.CR,
                3);
        if (flag == null) {
            throw Checks.invalidArg(4, "PSP flag is null");
        }
        if (flag == ServicePointFlag.PROVIDER && !supports(Capability.PROVIDER_CREATED_ENDPOINTS)) {
            throw Checks.notImplemented("DAT_PSP_PROVIDER_FLAG (provider-created EPs)");
        }
        final KitPublicServicePoint psp = new KitPublicServicePoint(this, evd, flag);
        evd.retain();
        try {
            KitLock.assertNoneHeld("Transport.listen");
            psp.listener(any ? transport.listenAny(psp.upcalls()) : transport.listen(qual, psp.upcalls()));
        } catch (final RuntimeException e) {
            evd.release();
            throw e;
        }
        addChild(psp);
        return psp;
    }

    @Override
    public ReservedServicePoint createReservedServicePoint(final long connectionQualifier, final Endpoint endpoint,
            final EventDispatcher crEvd) {
        checkUsable();
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
        final KitEventDispatcher evd = handles.checkEvd(crEvd, StatusSubtype.INVALID_HANDLE_EVD_CR, EventStream.CR,
                4);
        ep.fire(Trigger.RESERVE);
        final KitReservedServicePoint rsp = new KitReservedServicePoint(this, evd, ep);
        ep.reservedBy(rsp);
        evd.retain();
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
    }

    @Override
    public SharedReceiveQueue createSharedReceiveQueue(final ProtectionZone protectionZone,
            final SrqAttributes attributes) {
        checkUsable();
        if (!has(Capability.SRQ)) {
            throw Checks.notImplemented("dat_srq_create");
        }
        final KitProtectionZone pz = handles.checkPz(protectionZone, 2);
        if (attributes == null) {
            throw Checks.invalidArg(3, "SRQ attributes are null");
        }
        final InterfaceAdapterAttributes lim = config.attributes();
        if (attributes.maxRecvDtos() < 1 || attributes.maxRecvDtos() > lim.maxRecvPerSrq()) {
            throw Checks.invalidArg(3, "SRQ maxRecvDtos must be 1.." + lim.maxRecvPerSrq()
                    + " (the IA's maxRecvPerSrq), was " + attributes.maxRecvDtos());
        }
        if (attributes.maxRecvIov() < 1 || attributes.maxRecvIov() > lim.maxIovSegmentsPerDto()) {
            throw Checks.invalidArg(3, "SRQ maxRecvIov must be 1.." + lim.maxIovSegmentsPerDto() + ", was "
                    + attributes.maxRecvIov());
        }
        if (attributes.lowWatermark() < 0 || attributes.lowWatermark() > attributes.maxRecvDtos()) {
            throw Checks.invalidArg(3, "SRQ lowWatermark must be 0..maxRecvDtos, was " + attributes.lowWatermark());
        }
        if (srqCount.incrementAndGet() > lim.maxSharedReceiveQueues()) {
            srqCount.decrementAndGet();
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_SRQ,
                    "the IA's limit of " + lim.maxSharedReceiveQueues() + " SRQs is reached");
        }
        final SharedReceiveTransport device;
        try {
            KitLock.assertNoneHeld("Transport.createSharedReceiveQueue");
            device = transport.createSharedReceiveQueue(pz.registration(), attributes);
        } catch (final RuntimeException e) {
            srqCount.decrementAndGet();
            throw e;
        }
        final KitSharedReceiveQueue srq = new KitSharedReceiveQueue(this, pz, attributes, device);
        pz.retain();
        addChild(srq);
        return srq;
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
                        + " child object(s) are still open (" + describeChildren() + "); free them or close ABRUPT");
            }
            closing = true;
        } finally {
            lock.unlock();
        }
        closeAll(KitConnectionRequest.class);
        closeAll(KitEndpoint.class);
        closeAll(KitServicePoint.class);
        closeAll(KitSharedReceiveQueue.class);
        closeAll(KitMemoryRegion.class);
        closeAll(KitProtectionZone.class);
        closeAll(KitEventDispatcher.class);
        closeAll(KitConsumerNotifier.class);
        closeAll(KitHandle.class);
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

    private String describeChildren() {
        final List<String> names = new ArrayList<>();
        for (final KitHandle h : children) {
            names.add(h.handleType().name());
            if (names.size() == 8) {
                names.add("...");
                break;
            }
        }
        return String.join(", ", names);
    }

    private void closeAll(final Class<? extends KitHandle> type) {
        for (final KitHandle h : new ArrayList<>(children)) {
            if (type.isInstance(h)) {
                try {
                    h.forceClose();
                } catch (final RuntimeException e) {
                    LOG.warn("closing {} with IA {} failed", h, name(), e);
                }
                children.remove(h);
            }
        }
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
