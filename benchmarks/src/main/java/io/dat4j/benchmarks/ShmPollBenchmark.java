package io.dat4j.benchmarks;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventSlot;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The polling path of the shared-memory provider ({@code shm0}) in one JVM: the cost of an empty poll of a connected,
 * quiet EP's EVD ({@code dat_evd_dequeue} into a slot, and the handler drain), and a ping-pong with both sides busy
 * polling on threads of their own, as {@code dat perf lat --poll} runs it between two processes (this thread posts
 * and polls the client side; an echo thread polls the server side and answers each message). Both allocate nothing
 * per operation (run with {@code -prof gc}):
 *
 * <pre>
 * scripts/bench-jmh.sh jmh ShmPollBenchmark -prof gc
 * </pre>
 * The ping-pong needs two free CPUs; on a loaded host its figures are only comparable with another build's in the
 * same minutes. CI compiles these and never runs them.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
public class ShmPollBenchmark {

    /** A handler that keeps the last DTO completion's fields; one per thread. */
    static final class Taken implements EventHandler {
        long cookie;
        DtoStatus status;
        long length;

        @Override
        public void onDtoCompletion(final Endpoint endpoint, final long c, final DtoStatus s, final long n,
                final DtoOperation operation, final int rmrContext) {
            cookie = c;
            status = s;
            length = n;
        }

        @Override
        public void onEvent(final Event event) {
            throw new IllegalStateException("unexpected " + event);
        }

        /**
         * Busy-polls {@code evd} until one completion is taken; {@return its cookie}
         *
         * @param evd the EVD
         * @param echo the echo side whose failure ends the wait, or null
         */
        long take(final EventDispatcher evd, final Echo echo) {
            for (int i = 1; evd.poll(this, 1) == 0; i++) {
                if ((i & 0xfffff) == 0 && echo != null && echo.failure != null) {
                    throw new IllegalStateException("the echo thread failed", echo.failure);
                }
                Thread.onSpinWait();
            }
            if (status != DtoStatus.SUCCESS) {
                throw new IllegalStateException("completion " + cookie + ": " + status);
            }
            return cookie;
        }
    }

    /** A connected pair that nobody sends on. */
    @State(Scope.Thread)
    public static class Quiet {
        LoopbackRig rig;
        final EventSlot slot = new EventSlot();
        final Taken taken = new Taken();

        /** Connects the pair. */
        @Setup(Level.Trial)
        public void open() {
            rig = new LoopbackRig("shm0", 1, 64, 8, 8);
        }

        /** Closes both IAs. */
        @TearDown(Level.Trial)
        public void close() {
            rig.close();
        }
    }

    /** A connected pair whose server side an echo thread busy-polls. */
    @State(Scope.Benchmark)
    public static class Echo {
        @Param({"8", "4096"})
        int size;
        LoopbackRig rig;
        private Thread echo;
        private volatile boolean stop;
        private volatile Throwable failure;

        /** Connects the pair and starts the echo thread. */
        @Setup(Level.Trial)
        public void open() {
            rig = new LoopbackRig("shm0", 1, size, 8, 8);
            echo = Thread.ofPlatform().name("shm-echo").start(this::serve);
        }

        private void serve() {
            final Taken recv = new Taken();
            final Taken sent = new Taken();
            final LoopbackRig.Side s = rig.server;
            final Endpoint ep = s.eps[0];
            long outstanding = 0;
            try {
                while (!stop) {
                    if (s.recvEvd.poll(recv, 1) == 0) {
                        if (outstanding > 0 && s.requestEvd.poll(sent, 1) > 0) {
                            outstanding--;
                        }
                        Thread.onSpinWait();
                        continue;
                    }
                    if (recv.status != DtoStatus.SUCCESS || recv.length != size) {
                        throw new IllegalStateException("echo side received " + recv.status + ", " + recv.length);
                    }
                    ep.postRecv(s.segment, 0, CompletionFlag.DEFAULT);
                    while (outstanding >= 4) { // keep the request queue (8 deep) from filling
                        sent.take(s.requestEvd, null);
                        outstanding--;
                    }
                    ep.postSend(s.segment, 0, CompletionFlag.DEFAULT);
                    outstanding++;
                }
            } catch (final RuntimeException e) {
                if (!stop) {
                    failure = e;
                }
            }
        }

        /** Stops the echo thread and closes both IAs. */
        @TearDown(Level.Trial)
        public void close() throws InterruptedException {
            stop = true;
            echo.join(10_000);
            rig.close();
            if (failure != null) {
                throw new IllegalStateException("the echo thread failed", failure);
            }
        }
    }

    /**
     * An empty {@code dat_evd_dequeue} of a connected EP's receive EVD: the cost a busy-polling consumer pays per look.
     *
     * @param q the pair
     * @return whether an event was taken (never)
     */
    @Benchmark
    public boolean emptyDequeue(final Quiet q) {
        return q.rig.client.recvEvd.dequeue(q.slot);
    }

    /**
     * An empty {@code EventDispatcher.poll(handler, 1)} of the same EVD.
     *
     * @param q the pair
     * @return the events taken (none)
     */
    @Benchmark
    public int emptyPollHandler(final Quiet q) {
        return q.rig.client.recvEvd.poll(q.taken, 1);
    }

    /** This thread's handlers. */
    @State(Scope.Thread)
    public static class Client {
        final Taken recv = new Taken();
        final Taken sent = new Taken();
    }

    /**
     * One round trip with both sides busy polling: post a send, poll for the echo, post the receive again, poll for
     * the send's completion.
     *
     * @param e the pair and its echo thread
     * @param c this thread's handlers
     * @return the echo's cookie
     */
    @Benchmark
    public long pingPong(final Echo e, final Client c) {
        final LoopbackRig.Side s = e.rig.client;
        final Endpoint ep = s.eps[0];
        ep.postSend(s.segment, 1, CompletionFlag.DEFAULT);
        final long r = c.recv.take(s.recvEvd, e);
        ep.postRecv(s.segment, 0, CompletionFlag.DEFAULT);
        c.sent.take(s.requestEvd, e);
        return r;
    }

    /** A connected pair both of whose sides this thread drives, with a handler per EVD. */
    @State(Scope.Thread)
    public static class Both {
        @Param({"8"})
        int size;
        LoopbackRig rig;
        final Taken clientRecv = new Taken();
        final Taken clientSent = new Taken();
        final Taken serverRecv = new Taken();
        final Taken serverSent = new Taken();

        /** Connects the pair. */
        @Setup(Level.Trial)
        public void open() {
            rig = new LoopbackRig("shm0", 1, size, 8, 8);
        }

        /** Closes both IAs. */
        @TearDown(Level.Trial)
        public void close() {
            rig.close();
        }
    }

    /**
     * One round trip of {@code dat perf lat --poll} with both sides on this thread: the client posts a send, the
     * server's poll finds it, reposts its receive and posts the echo, the client's poll finds that and reposts, and
     * each side takes its send's completion. No cache line moves between CPUs and no side waits for the other, so
     * this is the CPU that the DAT layer and the ring cost per round trip (two messages, both sides), the part of the
     * two-process round trip that is not the transfer.
     *
     * @param b the pair
     * @return the echo's cookie
     */
    @Benchmark
    public long roundTripOneThread(final Both b) {
        final LoopbackRig.Side cs = b.rig.client;
        final LoopbackRig.Side ss = b.rig.server;
        final Endpoint c = cs.eps[0];
        final Endpoint s = ss.eps[0];
        c.postSend(cs.segment, 1, CompletionFlag.DEFAULT);
        b.serverRecv.take(ss.recvEvd, null);
        s.postRecv(ss.segment, 0, CompletionFlag.DEFAULT);
        s.postSend(ss.segment, 2, CompletionFlag.DEFAULT);
        final long r = b.clientRecv.take(cs.recvEvd, null);
        c.postRecv(cs.segment, 0, CompletionFlag.DEFAULT);
        b.clientSent.take(cs.requestEvd, null);
        b.serverSent.take(ss.requestEvd, null);
        return r;
    }
}
