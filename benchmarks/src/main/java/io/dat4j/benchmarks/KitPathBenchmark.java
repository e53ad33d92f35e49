package io.dat4j.benchmarks;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
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
import java.lang.foreign.Arena;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH benchmarks of the provider kit's own data path, with a transport that moves no bytes: what a post, a
 * completion and a poll cost in the kit (checks, the EP's lock, the operation queue, the EVD), with no socket or ring
 * under it. The transport ({@link InMemoryTransport}) completes a send inside its post hook and, as if the peer's
 * message had arrived at once, the oldest receive posted on the same EP, so one EP is its own peer. Run with the GC
 * profiler for bytes per operation (the kit's target: under 1 B/op after warm-up):
 *
 * <pre>
 * scripts/bench-jmh.sh jmh KitPathBenchmark -prof gc
 * </pre>
 *
 * A/B against another built checkout (its library jars, this checkout's benchmark classes):
 * {@code BENCH_LIB_ROOT=/path/to/other/checkout scripts/bench-jmh.sh jmh KitPathBenchmark -prof gc}. CI compiles
 * these and never runs them.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
public class KitPathBenchmark {

    /** Bytes per message: the 8 B of the latency tests. */
    static final int SIZE = 8;
    /** A success that gives no event. */
    static final Set<CompletionFlag> SUPPRESS = Set.of(CompletionFlag.SUPPRESS);

    /** One IA of the kit on {@link InMemoryTransport}, with one connected EP, its two EVDs and an 8 B LMR. */
    @State(Scope.Thread)
    public static class KitState {
        InterfaceAdapter ia;
        Endpoint ep;
        EventDispatcher recvEvd;
        EventDispatcher requestEvd;
        EventDispatcher connectEvd;
        Arena arena;
        LocalMemoryRegion lmr;
        List<LocalMemoryTriplet> message;
        final EventSlot slot = new EventSlot();
        long cookie;
        /** What the handler saw last. */
        long last;
        final EventHandler handler = new EventHandler() {
            @Override
            public void onDtoCompletion(final Endpoint endpoint, final long c, final DtoStatus status,
                    final long transferredLength, final DtoOperation operation, final int rmrContext) {
                last = c;
            }

            @Override
            public void onEvent(final Event event) {
                last = -1;
            }
        };

        /** Opens the IA, connects the EP (the transport establishes it at once) and registers the message. */
        @Setup(Level.Trial)
        public void open() {
            ia = InMemoryTransport.open();
            final ProtectionZone pz = ia.createProtectionZone();
            recvEvd = ia.createEventDispatcher(64, null, EnumSet.of(EventStream.DTO));
            requestEvd = ia.createEventDispatcher(64, null, EnumSet.of(EventStream.DTO));
            connectEvd = ia.createEventDispatcher(4, null, EnumSet.of(EventStream.CONNECTION));
            ep = ia.createEndpoint(pz, recvEvd, requestEvd, connectEvd, null);
            ep.connect(InetAddress.getLoopbackAddress(), 1, Duration.ofSeconds(5), null);
            connectEvd.await(Duration.ofSeconds(5), 1);
            arena = Arena.ofShared();
            lmr = ia.createLocalMemoryRegion(pz, arena.allocate(SIZE, 8),
                    EnumSet.of(MemoryPrivilege.LOCAL_READ, MemoryPrivilege.LOCAL_WRITE));
            message = List.of(new LocalMemoryTriplet(lmr.lmrContext(), lmr.registeredAddress(), SIZE));
        }

        /** Closes the IA (ABRUPT: the EP, LMR, EVDs with it) and frees the memory. */
        @TearDown(Level.Trial)
        public void close() {
            ia.close(CloseMode.ABRUPT);
            arena.close();
        }
    }

    /**
     * {@code dat_ep_post_send} of 8 B (completed inside the transport's post hook) and {@code dat_evd_dequeue} of its
     * completion into a caller-owned slot.
     *
     * @param s the kit
     * @return the cookie taken
     */
    @Benchmark
    public long postSendDequeue(final KitState s) {
        s.ep.postSend(s.message, ++s.cookie, CompletionFlag.DEFAULT);
        if (!s.requestEvd.dequeue(s.slot)) {
            throw new IllegalStateException("no send completion");
        }
        return s.slot.cookie();
    }

    /**
     * {@code dat_ep_post_send} of 8 B with {@code DAT_COMPLETION_SUPPRESS_FLAG}: the post and its completion inside
     * the transport's hook, which gives no event (the EVD is not touched): the post path alone.
     *
     * @param s the kit
     * @return the cookie posted
     */
    @Benchmark
    public long postSendSuppressed(final KitState s) {
        s.ep.postSend(s.message, ++s.cookie, SUPPRESS);
        return s.cookie;
    }

    /**
     * One side of a ping-pong through the kit: {@code dat_ep_post_recv}, {@code dat_ep_post_send} (which completes
     * the send and, as the peer's message, the receive), then both completions dequeued into a slot.
     *
     * @param s the kit
     * @return the receive's cookie
     */
    @Benchmark
    public long roundTripDequeue(final KitState s) {
        s.ep.postRecv(s.message, ++s.cookie, CompletionFlag.DEFAULT);
        s.ep.postSend(s.message, ++s.cookie, CompletionFlag.DEFAULT);
        if (!s.requestEvd.dequeue(s.slot) || !s.recvEvd.dequeue(s.slot)) {
            throw new IllegalStateException("a completion is missing");
        }
        return s.slot.cookie();
    }

    /**
     * {@link #roundTripDequeue} with the completions drained by {@code EventDispatcher.poll(handler, 4)}.
     *
     * @param s the kit
     * @return the receive's cookie
     */
    @Benchmark
    public long roundTripHandler(final KitState s) {
        s.ep.postRecv(s.message, ++s.cookie, CompletionFlag.DEFAULT);
        s.ep.postSend(s.message, ++s.cookie, CompletionFlag.DEFAULT);
        if (s.requestEvd.poll(s.handler, 4) + s.recvEvd.poll(s.handler, 4) != 2) {
            throw new IllegalStateException("a completion is missing");
        }
        return s.last;
    }

    /**
     * An empty {@code dat_evd_dequeue} (the busy-poll loop's common case), eight per invocation.
     *
     * @param s the kit
     * @return whether any found an event (never)
     */
    @Benchmark
    @OperationsPerInvocation(8)
    public boolean emptyDequeue(final KitState s) {
        boolean any = false;
        for (int i = 0; i < 8; i++) {
            any |= s.recvEvd.dequeue(s.slot);
        }
        return any;
    }

    /**
     * An empty {@code EventDispatcher.poll(handler, 4)}, eight per invocation.
     *
     * @param s the kit
     * @return the events handled (none)
     */
    @Benchmark
    @OperationsPerInvocation(8)
    public int emptyPollHandler(final KitState s) {
        int n = 0;
        for (int i = 0; i < 8; i++) {
            n += s.recvEvd.poll(s.handler, 4);
        }
        return n;
    }

    /**
     * A transport that moves no bytes: a connect is established at once, a send completes inside its post hook and
     * completes the oldest receive posted on the same EP with the send's length (the EP is its own peer). Made for
     * these benchmarks; it follows the SPI's rules (upcalls with no transport lock held).
     */
    static final class InMemoryTransport implements Transport {

        /** {@return an IA of the kit on this transport} */
        static InterfaceAdapter open() {
            final int many = 1 << 16;
            final InterfaceAdapterAttributes ia = new InterfaceAdapterAttributes("kit-bench", "dat4j",
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64, 64, 64, 64, many, 1024, 64, 64,
                    1L << 30, 16, 1 << 20, 1 << 24, 0, 0, 4, 4);
            final ProviderAttributes pa = new ProviderAttributes("kit-bench", 1, 0, 2, 0, 64, 64, 64, 64,
                    EnumSet.of(Capability.RDMA_READ, Capability.RDMA_WRITE), Map.of());
            final EndpointAttributes defaults = EndpointAttributes.builder().maxMessageSize(1 << 20)
                    .maxRdmaSize(1 << 24).maxRecvDtos(16).maxRequestDtos(16).maxRecvIov(4).maxRequestIov(4)
                    .maxRdmaReadIn(2).maxRdmaReadOut(2).maxRdmaReadIov(4).maxRdmaWriteIov(4).retryCount(7)
                    .rnrRetryCount(7).build();
            return ProviderKit.openInterfaceAdapter(new KitConfig("kit-bench0", ia, pa, defaults, 64),
                    a -> new InMemoryTransport());
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
        public EndpointTransport createEndpoint(final EndpointUpcalls endpoint) {
            return new InMemoryEndpoint(endpoint);
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
    }

    /** One EP of {@link InMemoryTransport}: its posted receives, oldest first (the hooks run under the EP's lock). */
    static final class InMemoryEndpoint implements EndpointTransport {
        private final EndpointUpcalls upcalls;
        private final PostedOperation[] receives = new PostedOperation[64];
        private int head;
        private int count;
        private ConnectionUpcalls connection;

        InMemoryEndpoint(final EndpointUpcalls upcalls) {
            this.upcalls = upcalls;
        }

        @Override
        public void connect(final ConnectionUpcalls connection, final InetAddress remoteAddress,
                final long connectionQualifier, final long timeoutNanos, final byte[] privateData,
                final int rdmaReadIn, final int rdmaReadOut) {
            // the kit calls connect under the EP's lock; establish from another thread, as a CM thread would
            final InetSocketAddress self = new InetSocketAddress(InetAddress.getLoopbackAddress(), 1);
            this.connection = connection;
            Thread.ofPlatform().daemon().start(() -> connection.established(null, rdmaReadIn, rdmaReadOut, self, self));
        }

        @Override
        public void accept(final ConnectionUpcalls connection, final RequestTransport request,
                final byte[] privateData, final int rdmaReadIn, final int rdmaReadOut) {
            throw new DatException(StatusType.NOT_IMPLEMENTED, null, "the in-memory transport does not accept");
        }

        @Override
        public void disconnect(final CloseMode mode) {
            // the connection is down at once: drop the receives held, then the upcalls (kit flush, DISCONNECTED)
            // from another thread, with no lock held, as a CM thread makes them
            dropReceives();
            final ConnectionUpcalls c = connection;
            if (c != null) {
                Thread.ofPlatform().daemon().start(() -> {
                    c.flush();
                    c.disconnected();
                });
            }
        }

        private void dropReceives() {
            for (; count > 0; count--) {
                receives[head] = null;
                head = (head + 1) % receives.length;
            }
        }

        @Override
        public void post(final PostedOperation op) {
            if (op.kind() == DtoOperation.RECEIVE) {
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
