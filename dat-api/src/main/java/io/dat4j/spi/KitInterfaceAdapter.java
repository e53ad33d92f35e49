package io.dat4j.spi;

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
import io.dat4j.Qos;
import io.dat4j.RemoteMemoryRegion;
import io.dat4j.ReservedServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
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
 * and closes children before itself. Thread safe.
 */
final class KitInterfaceAdapter extends KitHandle implements InterfaceAdapter, AdapterUpcalls {

    /** A thread that never runs, to ask a segment whether threads other than its owner may touch it. */
    private static final Thread OTHER_THREAD = Thread.ofPlatform().unstarted(() -> { });


    static final Logger LOG = Logging.logger("io.dat4j.spi.kit");

    private final KitConfig config;
    private final Set<KitHandle> children = ConcurrentHashMap.newKeySet();
    private final RegionTable regions = new RegionTable();
    private final RemoteFaultLog remoteFaults = new RemoteFaultLog(LOG, this);
    /** Provider-created EPs whose request is pending, over every PSP (bounded: {@link #admitProviderEndpoint}). */
    private final AtomicInteger providerEndpointsPending = new AtomicInteger();
    private final IntTable<KitMemoryRegion> lmrs = new IntTable<>();
    private final AtomicInteger lmrCounter = new AtomicInteger();
    private final AtomicInteger endpointCount = new AtomicInteger();
    private final AtomicInteger srqCount = new AtomicInteger();
    private final KitEventDispatcher asyncEvd;
    private volatile Transport transport;
    private volatile boolean closing;
    private KitProtectionZone providerPz;

    private KitInterfaceAdapter(final KitConfig config) {
        this.config = config;
        this.asyncEvd = new KitEventDispatcher(this, config.asyncEventQueueLength(), null,
                EnumSet.of(EventStream.ASYNC), true);
    }

    static KitInterfaceAdapter open(final KitConfig config, final TransportFactory factory) {
        final KitInterfaceAdapter ia = new KitInterfaceAdapter(config);
        final Transport t = factory.open(ia);
        if (t == null) {
            throw new DatException(StatusType.INTERNAL_ERROR, null, "the provider opened no transport");
        }
        ia.transport = t;
        return ia;
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

    @Override
    public InterfaceAdapter interfaceAdapter() {
        return this;
    }

    @Override
    public RegionTable regions() {
        return regions;
    }

    @Override
    public RemoteFaultLog remoteFaults() {
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

    @Override
    public void asyncError(final EventNumber number, final Handle source, final String reason) {
        asyncError(number, source, AsyncErrorReason.of(number, source), reason);
    }

    @Override
    public void asyncError(final EventNumber number, final Handle source, final AsyncErrorReason reasonCode,
            final String reason) {
        LOG.debug("IA {}: async event {} ({}) on {}: {}", name(), number, reasonCode, source, reason);
        asyncEvd.post(new AsyncErrorEvent(number, asyncEvd, source, reason, reasonCode));
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

    private static DatException foreign(final StatusSubtype subtype, final String what, final int arg) {
        return Checks.invalidHandle(subtype, what + " (argument " + arg + ") belongs to another IA or provider");
    }

    KitProtectionZone checkPz(final ProtectionZone pz, final int arg) {
        if (pz == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_PZ, "PZ (argument " + arg + ") is null");
        }
        if (!(pz instanceof KitProtectionZone k) || k.owner() != this) {
            throw foreign(StatusSubtype.INVALID_HANDLE_PZ, "PZ", arg);
        }
        k.checkOpen();
        return k;
    }

    KitEventDispatcher checkEvd(final EventDispatcher evd, final StatusSubtype subtype, final EventStream needs,
            final int arg) {
        if (!(evd instanceof KitEventDispatcher k) || k.owner() != this) {
            throw foreign(subtype, "EVD", arg);
        }
        if (k.isClosed()) {
            throw Checks.invalidHandle(subtype, "EVD (argument " + arg + ") is freed");
        }
        if (needs != null && !k.takes(needs)) {
            throw Checks.invalidHandle(subtype, "EVD (argument " + arg + ") does not take " + needs
                    + " events; create it with EventStream." + needs);
        }
        return k;
    }

    KitEndpoint checkEndpoint(final Endpoint ep, final int arg) {
        if (ep == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP, "EP (argument " + arg + ") is null");
        }
        if (!(ep instanceof KitEndpoint k) || k.owner() != this) {
            throw foreign(StatusSubtype.INVALID_HANDLE_EP, "EP", arg);
        }
        k.checkOpen();
        return k;
    }

    KitConsumerNotifier checkNotifier(final ConsumerNotifier cno, final int arg) {
        if (!(cno instanceof KitConsumerNotifier k) || k.owner() != this) {
            throw foreign(StatusSubtype.INVALID_HANDLE_CNO, "CNO", arg);
        }
        k.checkOpen();
        return k;
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
        if (r.remoteContext() != 0) {
            regions.revoke(r.remoteContext());
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
            cno = checkNotifier(notifier, 3);
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
        final CompletionSource src = transport.createCompletionSource(evd);
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
        final KitProtectionZone pz = checkPz(protectionZone, 5);
        if (region == null) {
            throw Checks.invalidArg(3, "memory segment is null");
        }
        if (!region.isNative()) {
            throw Checks.invalidArg(3, "memory segment is on the Java heap; register native memory"
                    + " (Arena.allocate)");
        }
        if (!region.isAccessibleBy(OTHER_THREAD)) {
            throw Checks.invalidArg(3, "memory segment belongs to a confined arena, but the provider's own threads"
                    + " move its data; allocate it from Arena.ofShared(), Arena.global() or Arena.ofAuto()");
        }
        if (!region.scope().isAlive()) {
            throw Checks.invalidArg(3, "memory segment's arena is already closed");
        }
        if (region.byteSize() == 0) {
            throw Checks.lengthError("memory segment is empty; register at least 1 byte");
        }
        if (region.byteSize() > config.attributes().maxLocalMemoryRegionSize()) {
            throw Checks.lengthError("memory segment of " + region.byteSize() + " bytes exceeds the IA's limit of "
                    + config.attributes().maxLocalMemoryRegionSize());
        }
        if (privileges == null) {
            throw Checks.invalidArg(6, "privileges are null (use MemoryPrivilege.NONE for none)");
        }
        for (final MemoryPrivilege p : privileges) {
            if (p == null) {
                throw Checks.invalidArg(6, "privileges contain null");
            }
        }
        if (region.isReadOnly() && (privileges.contains(MemoryPrivilege.LOCAL_WRITE)
                || privileges.contains(MemoryPrivilege.REMOTE_WRITE))) {
            throw Checks.invalidArg(6, "a read-only segment cannot be registered with a write privilege");
        }
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
        try {
            lmr.registration(transport.registerMemory(lmr));
        } catch (final RuntimeException e) {
            lmrs.remove(ctx);
            throw e;
        }
        if (privileges.contains(MemoryPrivilege.REMOTE_READ) || privileges.contains(MemoryPrivilege.REMOTE_WRITE)) {
            final Object reg = lmr.registration();
            lmr.rmrContext(reg instanceof RemoteKeyed k && k.remoteKey() != 0 ? regions.registerAs(k.remoteKey(), lmr)
                    : regions.register(lmr));
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
        final KitProtectionZone pz = checkPz(protectionZone, 2);
        final KitEventDispatcher recv = recvEvd == null ? null
                : checkEvd(recvEvd, StatusSubtype.INVALID_HANDLE_EVD_RECV, EventStream.DTO, 3);
        final KitEventDispatcher req = requestEvd == null ? null
                : checkEvd(requestEvd, StatusSubtype.INVALID_HANDLE_EVD_REQUEST, EventStream.DTO, 4);
        if (connectEvd == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_CONN, "connect EVD (argument 5) is null");
        }
        final KitEventDispatcher conn = checkEvd(connectEvd, StatusSubtype.INVALID_HANDLE_EVD_CONN,
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
        if (srq != null && !srq.attach(ep)) {
            endpointCount.decrementAndGet();
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_SRQ, "SRQ (argument 6) was freed meanwhile");
        }
        try {
            ep.transport(transport.createEndpoint(ep));
        } catch (final RuntimeException e) {
            endpointCount.decrementAndGet();
            if (srq != null) {
                srq.detach(ep);
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

    synchronized KitEndpoint createProviderEndpoint(final KitEventDispatcher spEvd) {
        checkUsable();
        if (providerPz == null) {
            providerPz = new KitProtectionZone(this);
            providerPz.registration(transport.allocateProtectionZone(providerPz));
        }
        final KitEventDispatcher dto = spEvd.takes(EventStream.DTO) ? spEvd : null;
        final KitEventDispatcher conn = spEvd.takes(EventStream.CONNECTION) ? spEvd : null;
        return newEndpoint(providerPz, dto, dto, conn, EndpointAttributes.DEFAULTS,
                resolveAttributes(EndpointAttributes.DEFAULTS, 6), true, null);
    }

    /** Resolves DEFAULT_VALUE fields and checks every field against the IA's limits. */
    EndpointAttributes resolveAttributes(final EndpointAttributes a, final int arg) {
        final EndpointAttributes d = config.endpointDefaults();
        final InterfaceAdapterAttributes lim = config.attributes();
        if (a.qos() != Qos.BEST_EFFORT) {
            throw new DatException(StatusType.MODEL_NOT_SUPPORTED, null, "QoS " + a.qos() + " is not supported");
        }
        return EndpointAttributes.builder()
                .maxMessageSize(pick("maxMessageSize", a.maxMessageSize(), d.maxMessageSize(), 0,
                        lim.maxMessageSize(), arg))
                .maxRdmaSize(pick("maxRdmaSize", a.maxRdmaSize(), d.maxRdmaSize(), 0, lim.maxRdmaSize(), arg))
                .recvCompletionFlags(a.recvCompletionFlags())
                .requestCompletionFlags(a.requestCompletionFlags())
                .maxRecvDtos((int) pick("maxRecvDtos", a.maxRecvDtos(), d.maxRecvDtos(), 1,
                        lim.maxDtoPerEndpoint(), arg))
                .maxRequestDtos((int) pick("maxRequestDtos", a.maxRequestDtos(), d.maxRequestDtos(), 1,
                        lim.maxDtoPerEndpoint(), arg))
                .maxRecvIov((int) pick("maxRecvIov", a.maxRecvIov(), d.maxRecvIov(), 1, lim.maxIovSegmentsPerDto(),
                        arg))
                .maxRequestIov((int) pick("maxRequestIov", a.maxRequestIov(), d.maxRequestIov(), 1,
                        lim.maxIovSegmentsPerDto(), arg))
                .maxRdmaReadIn((int) pick("maxRdmaReadIn", a.maxRdmaReadIn(), d.maxRdmaReadIn(), 0,
                        lim.maxRdmaReadPerEndpointIn(), arg))
                .maxRdmaReadOut((int) pick("maxRdmaReadOut", a.maxRdmaReadOut(), d.maxRdmaReadOut(), 0,
                        lim.maxRdmaReadPerEndpointOut(), arg))
                .maxRdmaReadIov((int) pick("maxRdmaReadIov", a.maxRdmaReadIov(), d.maxRdmaReadIov(), 1,
                        lim.maxRdmaReadIovSegments(), arg))
                .maxRdmaWriteIov((int) pick("maxRdmaWriteIov", a.maxRdmaWriteIov(), d.maxRdmaWriteIov(), 1,
                        lim.maxRdmaWriteIovSegments(), arg))
                .retryCount((int) pick("retryCount", a.retryCount(), d.retryCount(), 0, 7, arg))
                .rnrRetryCount((int) pick("rnrRetryCount", a.rnrRetryCount(), d.rnrRetryCount(), 0, 7, arg))
                .build();
    }

    private static long pick(final String field, final long given, final long dflt, final long min, final long max,
            final int arg) {
        final long v = given == EndpointAttributes.DEFAULT_VALUE ? Math.min(dflt, max) : given;
        if (v < min || v > max) {
            throw Checks.invalidArg(arg, "EP attribute " + field + " must be " + min + ".." + max + ", was " + given);
        }
        return v;
    }

    @Override
    public Endpoint createEndpointWithSrq(final ProtectionZone protectionZone, final EventDispatcher recvEvd,
            final EventDispatcher requestEvd, final EventDispatcher connectEvd,
            final SharedReceiveQueue sharedReceiveQueue, final EndpointAttributes attributes) {
        checkUsable();
        if (!has(Capability.SRQ)) {
            throw Checks.notImplemented("dat_ep_create_with_srq");
        }
        final KitProtectionZone pz = checkPz(protectionZone, 2);
        if (recvEvd == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_RECV,
                    "recv EVD (argument 3) is null; an EP using an SRQ reports its receives there");
        }
        final KitEventDispatcher recv = checkEvd(recvEvd, StatusSubtype.INVALID_HANDLE_EVD_RECV, EventStream.DTO, 3);
        final KitEventDispatcher req = requestEvd == null ? null
                : checkEvd(requestEvd, StatusSubtype.INVALID_HANDLE_EVD_REQUEST, EventStream.DTO, 4);
        if (connectEvd == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_CONN, "connect EVD (argument 5) is null");
        }
        final KitEventDispatcher conn = checkEvd(connectEvd, StatusSubtype.INVALID_HANDLE_EVD_CONN,
                EventStream.CONNECTION, 5);
        final KitSharedReceiveQueue srq = checkSrq(sharedReceiveQueue, 6);
        if (srq.pz() != pz) {
            throw Checks.invalidArg(6, "the SRQ belongs to another PZ than the EP (argument 2)");
        }
        final EndpointAttributes given = attributes == null ? EndpointAttributes.DEFAULTS : attributes;
        final EndpointAttributes resolved = resolveAttributes(given, 7);
        return newEndpoint(pz, recv, req, conn, given, resolved, false, srq);
    }

    KitSharedReceiveQueue checkSrq(final SharedReceiveQueue srq, final int arg) {
        if (srq == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_SRQ, "SRQ (argument " + arg + ") is null");
        }
        if (!(srq instanceof KitSharedReceiveQueue k) || k.owner() != this) {
            throw foreign(StatusSubtype.INVALID_HANDLE_SRQ, "SRQ", arg);
        }
        k.checkOpen();
        return k;
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
        final KitEventDispatcher evd = checkEvd(crEvd, StatusSubtype.INVALID_HANDLE_EVD_CR, EventStream.CR, 3);
        if (flag == null) {
            throw Checks.invalidArg(4, "PSP flag is null");
        }
        if (flag == ServicePointFlag.PROVIDER && !supports(Capability.PROVIDER_CREATED_ENDPOINTS)) {
            throw Checks.notImplemented("DAT_PSP_PROVIDER_FLAG (provider-created EPs)");
        }
        final KitPublicServicePoint psp = new KitPublicServicePoint(this, evd, flag);
        evd.retain();
        try {
            psp.listener(any ? transport.listenAny(psp) : transport.listen(qual, psp));
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
        final KitEndpoint ep = checkEndpoint(endpoint, 3);
        if (crEvd == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EVD_CR, "CR EVD is null");
        }
        final KitEventDispatcher evd = checkEvd(crEvd, StatusSubtype.INVALID_HANDLE_EVD_CR, EventStream.CR, 4);
        ep.stateMachine().transition(EndpointStateMachine.Operation.RESERVE, io.dat4j.EndpointState.RESERVED);
        final KitReservedServicePoint rsp = new KitReservedServicePoint(this, evd, ep);
        ep.reservedBy(rsp);
        evd.retain();
        try {
            rsp.listener(transport.listen(connectionQualifier, rsp));
        } catch (final RuntimeException e) {
            evd.release();
            ep.reservedBy(null);
            ep.stateMachine().compareAndSet(io.dat4j.EndpointState.RESERVED, io.dat4j.EndpointState.UNCONNECTED);
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
        final KitProtectionZone pz = checkPz(protectionZone, 2);
        if (attributes == null) {
            throw Checks.invalidArg(3, "SRQ attributes are null");
        }
        final InterfaceAdapterAttributes lim = config.attributes();
        if (attributes.maxRecvDtos() < 1 || attributes.maxRecvDtos() > lim.maxDtoPerEndpoint()) {
            throw Checks.invalidArg(3, "SRQ maxRecvDtos must be 1.." + lim.maxDtoPerEndpoint() + ", was "
                    + attributes.maxRecvDtos());
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
        synchronized (this) {
            if (isClosed() || closing) {
                return;
            }
            if (mode == CloseMode.GRACEFUL && !children.isEmpty()) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_IA_IN_USE, children.size()
                        + " child object(s) are still open (" + describeChildren() + "); free them or close ABRUPT");
            }
            closing = true;
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
        synchronized (this) {
            if (providerPz != null) {
                providerPz.forceClose();
            }
        }
        asyncEvd.forceClose();
        markClosed();
        final Transport t = transport;
        if (t != null) {
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
