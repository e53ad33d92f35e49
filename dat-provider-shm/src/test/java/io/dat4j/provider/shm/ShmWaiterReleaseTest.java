package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.StatusType;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A waiter on a connected EP's DTO EVD sleeps on the IA's futex doorbell ({@link ShmCompletionSource#progress}): an
 * interrupt releases it with INTERRUPTED_CALL (the kit rings the doorbell through the source's wakeup), also in a wait
 * without a timeout; a virtual thread does not sleep there (it would hold its carrier for the whole wait) but parks,
 * and still gets its completion.
 */
@Timeout(120)
class ShmWaiterReleaseTest {

    /** Starts {@code wait} on a new thread of the kind given; the thread is stored in {@code thread}. */
    private static <T> CompletableFuture<T> start(final Thread.Builder builder, final AtomicReference<Thread> thread,
            final java.util.function.Supplier<T> wait) {
        final CompletableFuture<T> f = new CompletableFuture<>();
        thread.set(builder.start(() -> {
            try {
                f.complete(wait.get());
            } catch (final Throwable e) {
                f.completeExceptionally(e);
            }
        }));
        return f;
    }

    /** Waits until {@code t} is blocked: in a native call (RUNNABLE in the futex) it never is, so give it 20 s. */
    private static Thread.State awaitParked(final Thread t)
            throws InterruptedException {
        Thread.State s = t.getState();
        for (int i = 0; i < 400 && s != Thread.State.WAITING && s != Thread.State.TIMED_WAITING; i++) {
            Thread.sleep(50);
            s = t.getState();
        }
        return s;
    }

    @Test
    void shouldEndAWaitInTheFutexOnAnInterrupt() throws Exception {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion buf = f.lmr(f.c, 64);
            ep[0].postRecv(List.of(buf.triplet(0, 8)), 7, CompletionFlag.DEFAULT);
            for (final Duration timeout : new Duration[] {Duration.ofSeconds(60), EventDispatcher.INFINITE}) {
                for (int round = 0; round < 5; round++) {
                    final AtomicReference<Thread> t = new AtomicReference<>();
                    final CompletableFuture<Object> w = start(Thread.ofPlatform().daemon(), t, () -> {
                        try {
                            return f.c.evd.await(timeout);
                        } catch (final DatException e) {
                            return e;
                        }
                    });
                    Thread.sleep(round == 0 ? 0 : 100); // (before it sleeps, and asleep in the futex)
                    t.get().interrupt();
                    final DatException x = assertInstanceOf(DatException.class, w.get(30, TimeUnit.SECONDS),
                            "the wait of " + timeout + " ended without an exception");
                    assertEquals(StatusType.INTERRUPTED_CALL, x.type(), x.getMessage());
                }
            }
            ep[1].postSend(List.of(), 9, CompletionFlag.DEFAULT); // the connection still works
            final DtoCompletionEvent r = assertInstanceOf(DtoCompletionEvent.class,
                    f.c.evd.await(Duration.ofSeconds(30)));
            assertEquals(7, r.cookie());
            assertEquals(DtoStatus.SUCCESS, r.status());
        }
    }

    @Test
    void shouldParkAVirtualThreadsWaitAndStillDeliver() throws Exception {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion buf = f.lmr(f.c, 64);
            for (int round = 0; round < 3; round++) {
                ep[0].postRecv(List.of(buf.triplet(0, 8)), 100 + round, CompletionFlag.DEFAULT);
                final AtomicReference<Thread> t = new AtomicReference<>();
                final CompletableFuture<Event> w = start(Thread.ofVirtual(), t,
                        () -> f.c.evd.await(Duration.ofSeconds(60)));
                final Thread.State s = awaitParked(t.get());
                assertTrue(s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING,
                        "the virtual waiter is " + s + ", not parked (a futex wait holds its carrier)");
                assertTrue(!w.isDone(), "the wait ended early: " + w);
                ep[1].postSend(List.of(), 9, CompletionFlag.DEFAULT);
                final DtoCompletionEvent r = assertInstanceOf(DtoCompletionEvent.class, w.get(30, TimeUnit.SECONDS));
                assertEquals(100 + round, r.cookie());
                final Event sent = f.s.evd.await(Duration.ofSeconds(30));
                assertNotNull(sent);
            }
        }
    }
}
