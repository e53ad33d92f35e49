package io.dat4j.kit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.Capability;
import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.SoftwareEvent;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.ScriptedTransport;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class KitEventDispatcherTest {

    private static final Set<EventStream> SW = EnumSet.of(EventStream.SOFTWARE, EventStream.DTO);
    private final ScriptedTransport transport = new ScriptedTransport();
    private InterfaceAdapter ia;

    @BeforeEach
    void open() {
        ia = ScriptedTransport.open(transport);
    }

    @AfterEach
    void close() {
        ia.close();
    }

    private static DatException fails(final StatusType type, final org.junit.jupiter.api.function.Executable e) {
        final DatException x = assertThrows(DatException.class, e);
        assertEquals(type, x.type(), x.getMessage());
        return x;
    }

    @Test
    void shouldDequeueInOrderAndReportEmpty() {
        final EventDispatcher evd = ia.createEventDispatcher(4, null, SW);
        fails(StatusType.QUEUE_EMPTY, evd::dequeue);
        assertNull(evd.poll());
        evd.postSoftwareEvent("a");
        evd.postSoftwareEvent("b");
        assertEquals(2, evd.size());
        assertEquals("a", ((SoftwareEvent) evd.dequeue()).payload());
        assertEquals("b", ((SoftwareEvent) evd.poll()).payload());
        assertNull(evd.poll());
    }

    @Test
    void shouldFillACallerOwnedSlotLikeCFillsADatEvent() {
        final EventDispatcher evd = ia.createEventDispatcher(4, null, SW);
        final io.dat4j.EventSlot slot = new io.dat4j.EventSlot();
        assertEquals(false, evd.dequeue(slot));
        assertNull(slot.number(), "an empty dequeue leaves the slot as it was");
        assertNull(slot.event());
        final Object payload = new Object();
        evd.postSoftwareEvent(payload);
        evd.postSoftwareEvent("second");
        assertTrue(evd.dequeue(slot));
        assertEquals(EventNumber.SOFTWARE_EVENT, slot.number());
        assertSame(payload, slot.payload());
        assertSame(evd, slot.dispatcher());
        assertEquals(false, slot.isDtoCompletion());
        assertEquals(new SoftwareEvent(evd, payload), slot.event());
        assertEquals(0, evd.await(Duration.ofSeconds(1), 1, slot), "nmore");
        assertEquals("second", slot.payload());
        fails(StatusType.TIMEOUT_EXPIRED, () -> evd.await(Duration.ofMillis(20), slot));
        assertEquals(StatusSubtype.INVALID_ARG2, fails(StatusType.INVALID_PARAMETER, () -> evd.dequeue(null))
                .subtype());
        assertEquals(StatusSubtype.INVALID_ARG4, fails(StatusType.INVALID_PARAMETER,
                () -> evd.await(Duration.ZERO, 1, null)).subtype());
        evd.postSoftwareEvent(3);
        assertEquals(new SoftwareEvent(evd, 3), evd.dequeue(), "the record form reads the same ring");
        evd.close();
        fails(StatusType.INVALID_HANDLE, () -> evd.dequeue(slot));
    }

    @Test
    void shouldRefuseSoftwareEventsWhenFullOrNotTaken() {
        final EventDispatcher evd = ia.createEventDispatcher(1, null, SW);
        evd.postSoftwareEvent(1);
        fails(StatusType.QUEUE_FULL, () -> evd.postSoftwareEvent(2));
        final EventDispatcher dto = ia.createEventDispatcher(1, null, EnumSet.of(EventStream.DTO));
        fails(StatusType.INVALID_PARAMETER, () -> dto.postSoftwareEvent(1));
    }

    @Test
    void shouldCheckThresholdAgainstQueueLength() {
        final EventDispatcher evd = ia.createEventDispatcher(4, null, SW);
        assertEquals(StatusSubtype.INVALID_ARG3, fails(StatusType.INVALID_PARAMETER,
                () -> evd.await(Duration.ZERO, 0)).subtype());
        assertEquals(StatusSubtype.INVALID_ARG3, fails(StatusType.INVALID_PARAMETER,
                () -> evd.await(Duration.ZERO, 5)).subtype());
        fails(StatusType.TIMEOUT_EXPIRED, () -> evd.await(Duration.ZERO, 4));
        fails(StatusType.TIMEOUT_EXPIRED, () -> evd.await(Duration.ofMillis(5), 1));
    }

    @Test
    void shouldWaitForThresholdAndWakeOnPost() throws Exception {
        final EventDispatcher evd = ia.createEventDispatcher(4, null, SW);
        final AtomicReference<Thread> t = new AtomicReference<>();
        final CompletableFuture<Event> f = waiter(() -> evd.await(Duration.ofSeconds(20), 2), t);
        waitForWaiter(evd, t);
        fails(StatusType.INVALID_STATE, () -> evd.await(Duration.ZERO, 1));
        evd.postSoftwareEvent("x");
        evd.postSoftwareEvent("y");
        assertEquals("x", ((SoftwareEvent) f.get(20, TimeUnit.SECONDS)).payload());
        assertEquals(1, evd.size());
    }

    /** Starts a thread that runs a wait, so the test knows which thread to watch. */
    private static <T> CompletableFuture<T> waiter(final java.util.function.Supplier<T> wait,
            final AtomicReference<Thread> thread) {
        final CompletableFuture<T> f = new CompletableFuture<>();
        final Thread t = new Thread(() -> {
            try {
                f.complete(wait.get());
            } catch (final Throwable e) {
                f.completeExceptionally(e);
            }
        }, "evd-waiter");
        thread.set(t);
        t.setDaemon(true);
        t.start();
        return f;
    }

    /** Waits until the thread is parked inside await on the EVD (its park blocker is the EVD). */
    private static void waitForWaiter(final EventDispatcher evd, final AtomicReference<Thread> thread)
            throws InterruptedException {
        for (int i = 0; i < 4000; i++) {
            if (java.util.concurrent.locks.LockSupport.getBlocker(thread.get()) == evd) {
                return;
            }
            Thread.sleep(5);
        }
        throw new AssertionError("the waiter never started");
    }

    @Test
    void shouldRefuseASecondWaiterAndReleaseTheFirstWithAbortOnClose() throws Exception {
        final EventDispatcher evd = ia.createEventDispatcher(4, null, SW);
        final AtomicReference<Thread> t = new AtomicReference<>();
        final CompletableFuture<DatException> f = waiter(() -> assertThrows(
                DatException.class, () -> evd.await(EventDispatcher.INFINITE, 1)), t);
        waitForWaiter(evd, t);
        assertEquals(StatusSubtype.INVALID_STATE_EVD_WAITER, fails(StatusType.INVALID_STATE,
                () -> evd.await(Duration.ZERO, 1)).subtype());
        evd.close();
        assertEquals(StatusType.ABORT, f.get(20, TimeUnit.SECONDS).type());
        fails(StatusType.INVALID_HANDLE, evd::poll);
        evd.close();
    }

    @Test
    void shouldReportInterruptAsInterruptedCall() throws Exception {
        final EventDispatcher evd = ia.createEventDispatcher(4, null, SW);
        final AtomicReference<Thread> t = new AtomicReference<>();
        final CompletableFuture<DatException> f = waiter(() -> assertThrows(DatException.class,
                () -> evd.await(Duration.ofSeconds(20), 1)), t);
        waitForWaiter(evd, t);
        t.get().interrupt();
        assertEquals(StatusType.INTERRUPTED_CALL, f.get(20, TimeUnit.SECONDS).type());
    }

    /**
     * A waiter inside the source's progress, blocked in a way an interrupt does not end (as a futex or poll(2) through
     * FFM), is released by its interrupt: the kit calls the source's wakeup(). Also when the interrupt came before the
     * waiter entered progress.
     */
    @Test
    void shouldReleaseAWaiterBlockedInProgressOnAnInterrupt() throws Exception {
        final AtomicInteger inside = new AtomicInteger();
        final java.util.concurrent.atomic.AtomicBoolean woken = new java.util.concurrent.atomic.AtomicBoolean();
        transport.source = new CompletionSource() {
            @Override
            public int poll() {
                return 0;
            }

            @Override
            public boolean progress(final long nanos) {
                if (nanos == 0) {
                    return false;
                }
                inside.incrementAndGet();
                while (!woken.getAndSet(false)) { // deaf to interrupts, as a system call through FFM
                    Thread.onSpinWait();
                }
                return true;
            }

            @Override
            public void wakeup() {
                woken.set(true);
            }
        };
        final EventDispatcher evd = ia.createEventDispatcher(4, null, SW);
        for (int round = 0; round < 20; round++) {
            final int before = inside.get();
            final AtomicReference<Thread> t = new AtomicReference<>();
            final CompletableFuture<DatException> f = waiter(() -> assertThrows(DatException.class,
                    () -> evd.await(EventDispatcher.INFINITE, 1)), t);
            if (round % 2 == 0) {
                while (inside.get() == before) { // inside progress, then interrupted
                    Thread.sleep(1);
                }
            }
            t.get().interrupt();
            assertEquals(StatusType.INTERRUPTED_CALL, f.get(20, TimeUnit.SECONDS).type(), "round " + round);
        }
    }

    /** A resize below the threshold of the thread waiting now is refused (that wait could never end); above, not. */
    @Test
    void shouldRefuseAResizeBelowTheWaitersThreshold() throws Exception {
        final EventDispatcher evd = ia.createEventDispatcher(8, null, SW);
        final AtomicReference<Thread> t = new AtomicReference<>();
        final CompletableFuture<Event> f = waiter(() -> evd.await(Duration.ofSeconds(20), 6), t);
        waitForWaiter(evd, t);
        final DatException x = fails(StatusType.INVALID_STATE, () -> evd.resize(4));
        assertTrue(x.getMessage().contains("waits for 6 events"), x.getMessage());
        assertEquals(8, evd.query().queueLength());
        evd.resize(6);
        for (int i = 0; i < 6; i++) {
            evd.postSoftwareEvent(i);
        }
        assertEquals(0, ((SoftwareEvent) f.get(20, TimeUnit.SECONDS)).payload());
        evd.resize(5); // the wait has ended: 5 events queued fit
        assertEquals(5, evd.query().queueLength());
    }

    @Test
    void shouldRefuseAndReleaseWaitersWhenUnwaitable() throws Exception {
        final EventDispatcher evd = ia.createEventDispatcher(4, null, SW);
        final AtomicReference<Thread> t = new AtomicReference<>();
        final CompletableFuture<DatException> f = waiter(() -> assertThrows(
                DatException.class, () -> evd.await(Duration.ofSeconds(20), 1)), t);
        waitForWaiter(evd, t);
        evd.setUnwaitable();
        assertEquals(StatusSubtype.INVALID_STATE_EVD_UNWAITABLE, f.get(20, TimeUnit.SECONDS).subtype());
        fails(StatusType.INVALID_STATE, () -> evd.await(Duration.ZERO, 1));
        evd.clearUnwaitable();
        evd.postSoftwareEvent(1);
        assertInstanceOf(SoftwareEvent.class, evd.await(Duration.ZERO, 1));
    }

    @Test
    void shouldDropOnOverflowAndReportToTheAsyncEvd() {
        final KitEventDispatcher evd = (KitEventDispatcher) ia.createEventDispatcher(2, null, SW);
        assertTrue(evd.post(new SoftwareEvent(evd, 1)));
        assertTrue(evd.post(new SoftwareEvent(evd, 2)));
        assertEquals(false, evd.post(new SoftwareEvent(evd, 3)));
        assertEquals(2, evd.size());
        final AsyncErrorEvent a = (AsyncErrorEvent) ia.asyncEventDispatcher().dequeue();
        assertEquals(EventNumber.ASYNC_ERROR_EVD_OVERFLOW, a.number());
        assertSame(evd, a.source());
    }

    @Test
    void shouldResizeKeepingEventsAndRefuseShrinkingBelowCount() {
        final EventDispatcher evd = ia.createEventDispatcher(4, null, SW);
        evd.postSoftwareEvent(1);
        evd.postSoftwareEvent(2);
        evd.postSoftwareEvent(3);
        fails(StatusType.INVALID_STATE, () -> evd.resize(2));
        fails(StatusType.INVALID_PARAMETER, () -> evd.resize(0));
        evd.resize(8);
        assertEquals(8, evd.query().queueLength());
        assertEquals(1, ((SoftwareEvent) evd.dequeue()).payload());
        evd.resize(2);
        assertEquals(2, ((SoftwareEvent) evd.dequeue()).payload());
    }

    @Test
    void shouldRefuseResizeWithoutTheCapability() {
        final ScriptedTransport t = new ScriptedTransport();
        try (InterfaceAdapter plain = ScriptedTransport.open(EnumSet.noneOf(Capability.class), t)) {
            final EventDispatcher evd = plain.createEventDispatcher(4, null, SW);
            fails(StatusType.NOT_IMPLEMENTED, () -> evd.resize(8));
            fails(StatusType.NOT_IMPLEMENTED, plain::createConsumerNotifier);
        }
    }

    @Test
    void shouldTriggerTheCnoOnlyWhenEnabled() {
        final ConsumerNotifier cno = ia.createConsumerNotifier();
        final EventDispatcher evd = ia.createEventDispatcher(4, cno, SW);
        evd.disable();
        evd.postSoftwareEvent(1);
        fails(StatusType.TIMEOUT_EXPIRED, () -> cno.await(Duration.ZERO));
        evd.enable();
        evd.postSoftwareEvent(2);
        assertSame(evd, cno.await(Duration.ZERO));
        cno.trigger();
        assertNull(cno.await(Duration.ofSeconds(1)));
        fails(StatusType.INVALID_STATE, cno::close);
        evd.modifyNotifier(null);
        cno.close();
    }

    @Test
    void shouldPullFromTheCompletionSourceOnPollAndAwait() throws Exception {
        final AtomicInteger polls = new AtomicInteger();
        final AtomicInteger arms = new AtomicInteger();
        final AtomicReference<KitEventDispatcher> self = new AtomicReference<>();
        transport.source = new CompletionSource() {
            @Override
            public int poll() {
                if (polls.incrementAndGet() == 3) {
                    self.get().post(new SoftwareEvent(self.get(), "cq"));
                    return 1;
                }
                return 0;
            }

            @Override
            public void arm() {
                arms.incrementAndGet();
            }
        };
        final KitEventDispatcher evd = (KitEventDispatcher) ia.createEventDispatcher(4, null, SW);
        self.set(evd);
        assertNull(evd.poll());
        final Event e = evd.await(Duration.ofSeconds(20), 1);
        assertEquals("cq", ((SoftwareEvent) e).payload());
        assertTrue(arms.get() >= 1);
    }

    @Test
    void shouldWakeAWaiterOnSignal() throws Exception {
        final AtomicInteger ready = new AtomicInteger();
        final AtomicReference<KitEventDispatcher> self = new AtomicReference<>();
        transport.source = () -> {
            if (ready.get() == 1) {
                ready.set(2);
                self.get().post(new SoftwareEvent(self.get(), "late"));
                return 1;
            }
            return 0;
        };
        final KitEventDispatcher evd = (KitEventDispatcher) ia.createEventDispatcher(4, null, SW);
        self.set(evd);
        final AtomicReference<Thread> t = new AtomicReference<>();
        final CompletableFuture<Event> f = waiter(() -> evd.await(Duration.ofSeconds(20), 1), t);
        waitForWaiter(evd, t);
        ready.set(1);
        evd.signal();
        assertEquals("late", ((SoftwareEvent) f.get(20, TimeUnit.SECONDS)).payload());
    }

    @Test
    void shouldReportAnOverflowOncePerEvdUntilTakenSoThatAFloodCannotSilenceTheAsyncEvd() {
        final java.net.InetSocketAddress peer = new java.net.InetSocketAddress(
                java.net.InetAddress.getLoopbackAddress(), 5555);
        final EventDispatcher cr = ia.createEventDispatcher(1, null, EnumSet.of(EventStream.CR));
        ia.createPublicServicePoint(27, cr, io.dat4j.ServicePointFlag.CONSUMER);
        final io.dat4j.kit.ServicePointUpcalls up = transport.listeners.get(27L);
        assertTrue(up.connectionRequested(new ScriptedTransport.Req(), peer, null, 1, 1));
        for (int i = 0; i < 1000; i++) {
            assertEquals(false, up.connectionRequested(new ScriptedTransport.Req(), peer, null, 1, 1));
        }
        final EventDispatcher async = ia.asyncEventDispatcher();
        final AsyncErrorEvent first = assertInstanceOf(AsyncErrorEvent.class, async.dequeue());
        assertEquals(EventNumber.ASYNC_ERROR_EVD_OVERFLOW, first.number());
        assertSame(cr, first.source());
        assertEquals(io.dat4j.AsyncErrorReason.EVD_OVERFLOW_ERROR, first.reasonCode());
        assertTrue(first.reason().contains("1000 events dropped"), first.reason());
        assertNull(async.poll(), "one report per EVD, whatever the number of drops");
        // a genuine overflow elsewhere is still reported
        final KitEventDispatcher dto = (KitEventDispatcher) ia.createEventDispatcher(1, null, SW);
        assertTrue(dto.post(new SoftwareEvent(dto, "kept")));
        assertEquals(false, dto.post(new SoftwareEvent(dto, "dropped")));
        final AsyncErrorEvent second = assertInstanceOf(AsyncErrorEvent.class, async.dequeue());
        assertSame(dto, second.source());
        assertTrue(second.reason().contains("1 event dropped since the last report (1 in all)"), second.reason());
        // taking the report re-armed the CR EVD: its next drop is reported again, with the new count
        assertEquals(false, up.connectionRequested(new ScriptedTransport.Req(), peer, null, 1, 1));
        final AsyncErrorEvent third = assertInstanceOf(AsyncErrorEvent.class, async.dequeue());
        assertSame(cr, third.source());
        assertTrue(third.reason().contains("1 event dropped since the last report (1001 in all)"), third.reason());
    }

    @Test
    void shouldKeepTheAsyncEvdAliveWhenItOverflowsAndReportItsOwnDrops() {
        final EventDispatcher async = ia.asyncEventDispatcher();
        final int length = async.query().queueLength();
        for (int i = 0; i < length + 12; i++) {
            transport.adapter.asyncError(EventNumber.ASYNC_ERROR_PROVIDER_INTERNAL_ERROR, ia, "error " + i);
        }
        assertEquals("error 0", ((AsyncErrorEvent) async.dequeue()).reason());
        for (int i = 1; i < length; i++) {
            assertEquals("error " + i, ((AsyncErrorEvent) async.dequeue()).reason());
        }
        final AsyncErrorEvent report = assertInstanceOf(AsyncErrorEvent.class, async.dequeue(),
                "the async EVD's own drops are reported once there is room");
        assertEquals(EventNumber.ASYNC_ERROR_EVD_OVERFLOW, report.number());
        assertSame(async, report.source());
        assertTrue(report.reason().contains("12 events dropped"), report.reason());
        transport.adapter.asyncError(EventNumber.ASYNC_ERROR_PROVIDER_INTERNAL_ERROR, ia, "later");
        assertEquals("later", ((AsyncErrorEvent) async.dequeue()).reason(), "the async EVD is alive");
    }
}
