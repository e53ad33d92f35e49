package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertPattern;
import static io.dat4j.conformance.Checks.fill;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Capability;
import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The dapltest transaction test ({@code -T T}) with data validation ({@code -V}): {@code -t} threads, each driving
 * {@code -w} connected EP pairs through {@code -i} iterations of send/receive both ways (3 segments each), RDMA write
 * followed by a sync send, and RDMA read; blocking waits or polling ({@code -P}). Errors on any thread fail the test.
 *
 * <p>Sizes: system properties {@code dat.conformance.txn.threads} (default 2), {@code .eps} (2), {@code .iterations}
 * (20).
 *
 * <p>The threads share the two IAs of the test, so every rule needs {@link Capability#THREAD_SAFE}.
 */
public abstract class TransactionConformance extends ConformanceBase {

    private static final int SEGMENT = 1024;
    private static final int SEGMENTS = 3;

    /** For subclasses. */
    protected TransactionConformance() {
    }

    private record Pair(Rig.Connection c, Rig.Buffer clientBuf, Rig.Buffer serverBuf, Rig.Buffer clientRdma,
            Rig.Buffer serverRdma) {
    }

    private List<List<Pair>> setUp(final int threads, final int eps) {
        final List<List<Pair>> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final List<Pair> mine = new ArrayList<>();
            for (int w = 0; w < eps; w++) {
                final Rig.Connection c = rig().connect();
                mine.add(new Pair(c, rig().buffer(c.active(), 2L * SEGMENT * SEGMENTS, MemoryPrivilege.LOCAL),
                        rig().buffer(c.passive(), 2L * SEGMENT * SEGMENTS, MemoryPrivilege.LOCAL),
                        rig().buffer(c.active(), 4L * SEGMENT, MemoryPrivilege.ALL),
                        rig().buffer(c.passive(), 4L * SEGMENT, MemoryPrivilege.ALL)));
            }
            all.add(mine);
        }
        return all;
    }

    private static DtoCompletionEvent next(final EventDispatcher evd, final boolean poll, final String what) {
        if (!poll) {
            return Rig.awaitDto(evd, what);
        }
        final long deadline = System.nanoTime() + ConformanceTimeouts.event().toNanos();
        while (System.nanoTime() < deadline) {
            final Event e = evd.poll();
            if (e != null) {
                return assertInstanceOf(DtoCompletionEvent.class, e, what);
            }
            Thread.onSpinWait();
        }
        return fail("polling: no " + what + " within " + ConformanceTimeouts.event().toMillis() + " ms");
    }

    private static void ok(final DtoCompletionEvent d, final DtoOperation op, final long cookie) {
        assertEquals(DtoStatus.SUCCESS, d.status(), op + " status");
        assertEquals(op, d.operation(), "operation");
        assertEquals(cookie, d.cookie(), "cookie");
    }

    private static List<LocalMemoryTriplet> segments(final Rig.Buffer b, final long base) {
        final List<LocalMemoryTriplet> l = new ArrayList<>();
        for (int s = 0; s < SEGMENTS; s++) {
            l.add(b.triplet(base + (long) s * SEGMENT, SEGMENT));
        }
        return l;
    }

    private static void sendRecv(final Rig.Side from, final Rig.Buffer fromBuf, final Rig.Side to,
            final Rig.Buffer toBuf, final int seed, final boolean poll) {
        final long half = (long) SEGMENT * SEGMENTS;
        fill(fromBuf.segment().asSlice(0, half), seed);
        to.ep().postRecv(segments(toBuf, half), seed, CompletionFlag.DEFAULT);
        from.ep().postSend(segments(fromBuf, 0), seed, CompletionFlag.DEFAULT);
        ok(next(from.requestEvd(), poll, "send completion"), DtoOperation.SEND, seed);
        final DtoCompletionEvent r = next(to.recvEvd(), poll, "receive completion");
        ok(r, DtoOperation.RECEIVE, seed);
        assertEquals(half, r.transferredLength(), "received length");
        assertPattern("transaction data", toBuf.segment().asSlice(half, half), seed);
    }

    private static void iteration(final Pair p, final int seed, final boolean poll, final boolean rdma) {
        final Rig.Side cl = p.c().active();
        final Rig.Side sv = p.c().passive();
        sendRecv(cl, p.clientBuf(), sv, p.serverBuf(), seed, poll);
        sendRecv(sv, p.serverBuf(), cl, p.clientBuf(), seed + 1, poll);
        if (!rdma) {
            return;
        }
        fill(p.clientRdma().segment().asSlice(0, 2L * SEGMENT), seed + 2);
        cl.ep().postRdmaWrite(List.of(p.clientRdma().triplet(0, 2L * SEGMENT)), seed + 2,
                p.serverRdma().remote(0, 2L * SEGMENT), CompletionFlag.DEFAULT);
        ok(next(cl.requestEvd(), poll, "RDMA write completion"), DtoOperation.RDMA_WRITE, seed + 2);
        sendRecv(cl, p.clientBuf(), sv, p.serverBuf(), seed + 3, poll);
        assertPattern("RDMA-written data after the sync send", p.serverRdma().segment().asSlice(0, 2L * SEGMENT),
                seed + 2);
        fill(p.serverRdma().segment().asSlice(2L * SEGMENT, 2L * SEGMENT), seed + 4);
        cl.ep().postRdmaRead(List.of(p.clientRdma().triplet(2L * SEGMENT, 2L * SEGMENT)), seed + 4,
                p.serverRdma().remote(2L * SEGMENT, 2L * SEGMENT), CompletionFlag.DEFAULT);
        ok(next(cl.requestEvd(), poll, "RDMA read completion"), DtoOperation.RDMA_READ, seed + 4);
        assertPattern("RDMA-read data", p.clientRdma().segment().asSlice(2L * SEGMENT, 2L * SEGMENT), seed + 4);
    }

    private void run(final boolean poll, final boolean rdma, final int threads, final int eps) throws Exception {
        final int iterations = Integer.getInteger("dat.conformance.txn.iterations", 20);
        final List<List<Pair>> work = setUp(threads, eps);
        if (rdma) {
            assumeTrue(work.get(0).get(0).c().active().ep().query().attributes().maxRdmaReadOut() > 0,
                    "max_rdma_read_out is 0");
        }
        final ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
        final List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final List<Pair> mine = work.get(t);
            final int base = (t + 1) * 100_000;
            final Thread th = new Thread(() -> {
                try {
                    for (int i = 0; i < iterations; i++) {
                        for (int w = 0; w < mine.size(); w++) {
                            iteration(mine.get(w), base + i * 100 + w * 10, poll, rdma);
                        }
                    }
                } catch (final Throwable e) {
                    errors.add(e);
                }
            }, "dat-conformance-txn-" + t);
            th.setDaemon(true);
            running.add(th);
            th.start();
        }
        for (final Thread th : running) {
            th.join();
        }
        if (!errors.isEmpty()) {
            final AssertionError e = new AssertionError(errors.size() + " transaction thread(s) failed: "
                    + errors.peek());
            errors.forEach(e::addSuppressed);
            throw e;
        }
    }

    private static int threads() {
        return Integer.getInteger("dat.conformance.txn.threads", 2);
    }

    private static int eps() {
        return Integer.getInteger("dat.conformance.txn.eps", 2);
    }

    @Rule(id = "TXN-SR", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE, timeoutSeconds = 120,
            text = "dapltest -T T -V with SR both ways: several threads and EPs exchange 3-segment messages with "
                    + "blocking waits; every byte and completion is validated")
    void sendReceiveTransactions() throws Exception {
        run(false, false, threads(), eps());
    }

    @Rule(id = "TXN-POLL", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE, timeoutSeconds = 120,
            text = "dapltest -T T -V -P: the same transactions reaped by polling (dat_evd_dequeue) instead of waits")
    void pollingTransactions() throws Exception {
        run(true, false, threads(), eps());
    }

    @Rule(id = "TXN-RDMA", level = Level.CAPABILITY, timeoutSeconds = 120,
            requires = {Capability.RDMA_WRITE, Capability.RDMA_READ, Capability.THREAD_SAFE},
            text = "dapltest -T T -V with SR, RW and RR: RDMA writes made visible by a following send, and RDMA reads, "
                    + "validated on several threads and EPs")
    void rdmaTransactions() throws Exception {
        run(false, true, threads(), eps());
    }

    @Rule(id = "TXN-MANY", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE, timeoutSeconds = 180,
            text = "dapltest -T T -t 4 -w 4: sixteen connections on four threads, validated send/receive")
    void manyConnections() throws Exception {
        run(false, false, 4, 4);
    }
}
