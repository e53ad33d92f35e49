package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventNumber;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.StatusType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A DTO keeps its EP queue slot until its completion has entered the EVD, as libdapl keeps a work request's cookie
 * until its work completion is moved from the CQ into the EVD: the completions an EVD has no room for wait in their
 * EP's queue, in order, and enter as consumers take events. Every cookie is delivered once, in order per EP, through
 * a flush, an EP free, a resize and an EVD free, with many posters and reapers on one EP and EVD; nothing overflows.
 */
@Timeout(120)
class KitEvdBacklogTest extends ScriptedIaTest {

    KitEvdBacklogTest() {
        super(EventStream.DEFAULT, 4096, MemoryPrivilege.ALL);
    }

    private List<LocalMemoryTriplet> seg() {
        return List.of(lmr.triplet(0, 8));
    }

    /** {@return a connected EP completing into {@code requests}, with {@code depth} request slots} */
    private Endpoint connected(final EventDispatcher requests, final int depth) {
        final Endpoint ep = ia.createEndpoint(pz, evd, requests, evd,
                EndpointAttributes.builder().maxRequestDtos(depth).build());
        ep.connect(LO, 7, Duration.ofSeconds(5), null);
        assertTrue(transport.ep(ep).conn.established(null, 0, 0, PEER, PEER));
        assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, evd.dequeue().number());
        return ep;
    }

    private PostedOperation posted(final Endpoint ep, final int index) {
        synchronized (transport.ep(ep)) {
            return transport.ep(ep).posted.get(index);
        }
    }

    private List<Long> drainCookies(final EventDispatcher requests, final List<DtoStatus> statuses) {
        final List<Long> cookies = new ArrayList<>();
        final EventSlot slot = new EventSlot();
        while (requests.dequeue(slot)) {
            cookies.add(slot.cookie());
            statuses.add(slot.status());
        }
        return cookies;
    }

    @Test
    @DisplayName("a flush with completions waiting for room: the flushed requests follow the waiting ones, in "
            + "order, each once, and their slots stay held until their events entered the EVD")
    void shouldKeepOrderWhenAFlushMeetsWaitingCompletions() {
        final EventDispatcher requests = ia.createEventDispatcher(2, null, Set.of(EventStream.DTO));
        final Endpoint ep = connected(requests, 4);
        for (int i = 0; i < 4; i++) {
            ep.postSend(seg(), i, CompletionFlag.DEFAULT);
        }
        transport.ep(ep).up.complete(posted(ep, 2), DtoStatus.SUCCESS, 8); // out of order: held back
        transport.ep(ep).up.complete(posted(ep, 0), DtoStatus.SUCCESS, 8);
        transport.ep(ep).up.complete(posted(ep, 1), DtoStatus.SUCCESS, 8);
        assertEquals(2, requests.size(), "0 and 1 in the EVD, 2 waits for room, 3 in flight");
        assertTrue(ep.tryPostSend(seg(), 4, CompletionFlag.DEFAULT), "the slots of 0 and 1 are free");
        assertTrue(ep.tryPostSend(seg(), 5, CompletionFlag.DEFAULT));
        assertFalse(ep.tryPostSend(seg(), 9, CompletionFlag.DEFAULT), "2 holds its slot while it waits");
        assertTrue(transport.ep(ep).conn.flush(), "the transport drops what it holds (connection down)");
        final List<DtoStatus> statuses = new ArrayList<>();
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), drainCookies(requests, statuses));
        assertEquals(List.of(DtoStatus.SUCCESS, DtoStatus.SUCCESS, DtoStatus.SUCCESS, DtoStatus.FLUSHED,
                DtoStatus.FLUSHED, DtoStatus.FLUSHED), statuses);
        assertNull(ia.asyncEventDispatcher().poll(), "nothing overflowed");
    }

    @Test
    @DisplayName("an EP freed while its events sit in the EVD and more wait for room: every one is delivered "
            + "once, in order, naming the freed EP; then the EVD frees")
    void shouldDeliverTheWaitingCompletionsOfAFreedEp() {
        final EventDispatcher requests = ia.createEventDispatcher(2, null, Set.of(EventStream.DTO));
        final Endpoint ep = connected(requests, 4);
        for (int i = 0; i < 4; i++) {
            ep.postSend(seg(), i, CompletionFlag.DEFAULT);
        }
        for (int i = 0; i < 3; i++) {
            transport.ep(ep).up.complete(posted(ep, i), DtoStatus.SUCCESS, 8);
        }
        ep.close();
        final EventSlot slot = new EventSlot();
        final List<Long> cookies = new ArrayList<>();
        final List<DtoStatus> statuses = new ArrayList<>();
        while (requests.dequeue(slot)) {
            assertTrue(slot.endpoint() == ep, "the event names the freed EP");
            cookies.add(slot.cookie());
            statuses.add(slot.status());
        }
        assertEquals(List.of(0L, 1L, 2L, 3L), cookies);
        assertEquals(DtoStatus.FLUSHED, statuses.get(3));
        requests.close();
        assertNull(ia.asyncEventDispatcher().poll(), "nothing overflowed");
    }

    @Test
    @DisplayName("an EVD freed with completions of a freed EP waiting for room drops them with its events, and "
            + "the IA closes cleanly")
    void shouldDropTheWaitingCompletionsWithTheEvd() {
        final EventDispatcher requests = ia.createEventDispatcher(1, null, Set.of(EventStream.DTO));
        final Endpoint ep = connected(requests, 4);
        for (int i = 0; i < 4; i++) {
            ep.postSend(seg(), i, CompletionFlag.DEFAULT);
            transport.ep(ep).up.complete(posted(ep, i), DtoStatus.SUCCESS, 8);
        }
        ep.close();
        requests.close();
        assertNull(ia.asyncEventDispatcher().poll(), "dropped with the EVD, not overflowed");
    }

    @Test
    @DisplayName("a resize makes room: the waiting completions enter at once; a shrink below the queued events is "
            + "refused")
    void shouldMoveWaitingCompletionsInOnResize() {
        final EventDispatcher requests = ia.createEventDispatcher(2, null, Set.of(EventStream.DTO));
        final Endpoint ep = connected(requests, 6);
        for (int i = 0; i < 6; i++) {
            ep.postSend(seg(), i, CompletionFlag.DEFAULT);
            transport.ep(ep).up.complete(posted(ep, i), DtoStatus.SUCCESS, 8);
        }
        assertEquals(2, requests.size());
        assertEquals(StatusType.INVALID_STATE, org.junit.jupiter.api.Assertions.assertThrows(DatException.class,
                () -> requests.resize(1)).type());
        requests.resize(5);
        assertEquals(5, requests.size(), "3 waiting completions moved in");
        for (int i = 6; i < 11; i++) {
            assertTrue(ep.tryPostSend(seg(), i, CompletionFlag.DEFAULT), "the slots of 0..4 are free");
        }
        assertFalse(ep.tryPostSend(seg(), 11, CompletionFlag.DEFAULT), "5 still waits with its slot");
        requests.resize(8);
        assertEquals(6, requests.size());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), drainCookies(requests, new ArrayList<>()));
    }

    @Test
    @DisplayName("two EPs on one full EVD: completions enter in the order they began to wait, each EP's in order; "
            + "poll(handler, limit) takes them all in one call")
    void shouldAdmitWaitingQueuesFirstComeFirst() {
        final EventDispatcher requests = ia.createEventDispatcher(2, null, Set.of(EventStream.DTO));
        final Endpoint a = connected(requests, 4);
        final Endpoint b = connected(requests, 4);
        for (int i = 0; i < 4; i++) {
            a.postSend(seg(), 10 + i, CompletionFlag.DEFAULT);
            b.postSend(seg(), 20 + i, CompletionFlag.DEFAULT);
        }
        transport.ep(a).up.complete(posted(a, 0), DtoStatus.SUCCESS, 8);
        transport.ep(a).up.complete(posted(a, 1), DtoStatus.SUCCESS, 8);
        transport.ep(b).up.complete(posted(b, 0), DtoStatus.SUCCESS, 8); // waits first
        transport.ep(a).up.complete(posted(a, 2), DtoStatus.SUCCESS, 8); // waits behind b
        transport.ep(b).up.complete(posted(b, 1), DtoStatus.SUCCESS, 8);
        final List<Long> seen = new ArrayList<>();
        final int n = requests.poll(new EventHandler() {
            @Override
            public void onDtoCompletion(final Endpoint ep, final long cookie, final DtoStatus status,
                    final long length, final io.dat4j.DtoOperation op, final int rmr) {
                seen.add(cookie);
            }

            @Override
            public void onEvent(final io.dat4j.Event e) {
                throw new AssertionError("not a DTO completion: " + e);
            }
        }, 100);
        assertEquals(5, n);
        assertEquals(List.of(10L, 11L, 20L, 21L, 12L), seen);
        assertNull(ia.asyncEventDispatcher().poll(), "nothing overflowed");
    }

    @Test
    @DisplayName("4 posters and 3 reapers (dequeue, poll(handler), await) on one EP and an EVD sized to its "
            + "max_request_dtos, as C sizes it: every cookie once, no overflow, posts refused rather than dropped")
    void shouldDeliverEveryCookieOnceToManyReapers() throws InterruptedException {
        final int depth = 4;
        final int perPoster = 3000;
        final int posters = 4;
        final int total = perPoster * posters;
        final EventDispatcher requests = ia.createEventDispatcher(depth, null, Set.of(EventStream.DTO));
        final Endpoint ep = connected(requests, depth);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final AtomicLong reaped = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        final Set<Long> seen = ConcurrentHashMap.newKeySet();
        final List<Thread> threads = new ArrayList<>();
        threads.add(Thread.ofPlatform().name("completer").start(() -> {
            try {
                for (int i = 0; i < total && failure.get() == null; ) {
                    final PostedOperation op;
                    synchronized (transport.ep(ep)) {
                        op = i < transport.ep(ep).posted.size() ? transport.ep(ep).posted.get(i) : null;
                    }
                    if (op == null) {
                        Thread.yield();
                        continue;
                    }
                    transport.ep(ep).up.complete(op, DtoStatus.SUCCESS, 8);
                    i++;
                }
            } catch (final Throwable t) {
                failure.compareAndSet(null, t);
            }
        }));
        for (int p = 0; p < posters; p++) {
            final long base = (p + 1) * 1_000_000L;
            threads.add(Thread.ofPlatform().name("poster-" + p).start(() -> {
                try {
                    for (int i = 0; i < perPoster && failure.get() == null; ) {
                        if (ep.tryPostSend(seg(), base + i, CompletionFlag.DEFAULT)) {
                            i++;
                        } else {
                            refused.incrementAndGet();
                            Thread.yield();
                        }
                    }
                } catch (final Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        final Runnable[] reapers = {
            () -> {
                final EventSlot slot = new EventSlot();
                while (reaped.get() < total && failure.get() == null) {
                    if (requests.dequeue(slot)) {
                        record(seen, slot.cookie(), reaped, failure);
                    } else {
                        Thread.yield();
                    }
                }
            },
            () -> {
                final EventHandler h = new EventHandler() {
                    @Override
                    public void onDtoCompletion(final Endpoint e, final long cookie, final DtoStatus status,
                            final long length, final io.dat4j.DtoOperation op, final int rmr) {
                        record(seen, cookie, reaped, failure);
                    }

                    @Override
                    public void onEvent(final io.dat4j.Event e) {
                        throw new AssertionError("not a DTO completion: " + e);
                    }
                };
                while (reaped.get() < total && failure.get() == null) {
                    if (requests.poll(h, 3) == 0) {
                        Thread.yield();
                    }
                }
            },
            () -> {
                final EventSlot slot = new EventSlot();
                while (reaped.get() < total && failure.get() == null) {
                    try {
                        requests.await(Duration.ofMillis(20), 1, slot);
                        record(seen, slot.cookie(), reaped, failure);
                    } catch (final DatException e) {
                        if (e.type() != StatusType.TIMEOUT_EXPIRED) {
                            throw e;
                        }
                    }
                }
            }};
        for (final Runnable r : reapers) {
            threads.add(Thread.ofPlatform().name("reaper").start(() -> {
                try {
                    r.run();
                } catch (final Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        for (final Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(90));
            assertFalse(t.isAlive(), t.getName() + " did not end; reaped " + reaped.get() + " of " + total);
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(total, seen.size(), "every cookie once");
        assertEquals(0, requests.size());
        assertNull(ia.asyncEventDispatcher().poll(), "nothing overflowed");
        for (int i = 0; i < depth; i++) {
            assertTrue(ep.tryPostSend(seg(), i, CompletionFlag.DEFAULT), "every slot free again");
        }
    }

    private static void record(final Set<Long> seen, final long cookie, final AtomicLong reaped,
            final AtomicReference<Throwable> failure) {
        if (!seen.add(cookie)) {
            failure.compareAndSet(null, new AssertionError("cookie " + cookie + " delivered twice"));
        }
        reaped.incrementAndGet();
    }
}
