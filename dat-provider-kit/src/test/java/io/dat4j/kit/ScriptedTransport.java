package io.dat4j.kit;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.DatException;
import io.dat4j.EndpointAttributes;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.ProviderAttributes;
import io.dat4j.StatusType;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A transport that records every hook call, so tests drive the kit's upcalls by hand (public: the kit's internal
 * tests use it too).
 */
public final class ScriptedTransport implements Transport {

    /** The IA's {@code max_ep_per_srq}. */
    public static final int MAX_EP_PER_SRQ = 8;
    /** The IA's {@code max_recv_per_srq}: above its {@code max_dto_per_ep} (64), so tests tell the two apart. */
    public static final int MAX_RECV_PER_SRQ = 128;

    public static final int PDATA = 64;

    public final Map<Long, ServicePointUpcalls> listeners = new ConcurrentHashMap<>();
    public final List<Ep> endpoints = new CopyOnWriteArrayList<>();
    public final List<RegisteredRegion> registered = new CopyOnWriteArrayList<>();
    public AdapterUpcalls adapter;
    public CompletionSource source;
    public boolean closed;
    public long nextAny = 40000;
    public Object nextRegistration = "reg";
    /** When set, SRQs are "device" SRQs: the buffers the kit posts are recorded here (sequence order). */
    public List<SharedReceiveBuffer> deviceSrq;
    public final List<String> srqCalls = new CopyOnWriteArrayList<>();

    @Override
    public SharedReceiveTransport createSharedReceiveQueue(final Object pd, final io.dat4j.SrqAttributes attributes) {
        final List<SharedReceiveBuffer> posted = deviceSrq;
        if (posted == null) {
            return null;
        }
        srqCalls.add("create " + pd + " " + attributes.maxRecvDtos());
        return new SharedReceiveTransport() {
            @Override
            public void post(final SharedReceiveBuffer buffer) {
                posted.add(buffer);
            }

            @Override
            public void resize(final int maxRecvDtos) {
                srqCalls.add("resize " + maxRecvDtos);
            }

            @Override
            public void close() {
                srqCalls.add("close");
            }
        };
    }

    public static InterfaceAdapter open(final Set<Capability> caps, final ScriptedTransport t) {
        return open(config(caps, 8), t);
    }

    public static InterfaceAdapter open(final KitConfig config, final ScriptedTransport t) {
        return ProviderKit.openInterfaceAdapter(config, a -> {
            t.adapter = a;
            return t;
        });
    }

    public static InterfaceAdapter open(final ScriptedTransport t) {
        return open(EnumSet.allOf(Capability.class), t);
    }

    public static KitConfig config(final Set<Capability> caps, final int asyncLength) {
        final InetSocketAddress addr = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        final InterfaceAdapterAttributes ia = new InterfaceAdapterAttributes("scripted", "test", addr, 100, 64, 4, 4,
                100, 1024, 4, 100, 1L << 30, 10, 1 << 20, 1 << 24, 0, 2, MAX_EP_PER_SRQ, MAX_RECV_PER_SRQ, 4, 4);
        final ProviderAttributes pa = new ProviderAttributes("scripted", 1, 0, 2, 0, PDATA, PDATA, PDATA, PDATA, caps,
                Map.of());
        final EndpointAttributes d = EndpointAttributes.builder().maxMessageSize(1 << 20).maxRdmaSize(1 << 24)
                .maxRecvDtos(8).maxRequestDtos(8).maxRecvIov(4).maxRequestIov(4).maxRdmaReadIn(2)
                .maxRdmaReadOut(2).maxRdmaReadIov(4).maxRdmaWriteIov(4).retryCount(7).rnrRetryCount(7).build();
        return new KitConfig("scripted0", ia, pa, d, asyncLength);
    }

    @Override
    public ListenerTransport listen(final long q, final ServicePointUpcalls sp) {
        if (listeners.putIfAbsent(q, sp) != null) {
            throw new DatException(StatusType.CONN_QUAL_IN_USE, null, "qualifier " + q + " is taken");
        }
        return new ListenerTransport() {
            @Override
            public long connectionQualifier() {
                return q;
            }

            @Override
            public void close() {
                listeners.remove(q, sp);
            }
        };
    }

    @Override
    public ListenerTransport listenAny(final ServicePointUpcalls sp) {
        return listen(nextAny++, sp);
    }

    public final List<Object> pds = new CopyOnWriteArrayList<>();

    @Override
    public Object allocateProtectionZone(final io.dat4j.ProtectionZone pz) {
        final Object pd = "pd" + pds.size();
        pds.add(pd);
        return pd;
    }

    @Override
    public void freeProtectionZone(final io.dat4j.ProtectionZone pz, final Object registration) {
        pds.remove(registration);
    }

    @Override
    public EndpointTransport createEndpoint(final EndpointUpcalls ep) {
        final Ep e = new Ep(ep);
        endpoints.add(e);
        return e;
    }

    @Override
    public Object registerMemory(final RegisteredRegion region) {
        registered.add(region);
        return nextRegistration;
    }

    @Override
    public void deregisterMemory(final RegisteredRegion region) {
        registered.remove(region);
    }

    @Override
    public CompletionSource createCompletionSource(final EventSink sink) {
        return source;
    }

    @Override
    public void close() {
        closed = true;
    }

    public Ep ep(final io.dat4j.Endpoint endpoint) {
        for (final Ep e : endpoints) {
            if (e.up.endpoint() == endpoint) {
                return e;
            }
        }
        throw new AssertionError("no transport EP for " + endpoint);
    }

    /** A recorded transport EP. */
    public static final class Ep implements EndpointTransport {
        public final EndpointUpcalls up;
        /** The connection the last connect or accept began (its upcalls: established, failed, ended, flush). */
        public volatile ConnectionUpcalls conn;
        public final List<String> calls = new CopyOnWriteArrayList<>();
        public final List<PostedOperation> posted = new ArrayList<>();
        public Req accepted;
        public int acceptIn;
        public int acceptOut;
        public RuntimeException failAccept;

        Ep(final EndpointUpcalls up) {
            this.up = up;
        }

        @Override
        public void connect(final ConnectionUpcalls connection, final InetAddress remote, final long q,
                final long timeoutNanos, final byte[] pdata, final int in, final int out) {
            conn = connection;
            calls.add("connect " + q + " " + pdata.length + " " + in + " " + out);
        }

        @Override
        public void accept(final ConnectionUpcalls connection, final RequestTransport request, final byte[] pdata,
                final int in, final int out) {
            if (failAccept != null) {
                throw failAccept;
            }
            conn = connection;
            accepted = (Req) request;
            acceptIn = in;
            acceptOut = out;
            calls.add("accept " + pdata.length);
        }

        /** When set, a disconnect ends the connection from another thread, as a transport's I/O thread does. */
        volatile boolean answerDisconnect;

        @Override
        public void disconnect(final CloseMode mode) {
            calls.add("disconnect " + mode);
            final ConnectionUpcalls c = conn;
            if (answerDisconnect && c != null) {
                Thread.ofPlatform().start(() -> {
                    try {
                        Thread.sleep(20);
                    } catch (final InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    c.disconnected();
                });
            }
        }

        @Override
        public synchronized void post(final PostedOperation op) {
            posted.add(op);
            calls.add("post " + op.kind());
        }

        @Override
        public void sharedReceivePosted() {
            calls.add("srq posted");
        }

        @Override
        public void reset() {
            calls.add("reset");
        }

        @Override
        public void close() {
            calls.add("close");
            synchronized (this) {
                posted.clear();
            }
        }
    }

    /** A recorded request. */
    public static final class Req implements RequestTransport {
        public byte[] rejectedWith;

        @Override
        public void reject(final byte[] privateData) {
            rejectedWith = privateData.clone();
        }
    }
}
