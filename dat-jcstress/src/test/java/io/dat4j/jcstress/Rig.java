package io.dat4j.jcstress;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.ProtectionZone;
import io.dat4j.ProviderAttributes;
import io.dat4j.StatusType;
import io.dat4j.kit.AdapterUpcalls;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.ConnectionUpcalls;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.KitConfig;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.ProviderKit;
import io.dat4j.kit.RegionTable;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.RequestTransport;
import io.dat4j.kit.ServicePointUpcalls;
import io.dat4j.kit.Transport;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What every jcstress test of the kit stands on: one IA per test JVM, opened through the supported SPI
 * ({@link ProviderKit#openInterfaceAdapter}) on a transport of the tests' own that moves no bytes. The tests reach the
 * kit's concurrent structures the way a provider does, through the hooks it is called with: the
 * {@link PostedOperation}s its {@code post} hook receives, the {@link EndpointUpcalls} of each EP, the
 * {@link EventSink} of each EVD, the {@link RegionTable} of the IA. No kit class is opened up for them, and no
 * production code knows they exist.
 *
 * <p>Every jcstress state makes its own EVDs, EPs or LMRs here in its constructor (a new structure per sample, as
 * jcstress requires) and frees them in its arbiter. Limits are set high, since jcstress keeps many states alive at
 * once.
 */
final class Rig {

    /** Cookies at or above this are completed by the transport inside its {@code post} hook (as the TCP provider
     *  completes a small send it wrote itself). */
    static final long INLINE_COOKIE = 1000;

    static final InterfaceAdapter IA;
    static final ProtectionZone PZ;
    /** The connection EVD every EP of the tests shares (no connection event is ever posted to it). */
    static final EventDispatcher CONNECTION_EVD;
    /** An EP of {@link #PZ}, the target of the RDMA accesses of the region tests. */
    static final EndpointUpcalls TARGET;
    static final RegionTable REGIONS;
    /** Registered again by every region test state: several LMRs may cover the same memory. */
    static final MemorySegment MEMORY = Arena.global().allocate(64, 8);

    private static final ThreadLocal<List<PostedOperation>> CAPTURE = new ThreadLocal<>();
    private static final ThreadLocal<Function<EventSink, CompletionSource>> SOURCE = new ThreadLocal<>();
    private static final ThreadLocal<EndpointUpcalls> LAST_ENDPOINT = new ThreadLocal<>();
    private static final ThreadLocal<ConnectionUpcalls> LAST_CONNECTION = new ThreadLocal<>();
    private static final Map<LocalMemoryRegion, Runnable> DEREGISTERED = new ConcurrentHashMap<>();
    private static volatile AdapterUpcalls adapter;

    static {
        final int many = 1 << 20;
        final InterfaceAdapterAttributes ia = new InterfaceAdapterAttributes("jcstress", "dat4j",
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), many, 64, 4, 4, many, 1024, 4, many,
                1L << 30, 16, 1 << 20, 1 << 24, 0, 0, 4, 4);
        final ProviderAttributes pa = new ProviderAttributes("jcstress", 1, 0, 2, 0, 64, 64, 64, 64,
                EnumSet.of(Capability.RDMA_READ, Capability.RDMA_WRITE, Capability.EVD_RESIZE, Capability.CNO), Map.of());
        final EndpointAttributes defaults = EndpointAttributes.builder().maxMessageSize(1 << 20)
                .maxRdmaSize(1 << 24).maxRecvDtos(8).maxRequestDtos(8).maxRecvIov(4).maxRequestIov(4)
                .maxRdmaReadIn(2).maxRdmaReadOut(2).maxRdmaReadIov(4).maxRdmaWriteIov(4).retryCount(7)
                .rnrRetryCount(7).build();
        IA = ProviderKit.openInterfaceAdapter(new KitConfig("jcstress0", ia, pa, defaults, 64), a -> {
            adapter = a;
            return new RigTransport();
        });
        PZ = IA.createProtectionZone();
        CONNECTION_EVD = IA.createEventDispatcher(16, null, EnumSet.of(EventStream.CONNECTION));
        REGIONS = adapter.regions();
        final Endpoint target = IA.createEndpoint(PZ, null, null, CONNECTION_EVD, null);
        TARGET = LAST_ENDPOINT.get();
        LAST_ENDPOINT.remove();
        if (target == null || TARGET == null) {
            throw new IllegalStateException("the rig's target EP was not created");
        }
    }

    private Rig() {
    }

    /** {@return a new EVD of the given length that takes DTO completions and software events} */
    static EventDispatcher evd(final int length) {
        return IA.createEventDispatcher(length, null, EnumSet.of(EventStream.DTO, EventStream.SOFTWARE));
    }

    /**
     * {@return a new EVD of two holding one software event (payload 1), its head moved off slot 0 so that a test
     * crosses the wrap of the ring}
     */
    static EventDispatcher evdWithHeadOffZero() {
        final EventDispatcher evd = evd(2);
        evd.postSoftwareEvent(0);
        evd.dequeue(new EventSlot());
        evd.postSoftwareEvent(1);
        return evd;
    }

    /** {@return a new EVD whose completion source the factory makes (from the EVD's sink)} */
    static EventDispatcher evd(final int length, final Function<EventSink, CompletionSource> source) {
        SOURCE.set(source);
        try {
            return evd(length);
        } finally {
            SOURCE.remove();
        }
    }

    /** An EP with its recv EVD, and the receives posted on it, as the transport saw them. */
    record PostedEndpoint(Endpoint ep, EventDispatcher evd, EndpointUpcalls upcalls, List<PostedOperation> ops) {

        /** Frees the EP, then its EVD. */
        void close() {
            ep.close();
            evd.close();
        }
    }

    /** {@return a new EP with a recv EVD of 8 events and receives posted with the given cookies, in order} */
    static PostedEndpoint endpointWithReceives(final long... cookies) {
        return endpointWithDepth(8, null, cookies);
    }

    /**
     * {@return a new EP whose receive queue holds {@code depth} receives, with a recv EVD of 8 events and receives
     * posted with the given cookies, in order}
     */
    static PostedEndpoint endpointWithDepth(final int depth, final long... cookies) {
        return endpointWithDepth(8, EndpointAttributes.builder().maxRecvDtos(depth).build(), cookies);
    }

    /**
     * {@return a new EP whose receive queue holds {@code depth} receives, with a recv EVD of {@code evdLength}
     * events and receives posted with the given cookies, in order}
     */
    static PostedEndpoint endpointWithEvd(final int evdLength, final int depth, final long... cookies) {
        return endpointWithDepth(evdLength, EndpointAttributes.builder().maxRecvDtos(depth).build(), cookies);
    }

    private static PostedEndpoint endpointWithDepth(final int evdLength, final EndpointAttributes attributes,
            final long... cookies) {
        return endpointOn(evd(evdLength), attributes, cookies);
    }

    /**
     * {@return a new EP whose recv EVD is {@code evd} (which other EPs may share), with receives posted with the given
     * cookies, in order}
     */
    static PostedEndpoint endpointOn(final EventDispatcher evd, final long... cookies) {
        return endpointOn(evd, null, cookies);
    }

    /**
     * {@return a new EP whose recv EVD is {@code evd} (which other EPs may share) and whose receive queue holds
     * {@code depth} receives, with receives posted with the given cookies, in order}
     */
    static PostedEndpoint endpointWithDepthOn(final EventDispatcher evd, final int depth, final long... cookies) {
        return endpointOn(evd, EndpointAttributes.builder().maxRecvDtos(depth).build(), cookies);
    }

    private static PostedEndpoint endpointOn(final EventDispatcher evd, final EndpointAttributes attributes,
            final long... cookies) {
        final Endpoint ep = IA.createEndpoint(PZ, evd, null, CONNECTION_EVD, attributes);
        final EndpointUpcalls upcalls = LAST_ENDPOINT.get();
        LAST_ENDPOINT.remove();
        final List<PostedOperation> ops = new ArrayList<>(cookies.length);
        CAPTURE.set(ops);
        try {
            for (final long c : cookies) {
                ep.postRecv(List.of(), c, CompletionFlag.DEFAULT);
            }
        } finally {
            CAPTURE.remove();
        }
        return new PostedEndpoint(ep, evd, upcalls, ops);
    }

    /**
     * {@code tryPostRecv} of a receive with no segments, recording the descriptor the transport is handed.
     *
     * @param ep an EP of the rig
     * @param cookie the cookie
     * @param into where the posted descriptor goes when the post was accepted
     * @return true if accepted, false when the receive queue was full
     */
    static boolean tryPostRecv(final Endpoint ep, final long cookie, final List<PostedOperation> into) {
        CAPTURE.set(into);
        try {
            return ep.tryPostRecv(List.of(), cookie, CompletionFlag.DEFAULT);
        } finally {
            CAPTURE.remove();
        }
    }

    /**
     * {@return the connection an EP's connect begins, as its transport is handed it}; the EP stays
     * ACTIVE_CONNECTION_PENDING (the rig sends nothing), and its free posts no connection event
     *
     * @param ep an UNCONNECTED EP of the rig
     */
    static ConnectionUpcalls connect(final Endpoint ep) {
        ep.connect(InetAddress.getLoopbackAddress(), 1, Duration.ofMinutes(1), null);
        final ConnectionUpcalls c = LAST_CONNECTION.get();
        LAST_CONNECTION.remove();
        return c;
    }

    /**
     * Runs {@code onDeregistration} inside the transport's {@code deregisterMemory} hook of the LMR, the moment the
     * kit hands the region back to the transport.
     */
    static void onDeregistration(final LocalMemoryRegion lmr, final Runnable onDeregistration) {
        DEREGISTERED.put(lmr, onDeregistration);
    }

    /** A transport that moves no bytes: it records what it is handed, and completes what it is told to. */
    private static final class RigTransport implements Transport {

        @Override
        public ListenerTransport listen(final long connectionQualifier, final ServicePointUpcalls servicePoint) {
            throw new DatException(StatusType.NOT_IMPLEMENTED, null, "the jcstress rig does not listen");
        }

        @Override
        public ListenerTransport listenAny(final ServicePointUpcalls servicePoint) {
            throw new DatException(StatusType.NOT_IMPLEMENTED, null, "the jcstress rig does not listen");
        }

        @Override
        public EndpointTransport createEndpoint(final EndpointUpcalls endpoint) {
            LAST_ENDPOINT.set(endpoint);
            return new RigEndpoint(endpoint);
        }

        @Override
        public Object registerMemory(final RegisteredRegion region) {
            return this;
        }

        @Override
        public void deregisterMemory(final RegisteredRegion region) {
            final Runnable r = DEREGISTERED.remove(region.handle());
            if (r != null) {
                r.run();
            }
        }

        @Override
        public CompletionSource createCompletionSource(final EventSink sink) {
            final Function<EventSink, CompletionSource> f = SOURCE.get();
            return f == null ? null : f.apply(sink);
        }

        @Override
        public void close() {
        }
    }

    private record RigEndpoint(EndpointUpcalls upcalls) implements EndpointTransport {

        @Override
        public void connect(final ConnectionUpcalls connection, final InetAddress remoteAddress,
                final long connectionQualifier, final long timeoutNanos, final byte[] privateData, final int rdmaReadIn,
                final int rdmaReadOut) {
            LAST_CONNECTION.set(connection); // and nothing is sent: the connection stays pending
        }

        @Override
        public void accept(final ConnectionUpcalls connection, final RequestTransport request,
                final byte[] privateData, final int rdmaReadIn, final int rdmaReadOut) {
            throw new DatException(StatusType.NOT_IMPLEMENTED, null, "the jcstress rig does not accept");
        }

        @Override
        public void disconnect(final CloseMode mode) {
        }

        @Override
        public void post(final PostedOperation operation) {
            final List<PostedOperation> capture = CAPTURE.get();
            if (capture != null) {
                capture.add(operation);
            }
            if (operation.cookie() >= INLINE_COOKIE) {
                upcalls.complete(operation, DtoStatus.SUCCESS, 0);
            }
        }

        @Override
        public void reset() {
        }

        @Override
        public void close() {
        }
    }
}
