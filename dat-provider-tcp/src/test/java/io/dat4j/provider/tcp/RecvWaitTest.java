package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.SoftwareEvent;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A waiting consumer's one blocking {@code recv} on its connection's adopted socket ({@link SocketIo},
 * {@link IoLoop#recvRound}), and the NIO fallback ({@code dat4j.tcp.nativeSockets=false}) under the same tests: a
 * ping-pong keeps its data and order; the timeout holds; another thread's event, an interrupt, the EP's close, a local
 * and a remote disconnect each release a waiter blocked in the call with the documented outcome; threads taking turns
 * on one EVD, and two threads waiting on the two EVDs of one connection, lose and duplicate nothing. With native
 * sockets, each test also checks that the waits went through {@code recv} ({@link IoLoop#recvRounds()}).
 */
@Timeout(120)
class RecvWaitTest {

    /** EPs whose queues hold {@code n} operations each way. */
    private static io.dat4j.EndpointAttributes deep(final int n) {
        return io.dat4j.EndpointAttributes.builder().maxRecvDtos(n).maxRequestDtos(n).build();
    }

    private static Fixture fixture(final boolean nativeSockets) {
        return Fixture.withSettings("127.0.0.1", TcpConfig.NATIVE_SOCKETS, String.valueOf(nativeSockets));
    }

    /** {@return the recv rounds so far} after checking that they moved exactly when they should have */
    private static long checkRecv(final boolean nativeSockets, final long before, final String what) {
        final long now = IoLoop.recvRounds();
        if (nativeSockets && SocketIo.available()) {
            assertNotEquals(before, now, what + " went through a blocking recv");
        }
        return now;
    }

    @Test
    void shouldBeAvailableOnLinuxWithNativeAccess() {
        assertTrue(SocketIo.class.getModule().isNativeAccessEnabled(),
                "the build runs this module's tests with --enable-native-access=io.dat4j.provider.tcp");
        final String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        final String arch = System.getProperty("os.arch", "");
        final boolean expected = os.contains("linux") && (arch.equals("amd64") || arch.equals("aarch64"));
        assertEquals(expected, SocketIo.available(), String.valueOf(SocketIo.unavailability()));
        assertEquals(SocketIo.unavailability(), TcpProvider.nativeSocketsUnavailability());
        for (final boolean on : new boolean[] {true, false}) {
            try (Fixture f = fixture(on)) {
                final String layer = f.client.providerAttributes().providerSpecific().get("sockets");
                if (on && SocketIo.available()) {
                    assertEquals("native", layer);
                } else {
                    assertTrue(layer.startsWith("nio: "), layer);
                }
            }
        }
    }

    @Test
    void shouldFindEachConnectedSocketByItsAddresses() throws Exception {
        Assumptions.assumeTrue(SocketIo.available(), SocketIo.unavailability());
        try (ServerSocketChannel l = ServerSocketChannel.open()) {
            l.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            final SocketChannel a = SocketChannel.open(l.getLocalAddress());
            try (SocketChannel b = l.accept()) {
                final Map<String, Integer> fds = SocketIo.socketsByAddress();
                final Integer fa = fds.get(SocketIo.addressKey(a));
                final Integer fb = fds.get(SocketIo.addressKey(b));
                assertNotNull(fa, "no descriptor for " + SocketIo.addressKey(a) + " in " + fds);
                assertNotNull(fb, "no descriptor for " + SocketIo.addressKey(b) + " in " + fds);
                assertNotEquals(fa, fb);
                assertTrue(Files.readSymbolicLink(Path.of("/proc/self/fd/" + fa)).toString().startsWith("socket:"));
                final String key = SocketIo.addressKey(a);
                a.close();
                assertFalse(SocketIo.socketsByAddress().containsKey(key), "a closed socket is not found");
            }
        }
    }

    @ParameterizedTest(name = "ping-pong keeps data and order, native sockets {0}")
    @ValueSource(booleans = {true, false})
    void shouldEchoEveryMessageInOrder(final boolean nativeSockets) throws Exception {
        final long before = IoLoop.recvRounds();
        try (Fixture f = fixture(nativeSockets)) {
            PingPong.run(f, f.connect(), 2000);
        }
        checkRecv(nativeSockets, before, "the ping-pong");
    }

    /**
     * Messages of 8 B, 16 KiB (the stage's threshold), 20 KiB and 64 KiB, waited for or polled: a wait after a large
     * payload asks for one header and the payload goes straight into the posted receive; a polling consumer reads
     * the socket with one non-blocking recv per round instead of a selection ({@link IoLoop#recvPolls()}). Every byte
     * and the completion order are checked; the sizes alternate within one connection too, so that a small frame
     * follows a large one.
     */
    @ParameterizedTest(name = "ping-pong of {0} B, polling {1}, native sockets {2}")
    @org.junit.jupiter.params.provider.CsvSource({"8, true, true", "8, true, false", "16384, false, true",
        "20480, false, true", "65536, false, true", "65536, false, false", "65536, true, true", "65536, true, false"})
    void shouldEchoLargeAndPolledMessagesInOrder(final int size, final boolean poll, final boolean nativeSockets)
            throws Exception {
        final long waits = IoLoop.recvRounds();
        final long polls = IoLoop.recvPolls();
        try (Fixture f = fixture(nativeSockets)) {
            final Endpoint[] ep = f.connect();
            PingPong.run(f, ep, 300, size, poll);
            PingPong.run(f, ep, 50, 8, poll);
            PingPong.run(f, ep, 50, size, poll);
        }
        if (poll) {
            final long now = IoLoop.recvPolls();
            if (nativeSockets && SocketIo.available()) {
                assertNotEquals(polls, now, "polling read the socket with recv");
            }
        } else {
            checkRecv(nativeSockets, waits, "the ping-pong");
        }
    }

    @ParameterizedTest(name = "timeout, another thread's event and an interrupt, native sockets {0}")
    @ValueSource(booleans = {true, false})
    void shouldKeepTheTimeoutAndBeReleasedByAnEventAndAnInterrupt(final boolean nativeSockets) throws Exception {
        try (Fixture f = fixture(nativeSockets)) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion cBuf = f.lmr(f.c, 16);
            ep[0].postRecv(cBuf.triplet(0, 8), 7);
            long before = IoLoop.recvRounds();
            final long t0 = System.nanoTime();
            final DatException timeout = assertThrows(DatException.class,
                    () -> f.c.evd.await(Duration.ofMillis(300)));
            assertEquals(StatusType.TIMEOUT_EXPIRED, timeout.type());
            assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(300), "not before the timeout");
            before = checkRecv(nativeSockets, before, "the timed wait");
            for (int i = 0; i < 20; i++) {
                final String payload = "wake " + i;
                final CompletableFuture<Event> waiter = CompletableFuture.supplyAsync(
                        () -> f.c.evd.await(Duration.ofMinutes(1)));
                Thread.sleep(i % 2 == 0 ? 1 : 60); // (before and after the waiter is in recv)
                f.c.evd.postSoftwareEvent(payload);
                assertEquals(payload, assertInstanceOf(SoftwareEvent.class, waiter.get(60, TimeUnit.SECONDS))
                        .payload());
            }
            assertInterruptedAfter(f.c.evd, Duration.ofMinutes(1), 100);
            // the connection still works: the posted receive completes
            ep[1].postSend(List.of(), 9, CompletionFlag.DEFAULT);
            final DtoCompletionEvent r = dto(f.c.evd);
            assertEquals(7, r.cookie());
            assertEquals(DtoStatus.SUCCESS, r.status());
        }
    }

    /**
     * The recv of a waiting consumer has no timeout of its own: the loop's I/O thread ends it when the round's time is
     * up (the wait's timeout: 25 ms, just above the shortest wait taken in recv, and longer), and the kit's interrupt
     * release (the source's wakeup) when the waiter is interrupted, also in a wait without a timeout that has lasted
     * well past the drive grace (the I/O thread then parks until the waiter releases the loop, watching nothing). Data
     * that comes late in a long wait is still delivered.
     */
    @Test
    @Timeout(60)
    void shouldEndAnUntimedRecvAtTheWaitsTimeoutAndOnAnInterrupt() throws Exception {
        try (Fixture f = fixture(true)) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion cBuf = f.lmr(f.c, 16);
            ep[0].postRecv(cBuf.triplet(0, 8), 7);
            for (final long ms : new long[] {25, 60, 150}) {
                // (a wait enters recv only if at least RECV_MIN_WAIT_MILLIS of it are left when its round starts: on a
                // loaded machine the first rounds of a 25 ms wait can start later than that, and then select; so
                // each length has a few tries, and at least one of them must have gone through recv)
                final long before = IoLoop.recvRounds();
                for (int attempt = 0; attempt < 5 && IoLoop.recvRounds() == before; attempt++) {
                    final long t0 = System.nanoTime();
                    final DatException timeout = assertThrows(DatException.class,
                            () -> f.c.evd.await(Duration.ofMillis(ms)));
                    assertEquals(StatusType.TIMEOUT_EXPIRED, timeout.type());
                    assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(ms), "not before the timeout");
                }
                checkRecv(true, before, "each of 5 waits of " + ms + " ms");
            }
            final long before = IoLoop.recvRounds();
            assertInterruptedAfter(f.c.evd, io.dat4j.EventDispatcher.INFINITE, 300);
            checkRecv(true, before, "the wait without a timeout");
            final CompletableFuture<Event> late = CompletableFuture.supplyAsync(
                    () -> f.c.evd.await(Duration.ofSeconds(20)));
            Thread.sleep(200);
            ep[1].postSend(List.of(), 9, CompletionFlag.DEFAULT);
            final Event e = late.get(30, TimeUnit.SECONDS);
            assertEquals(7, assertInstanceOf(DtoCompletionEvent.class, e).cookie());
        }
    }

    /**
     * A thread waiting on {@code evd} for up to {@code timeout}, interrupted after {@code ms}, leaves with
     * INTERRUPTED_CALL.
     */
    private static void assertInterruptedAfter(final io.dat4j.EventDispatcher evd, final Duration timeout,
            final long ms) throws InterruptedException {
        final DatException[] caught = new DatException[1];
        final Thread t = new Thread(() -> {
            try {
                evd.await(timeout);
            } catch (final DatException e) {
                caught[0] = e;
            }
        });
        t.start();
        Thread.sleep(ms);
        t.interrupt();
        t.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(t.isAlive(), "an interrupted waiter leaves its wait");
        assertNotNull(caught[0]);
        assertEquals(StatusType.INTERRUPTED_CALL, caught[0].type());
    }

    /** What ends the wait of a consumer blocked in its connection's recv, and what it then gets. */
    enum Release {
        EP_CLOSED, LOCAL_DISCONNECT, PEER_DISCONNECT, PEER_GONE
    }

    @ParameterizedTest(name = "{0} releases a waiter blocked in recv, native sockets true and false")
    @org.junit.jupiter.params.provider.EnumSource(Release.class)
    @Timeout(60)
    void shouldReleaseAWaiterBlockedInRecv(final Release how) throws Exception {
        for (final boolean nativeSockets : new boolean[] {true, false}) {
            try (Fixture f = fixture(nativeSockets)) {
                final Endpoint[] ep = f.connect();
                final LocalMemoryRegion cBuf = f.lmr(f.c, 16);
                ep[0].postRecv(cBuf.triplet(0, 8), 42);
                final CompletableFuture<Event> waiter = CompletableFuture.supplyAsync(
                        () -> f.c.evd.await(Duration.ofMinutes(1)));
                final long before = IoLoop.recvRounds();
                Thread.sleep(200); // (the waiter is in its recv, one call without a timeout)
                assertFalse(waiter.isDone(), "nothing arrived yet");
                switch (how) {
                    case EP_CLOSED -> ep[0].close();
                    case LOCAL_DISCONNECT -> ep[0].disconnect(CloseMode.ABRUPT);
                    case PEER_DISCONNECT -> ep[1].disconnect(CloseMode.GRACEFUL);
                    case PEER_GONE -> f.server.close();
                    default -> throw new IllegalStateException();
                }
                final Event e = waiter.get(30, TimeUnit.SECONDS);
                checkRecv(nativeSockets, before, "the waiter's rounds"); // (a round is counted when its recv returns)
                final DtoCompletionEvent d = assertInstanceOf(DtoCompletionEvent.class, e, how + ": " + e);
                assertEquals(42, d.cookie());
                assertEquals(DtoOperation.RECEIVE, d.operation());
                assertEquals(DtoStatus.FLUSHED, d.status(), how.toString());
                if (how != Release.EP_CLOSED) {
                    final EventNumber end = Fixture.next(f.c.conn).number();
                    assertTrue(end == EventNumber.CONNECTION_EVENT_DISCONNECTED
                            || how == Release.PEER_GONE && end == EventNumber.CONNECTION_EVENT_BROKEN,
                            how + ": " + end);
                }
            }
        }
    }

    @ParameterizedTest(name = "threads taking turns on one EVD lose and duplicate nothing, native sockets {0}")
    @ValueSource(booleans = {true, false})
    void shouldDeliverEachMessageOnceToThreadsTakingTurnsOnOneEvd(final boolean nativeSockets) throws Exception {
        final int n = 400;
        final int threads = 4;
        final long before = IoLoop.recvRounds();
        try (Fixture f = fixture(nativeSockets)) {
            final Endpoint[] ep = f.connect(deep(n), deep(n), null);
            final LocalMemoryRegion cBuf = f.lmr(f.c, 8L * n);
            final LocalMemoryRegion sBuf = f.lmr(f.s, 8L * n);
            for (int i = 0; i < n; i++) {
                ep[0].postRecv(cBuf.triplet(8L * i, 8), i);
            }
            final ConcurrentLinkedQueue<Long> got = new ConcurrentLinkedQueue<>();
            final AtomicInteger busy = new AtomicInteger();
            final Supplier<Integer> taker = () -> {
                int mine = 0;
                while (got.size() < n) {
                    try {
                        final Event e = f.c.evd.await(Duration.ofMillis(50));
                        final DtoCompletionEvent d = assertInstanceOf(DtoCompletionEvent.class, e);
                        assertEquals(DtoStatus.SUCCESS, d.status());
                        got.add(d.cookie());
                        mine++;
                    } catch (final DatException x) {
                        if (x.subtype() == StatusSubtype.INVALID_STATE_EVD_WAITER) {
                            busy.incrementAndGet(); // (one waiter per EVD: another thread waits now)
                            Thread.yield();
                        } else if (x.type() != StatusType.TIMEOUT_EXPIRED) {
                            throw x;
                        }
                    }
                }
                return mine;
            };
            final List<CompletableFuture<Integer>> takers = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final CompletableFuture<Integer> done = new CompletableFuture<>();
                final Thread x = new Thread(() -> {
                    try {
                        done.complete(taker.get());
                    } catch (final Throwable e) {
                        done.completeExceptionally(e);
                    }
                }, "taker-" + t);
                x.setDaemon(true);
                x.start();
                takers.add(done);
            }
            for (int i = 0; i < n; i++) {
                sBuf.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, 5_000_000L + i);
                ep[1].postSend(List.of(sBuf.triplet(8L * i, 8)), i, java.util.Set.of(CompletionFlag.SUPPRESS));
                if (i % 16 == 0) {
                    Thread.sleep(1); // (let the takers block in between)
                }
            }
            int total = 0;
            for (final CompletableFuture<Integer> t : takers) {
                total += t.get(60, TimeUnit.SECONDS);
            }
            assertEquals(n, total, "every receive completed once");
            final boolean[] seen = new boolean[n];
            for (final long c : got) {
                assertFalse(seen[(int) c], "receive " + c + " completed twice");
                seen[(int) c] = true;
                assertEquals(5_000_000L + c, cBuf.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * c),
                        "the payload of message " + c);
            }
        }
        checkRecv(nativeSockets, before, "the takers' waits");
    }

    @ParameterizedTest(name = "two threads on the two EVDs of one connection, native sockets {0}")
    @ValueSource(booleans = {true, false})
    void shouldServeTwoWaitersOnTheTwoEvdsOfOneConnection(final boolean nativeSockets) throws Exception {
        final int n = 500;
        try (Fixture f = fixture(nativeSockets)) {
            final io.dat4j.EventDispatcher reqEvd = f.client.createEventDispatcher(1024, null,
                    java.util.EnumSet.of(io.dat4j.EventStream.DTO));
            f.extra.add(reqEvd);
            final Endpoint ce = f.client.createEndpoint(f.c.pz, f.c.evd, reqEvd, f.c.conn, deep(n));
            final Endpoint se = f.s.ep(deep(n));
            final io.dat4j.PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn,
                    io.dat4j.ServicePointFlag.CONSUMER);
            ce.connect(f.server.address().getAddress(), psp.connectionQualifier(), Fixture.WAIT, new byte[] {1});
            Fixture.request(f.s.conn).accept(se, new byte[] {2});
            Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            Fixture.expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            psp.close();
            final LocalMemoryRegion cBuf = f.lmr(f.c, 8L * n);
            final LocalMemoryRegion sBuf = f.lmr(f.s, 8L * n);
            for (int i = 0; i < n; i++) {
                se.postRecv(sBuf.triplet(8L * i, 8), i);
                ce.postRecv(cBuf.triplet(8L * i, 8), i);
            }
            // the server echoes each message; the client sends from one thread and reaps sends on another, while a
            // third reaps the echoes: two consumers of one connection's loop, on two EVDs
            final CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
                int echoed = 0;
                while (echoed < n) {
                    final DtoCompletionEvent d = dto(f.s.evd);
                    assertEquals(DtoStatus.SUCCESS, d.status());
                    if (d.operation() == DtoOperation.RECEIVE) {
                        se.postSend(List.of(sBuf.triplet(8L * d.cookie(), 8)), d.cookie(),
                                java.util.Set.of(CompletionFlag.SUPPRESS));
                        echoed++;
                    }
                }
            });
            final CompletableFuture<Integer> sends = CompletableFuture.supplyAsync(() -> {
                int k = 0;
                while (k < n) {
                    final DtoCompletionEvent d = assertInstanceOf(DtoCompletionEvent.class, reqEvd.await(Fixture.WAIT));
                    assertEquals(DtoStatus.SUCCESS, d.status());
                    assertEquals(k, d.cookie(), "send completions in order");
                    k++;
                }
                return k;
            });
            final CompletableFuture<Integer> echoes = CompletableFuture.supplyAsync(() -> {
                int k = 0;
                while (k < n) {
                    final DtoCompletionEvent d = dto(f.c.evd);
                    assertEquals(DtoStatus.SUCCESS, d.status());
                    assertEquals(k, d.cookie(), "receive completions in order");
                    assertEquals(7_000_000L + k, cBuf.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * k));
                    k++;
                }
                return k;
            });
            final LocalMemoryRegion out = f.lmr(f.c, 8L * n);
            for (int i = 0; i < n; i++) {
                out.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, 7_000_000L + i);
                ce.postSend(List.of(out.triplet(8L * i, 8)), i, CompletionFlag.DEFAULT);
                if (i % 32 == 0) {
                    Thread.sleep(1);
                }
            }
            assertEquals(n, sends.get(60, TimeUnit.SECONDS));
            assertEquals(n, echoes.get(60, TimeUnit.SECONDS));
            echo.get(60, TimeUnit.SECONDS);
        }
    }
}
