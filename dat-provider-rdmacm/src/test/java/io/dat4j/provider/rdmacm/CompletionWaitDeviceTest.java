package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AdapterOptions;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RegistryEntry;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The wait path of a DTO EVD on a real device: a waiter reads its CQ's own completion channel
 * ({@link CompletionQueue#progress}), and, with {@code dat4j.rdmacm.waiterReadsChannel=false}, parks for the IA's CQ
 * thread. Each blocking wait is released by its message, by its timeout, by an interrupt, by
 * {@code dat_evd_set_unwaitable} and by {@code dat_evd_free}; the channels and eventfds are closed with their EVDs.
 * Skipped, with the reason, where there is no device.
 */
@DisplayName("rdmacm EVD wait on the CQ's own completion channel (driven by the waiter, or by the CQ thread)")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class CompletionWaitDeviceTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    /** Long enough for a waiter to block in poll(2) on a TCG guest. */
    private static final long SETTLE_MS = 300;
    private static InetAddress ip;
    private static RegistryEntry entry;

    private InterfaceAdapter ia;
    private RdmaCmTransport transport;
    private final Arena arena = Arena.ofShared();

    @BeforeAll
    static void requireDevice() throws Exception {
        final GuestDevice device = GuestDevice.require();
        ip = device.ip();
        entry = device.entry();
    }

    private void open(final boolean waiterReadsChannel) {
        final AdapterOptions options = AdapterOptions.builder().asyncEventQueueLength(16)
                .set(RdmaCmConfig.WAITER_READS_CHANNEL, Boolean.toString(waiterReadsChannel)).build();
        ia = new RdmaCmProvider().open(entry, options, t -> transport = t);
    }

    @AfterEach
    void close() {
        if (ia != null) {
            ia.close();
        }
        arena.close();
        GuestDevice.assertNoProviderThreads();
    }

    /** One side of a connection: PZ, a receive EVD and a request EVD (one CQ each), connect EVD, EP, LMR. */
    private final class Side {
        final ProtectionZone pz = ia.createProtectionZone();
        final EventDispatcher recv = ia.createEventDispatcher(16, null, Set.of(EventStream.DTO));
        final EventDispatcher req = ia.createEventDispatcher(16, null, Set.of(EventStream.DTO));
        final EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
        final Endpoint ep = ia.createEndpoint(pz, recv, req, conn, null);
        final MemorySegment buffer = arena.allocate(4096, 4096);
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, buffer, MemoryPrivilege.ALL);
    }

    private Side[] connected() {
        final Side server = new Side();
        final Side client = new Side();
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        client.ep.connect(ip, psp.connectionQualifier(), WAIT, null);
        final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT));
        cr.request().accept(server.ep, null);
        client.conn.await(WAIT);
        server.conn.await(WAIT);
        psp.close();
        return new Side[] {server, client};
    }

    private long driven() {
        return transport.completionQueues().stream().mapToLong(CompletionQueue::drivenEvents).sum();
    }

    private long signalled() {
        return transport.completionQueues().stream().mapToLong(CompletionQueue::threadEvents).sum();
    }

    @ParameterizedTest(name = "waiterReadsChannel={0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("ping-pong of 100 messages between two waiting threads: each blocking wait is woken by its channel's"
            + " event, taken by the waiter itself (true) or by the CQ thread, which signals it (false)")
    void shouldWakeEachWaiterByItsChannel(final boolean waiterReadsChannel) throws Exception {
        open(waiterReadsChannel);
        final Side[] s = connected();
        final Side server = s[0];
        final Side client = s[1];
        final int rounds = 100;
        server.ep.postRecv(server.lmr.triplet(0, 64), 0);
        client.ep.postRecv(client.lmr.triplet(0, 64), 0);
        final CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < rounds; i++) {
                final DtoCompletionEvent got = assertInstanceOf(DtoCompletionEvent.class, server.recv.await(WAIT));
                assertEquals(DtoStatus.SUCCESS, got.status());
                server.ep.postRecv(server.lmr.triplet(0, 64), i + 1);
                server.ep.postSend(server.lmr.triplet(64, 8), i);
                assertEquals(DtoOperation.SEND, assertInstanceOf(DtoCompletionEvent.class, server.req.await(WAIT))
                        .operation());
            }
        }, r -> Thread.ofPlatform().name("echo").start(r));
        for (int i = 0; i < rounds; i++) {
            client.ep.postSend(client.lmr.triplet(64, 8), i);
            assertEquals(DtoStatus.SUCCESS, assertInstanceOf(DtoCompletionEvent.class, client.req.await(WAIT))
                    .status());
            final DtoCompletionEvent got = assertInstanceOf(DtoCompletionEvent.class, client.recv.await(WAIT));
            assertEquals(DtoStatus.SUCCESS, got.status());
            assertEquals(i, got.cookie());
            client.ep.postRecv(client.lmr.triplet(0, 64), i + 1);
        }
        echo.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        // one wait that surely blocks: the message is sent after the waiter sat in its wait for a while
        final CompletableFuture<Event> late = CompletableFuture.supplyAsync(() -> server.recv.await(WAIT),
                r -> Thread.ofPlatform().name("late").start(r));
        Thread.sleep(SETTLE_MS);
        client.ep.postSend(client.lmr.triplet(64, 8), 999);
        assertEquals(DtoStatus.SUCCESS, assertInstanceOf(DtoCompletionEvent.class,
                late.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).status());
        if (waiterReadsChannel) {
            assertTrue(driven() >= 1, "no waiter took an event of its channel");
            assertEquals(0, signalled(), "events the CQ thread took from channels that waiters drive");
        } else {
            assertEquals(0, driven(), "a waiter read its channel with waiterReadsChannel=false");
            assertTrue(signalled() >= 1, "the CQ thread signalled no parked waiter");
        }
    }

    @ParameterizedTest(name = "waiterReadsChannel={0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("a wait on a DTO EVD with nothing to come ends with TIMEOUT_EXPIRED, INTERRUPTED_CALL on interrupt,"
            + " INVALID_STATE when made unwaitable, and ABORT when the EVD is freed")
    void shouldReleaseABlockedWaiter(final boolean waiterReadsChannel) throws Exception {
        open(waiterReadsChannel);
        final EventDispatcher evd = ia.createEventDispatcher(8, null, Set.of(EventStream.DTO));
        assertEquals(StatusType.TIMEOUT_EXPIRED, assertThrows(DatException.class,
                () -> evd.await(Duration.ofMillis(200))).type());

        final Thread[] waiter = new Thread[1];
        final CompletableFuture<Throwable> interrupted = failureOf(evd, waiter);
        Thread.sleep(SETTLE_MS);
        waiter[0].interrupt();
        assertEquals(StatusType.INTERRUPTED_CALL, assertInstanceOf(DatException.class,
                interrupted.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).type());

        final CompletableFuture<Throwable> unwaitable = failureOf(evd, waiter);
        Thread.sleep(SETTLE_MS);
        evd.setUnwaitable();
        assertEquals(StatusType.INVALID_STATE, assertInstanceOf(DatException.class,
                unwaitable.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).type());
        evd.clearUnwaitable();

        final CompletableFuture<Throwable> freed = failureOf(evd, waiter);
        Thread.sleep(SETTLE_MS);
        evd.close();
        assertEquals(StatusType.ABORT, assertInstanceOf(DatException.class,
                freed.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).type());
    }

    @Test
    @DisplayName("20 DTO EVDs, each waited on and freed (half while a thread waits): their completion channels and"
            + " eventfds are closed (descriptors counted)")
    void shouldCloseEveryChannelAndEventFd() throws Exception {
        open(true);
        final EventDispatcher warm = ia.createEventDispatcher(8, null, Set.of(EventStream.DTO));
        assertThrows(DatException.class, () -> warm.await(Duration.ofMillis(20)));
        warm.close();
        final long before = openDescriptors();
        final Thread[] waiter = new Thread[1];
        for (int i = 0; i < 20; i++) {
            final EventDispatcher evd = ia.createEventDispatcher(8, null, Set.of(EventStream.DTO));
            assertThrows(DatException.class, () -> evd.await(Duration.ofMillis(20)));
            if (i % 2 == 0) {
                final CompletableFuture<Throwable> w = failureOf(evd, waiter);
                Thread.sleep(50);
                evd.close();
                assertEquals(StatusType.ABORT, assertInstanceOf(DatException.class,
                        w.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).type());
            } else {
                evd.close();
            }
        }
        assertEquals(before, openDescriptors(), "descriptors open after 20 DTO EVDs were freed");
    }

    private static CompletableFuture<Throwable> failureOf(final EventDispatcher evd, final Thread[] thread) {
        final CompletableFuture<Throwable> f = new CompletableFuture<>();
        thread[0] = Thread.ofPlatform().name("waiter").start(() -> {
            try {
                evd.await(EventDispatcher.INFINITE);
                f.complete(new AssertionError("the wait returned an event"));
            } catch (final Throwable t) {
                f.complete(t);
            }
        });
        return f;
    }

    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
