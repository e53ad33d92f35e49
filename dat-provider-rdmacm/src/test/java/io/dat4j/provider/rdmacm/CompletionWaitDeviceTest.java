package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AdapterOptions;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.StatusType;
import java.io.IOException;
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

    private static final Duration WAIT = DeviceFixture.WAIT;
    /** Long enough for a waiter to block in poll(2) on a TCG guest. */
    private static final long SETTLE_MS = 300;
    /** One side: a receive and a request EVD of 16 (one CQ each), the default EP, a 4 KiB LMR. */
    private static final DeviceFixture.Shape SHAPE = new DeviceFixture.Shape(16, 16, null, 4096);
    private static GuestDevice device;

    private DeviceFixture fixture;
    private InterfaceAdapter ia;

    @BeforeAll
    static void requireDevice() throws Exception {
        device = GuestDevice.require();
    }

    private void open(final boolean waiterReadsChannel) {
        fixture = new DeviceFixture(device, AdapterOptions.builder()
                .set(RdmaCmConfig.WAITER_READS_CHANNEL, Boolean.toString(waiterReadsChannel)));
        ia = fixture.ia();
    }

    @AfterEach
    void close() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private long driven() {
        return fixture.transport().completionQueues().stream().mapToLong(CompletionQueue::drivenEvents).sum();
    }

    private long signalled() {
        return fixture.transport().completionQueues().stream().mapToLong(CompletionQueue::threadEvents).sum();
    }

    private long driverPolls() {
        return fixture.transport().completionQueues().stream().mapToLong(CompletionQueue::driverPolls).sum();
    }

    @ParameterizedTest(name = "waiterReadsChannel={0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("ping-pong of 100 messages between two waiting threads: each blocking wait is woken by its channel's"
            + " event, taken by the waiter itself (true) or by the CQ thread, which signals it (false)")
    void shouldWakeEachWaiterByItsChannel(final boolean waiterReadsChannel) throws Exception {
        open(waiterReadsChannel);
        final DeviceFixture.Pair pair = fixture.connected(SHAPE);
        final DeviceFixture.Side server = pair.server();
        final DeviceFixture.Side client = pair.client();
        final int rounds = 100;
        server.ep.postRecv(server.lmr.triplet(0, 64), 0);
        client.ep.postRecv(client.lmr.triplet(0, 64), 0);
        final CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < rounds; i++) {
                final DtoCompletionEvent got = assertInstanceOf(DtoCompletionEvent.class, server.recv.await(WAIT));
                assertEquals(DtoStatus.SUCCESS, got.status());
                server.ep.postRecv(server.lmr.triplet(0, 64), i + 1);
                server.ep.postSend(server.lmr.triplet(64, 8), i);
                assertEquals(DtoOperation.SEND, assertInstanceOf(DtoCompletionEvent.class, server.request.await(WAIT))
                        .operation());
            }
        }, r -> Thread.ofPlatform().name("echo").start(r));
        for (int i = 0; i < rounds; i++) {
            client.ep.postSend(client.lmr.triplet(64, 8), i);
            assertEquals(DtoStatus.SUCCESS, assertInstanceOf(DtoCompletionEvent.class, client.request.await(WAIT))
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
    @DisplayName("an idle INFINITE wait that reads its channel blocks in one poll(2) until an interrupt releases it"
            + " (no timed rounds that wake it for nothing)")
    void shouldBlockInOnePollUntilReleased() throws Exception {
        open(true);
        final EventDispatcher evd = ia.createEventDispatcher(8, null, Set.of(EventStream.DTO));
        final Thread[] waiter = new Thread[1];
        final CompletableFuture<Throwable> interrupted = failureOf(evd, waiter);
        final long end = System.nanoTime() + WAIT.toNanos();
        while (driverPolls() == 0 && System.nanoTime() < end && !interrupted.isDone()) {
            Thread.sleep(10);
        }
        assertEquals(1, driverPolls(), "the waiter did not block in poll(2) on its channel");
        // a round bounded at some slice would call poll(2) again within this time, even on a slow guest
        Thread.sleep(4 * SETTLE_MS);
        assertEquals(1, driverPolls(), "poll(2) calls of a wait with nothing to come");
        waiter[0].interrupt();
        assertEquals(StatusType.INTERRUPTED_CALL, assertInstanceOf(DatException.class,
                interrupted.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).type());
        assertEquals(1, driverPolls(), "poll(2) calls of the wait, released by its interrupt");
        // and a wait with a timeout blocks for it in one poll(2)
        final long before = driverPolls();
        assertEquals(StatusType.TIMEOUT_EXPIRED, assertThrows(DatException.class,
                () -> evd.await(Duration.ofMillis(4 * SETTLE_MS))).type());
        assertTrue(driverPolls() - before <= 2, "poll(2) calls of one timed wait: " + (driverPolls() - before));
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
