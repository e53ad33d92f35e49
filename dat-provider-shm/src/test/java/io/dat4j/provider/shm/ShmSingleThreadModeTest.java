package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.AdapterOptions;
import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.RegistryEntry;
import io.dat4j.kit.KitSettings;
import io.dat4j.provider.shm.sys.Descriptors;
import io.dat4j.testsupport.AdapterPair;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit's single-thread mode ({@value KitSettings#SINGLE_THREAD}{@code =true}, {@link io.dat4j.kit.ConsumerGate}) on
 * shm: the IA says it is not thread safe; one thread drives both ends of connections between two such IAs, polling
 * (it holds both gates between calls); connection work that arrives while the consumer holds the gate waits for its
 * next call and is then seen exactly once; the IA's close while the consumer holds the gate returns and leaves nothing;
 * a wait on a plain IA gives back the gate of a single-thread one the same thread drives; the consumer may move
 * between threads. (TCP's refusal of the setting: {@code TcpSingleThreadModeTest} in dat-provider-tcp.)
 *
 * <p>Every wait is bounded (a liveness bound, not a timing figure).
 */
@Timeout(60)
class ShmSingleThreadModeTest {

    private static final String SINGLE = KitSettings.SINGLE_THREAD + "=true";
    /** Bound on any one wait for an event or a thread. */
    private static final long BOUND_NANOS = TimeUnit.SECONDS.toNanos(20);

    @TempDir
    Path tmp;

    private String params(final String more) {
        return "dat4j.shm.dir=" + tmp.resolve("r") + (more.isEmpty() ? "" : " " + more);
    }

    private static InterfaceAdapter open(final String name, final String params, final AdapterOptions options) {
        return new ShmProvider().open(new RegistryEntry(name, "u2.0", true, false, ShmProvider.LIBRARY, "dat4j.2.0",
                params, ""), options);
    }

    /** Two IAs, opened in the test with the settings it wants ({@link AdapterPair}). */
    private static final class Pair extends AdapterPair {
        /** The test closed the server IA itself. */
        volatile boolean serverClosed;

        Pair(final InterfaceAdapter server, final InterfaceAdapter client) {
            super(server, client);
        }

        @Override
        public void close() {
            try {
                client.close();
            } finally {
                try {
                    if (!serverClosed) {
                        server.close();
                    }
                } finally {
                    arena.close();
                }
            }
        }
    }

    // (a)

    @Test
    void singleThreadIaIsNotThreadSafeAndAPlainOneIs() {
        try (InterfaceAdapter plain = open("shm0", params(""), AdapterOptions.DEFAULTS)) {
            assertTrue(plain.supports(Capability.THREAD_SAFE), "a plain shm0 IA is thread safe");
        }
        try (InterfaceAdapter byOption = open("shm0", params(""),
                AdapterOptions.builder().set(KitSettings.SINGLE_THREAD, "true").build())) {
            assertFalse(byOption.supports(Capability.THREAD_SAFE), "opened with the option " + SINGLE);
            assertTrue(byOption.supports(Capability.RDMA_WRITE), "the other capabilities stay");
        }
        try (InterfaceAdapter byParams = open("shm0", params(SINGLE), AdapterOptions.DEFAULTS)) {
            assertFalse(byParams.supports(Capability.THREAD_SAFE), "opened with the ia_params token " + SINGLE);
        }
        try (InterfaceAdapter off = open("shm0", params(KitSettings.SINGLE_THREAD + "=false"),
                AdapterOptions.DEFAULTS)) {
            assertTrue(off.supports(Capability.THREAD_SAFE), SINGLE + " set to false");
        }
    }

    // (b)

    /**
     * The single thread's event loop over both sides: a wait for an event on one EVD polls every EVD it drives,
     * keeping what the others yield for later (both sides' connections progress while one side is awaited).
     */
    private static final class Loop {
        private final List<EventDispatcher> evds;
        private final Map<EventDispatcher, ArrayDeque<Event>> pending = new HashMap<>();

        Loop(final EventDispatcher... evds) {
            this.evds = List.of(evds);
            for (final EventDispatcher e : evds) {
                pending.put(e, new ArrayDeque<>());
            }
        }

        /**
         * {@return the oldest DTO completion of {@code op} on {@code evd}}, which must be a success with that cookie
         * (completions of other operations on it may come before or after: a SEND's completion and a receive race)
         */
        DtoCompletionEvent dto(final EventDispatcher evd, final DtoOperation op, final long cookie,
                final String what) {
            final long deadline = System.nanoTime() + BOUND_NANOS;
            while (true) {
                for (final Iterator<Event> it = pending.get(evd).iterator(); it.hasNext();) {
                    final Event e = it.next();
                    if (e instanceof DtoCompletionEvent d && d.operation() == op) {
                        it.remove();
                        assertEquals(DtoStatus.SUCCESS, d.status(), what);
                        assertEquals(cookie, d.cookie(), what);
                        return d;
                    }
                }
                for (final EventDispatcher e : evds) {
                    final Event got = e.poll();
                    if (got != null) {
                        assertInstanceOf(DtoCompletionEvent.class, got, what);
                        pending.get(e).add(got);
                    }
                }
                if (System.nanoTime() - deadline > 0) {
                    fail(what + ": no event within " + TimeUnit.NANOSECONDS.toSeconds(BOUND_NANOS) + " s");
                }
            }
        }

        void assertDrained() {
            for (final EventDispatcher e : evds) {
                assertTrue(pending.get(e).isEmpty(), () -> "events left: " + pending.get(e));
                assertEquals(null, e.poll(), "an event left on " + e);
            }
        }
    }

    @Test
    void oneThreadDrivesBothEndsOfSingleThreadIas() {
        try (Pair f = new Pair(open("st-srv", params(SINGLE), AdapterOptions.DEFAULTS),
                open("st-cli", params(SINGLE), AdapterOptions.DEFAULTS))) {
            assertFalse(f.client.supports(Capability.THREAD_SAFE));
            final Endpoint[] eps = f.connect(); // connect, accept, ESTABLISHED on both sides (waits give the gates)
            final Endpoint ce = eps[0];
            final Endpoint se = eps[1];
            final int size = 64;
            final LocalMemoryRegion cSrc = f.lmr(f.c, size);
            final LocalMemoryRegion cDst = f.lmr(f.c, size);
            final LocalMemoryRegion sBuf = f.lmr(f.s, size);
            final MemorySegment cs = cSrc.segment();
            final MemorySegment cd = cDst.segment();
            final MemorySegment sb = sBuf.segment();
            final Loop loop = new Loop(f.c.evd, f.s.evd);
            se.postRecv(List.of(sBuf.triplet(0, size)), -1, CompletionFlag.DEFAULT);
            ce.postRecv(List.of(cDst.triplet(0, size)), -2, CompletionFlag.DEFAULT);
            final int rounds = 10_000;
            for (int i = 0; i < rounds; i++) {
                final long v = 0x5157_0000_0000L + i;
                cs.set(ValueLayout.JAVA_LONG, 0, v);
                cs.set(ValueLayout.JAVA_LONG, size - 8, ~v);
                ce.postSend(List.of(cSrc.triplet(0, size)), i, CompletionFlag.DEFAULT);
                final DtoCompletionEvent r = loop.dto(f.s.evd, DtoOperation.RECEIVE, i == 0 ? -1 : 2L * i - 1,
                        "round " + i + ": the server's receive");
                assertEquals(size, r.transferredLength());
                assertEquals(v, sb.get(ValueLayout.JAVA_LONG, 0), "round " + i + ": payload at the server");
                assertEquals(~v, sb.get(ValueLayout.JAVA_LONG, size - 8), "round " + i + ": payload's end");
                // echo it back, +1, from the same buffer (its SEND completes before the next receive reuses it)
                sb.set(ValueLayout.JAVA_LONG, 0, v + 1);
                se.postSend(List.of(sBuf.triplet(0, size)), 2L * i, CompletionFlag.DEFAULT);
                loop.dto(f.s.evd, DtoOperation.SEND, 2L * i, "round " + i + ": the server's SEND");
                se.postRecv(List.of(sBuf.triplet(0, size)), 2L * i + 1, CompletionFlag.DEFAULT);
                loop.dto(f.c.evd, DtoOperation.SEND, i, "round " + i + ": the client's SEND");
                final DtoCompletionEvent back = loop.dto(f.c.evd, DtoOperation.RECEIVE,
                        i == 0 ? -2 : 1_000_000L + i - 1, "round " + i + ": the client's receive");
                assertEquals(size, back.transferredLength());
                assertEquals(v + 1, cd.get(ValueLayout.JAVA_LONG, 0), "round " + i + ": echo at the client");
                ce.postRecv(List.of(cDst.triplet(0, size)), 1_000_000L + i, CompletionFlag.DEFAULT);
            }
            // RDMA write: client -> server's buffer
            cs.set(ValueLayout.JAVA_LONG, 0, 0x77AA_55CCL);
            ce.postRdmaWrite(List.of(cSrc.triplet(0, size)), 7, sBuf.remoteTriplet(0, size), CompletionFlag.DEFAULT);
            loop.dto(f.c.evd, DtoOperation.RDMA_WRITE, 7, "the RDMA write");
            assertEquals(0x77AA_55CCL, sb.get(ValueLayout.JAVA_LONG, 0), "RDMA-written data at the server");
            // RDMA read: server's buffer -> client
            sb.set(ValueLayout.JAVA_LONG, 8, 0x1234_5678_9ABCL);
            cd.fill((byte) 0);
            ce.postRdmaRead(List.of(cDst.triplet(0, size)), 8, sBuf.remoteTriplet(0, size), CompletionFlag.DEFAULT);
            loop.dto(f.c.evd, DtoOperation.RDMA_READ, 8, "the RDMA read");
            assertEquals(0x77AA_55CCL, cd.get(ValueLayout.JAVA_LONG, 0), "RDMA-read data at the client");
            assertEquals(0x1234_5678_9ABCL, cd.get(ValueLayout.JAVA_LONG, 8), "RDMA-read data at the client");
            loop.assertDrained();
            // disconnect: graceful from the client; both ends DISCONNECTED, the posted receives flushed
            ce.disconnect(CloseMode.GRACEFUL);
            AdapterPair.expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
            AdapterPair.expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
            final DtoCompletionEvent cf = AdapterPair.dto(f.c.evd);
            assertEquals(DtoStatus.FLUSHED, cf.status(), "the client's receive at the disconnect");
            assertEquals(1_000_000L + rounds - 1, cf.cookie());
            final DtoCompletionEvent sf = AdapterPair.dto(f.s.evd);
            assertEquals(DtoStatus.FLUSHED, sf.status(), "the server's receive at the disconnect");
            assertEquals(2L * rounds - 1, sf.cookie());
        }
    }

    // (c)

    /** {@return true when the thread named {@code name} is parked in {@code ConsumerGate.enterProvider}} */
    private static boolean waitsForTheGate(final String name) {
        for (final Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
            if (t.getKey().getName().equals(name)) {
                for (final StackTraceElement e : t.getValue()) {
                    if (e.getClassName().equals("io.dat4j.kit.ConsumerGate")
                            && e.getMethodName().equals("enterProvider")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    @Test
    void peerDisconnectWhileTheConsumerHoldsTheGateIsSeenAtItsNextPolls() throws Exception {
        connectionEndWaitsForTheConsumer(false);
    }

    @Test
    void peerIaCloseWhileTheConsumerHoldsTheGateIsSeenAtItsNextPolls() throws Exception {
        connectionEndWaitsForTheConsumer(true);
    }

    /**
     * A single-thread client (this thread its consumer) and a plain server IA: the client's last call is an empty
     * poll, so it holds its gate; the server's EP disconnects (or the server IA closes) from another thread. The
     * client's CM thread, which learns of it, then waits for the gate; the client's next polls see the end of the
     * connection and the flushed receives, each exactly once.
     */
    private void connectionEndWaitsForTheConsumer(final boolean closeIa) throws Exception {
        final ExecutorService peer = Executors.newSingleThreadExecutor();
        try (Pair f = new Pair(open("pl-srv", params(""), AdapterOptions.DEFAULTS),
                open("st-cli", params(SINGLE), AdapterOptions.DEFAULTS))) {
            final Endpoint[] eps = f.connect();
            final LocalMemoryRegion buf = f.lmr(f.c, 256);
            final int receives = 3;
            for (int i = 0; i < receives; i++) {
                eps[0].postRecv(List.of(buf.triplet(64L * i, 64)), 100 + i, CompletionFlag.DEFAULT);
            }
            assertEquals(null, f.c.conn.poll(), "nothing on the client's connection EVD yet");
            // the last call, an empty poll: the client's gate stays with this thread
            assertEquals(null, f.c.evd.poll(), "nothing on the client's DTO EVD yet");
            // the peer ends the connection from another thread, while this one holds the client's gate
            peer.submit(() -> {
                if (closeIa) {
                    f.serverClosed = true;
                    f.server.close();
                } else {
                    eps[1].disconnect(CloseMode.ABRUPT);
                }
                return null;
            }).get(20, TimeUnit.SECONDS);
            final String cm = "dat4j-shm-st-cli-cm";
            final long seen = System.nanoTime() + BOUND_NANOS;
            while (!waitsForTheGate(cm)) {
                assertTrue(System.nanoTime() - seen < 0, "the client's CM thread never waited for the gate after the"
                        + " peer ended the connection (did it act while the consumer held the gate?)");
                Thread.sleep(2);
            }
            // the consumer's next polls: the end of the connection and the flushed receives, each once
            EventNumber end = null;
            final Set<Long> flushed = new HashSet<>();
            final long deadline = System.nanoTime() + BOUND_NANOS;
            while (end == null || flushed.size() < receives) {
                assertTrue(System.nanoTime() - deadline < 0, "after the peer's end: connection event " + end
                        + ", flushed " + flushed);
                final Event c = f.c.conn.poll();
                if (c != null) {
                    assertEquals(null, end, "a second connection event: " + c);
                    end = assertInstanceOf(ConnectionEvent.class, c).number();
                }
                final Event d = f.c.evd.poll();
                if (d != null) {
                    final DtoCompletionEvent dto = assertInstanceOf(DtoCompletionEvent.class, d);
                    assertEquals(DtoStatus.FLUSHED, dto.status(), dto.toString());
                    assertTrue(flushed.add(dto.cookie()), "receive " + dto.cookie() + " flushed twice");
                }
            }
            assertTrue(end == EventNumber.CONNECTION_EVENT_DISCONNECTED
                    || end == EventNumber.CONNECTION_EVENT_BROKEN, "the client's connection event: " + end);
            assertEquals(Set.of(100L, 101L, 102L), flushed);
            // nothing more comes (watched for a while, polling: a duplicate would show up here)
            final long watch = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            while (System.nanoTime() - watch < 0) {
                assertEquals(null, f.c.conn.poll(), "a connection event after the end");
                assertEquals(null, f.c.evd.poll(), "a DTO event after the flush");
            }
        } finally {
            peer.shutdownNow();
        }
    }

    // (d)

    @Test
    void iaCloseWhileTheConsumerHoldsTheGateReturnsAndLeavesNothing() throws Exception {
        try (Pair warm = new Pair(open("st-srv", params(SINGLE), AdapterOptions.DEFAULTS),
                open("st-cli", params(SINGLE), AdapterOptions.DEFAULTS))) {
            warm.connect();
        }
        final long fds = Descriptors.openDescriptors();
        final long threads = Fixture.providerThreads();
        for (int round = 0; round < 3; round++) {
            final Pair f = new Pair(open("st-srv", params(SINGLE), AdapterOptions.DEFAULTS),
                    open("st-cli", params(SINGLE), AdapterOptions.DEFAULTS));
            final Endpoint[] eps = f.connect();
            final LocalMemoryRegion a = f.lmr(f.c, 1 << 16);
            final LocalMemoryRegion b = f.lmr(f.s, 1 << 16);
            final Loop loop = new Loop(f.c.evd, f.s.evd);
            eps[1].postRecv(List.of(b.triplet(0, 4096)), 1, CompletionFlag.DEFAULT);
            eps[0].postSend(List.of(a.triplet(0, 4096)), 2, CompletionFlag.DEFAULT);
            loop.dto(f.s.evd, DtoOperation.RECEIVE, 1, "the receive");
            loop.dto(f.c.evd, DtoOperation.SEND, 2, "the SEND");
            // the last calls are posts: both gates held, work outstanding on both sides
            eps[1].postRecv(List.of(b.triplet(0, 4096)), 3, CompletionFlag.DEFAULT);
            eps[0].postRdmaWrite(List.of(a.triplet(0, 1 << 16)), 4, b.remoteTriplet(0, 1 << 16),
                    CompletionFlag.DEFAULT);
            eps[0].postSend(List.of(a.triplet(0, 64)), 5, CompletionFlag.DEFAULT);
            if (round == 1) {
                eps[0].postRecv(List.of(a.triplet(0, 64)), 6, CompletionFlag.DEFAULT);
            }
            final long start = System.nanoTime();
            f.close(); // client first (its gate held by this thread), then the server
            final long took = System.nanoTime() - start;
            assertTrue(took < BOUND_NANOS, "round " + round + ": closing the IAs took "
                    + TimeUnit.NANOSECONDS.toMillis(took) + " ms");
        }
        Fixture.assertProviderReleased(threads, fds, Duration.ofSeconds(10));
    }

    // a wait on another IA

    /**
     * One thread drives a single-thread client and a plain server: it posts more SENDs than the client's ring holds
     * (the rest wait in the client's queue for room), then waits on the server's EVD for all of them. The client's
     * gate is this thread's (its last call was a post); the server's wait must give it back, as a wait on a
     * single-thread IA gives back every gate its thread took, or the client's threads cannot push the rest and the
     * wait stalls.
     */
    @Test
    void aWaitOnAPlainIaGivesBackTheGatesTheThreadHolds() {
        try (Pair f = new Pair(open("pl-srv", params(""), AdapterOptions.DEFAULTS),
                open("st-cli", params(SINGLE), AdapterOptions.DEFAULTS))) {
            final Endpoint[] eps = f.connect();
            final int size = 8 << 10;
            final int sends = 48; // 384 KiB through a 256 KiB ring (the EP queues hold 64)
            final LocalMemoryRegion src = f.lmr(f.c, size);
            final LocalMemoryRegion dst = f.lmr(f.s, (long) size * sends);
            for (int i = 0; i < sends; i++) {
                eps[1].postRecv(List.of(dst.triplet((long) size * i, size)), i, CompletionFlag.DEFAULT);
            }
            for (int i = 0; i < sends; i++) {
                eps[0].postSend(List.of(src.triplet(0, size)), i, CompletionFlag.DEFAULT);
            }
            for (int i = 0; i < sends; i++) {
                final Event e = f.s.evd.await(Duration.ofSeconds(10));
                final DtoCompletionEvent d = assertInstanceOf(DtoCompletionEvent.class, e);
                assertEquals(DtoStatus.SUCCESS, d.status());
                assertEquals(i, d.cookie());
            }
            for (int i = 0; i < sends; i++) {
                final DtoCompletionEvent d = AdapterPair.dto(f.c.evd);
                assertEquals(DtoStatus.SUCCESS, d.status());
                assertEquals(i, d.cookie());
            }
        }
    }

    /**
     * The peer IA closes while the single-thread client's consumer holds its gate, so that the client's CM thread
     * waits for it; then the consumer closes its IA without another call first: the close returns within a bound and
     * leaves nothing.
     */
    @Test
    void iaCloseWhileATransportThreadWaitsForTheGateLeavesNothing() throws Exception {
        try (Pair warm = new Pair(open("pl-srv", params(""), AdapterOptions.DEFAULTS),
                open("st-cli", params(SINGLE), AdapterOptions.DEFAULTS))) {
            warm.connect();
        }
        final long fds = Descriptors.openDescriptors();
        final long threads = Fixture.providerThreads();
        final ExecutorService peer = Executors.newSingleThreadExecutor();
        try {
            final Pair f = new Pair(open("pl-srv", params(""), AdapterOptions.DEFAULTS),
                    open("st-cli", params(SINGLE), AdapterOptions.DEFAULTS));
            final Endpoint[] eps = f.connect();
            final LocalMemoryRegion buf = f.lmr(f.c, 4096);
            eps[0].postRecv(List.of(buf.triplet(0, 4096)), 1, CompletionFlag.DEFAULT);
            eps[0].postSend(List.of(buf.triplet(0, 64)), 2, CompletionFlag.DEFAULT); // the last call: a post
            peer.submit(() -> {
                f.serverClosed = true;
                f.server.close();
                return null;
            }).get(20, TimeUnit.SECONDS);
            final long seen = System.nanoTime() + BOUND_NANOS;
            while (!waitsForTheGate("dat4j-shm-st-cli-cm")) {
                assertTrue(System.nanoTime() - seen < 0, "the client's CM thread never waited for the gate");
                Thread.sleep(2);
            }
            final long start = System.nanoTime();
            f.close();
            final long took = System.nanoTime() - start;
            assertTrue(took < BOUND_NANOS, "closing the client took " + TimeUnit.NANOSECONDS.toMillis(took) + " ms");
        } finally {
            peer.shutdownNow();
        }
        Fixture.assertProviderReleased(threads, fds, Duration.ofSeconds(10));
    }

    /**
     * The consumer moves between threads, with a happens-before between its calls (each step waits for the last):
     * thread A posts, thread B polls for the completions, thread A again: every operation completes once, in order.
     */
    @Test
    void consumerMovesBetweenThreads() throws Exception {
        final ExecutorService a = Executors.newSingleThreadExecutor();
        final ExecutorService b = Executors.newSingleThreadExecutor();
        try (Pair f = new Pair(open("st-srv", params(SINGLE), AdapterOptions.DEFAULTS),
                open("st-cli", params(SINGLE), AdapterOptions.DEFAULTS))) {
            final Endpoint[] eps = f.connect();
            final LocalMemoryRegion src = f.lmr(f.c, 64);
            final LocalMemoryRegion dst = f.lmr(f.s, 64);
            for (int i = 0; i < 200; i++) {
                final int n = i;
                final ExecutorService poster = i % 2 == 0 ? a : b;
                final ExecutorService poller = i % 2 == 0 ? b : a;
                poster.submit(() -> {
                    eps[1].postRecv(List.of(dst.triplet(0, 64)), n, CompletionFlag.DEFAULT);
                    eps[0].postSend(List.of(src.triplet(0, 64)), n, CompletionFlag.DEFAULT);
                }).get(20, TimeUnit.SECONDS);
                poller.submit(() -> {
                    final Loop loop = new Loop(f.c.evd, f.s.evd);
                    loop.dto(f.s.evd, DtoOperation.RECEIVE, n, "receive " + n);
                    loop.dto(f.c.evd, DtoOperation.SEND, n, "SEND " + n);
                    loop.assertDrained();
                }).get(30, TimeUnit.SECONDS);
            }
        } finally {
            a.shutdownNow();
            b.shutdownNow();
        }
    }
}
