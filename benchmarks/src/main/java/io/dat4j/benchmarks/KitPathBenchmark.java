package io.dat4j.benchmarks;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.kit.testing.InMemoryTransport;
import java.lang.foreign.Arena;
import java.net.InetAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
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
 * under it. The transport is the kit's test fixture {@link InMemoryTransport} (the dat-provider-kit test-jar): it
 * completes a send inside its post hook and, as if the peer's message had arrived at once, the oldest receive posted
 * on the same EP, so one EP is its own peer. Run with the GC
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
            ia = InMemoryTransport.open("kit-bench0");
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
}
