package io.dat4j.conformance.selftest;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConnectionRequestParameters;
import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointParameters;
import io.dat4j.EndpointState;
import io.dat4j.EndpointStatus;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventDispatcherParameters;
import io.dat4j.EventNumber;
import io.dat4j.Handle;
import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.ProviderAttributes;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryRegion;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ReservedServicePoint;
import io.dat4j.RmrBindCompletionEvent;
import io.dat4j.ServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SoftwareEvent;
import io.dat4j.StatusType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Wraps every handle of one real IA in a dynamic proxy, maps handles inside events and query results back to the
 * proxies, and applies the current {@link Breakage}. With {@link Breakage#NONE} it is transparent.
 */
final class Decorator {

    private static final List<Class<?>> HANDLE_TYPES = List.of(InterfaceAdapter.class, Endpoint.class,
            EventDispatcher.class, ProtectionZone.class, LocalMemoryRegion.class, RemoteMemoryRegion.class,
            PublicServicePoint.class, ReservedServicePoint.class, ConnectionRequest.class, ConsumerNotifier.class,
            SharedReceiveQueue.class);
    private static final int RESOURCE_CAP = 6;

    /** Real IAs that {@link Breakage#LEAK_ADAPTER} did not close; the self-test closes them afterwards. */
    static final List<InterfaceAdapter> LEAKED = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final Map<Object, Object> proxies = new IdentityHashMap<>();
    private final String iaName;
    private final Runnable onClose;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final List<MemorySegment> registered = new ArrayList<>();
    private final Map<String, Long> postedRecvs = new ConcurrentHashMap<>();
    private final Map<String, Long> postedReads = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> created = new ConcurrentHashMap<>();
    private final Object lockA = new Object();
    private final Object lockB = new Object();
    private final AtomicInteger dtoEvents = new AtomicInteger();
    private final Map<Object, java.util.Queue<Event>> duplicates = new ConcurrentHashMap<>();
    /** RDMA requests posted under {@link Breakage#REMOTE_PZ_IGNORED}, by inner EP and cookie: {local, remote, write}. */
    private final Map<String, Object[]> postedRdma = new ConcurrentHashMap<>();
    /** Every region with an rmr_context the decorated IAs of this JVM registered (real LMRs). */
    private static final Map<Integer, LocalMemoryRegion> REMOTE_REGIONS = new ConcurrentHashMap<>();

    private Decorator(final String iaName, final Runnable onClose) {
        this.iaName = iaName;
        this.onClose = onClose;
    }

    static InterfaceAdapter wrapAdapter(final InterfaceAdapter inner, final String iaName, final Runnable onClose) {
        return (InterfaceAdapter) new Decorator(iaName, onClose).wrap(inner);
    }

    /** The Java-style default methods of the API (issue 20), run on the decorated handle. */
    private static final Set<String> JAVA_STYLE = Set.of("poll", "tryPostRecv", "tryPostSend", "tryPostRdmaRead",
            "tryPostRdmaWrite", "endpointBuilder", "eventDispatcherBuilder");

    /** {@return a handler that passes on every other event only (POLL_DROPS_EVENTS)} */
    private static io.dat4j.EventHandler dropEveryOther(final io.dat4j.EventHandler h) {
        if (h == null) {
            return null;
        }
        final boolean[] drop = {false};
        return new io.dat4j.EventHandler() {
            @Override
            public void onDtoCompletion(final Endpoint endpoint, final long cookie, final DtoStatus status,
                    final long transferredLength, final DtoOperation operation, final int rmrContext) {
                drop[0] = !drop[0];
                if (!drop[0]) {
                    h.onDtoCompletion(endpoint, cookie, status, transferredLength, operation, rmrContext);
                }
            }

            @Override
            public void onEvent(final Event event) {
                h.onEvent(event);
            }
        };
    }

    private final class Handler implements InvocationHandler {
        private final Object inner;

        Handler(final Object inner) {
            this.inner = inner;
        }

        @Override
        public Object invoke(final Object proxy, final Method m, final Object[] args) throws Throwable {
            switch (m.getName()) {
                case "equals" -> {
                    if (m.getParameterCount() == 1) {
                        return proxy == args[0];
                    }
                }
                case "hashCode" -> {
                    if (m.getParameterCount() == 0) {
                        return System.identityHashCode(proxy);
                    }
                }
                case "toString" -> {
                    if (m.getParameterCount() == 0) {
                        return "Broken[" + inner + "]";
                    }
                }
                default -> {
                }
            }
            final Breakage b = Breakage.current();
            if (m.isDefault() && JAVA_STYLE.contains(m.getName())) {
                // the Java-style forms run as their default methods on the decorated handle, so that what they
                // create and hand out is decorated too
                final Object[] d = args.clone();
                if (b == Breakage.POLL_DROPS_EVENTS && "poll".equals(m.getName())) {
                    d[0] = dropEveryOther((io.dat4j.EventHandler) d[0]);
                }
                return InvocationHandler.invokeDefault(proxy, m, d);
            }
            final Object[] a = args == null ? new Object[0] : args.clone();
            for (int i = 0; i < a.length; i++) {
                a[i] = unwrap(a[i]);
            }
            final Object early = before(b, m, a);
            if (early != SKIP) {
                return early;
            }
            final Object result;
            try {
                result = m.invoke(inner, a);
            } catch (final InvocationTargetException e) {
                final Throwable c = e.getCause();
                if (c instanceof final DatException de) {
                    if (b == Breakage.CLOSED_HANDLE_CRASHES && de.type() == StatusType.INVALID_HANDLE) {
                        throw new IllegalStateException("broken: " + de.getMessage());
                    }
                    if (b == Breakage.FAILED_ACCEPT_CONSUMES_CR && "accept".equals(m.getName())) {
                        try {
                            ((ConnectionRequest) inner).reject(null);
                        } catch (final DatException ignored) {
                            // the request may already be gone
                        }
                    }
                    if (b == Breakage.WRONG_STATUS) {
                        throw new DatException(de.type() == StatusType.INTERNAL_ERROR ? StatusType.INVALID_PARAMETER
                                : StatusType.INTERNAL_ERROR, null, "broken: " + de.getMessage(), de);
                    }
                }
                throw c;
            }
            if (("close".equals(m.getName())) && inner instanceof InterfaceAdapter && closed.compareAndSet(false,
                    true)) {
                onClose.run();
            }
            return after(b, m, a, result);
        }

        private Object before(final Breakage b, final Method m, final Object[] a) {
            final String n = m.getName();
            switch (b) {
                case LOCK_INVERSION -> {
                    if (inner instanceof Endpoint && "postRecv".equals(n)) {
                        inOrder(lockA, lockB);
                    } else if (inner instanceof Endpoint && n.startsWith("modify")) {
                        inOrder(lockB, lockA);
                    }
                }
                case COMPLETES_TWICE -> {
                    final java.util.Queue<Event> q = duplicates.get(inner);
                    if (q != null && ("poll".equals(n) || ("dequeue".equals(n) && a.length == 0)
                            || ("await".equals(n) && a.length == 2))) {
                        final Event again = q.poll();
                        if (again != null) {
                            return again;
                        }
                    }
                }
                case CONTEXT_LOST -> {
                    if ("consumerContext".equals(n) && a.length == 1) {
                        return null;
                    }
                }
                case THRESHOLD_IGNORED -> {
                    if ("await".equals(n) && a.length == 2 && inner instanceof EventDispatcher) {
                        a[1] = 1;
                    }
                }
                case PRIVATE_DATA_DROPPED -> {
                    if ("connect".equals(n) || "dupConnect".equals(n)) {
                        a[n.equals("connect") ? 3 : 2] = null;
                    } else if ("accept".equals(n)) {
                        a[1] = null;
                    } else if ("reject".equals(n)) {
                        a[0] = null;
                    }
                }
                case IGNORE_RDMA_ATTRIBUTES -> {
                    if (("createEndpoint".equals(n) || "modify".equals(n)) && a[a.length - 1] != null) {
                        a[a.length - 1] = ((EndpointAttributes) a[a.length - 1]).toBuilder()
                                .maxRdmaReadIn(EndpointAttributes.DEFAULT_VALUE)
                                .maxRdmaReadOut(EndpointAttributes.DEFAULT_VALUE).build();
                    }
                }
                case IGNORE_SUPPRESS -> {
                    if ("postSend".equals(n) && a.length == 3) {
                        a[2] = CompletionFlag.DEFAULT;
                    }
                }
                case LEAK_ADAPTER -> {
                    if ("close".equals(n) && inner instanceof final InterfaceAdapter ia) {
                        LEAKED.add(ia);
                        if (closed.compareAndSet(false, true)) {
                            onClose.run();
                        }
                        return null;
                    }
                }
                case CLOSE_IGNORED -> {
                    if ("close".equals(n) && (inner instanceof PublicServicePoint
                            || inner instanceof LocalMemoryRegion)) {
                        return null;
                    }
                }
                case LIMITED_RESOURCES -> {
                    if (n.startsWith("create") || "postRecv".equals(n)) {
                        final int count = created.computeIfAbsent(n + System.identityHashCode(inner),
                                k -> new AtomicInteger()).incrementAndGet();
                        final int cap = "createEventDispatcher".equals(n) ? 3 * RESOURCE_CAP : RESOURCE_CAP;
                        if (count > cap) {
                            throw new DatException(StatusType.INTERNAL_ERROR, null, "broken: out of " + n);
                        }
                    }
                    if ("createLocalMemoryRegion".equals(n) && ((MemorySegment) a[1]).byteSize() > (1 << 20)) {
                        throw new DatException(StatusType.INTERNAL_ERROR, null, "broken: region too large");
                    }
                }
                default -> {
                }
            }
            if (b == Breakage.REMOTE_PZ_IGNORED && ("postRdmaRead".equals(n) || "postRdmaWrite".equals(n))) {
                postedRdma.put(key(inner, (Long) a[1]), new Object[] {a[0], a[2], "postRdmaWrite".equals(n)});
            }
            if ("postRdmaRead".equals(n)) {
                final List<?> l = (List<?>) a[0];
                if (!l.isEmpty()) {
                    postedReads.put(key(inner, (Long) a[1]), ((LocalMemoryTriplet) l.get(0)).virtualAddress());
                }
            }
            if ("postRecv".equals(n)) {
                final Object seg = a[0];
                final LocalMemoryTriplet first = seg instanceof final List<?> l
                        ? (l.isEmpty() ? null : (LocalMemoryTriplet) l.get(0)) : (LocalMemoryTriplet) seg;
                if (first != null) {
                    postedRecvs.put(key(inner, (Long) a[1]), first.virtualAddress());
                }
            }
            return SKIP;
        }

        private Object after(final Breakage b, final Method m, final Object[] a, final Object result) {
            final String n = m.getName();
            if ("name".equals(n) && inner instanceof InterfaceAdapter) {
                return iaName;
            }
            if ("createLocalMemoryRegion".equals(n)) {
                synchronized (registered) {
                    registered.add((MemorySegment) a[1]);
                }
                final LocalMemoryRegion lmr = (LocalMemoryRegion) result;
                if (lmr.rmrContext() != 0) {
                    REMOTE_REGIONS.put(lmr.rmrContext(), lmr);
                }
            }
            Object r = result;
            if (r instanceof final Event e) {
                r = event(b, e);
                if (r == null) {
                    return dropped(n);
                }
            } else {
                r = wrap(r);
            }
            switch (b) {
                case CLOSE_NOT_RECORDED -> {
                    if ("isClosed".equals(n)) {
                        return false;
                    }
                }
                case WRONG_HANDLE_TYPE -> {
                    if ("handleType".equals(n)) {
                        return HandleType.IA;
                    }
                }
                case WRONG_STATE -> {
                    if (r instanceof final EndpointState s) {
                        return shift(s);
                    }
                    if (r instanceof final EndpointStatus s) {
                        return new EndpointStatus(shift(s.state()), s.inDtoIdle(), s.outDtoIdle());
                    }
                    if (r instanceof final EndpointParameters p) {
                        return new EndpointParameters(p.interfaceAdapter(), shift(p.state()), p.localAddress(),
                                p.localPortQualifier(), p.remoteAddress(), p.remotePortQualifier(), p.protectionZone(),
                                p.recvEvd(), p.requestEvd(), p.connectEvd(), p.sharedReceiveQueue(), p.attributes());
                    }
                }
                case QUERY_LIES -> {
                    return lie(n, r);
                }
                default -> {
                }
            }
            return r;
        }
    }

    private static final Object SKIP = new Object();

    /** Takes two monitors one inside the other, pausing while holding the first (LOCK_INVERSION). */
    private static void inOrder(final Object first, final Object second) {
        synchronized (first) {
            java.util.concurrent.locks.LockSupport.parkNanos(200_000);
            synchronized (second) {
                Thread.onSpinWait();
            }
        }
    }

    private static Object dropped(final String method) {
        if ("poll".equals(method)) {
            return null;
        }
        if ("dequeue".equals(method)) {
            throw new DatException(StatusType.QUEUE_EMPTY, null, "broken: event dropped");
        }
        throw new DatException(StatusType.TIMEOUT_EXPIRED, null, "broken: event dropped");
    }

    private static EndpointState shift(final EndpointState s) {
        final EndpointState[] v = EndpointState.values();
        return v[(s.ordinal() + 1) % v.length];
    }

    private static String key(final Object innerEp, final long cookie) {
        return System.identityHashCode(innerEp) + ":" + cookie;
    }

    private Object lie(final String n, final Object r) {
        if (r instanceof final ProviderAttributes p) {
            return new ProviderAttributes(p.providerName(), p.providerVersionMajor(), p.providerVersionMinor(),
                    p.datVersionMajor(), p.datVersionMinor() + 1, p.maxPrivateDataSize() + 1,
                    p.maxConnectPrivateData(), p.maxAcceptPrivateData(), p.maxRejectPrivateData(), p.capabilities(),
                    p.providerSpecific());
        }
        if (r instanceof final EventDispatcherParameters p) {
            return new EventDispatcherParameters(p.interfaceAdapter(), 0, p.notifier(), Set.of());
        }
        if (r instanceof final EndpointParameters p) {
            final EndpointAttributes at = p.attributes().toBuilder().maxRecvDtos(-1).retryCount(9).rnrRetryCount(9)
                    .maxRdmaReadIn(-1).build();
            return new EndpointParameters(p.interfaceAdapter(), p.state(), p.localAddress(), p.localPortQualifier(),
                    p.remoteAddress(), p.remotePortQualifier(), p.protectionZone(), p.recvEvd(), p.requestEvd(),
                    p.connectEvd(), p.sharedReceiveQueue(), at);
        }
        if (r instanceof final ConnectionRequestParameters p) {
            return new ConnectionRequestParameters(p.remoteAddress(), p.remotePortQualifier(), p.privateData(),
                    p.servicePoint(), p.connectionQualifier() + 1, p.endpoint(), p.requestedRdmaReadIn() + 1,
                    p.requestedRdmaReadOut());
        }
        if (r instanceof final InterfaceAdapterAttributes x) {
            return new InterfaceAdapterAttributes(x.adapterName(), x.vendorName(), x.address(), 0,
                    x.maxDtoPerEndpoint(), x.maxRdmaReadPerEndpointIn(), x.maxRdmaReadPerEndpointOut(),
                    x.maxEventDispatchers(), x.maxEventDispatcherQueueLength(), x.maxIovSegmentsPerDto(),
                    x.maxLocalMemoryRegions(), x.maxLocalMemoryRegionSize(), x.maxProtectionZones(),
                    x.maxMessageSize(), x.maxRdmaSize(), x.maxRemoteMemoryRegions(), x.maxSharedReceiveQueues(),
                    x.maxRdmaReadIovSegments(), x.maxRdmaWriteIovSegments());
        }
        switch (n) {
            case "streams" -> {
                return Set.of();
            }
            case "isEnabled" -> {
                return false;
            }
            case "registeredSize" -> {
                return 0L;
            }
            case "privileges" -> {
                return MemoryPrivilege.NONE;
            }
            case "lmrContext" -> {
                return 1;
            }
            case "flag" -> {
                return r == ServicePointFlag.CONSUMER ? ServicePointFlag.PROVIDER : ServicePointFlag.CONSUMER;
            }
            default -> {
                return r;
            }
        }
    }

    private Event event(final Breakage b, final Event e) {
        return switch (e) {
            case final DtoCompletionEvent d -> {
                DtoStatus st = d.status();
                long length = d.transferredLength();
                if (b == Breakage.WRONG_DTO_STATUS && st != DtoStatus.SUCCESS) {
                    st = DtoStatus.SUCCESS;
                }
                if (b == Breakage.REMOTE_PZ_IGNORED && st == DtoStatus.REMOTE_ACCESS) {
                    final long served = serveIgnoringZones(postedRdma.remove(key(d.endpoint(), d.cookie())));
                    if (served >= 0) {
                        st = DtoStatus.SUCCESS;
                        length = served;
                    }
                }
                if (b == Breakage.DATA_CORRUPTED && d.status() == DtoStatus.SUCCESS
                        && d.operation() == DtoOperation.RECEIVE && d.transferredLength() > 0) {
                    final Long va = postedRecvs.get(key(d.endpoint(), d.cookie()));
                    if (va != null) {
                        corrupt(va);
                    }
                }
                if (b == Breakage.DATA_CORRUPTED && d.status() == DtoStatus.SUCCESS
                        && d.operation() == DtoOperation.RDMA_READ && d.transferredLength() > 0) {
                    final Long va = postedReads.get(key(d.endpoint(), d.cookie()));
                    if (va != null) {
                        corrupt(va);
                    }
                }
                final DtoCompletionEvent mapped = new DtoCompletionEvent((EventDispatcher) wrap(d.dispatcher()),
                        (Endpoint) wrap(d.endpoint()), d.cookie(), st, length, d.operation(), d.rmrContext());
                if (b == Breakage.COMPLETES_TWICE && dtoEvents.incrementAndGet() % 32 == 0) {
                    duplicates.computeIfAbsent(d.dispatcher(), k -> new java.util.concurrent.ConcurrentLinkedQueue<>())
                            .add(mapped);
                }
                yield mapped;
            }
            case final ConnectionEvent c -> {
                if (b == Breakage.DROP_ACCEPT_ERROR
                        && c.number() == EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR) {
                    yield null;
                }
                EventNumber num = c.number();
                if (b == Breakage.WRONG_EVENT_NUMBER) {
                    num = switch (num) {
                        case CONNECTION_EVENT_PEER_REJECTED -> EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED;
                        case CONNECTION_EVENT_NON_PEER_REJECTED, CONNECTION_EVENT_UNREACHABLE,
                                CONNECTION_EVENT_TIMED_OUT -> EventNumber.CONNECTION_EVENT_PEER_REJECTED;
                        default -> num;
                    };
                }
                final Endpoint ep = b == Breakage.ENDPOINT_IDENTITY_LOST ? c.endpoint() : (Endpoint) wrap(c.endpoint());
                yield new ConnectionEvent(num, (EventDispatcher) wrap(c.dispatcher()), ep, c.privateData());
            }
            case final ConnectionRequestEvent r -> new ConnectionRequestEvent((EventDispatcher) wrap(r.dispatcher()),
                    (ServicePoint) wrap(r.servicePoint()), r.localAddress(), r.connectionQualifier(),
                    (ConnectionRequest) wrap(r.request()), r.truncated());
            case final AsyncErrorEvent a -> b == Breakage.DROP_ASYNC ? null : new AsyncErrorEvent(a.number(),
                    (EventDispatcher) wrap(a.dispatcher()), (Handle) wrap(a.source()), a.reason(), a.reasonCode());
            case final SoftwareEvent s -> new SoftwareEvent((EventDispatcher) wrap(s.dispatcher()),
                    b == Breakage.SOFTWARE_PAYLOAD_LOST ? null : s.payload());
            case final RmrBindCompletionEvent r -> new RmrBindCompletionEvent((EventDispatcher) wrap(r.dispatcher()),
                    (RemoteMemoryRegion) wrap(r.remoteMemoryRegion()), r.cookie(), r.status());
        };
    }

    /**
     * Carries out a refused RDMA request as a responder that looks regions up by rmr_context alone would.
     *
     * @param posted {local triplets, remote triplet, write}, or null
     * @return the bytes moved, or -1 when no live region with the privilege covers the range
     */
    private long serveIgnoringZones(final Object[] posted) {
        if (posted == null) {
            return -1;
        }
        final RemoteMemoryTriplet remote = (RemoteMemoryTriplet) posted[1];
        final boolean write = (Boolean) posted[2];
        final LocalMemoryRegion target = REMOTE_REGIONS.get(remote.rmrContext());
        if (target == null || target.isClosed() || !target.privileges().contains(write
                ? MemoryPrivilege.REMOTE_WRITE : MemoryPrivilege.REMOTE_READ)) {
            return -1;
        }
        final MemorySegment t = target.segment();
        final long off = remote.virtualAddress() - t.address();
        if (off < 0 || remote.segmentLength() > t.byteSize() - off) {
            return -1;
        }
        long at = off;
        for (final Object o : (List<?>) posted[0]) {
            final LocalMemoryTriplet l = (LocalMemoryTriplet) o;
            final MemorySegment local = containing(l.virtualAddress());
            if (local == null) {
                return -1;
            }
            final long lo = l.virtualAddress() - local.address();
            if (write) {
                MemorySegment.copy(local, lo, t, at, l.segmentLength());
            } else {
                MemorySegment.copy(t, at, local, lo, l.segmentLength());
            }
            at += l.segmentLength();
        }
        return at - off;
    }

    private MemorySegment containing(final long va) {
        synchronized (registered) {
            for (final MemorySegment s : registered) {
                if (va >= s.address() && va < s.address() + s.byteSize()) {
                    return s;
                }
            }
        }
        return null;
    }

    private void corrupt(final long va) {
        final MemorySegment s = containing(va);
        if (s != null) {
            final long off = va - s.address();
            s.set(ValueLayout.JAVA_BYTE, off, (byte) ~s.get(ValueLayout.JAVA_BYTE, off));
        }
    }

    /** Maps a handle (or a record holding handles) of the real provider to its proxy. */
    synchronized Object wrap(final Object o) {
        if (o == null) {
            return null;
        }
        if (o instanceof final EndpointParameters p) {
            return new EndpointParameters((InterfaceAdapter) wrap(p.interfaceAdapter()), p.state(), p.localAddress(),
                    p.localPortQualifier(), p.remoteAddress(), p.remotePortQualifier(),
                    (ProtectionZone) wrap(p.protectionZone()), (EventDispatcher) wrap(p.recvEvd()),
                    (EventDispatcher) wrap(p.requestEvd()), (EventDispatcher) wrap(p.connectEvd()),
                    (SharedReceiveQueue) wrap(p.sharedReceiveQueue()), p.attributes());
        }
        if (o instanceof final EventDispatcherParameters p) {
            return new EventDispatcherParameters((InterfaceAdapter) wrap(p.interfaceAdapter()), p.queueLength(),
                    (ConsumerNotifier) wrap(p.notifier()), p.streams());
        }
        if (o instanceof final ConnectionRequestParameters p) {
            return new ConnectionRequestParameters(p.remoteAddress(), p.remotePortQualifier(), p.privateData(),
                    (ServicePoint) wrap(p.servicePoint()), p.connectionQualifier(), (Endpoint) wrap(p.endpoint()),
                    p.requestedRdmaReadIn(), p.requestedRdmaReadOut());
        }
        if (!(o instanceof Handle) || Proxy.isProxyClass(o.getClass())) {
            return o;
        }
        final Object known = proxies.get(o);
        if (known != null) {
            return known;
        }
        final List<Class<?>> ifaces = new ArrayList<>();
        for (final Class<?> c : HANDLE_TYPES) {
            if (c.isInstance(o)) {
                ifaces.add(c);
            }
        }
        final Object p = Proxy.newProxyInstance(Decorator.class.getClassLoader(), ifaces.toArray(new Class<?>[0]),
                new Handler(o));
        proxies.put(o, p);
        return p;
    }

    private static Object unwrap(final Object o) {
        if (o != null && Proxy.isProxyClass(o.getClass()) && Proxy.getInvocationHandler(o) instanceof final Handler h) {
            return h.inner;
        }
        return o;
    }
}
