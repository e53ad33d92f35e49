package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
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
import io.dat4j.StatusType;
import io.dat4j.kit.testing.InMemoryTransport;
import java.lang.foreign.Arena;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The kit's data path as a provider drives it: an EP's operation queue, whose posting side takes no lock of its own
 * (the EP's lock serialises posters), against completions from another thread and inside the post hook, across many
 * wraps of its ring; the EVD's empty checks without the lock; and the allocation of post, completion and poll after
 * warm-up. The transport is the test's own ({@link HandOff}): it completes odd cookies inside its post hook and hands
 * even ones to a completer thread, which completes them in pairs, the later first.
 */
@Timeout(120)
class KitDataPathTest {

    static {
        // the test runs patched into the kit's module, which does not read java.management
        ModuleLayer.boot().findModule("java.management").ifPresent(KitDataPathTest.class.getModule()::addReads);
        ModuleLayer.boot().findModule("jdk.management").ifPresent(KitDataPathTest.class.getModule()::addReads);
    }

    private static final InetSocketAddress PEER = new InetSocketAddress(InetAddress.getLoopbackAddress(), 5555);
    private final HandOff transport = new HandOff();
    private final Arena arena = Arena.ofShared();
    private InterfaceAdapter ia;
    private ProtectionZone pz;
    private LocalMemoryRegion lmr;

    @BeforeEach
    void open() {
        ia = ProviderKit.openInterfaceAdapter(ScriptedTransport.config(EnumSet.allOf(Capability.class), 8),
                a -> transport);
        pz = ia.createProtectionZone();
        lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
    }

    @AfterEach
    void close() {
        ia.close(CloseMode.ABRUPT);
        arena.close();
    }

    private Endpoint connectedEndpoint(final EventDispatcher recv, final EventDispatcher request, final int depth) {
        final EventDispatcher conn = ia.createEventDispatcher(4, null, EnumSet.of(EventStream.CONNECTION));
        final Endpoint ep = ia.createEndpoint(pz, recv, request, conn,
                EndpointAttributes.builder().maxRecvDtos(depth).maxRequestDtos(depth).build());
        ep.connect(PEER.getAddress(), 7, Duration.ofSeconds(5), null);
        assertTrue(transport.lastConnection().established(null, 2, 2, PEER, PEER));
        conn.dequeue();
        return ep;
    }

    @Test
    @DisplayName("a poster and a completer on one receive queue of 4, 200,000 receives: every event once, in "
            + "posting order, a full queue refused and never overwritten")
    void shouldKeepPostingOrderWhilePostsAndCompletionsRace() throws Exception {
        final int total = 200_000;
        final int evdLength = 16;
        final EventDispatcher recv = ia.createEventDispatcher(evdLength, null, EnumSet.of(EventStream.DTO));
        final Endpoint ep = connectedEndpoint(recv, null, 4);
        final List<LocalMemoryTriplet> seg = List.of(lmr.triplet(0, 8));
        final AtomicLong consumed = new AtomicLong();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread completer = Thread.ofPlatform().name("completer").start(() -> transport.completeUntil(total,
                failure));
        final Thread consumer = Thread.ofPlatform().name("consumer").start(() -> {
            final EventSlot slot = new EventSlot();
            long expected = 1;
            try {
                while (expected <= total && failure.get() == null) {
                    if (!recv.dequeue(slot)) {
                        Thread.yield(); // 2 loaded cores: let the poster and the completer run
                        continue;
                    }
                    assertEquals(expected, slot.cookie(), "events in posting order, each once");
                    assertEquals(DtoStatus.SUCCESS, slot.status());
                    expected++;
                    consumed.incrementAndGet();
                }
            } catch (final Throwable t) {
                failure.compareAndSet(null, t);
            }
        });
        long cookie = 1;
        try {
            while (cookie <= total && failure.get() == null) {
                // never more events in flight than the EVD holds (an overflow would drop them)
                if (cookie - consumed.get() > evdLength - 1) {
                    Thread.yield();
                    continue;
                }
                if (ep.tryPostRecv(seg, cookie, CompletionFlag.DEFAULT)) {
                    cookie++;
                } else {
                    Thread.yield(); // the queue of 4 is full (a completion held back): refused, never overwritten
                }
            }
        } catch (final Throwable t) {
            failure.compareAndSet(null, t);
        }
        completer.join(TimeUnit.SECONDS.toMillis(60));
        consumer.join(TimeUnit.SECONDS.toMillis(60));
        if (failure.get() != null) {
            throw new AssertionError("a thread failed", failure.get());
        }
        assertEquals(total, consumed.get());
        assertEquals(0, recv.size());
        assertTrue(ep.status().inDtoIdle(), "nothing outstanding");
    }

    @Test
    @DisplayName("a consumer that reposts each receive as soon as it takes its event, on a queue of 4 kept full "
            + "(100,000 receives completed by another thread, in pairs, taken by a waiter): the slot is always free, no post refused")
    void shouldFreeTheSlotBeforeTheEventIsSeen() throws Exception {
        final long total = 200_000; // even cookies only: every one goes to the completer thread
        final EventDispatcher recv = ia.createEventDispatcher(8, null, EnumSet.of(EventStream.DTO));
        final Endpoint ep = connectedEndpoint(recv, null, 4);
        final List<LocalMemoryTriplet> seg = List.of(lmr.triplet(0, 8));
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread completer = Thread.ofPlatform().name("completer").start(() -> transport.completeUntil(total,
                failure));
        final EventSlot slot = new EventSlot();
        long next = 0;
        long expected = 0;
        try {
            for (int i = 0; i < 4; i++) {
                ep.postRecv(seg, next += 2, CompletionFlag.DEFAULT);
            }
            while (expected < total && failure.get() == null) {
                // a parked waiter: the completing thread unparks it while it posts the event (the widest window)
                recv.await(Duration.ofSeconds(30), 1, slot);
                assertEquals(expected += 2, slot.cookie(), "events in posting order, each once");
                if (next < total) {
                    // C programs repost what they reaped into a queue sized for exactly that: it must fit
                    ep.postRecv(seg, next += 2, CompletionFlag.DEFAULT);
                }
            }
        } catch (final Throwable t) {
            failure.compareAndSet(null, t);
        }
        completer.join(TimeUnit.SECONDS.toMillis(60));
        if (failure.get() != null) {
            throw new AssertionError("a thread failed", failure.get());
        }
        assertEquals(total, expected);
        assertTrue(ep.status().inDtoIdle(), "nothing outstanding");
    }

    @Test
    @DisplayName("a queue of 3 across 1,000 wraps with completions out of order, then resized while idle: order kept,"
            + " full refused, outstanding counted")
    void shouldWrapAndResize() {
        final EventDispatcher recv = ia.createEventDispatcher(8, null, EnumSet.of(EventStream.DTO));
        final Endpoint ep = connectedEndpoint(recv, null, 3);
        final List<LocalMemoryTriplet> seg = List.of(lmr.triplet(0, 8));
        final EventSlot slot = new EventSlot();
        long next = 0; // even cookies: held by the transport (the completer is not running)
        for (int round = 0; round < 1000; round++) {
            final long a = next += 2;
            final long b = next += 2;
            final long c = next += 2;
            assertTrue(ep.tryPostRecv(seg, a, CompletionFlag.DEFAULT));
            assertTrue(ep.tryPostRecv(seg, b, CompletionFlag.DEFAULT));
            assertTrue(ep.tryPostRecv(seg, c, CompletionFlag.DEFAULT));
            assertFalse(ep.tryPostRecv(seg, next + 2, CompletionFlag.DEFAULT), "full");
            assertFalse(ep.status().inDtoIdle());
            transport.completeHeld(2); // c
            transport.completeHeld(0); // a
            assertTrue(recv.dequeue(slot));
            assertEquals(a, slot.cookie());
            assertFalse(recv.dequeue(slot), "b holds c back");
            assertTrue(ep.tryPostRecv(seg, next += 2, CompletionFlag.DEFAULT), "a's slot is free again");
            transport.completeHeld(0); // b
            transport.completeHeld(0); // the new one
            for (final long expected : new long[] {b, c, next}) {
                assertTrue(recv.dequeue(slot));
                assertEquals(expected, slot.cookie());
            }
            assertTrue(ep.status().inDtoIdle());
        }
        ep.disconnect(CloseMode.ABRUPT); // the transport reports DISCONNECTED from another thread
        ep.reset();
        ep.modify(EndpointAttributes.builder().maxRecvDtos(5).build());
        for (int i = 1; i <= 5; i++) {
            assertTrue(ep.tryPostRecv(seg, i * 2L, CompletionFlag.DEFAULT));
        }
        assertFalse(ep.tryPostRecv(seg, 12, CompletionFlag.DEFAULT), "the new depth, 5");
        ep.close();
        for (int i = 1; i <= 5; i++) {
            assertTrue(recv.dequeue(slot));
            assertEquals(i * 2L, slot.cookie());
            assertEquals(DtoStatus.FLUSHED, slot.status());
        }
    }

    @Test
    @DisplayName("post, completion inside the post hook, dequeue, poll(handler) and empty polls allocate under 1 byte"
            + " per operation after warm-up")
    void shouldNotAllocateOnThePostAndPollPath() throws ReflectiveOperationException {
        final ThreadAllocation allocated = ThreadAllocation.ofCurrentThread();
        final EventDispatcher recv = ia.createEventDispatcher(16, null, EnumSet.of(EventStream.DTO));
        final EventDispatcher request = ia.createEventDispatcher(16, null, EnumSet.of(EventStream.DTO));
        final Endpoint ep = connectedEndpoint(recv, request, 8);
        final List<LocalMemoryTriplet> seg = List.of(lmr.triplet(0, 8));
        final io.dat4j.RemoteMemoryTriplet remote = lmr.remoteTriplet(0, 8); // one record, not one per post
        final EventSlot slot = new EventSlot();
        final long[] last = new long[1];
        final EventHandler handler = new EventHandler() {
            @Override
            public void onDtoCompletion(final Endpoint endpoint, final long cookie, final DtoStatus status,
                    final long transferredLength, final DtoOperation operation, final int rmrContext) {
                last[0] = cookie;
            }

            @Override
            public void onEvent(final Event event) {
                throw new AssertionError("unexpected " + event);
            }
        };
        final int warm = 50_000;
        final int n = 100_000;
        long ops = 0;
        long before = 0;
        for (int i = 0; i < warm + n; i++) {
            if (i == warm) {
                ops = 0;
                before = allocated.bytes();
            }
            final long c = 2L * i + 1; // odd: completed inside the post hook
            ep.postSend(seg, c, CompletionFlag.DEFAULT);
            ep.postRdmaWrite(seg, c + 2, remote, CompletionFlag.DEFAULT);
            if (!request.dequeue(slot) || slot.cookie() != c || request.poll(handler, 4) != 1 || last[0] != c + 2) {
                throw new AssertionError("completions of " + c + " missing");
            }
            ops += 2;
            if (recv.dequeue(slot) || recv.poll(handler, 4) != 0 || request.size() != 0) {
                throw new AssertionError("an empty EVD gave an event");
            }
            ops += 3;
        }
        final long bytes = allocated.bytes() - before;
        assertTrue(bytes / (double) ops < 1.0, bytes + " bytes allocated over " + ops + " operations");
        ep.close();
    }

    @Test
    @DisplayName("a post refused by its arguments leaves no descriptor behind: the queue's depth is intact")
    void shouldNotLeakADescriptorOnARefusedPost() {
        final EventDispatcher recv = ia.createEventDispatcher(8, null, EnumSet.of(EventStream.DTO));
        final Endpoint ep = connectedEndpoint(recv, recv, 2);
        final List<LocalMemoryTriplet> tooLong = List.of(new LocalMemoryTriplet(lmr.lmrContext(),
                lmr.registeredAddress(), 2L << 20));
        for (int i = 0; i < 10; i++) {
            try {
                ep.postSend(tooLong, 1, CompletionFlag.DEFAULT);
                throw new AssertionError("a send above maxMessageSize was accepted");
            } catch (final DatException e) {
                assertEquals(StatusType.LENGTH_ERROR, e.type());
            }
        }
        assertTrue(ep.status().outDtoIdle());
        assertTrue(ep.tryPostSend(List.of(lmr.triplet(0, 8)), 2, CompletionFlag.DEFAULT));
        assertTrue(ep.tryPostSend(List.of(lmr.triplet(0, 8)), 4, CompletionFlag.DEFAULT));
        assertFalse(ep.tryPostSend(List.of(lmr.triplet(0, 8)), 6, CompletionFlag.DEFAULT));
        ep.close();
    }

    /**
     * The kit's in-memory transport with other completions: odd cookies complete inside the post hook, even ones wait
     * for {@link #completeHeld} or the completer thread ({@link #completeUntil}); the test establishes connections
     * itself. Its upcalls are made with none of its locks held (its hand-off queue takes its own, a leaf).
     */
    static final class HandOff extends InMemoryTransport {
        final BlockingQueue<PostedOperation> held = new ArrayBlockingQueue<>(1024);
        private final java.util.ArrayList<PostedOperation> local = new java.util.ArrayList<>();

        HandOff() {
            super(false);
        }

        /** Completes the i-th held operation (in posting order) on the calling thread. */
        void completeHeld(final int i) {
            held.drainTo(local);
            final PostedOperation op = local.remove(i);
            op.endpoint().complete(op, DtoStatus.SUCCESS, op.totalLength());
        }

        /** The completer: completes held operations until {@code total} were posted, in pairs the later first. */
        void completeUntil(final long total, final AtomicReference<Throwable> failure) {
            try {
                PostedOperation pending = null;
                while (failure.get() == null) {
                    final PostedOperation op = held.poll(10, TimeUnit.MILLISECONDS);
                    if (op == null) {
                        if (pending != null) {
                            complete(pending);
                            pending = null;
                        }
                        continue;
                    }
                    final long cookie = op.cookie();
                    if (pending == null && cookie < total) {
                        pending = op; // hold it: the next one completes first
                    } else {
                        complete(op);
                        if (pending != null) {
                            complete(pending);
                            pending = null;
                        }
                    }
                    if (cookie >= total) {
                        return;
                    }
                }
            } catch (final Throwable t) {
                failure.compareAndSet(null, t);
            }
        }

        private static void complete(final PostedOperation op) {
            op.endpoint().complete(op, DtoStatus.SUCCESS, op.totalLength());
        }

        @Override
        protected InMemoryEndpoint newEndpoint(final EndpointUpcalls up) {
            return new InMemoryEndpoint(this, up) {
                @Override
                public void disconnect(final CloseMode mode) {
                    final ConnectionUpcalls c = connection();
                    Thread.ofPlatform().daemon().start(c::disconnected); // with no lock held, as a CM thread
                }

                @Override
                public void post(final PostedOperation op) {
                    if ((op.cookie() & 1) != 0) {
                        up.complete(op, DtoStatus.SUCCESS, op.totalLength());
                    } else if (!held.offer(op)) {
                        throw new IllegalStateException("hand-off queue full");
                    }
                }

                @Override
                public void reset() {
                    held.clear();
                    local.clear();
                }

                @Override
                public void close() {
                    held.clear();
                }
            };
        }
    }
}
