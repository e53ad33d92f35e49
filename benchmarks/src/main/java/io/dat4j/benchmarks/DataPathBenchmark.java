package io.dat4j.benchmarks;

import io.dat4j.Dat;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH benchmarks of the data path: the kit's EVD ({@code dat_evd_post_se} + {@code dat_evd_dequeue}) and a
 * send/receive over the TCP provider on loopback ({@code tcp-lo}) and over shared memory ({@code shm0}) in one JVM. Run
 * with the GC profiler to see bytes per operation:
 *
 * <pre>
 * java -cp "$(cat target/bench-classpath):target/classes" org.openjdk.jmh.Main DataPathBenchmark -prof gc
 * </pre>
 * CI compiles these and never runs them.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
public class DataPathBenchmark {

    /** An IA and one EVD for the software-event benchmark. */
    @State(Scope.Thread)
    public static class EvdState {
        InterfaceAdapter ia;
        EventDispatcher evd;
        final Object payload = new Object();
        final EventSlot slot = new EventSlot();
        /** The last payload a drain handed over. */
        Object last;
        /** A Java-style handler: takes software events by payload, no record. */
        final io.dat4j.EventHandler handler = new io.dat4j.EventHandler() {
            @Override
            public void onDtoCompletion(final io.dat4j.Endpoint endpoint, final long cookie,
                    final io.dat4j.DtoStatus status, final long transferredLength, final io.dat4j.DtoOperation operation,
                    final int rmrContext) {
                last = cookie;
            }

            @Override
            public void onSoftwareEvent(final EventDispatcher dispatcher, final Object payload) {
                last = payload;
            }

            @Override
            public void onEvent(final Event event) {
                last = event;
            }
        };

        /** Opens the IA and the EVD. */
        @Setup(Level.Trial)
        public void open() {
            ia = Dat.openInterfaceAdapter("tcp-lo");
            evd = ia.createEventDispatcher(64, null, Set.of(EventStream.SOFTWARE));
        }

        /** Closes them. */
        @TearDown(Level.Trial)
        public void close() {
            ia.close();
        }
    }

    /** Two connected EPs over tcp-lo or shm0. */
    @State(Scope.Thread)
    public static class PairState {
        @Param({"tcp-lo", "shm0"})
        String ia;
        @Param({"64", "4096"})
        int size;
        @Param({"false", "true"})
        boolean poll;
        LoopbackRig rig;

        /** Connects the pair. */
        @Setup(Level.Trial)
        public void open() {
            rig = new LoopbackRig(ia, 1, size, 8, 8);
        }

        /** Closes both IAs. */
        @TearDown(Level.Trial)
        public void close() {
            rig.close();
        }
    }

    /**
     * {@code dat_evd_post_se} then {@code dat_evd_dequeue} into a caller-owned {@link EventSlot}.
     *
     * @param s the EVD
     * @return the payload
     */
    @Benchmark
    public Object evdPostDequeue(final EvdState s) {
        s.evd.postSoftwareEvent(s.payload);
        s.evd.dequeue(s.slot);
        return s.slot.payload();
    }

    /**
     * Eight {@code dat_evd_post_se}, then the eight events taken one by one into a caller-owned {@link EventSlot}:
     * the C-shaped batch, the baseline of {@link #evdPostDrainHandler}.
     *
     * @param s the EVD
     * @return the last payload
     */
    @Benchmark
    @OperationsPerInvocation(8)
    public Object evdPostDequeueBatch(final EvdState s) {
        for (int i = 0; i < 8; i++) {
            s.evd.postSoftwareEvent(s.payload);
        }
        for (int i = 0; i < 8; i++) {
            s.evd.dequeue(s.slot);
        }
        return s.slot.payload();
    }

    /**
     * Eight {@code dat_evd_post_se}, then one {@code EventDispatcher.poll(handler, 8)}: the Java-style drain.
     *
     * @param s the EVD
     * @return the last payload
     */
    @Benchmark
    @OperationsPerInvocation(8)
    public Object evdPostDrainHandler(final EvdState s) {
        for (int i = 0; i < 8; i++) {
            s.evd.postSoftwareEvent(s.payload);
        }
        s.evd.poll(s.handler, 8);
        return s.last;
    }

    /**
     * {@code dat_evd_post_se} then the record form of {@code dat_evd_dequeue} (one {@link Event} record per call).
     *
     * @param s the EVD
     * @return the event
     */
    @Benchmark
    public Event evdPostDequeueRecord(final EvdState s) {
        s.evd.postSoftwareEvent(s.payload);
        return s.evd.dequeue();
    }

    /**
     * {@code dat_ep_post_send}, the peer's receive completion, {@code dat_ep_post_recv} again, and the send's
     * completion (after the peer's ACK), all reaped by this thread.
     *
     * @param s the pair
     */
    @Benchmark
    public void sendRecv(final PairState s) {
        s.rig.sendOnce(0, s.poll);
    }

    /**
     * A full ping-pong: send, echo, both receives reposted, both send completions reaped.
     *
     * @param s the pair
     */
    @Benchmark
    public void pingPong(final PairState s) {
        s.rig.pingPong(0, s.poll);
    }
}
