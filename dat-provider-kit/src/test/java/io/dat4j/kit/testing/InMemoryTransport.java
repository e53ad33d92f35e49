package io.dat4j.kit.testing;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointAttributes;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.ProviderAttributes;
import io.dat4j.StatusType;
import io.dat4j.kit.ConnectionUpcalls;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.KitConfig;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.ProviderKit;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.RequestTransport;
import io.dat4j.kit.ServicePointUpcalls;
import io.dat4j.kit.Transport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Map;

/**
 * A {@link Transport} that moves no bytes, for tests and benchmarks of code on the provider kit without a network,
 * and as a reference for the SPI's rules (upcalls with none of the transport's locks held; connection events from
 * another thread, as a CM thread makes them). Part of the kit's test fixtures (the {@code dat-provider-kit} test-jar,
 * see docs/provider-kit.md).
 *
 * <p>By default ({@link #InMemoryTransport()}) each EP is its own peer: a connect is established at once from another
 * thread; a receive is held; a send completes inside its post hook and, as if the peer's message had arrived at once,
 * completes the oldest receive held on the same EP with the send's length; every other operation completes inside its
 * post hook. It does not listen or accept (NOT_IMPLEMENTED). A test that wants other completions overrides
 * {@link #newEndpoint} with an {@link InMemoryEndpoint} whose {@link InMemoryEndpoint#post} it overrides; a test that
 * establishes connections itself passes {@code false} to {@link #InMemoryTransport(boolean)} and calls
 * {@link #lastConnection()}{@code .established(...)}.
 *
 * <p>Threading: the kit calls the hooks of an EP under that EP's lock (docs/provider-kit.md, "Threading and locks");
 * the held receives of an {@link InMemoryEndpoint} are guarded by it. {@link #lastConnection()} is read from any
 * thread.
 */
public class InMemoryTransport implements Transport {

    private final boolean establishAtOnce;
    private volatile ConnectionUpcalls lastConnection;

    /** A transport whose connects are established at once. */
    public InMemoryTransport() {
        this(true);
    }

    /**
     * A transport.
     *
     * @param establishAtOnce true: a connect is established at once, from another thread; false: a connect waits
     *        until the test calls {@code established} (or another transition) on {@link #lastConnection()}
     */
    public InMemoryTransport(final boolean establishAtOnce) {
        this.establishAtOnce = establishAtOnce;
    }

    /**
     * {@return the kit configuration of an IA on this transport}: RDMA read and write, messages up to 1 MiB, RDMA up to
     * 16 MiB, receive and request queues of 16 by default, 4 segments, room for 65,536 EPs and EVDs.
     *
     * @param iaName the IA's name
     */
    public static KitConfig config(final String iaName) {
        final int many = 1 << 16;
        final InterfaceAdapterAttributes ia = new InterfaceAdapterAttributes("in-memory", "dat4j",
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64, 64, 64, 64, many, 1024, 64, 64,
                1L << 30, 16, 1 << 20, 1 << 24, 0, 0, 4, 4);
        final ProviderAttributes pa = new ProviderAttributes("in-memory", 1, 0, 2, 0, 64, 64, 64, 64,
                EnumSet.of(Capability.RDMA_READ, Capability.RDMA_WRITE), Map.of());
        final EndpointAttributes defaults = EndpointAttributes.builder().maxMessageSize(1 << 20)
                .maxRdmaSize(1 << 24).maxRecvDtos(16).maxRequestDtos(16).maxRecvIov(4).maxRequestIov(4)
                .maxRdmaReadIn(2).maxRdmaReadOut(2).maxRdmaReadIov(4).maxRdmaWriteIov(4).retryCount(7)
                .rnrRetryCount(7).build();
        return new KitConfig(iaName, ia, pa, defaults, 64);
    }

    /**
     * {@return an IA of the kit on a new transport whose connects are established at once} ({@link #config})
     *
     * @param iaName the IA's name
     */
    public static InterfaceAdapter open(final String iaName) {
        return ProviderKit.openInterfaceAdapter(config(iaName), a -> new InMemoryTransport());
    }

    /** {@return the connection upcalls of the EP that connected last, or null before the first connect} */
    public ConnectionUpcalls lastConnection() {
        return lastConnection;
    }

    /**
     * Makes the transport half of a new EP; override it for other completions.
     *
     * @param endpoint the kit's upcalls for the EP
     * @return the EP's transport
     */
    protected InMemoryEndpoint newEndpoint(final EndpointUpcalls endpoint) {
        return new InMemoryEndpoint(this, endpoint);
    }

    @Override
    public final EndpointTransport createEndpoint(final EndpointUpcalls endpoint) {
        return newEndpoint(endpoint);
    }

    @Override
    public ListenerTransport listen(final long connectionQualifier, final ServicePointUpcalls servicePoint) {
        throw new DatException(StatusType.NOT_IMPLEMENTED, null, "the in-memory transport does not listen");
    }

    @Override
    public ListenerTransport listenAny(final ServicePointUpcalls servicePoint) {
        throw new DatException(StatusType.NOT_IMPLEMENTED, null, "the in-memory transport does not listen");
    }

    @Override
    public Object registerMemory(final RegisteredRegion region) {
        return this;
    }

    @Override
    public void deregisterMemory(final RegisteredRegion region) {
    }

    @Override
    public void close() {
    }

    /**
     * One EP of an {@link InMemoryTransport}: its held receives, oldest first (a ring of 64), and its connection. The
     * kit calls its hooks under the EP's lock.
     */
    public static class InMemoryEndpoint implements EndpointTransport {
        /** The kit's upcalls for this EP. */
        protected final EndpointUpcalls upcalls;
        private final InMemoryTransport transport;
        private final PostedOperation[] receives = new PostedOperation[64];
        private int head;
        private int count;
        private volatile ConnectionUpcalls connection;

        /**
         * The transport half of an EP.
         *
         * @param transport its transport
         * @param upcalls the kit's upcalls for the EP
         */
        public InMemoryEndpoint(final InMemoryTransport transport, final EndpointUpcalls upcalls) {
            this.transport = transport;
            this.upcalls = upcalls;
        }

        /** {@return the upcalls of this EP's current connection, or null before its first connect} */
        public ConnectionUpcalls connection() {
            return connection;
        }

        @Override
        public void connect(final ConnectionUpcalls c, final InetAddress remoteAddress,
                final long connectionQualifier, final long timeoutNanos, final byte[] privateData,
                final int rdmaReadIn, final int rdmaReadOut) {
            this.connection = c;
            transport.lastConnection = c;
            if (transport.establishAtOnce) {
                // the kit calls connect under the EP's lock; establish from another thread, as a CM thread would
                final InetSocketAddress self = new InetSocketAddress(InetAddress.getLoopbackAddress(), 1);
                Thread.ofPlatform().daemon().start(() -> c.established(null, rdmaReadIn, rdmaReadOut, self, self));
            }
        }

        @Override
        public void accept(final ConnectionUpcalls c, final RequestTransport request, final byte[] privateData,
                final int rdmaReadIn, final int rdmaReadOut) {
            throw new DatException(StatusType.NOT_IMPLEMENTED, null, "the in-memory transport does not accept");
        }

        /**
         * The connection is down at once: drops the receives held, then makes the upcalls (the kit's flush,
         * DISCONNECTED) from another thread with no lock held, as a CM thread makes them.
         */
        @Override
        public void disconnect(final CloseMode mode) {
            dropReceives();
            final ConnectionUpcalls c = connection;
            if (c != null) {
                Thread.ofPlatform().daemon().start(() -> {
                    c.flush();
                    c.disconnected();
                });
            }
        }

        /** Forgets the receives held (the kit flushes them). */
        protected final void dropReceives() {
            for (; count > 0; count--) {
                receives[head] = null;
                head = (head + 1) % receives.length;
            }
        }

        /**
         * Holds a receive; completes anything else at once and, for a send, the oldest receive held too.
         *
         * @param op the operation
         */
        @Override
        public void post(final PostedOperation op) {
            if (op.kind() == DtoOperation.RECEIVE) {
                if (count == receives.length) {
                    throw new IllegalStateException("more than " + receives.length + " receives held");
                }
                receives[(head + count++) % receives.length] = op;
                return;
            }
            upcalls.complete(op, DtoStatus.SUCCESS, op.totalLength());
            if (op.kind() == DtoOperation.SEND && count > 0) {
                final PostedOperation r = receives[head];
                receives[head] = null;
                head = (head + 1) % receives.length;
                count--;
                upcalls.complete(r, DtoStatus.SUCCESS, op.totalLength());
            }
        }

        @Override
        public void reset() {
        }

        @Override
        public void close() {
            dropReceives(); // the kit flushes what is left
        }
    }
}
