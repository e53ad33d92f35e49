package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertStatus;
import static io.dat4j.conformance.Checks.assertSucceeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.Capability;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ServicePointFlag;
import io.dat4j.SoftwareEvent;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Event dispatchers: {@code dat_evd_create}, {@code _query}, {@code _post_se}, {@code _dequeue}, {@code _wait}
 * (timeout,
 * threshold, one waiter, release on free), {@code _set_unwaitable}, {@code _resize}, overflow, and CNOs; plus the
 * dapltest FFT connmgt cases (wait timeouts). The rules in which one thread waits on an EVD while another calls it
 * (EVD-11, EVD-12, EVD-13, EVD-20) need {@link Capability#THREAD_SAFE}; the interrupted waits (EVD-15, EVD-19) do not,
 * as their second thread only interrupts the first.
 */
public abstract class EventDispatcherConformance extends ConformanceBase {

    /** For subclasses. */
    protected EventDispatcherConformance() {
    }

    private EventDispatcher softwareEvd(final int queueLength) {
        return rig().evd(rig().ia(), queueLength, EventStream.SOFTWARE);
    }

    @Rule(id = "EVD-01", level = Level.REQUIRED,
            text = "dat_evd_create with a queue length below 1 fails with INVALID_PARAMETER, above max_evd_qlen "
                    + "with INVALID_PARAMETER or INSUFFICIENT_RESOURCES")
    void queueLengthIsChecked() {
        final InterfaceAdapter ia = rig().ia();
        assertStatus("evd_create qlen 0", () -> ResourceTracker.track(ia.createEventDispatcher(0, null,
                EnumSet.of(EventStream.SOFTWARE))), StatusType.INVALID_PARAMETER);
        assertStatus("evd_create qlen -1", () -> ResourceTracker.track(ia.createEventDispatcher(-1, null,
                EnumSet.of(EventStream.SOFTWARE))), StatusType.INVALID_PARAMETER);
        final int max = ia.attributes().maxEventDispatcherQueueLength();
        assumeTrue(max < Integer.MAX_VALUE, "max_evd_qlen is unbounded");
        assertStatus("evd_create qlen max_evd_qlen+1", () -> ResourceTracker.track(ia.createEventDispatcher(max + 1,
                null, EnumSet.of(EventStream.SOFTWARE))), StatusType.INVALID_PARAMETER,
                StatusType.INSUFFICIENT_RESOURCES);
    }

    @Rule(id = "EVD-02", level = Level.REQUIRED,
            text = "dat_evd_create with no event stream (or a null set) fails with INVALID_PARAMETER")
    void streamsAreChecked() {
        final InterfaceAdapter ia = rig().ia();
        assertStatus("evd_create with no flags", () -> ResourceTracker.track(ia.createEventDispatcher(4, null,
                Set.of())), StatusType.INVALID_PARAMETER);
        assertStatus("evd_create with null flags", () -> ResourceTracker.track(ia.createEventDispatcher(4, null,
                null)), StatusType.INVALID_PARAMETER);
    }

    @Rule(id = "EVD-03", level = Level.REQUIRED,
            text = "dat_evd_query returns the IA, a queue length at least the one asked for, and the flags")
    void queryReturnsParameters() {
        final EventDispatcher evd = rig().evd(rig().ia(), 7, EventStream.SOFTWARE, EventStream.DTO);
        assertSame(rig().ia(), evd.query().interfaceAdapter(), "IA");
        assertSame(rig().ia(), evd.interfaceAdapter(), "IA accessor");
        assertTrue(evd.query().queueLength() >= 7, "queue length " + evd.query().queueLength() + " >= 7");
        assertEquals(EnumSet.of(EventStream.SOFTWARE, EventStream.DTO), evd.query().streams(), "flags");
        assertEquals(evd.query().streams(), evd.streams(), "streams()");
        assertNull(evd.query().notifier(), "no CNO");
    }

    @Rule(id = "EVD-04", level = Level.REQUIRED,
            text = "dat_evd_dequeue on an empty EVD fails with QUEUE_EMPTY (compare the type, not the raw code); "
                    + "poll() returns null")
    void dequeueOnEmpty() {
        final EventDispatcher evd = softwareEvd(4);
        final DatException e = assertStatus("dequeue on an empty EVD", evd::dequeue, StatusType.QUEUE_EMPTY);
        assertTrue(e.status().isError(), "QUEUE_EMPTY carries the error class bit");
        assertNull(evd.poll(), "poll on an empty EVD");
        assertEquals(0, evd.size(), "size of an empty EVD");
    }

    @Rule(id = "FFT-CONNMGT-0", level = Level.REQUIRED,
            text = "dat_evd_wait on a connection EVD with no event fails with TIMEOUT_EXPIRED when the timeout ends")
    void waitTimesOut() {
        final EventDispatcher evd = rig().evd(rig().ia(), 4, EventStream.CONNECTION);
        final long t0 = System.nanoTime();
        assertStatus("evd_wait 200 ms", () -> evd.await(Duration.ofMillis(200)), StatusType.TIMEOUT_EXPIRED);
        assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(150),
                "evd_wait must wait for (about) its timeout before TIMEOUT_EXPIRED");
    }

    @Rule(id = "FFT-CONNMGT-1", level = Level.REQUIRED,
            text = "dat_evd_wait with timeout 0 checks once: TIMEOUT_EXPIRED on an empty EVD, the event otherwise")
    void waitWithZeroTimeout() {
        final EventDispatcher evd = softwareEvd(4);
        assertStatus("evd_wait(0) on an empty EVD", () -> evd.await(Duration.ZERO), StatusType.TIMEOUT_EXPIRED);
        evd.postSoftwareEvent("x");
        final Event e = evd.await(Duration.ZERO);
        assertEquals("x", assertInstanceOf(SoftwareEvent.class, e).payload(), "payload");
    }

    @Rule(id = "EVD-05", level = Level.REQUIRED,
            text = "A wait threshold below 1 or above the queue length fails with INVALID_PARAMETER")
    void thresholdIsChecked() {
        final EventDispatcher evd = softwareEvd(4);
        final int q = evd.query().queueLength();
        assertStatus("threshold 0", () -> evd.await(Duration.ZERO, 0), StatusType.INVALID_PARAMETER);
        assertStatus("threshold qlen+1", () -> evd.await(Duration.ZERO, q + 1), StatusType.INVALID_PARAMETER);
    }

    @Rule(id = "EVD-06", level = Level.REQUIRED,
            text = "dat_evd_wait returns only when threshold events are queued; a timeout leaves them queued "
                    + "(nmore still counts them)")
    void thresholdWaitsForEnoughEvents() {
        final EventDispatcher evd = softwareEvd(8);
        evd.postSoftwareEvent(1);
        evd.postSoftwareEvent(2);
        assertStatus("wait for 3 with 2 queued", () -> evd.await(ConformanceTimeouts.quiet(), 3),
                StatusType.TIMEOUT_EXPIRED);
        assertEquals(2, evd.size(), "nmore after a timed-out wait");
        evd.postSoftwareEvent(3);
        final Event e = evd.await(ConformanceTimeouts.event(), 3);
        assertEquals(1, assertInstanceOf(SoftwareEvent.class, e).payload(), "the first event comes first");
        assertEquals(2, evd.size(), "nmore after the wait");
    }

    @Rule(id = "EVD-07", level = Level.REQUIRED,
            text = "dat_evd_post_se: the software event comes back with its payload and EVD, in FIFO order")
    void softwareEventsRoundTrip() {
        final EventDispatcher evd = softwareEvd(16);
        final Object payload = new Object();
        evd.postSoftwareEvent(payload);
        for (int i = 0; i < 5; i++) {
            evd.postSoftwareEvent(i);
        }
        evd.postSoftwareEvent(null);
        final SoftwareEvent first = assertInstanceOf(SoftwareEvent.class, evd.dequeue());
        assertSame(payload, first.payload(), "payload identity");
        assertSame(evd, first.dispatcher(), "evd_handle");
        assertEquals(EventNumber.SOFTWARE_EVENT, first.number(), "event number");
        for (int i = 0; i < 5; i++) {
            assertEquals(i, assertInstanceOf(SoftwareEvent.class, evd.await(ConformanceTimeouts.event())).payload(),
                    "FIFO order");
        }
        assertNull(assertInstanceOf(SoftwareEvent.class, evd.poll()).payload(), "null payload");
    }

    @Rule(id = "EVD-08", level = Level.REQUIRED,
            text = "dat_evd_post_se on an EVD created without the SOFTWARE flag fails (INVALID_PARAMETER, "
                    + "INVALID_HANDLE or INVALID_STATE) and queues nothing")
    void softwareEventNeedsTheFlag() {
        final EventDispatcher evd = rig().evd(rig().ia(), 4, EventStream.DTO);
        assertStatus("post_se on a DTO-only EVD", () -> evd.postSoftwareEvent("x"), StatusType.INVALID_PARAMETER,
                StatusType.INVALID_HANDLE, StatusType.INVALID_STATE);
        assertEquals(0, evd.size(), "nothing queued");
    }

    @Rule(id = "EVD-09", level = Level.REQUIRED,
            text = "dat_evd_post_se on a full EVD fails with QUEUE_FULL and loses none of the queued events")
    void postOnFullQueue() {
        final EventDispatcher evd = softwareEvd(4);
        final int q = evd.query().queueLength();
        assumeTrue(q <= 4096, "queue length " + q + " is too large to fill");
        for (int i = 0; i < q; i++) {
            final int n = i;
            assertSucceeds("post_se " + i + " of " + q, () -> evd.postSoftwareEvent(n));
        }
        assertStatus("post_se on a full EVD", () -> evd.postSoftwareEvent("over"), StatusType.QUEUE_FULL);
        for (int i = 0; i < q; i++) {
            assertEquals(i, assertInstanceOf(SoftwareEvent.class, evd.dequeue()).payload(), "event " + i);
        }
        assertNull(evd.poll(), "nothing else queued");
    }

    @Rule(id = "EVD-10", level = Level.REQUIRED,
            text = "When a connection request finds its EVD full, ASYNC_ERROR_EVD_OVERFLOW naming that EVD arrives on "
                    + "the IA's async EVD and the request is rejected (the requester is not left pending)")
    void overflowIsReported() {
        final InterfaceAdapter passive = rig().peerIa();
        final EventDispatcher crEvd = rig().evd(passive, 1, EventStream.CR);
        final int q = crEvd.query().queueLength();
        assumeTrue(q <= 16, "the provider rounds queue length 1 up to " + q + "; too many connections to overflow");
        final io.dat4j.PublicServicePoint psp = ResourceTracker.track(
                passive.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER));
        final Rig.Listener l = new Rig.Listener(passive, crEvd, psp);
        final List<Rig.Side> actives = new ArrayList<>();
        for (int i = 0; i <= q; i++) {
            final Rig.Side s = rig().side(rig().ia(), null);
            actives.add(s);
            rig().connect(s, l, null);
        }
        final Event e = Rig.await(passive.asyncEventDispatcher(), "ASYNC_ERROR_EVD_OVERFLOW on the async EVD");
        final AsyncErrorEvent ae = assertInstanceOf(AsyncErrorEvent.class, e, "expected an async error, got " + e);
        assertEquals(EventNumber.ASYNC_ERROR_EVD_OVERFLOW, ae.number(), "async event number");
        assertSame(crEvd, ae.source(), "the overflow names the full EVD");
        int rejected = 0;
        for (final Rig.Side s : actives) {
            final Event ce = s.connectEvd().poll();
            if (ce instanceof final ConnectionEvent c && c.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                rejected++;
            }
        }
        if (rejected == 0) {
            for (final Rig.Side s : actives) {
                final Event ce;
                try {
                    ce = s.connectEvd().await(ConformanceTimeouts.quiet());
                } catch (final DatException ex) {
                    continue;
                }
                if (ce instanceof final ConnectionEvent c
                        && c.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                    rejected++;
                }
            }
        }
        assertTrue(rejected >= 1, "the request that found the EVD full must be rejected");
    }

    @Rule(id = "EVD-11", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE,
            text = "A second thread waiting on an EVD that has a waiter fails with INVALID_STATE")
    void oneWaiterAtATime() throws Exception {
        final EventDispatcher evd = softwareEvd(4);
        final CompletableFuture<Event> first = CompletableFuture.supplyAsync(
                () -> evd.await(ConformanceTimeouts.event()), r -> startThread(r, "waiter"));
        waitUntilBlocked();
        assertStatus("a second waiter", () -> evd.await(ConformanceTimeouts.quiet()), StatusType.INVALID_STATE);
        evd.postSoftwareEvent("wake");
        assertEquals("wake", assertInstanceOf(SoftwareEvent.class,
                first.get(ConformanceTimeouts.event().toMillis(), TimeUnit.MILLISECONDS)).payload(),
                "the first waiter gets the event");
    }

    @Rule(id = "EVD-12", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE,
            text = "dat_evd_free releases a thread blocked in dat_evd_wait with ABORT")
    void freeReleasesWaiter() throws Exception {
        final EventDispatcher evd = softwareEvd(4);
        final CompletableFuture<Throwable> waiter = failureOf(() -> evd.await(EventDispatcher.INFINITE));
        waitUntilBlocked();
        evd.close();
        final Throwable t = waiter.get(ConformanceTimeouts.event().toMillis(), TimeUnit.MILLISECONDS);
        assertEquals(StatusType.ABORT, assertInstanceOf(DatException.class, t, "the waiter's failure").type(),
                "status of a wait released by free");
        assertTrue(evd.isClosed(), "freed");
    }

    @Rule(id = "EVD-13", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE,
            text = "dat_evd_set_unwaitable makes waits fail with INVALID_STATE and releases a waiter; "
                    + "dat_evd_clear_unwaitable makes the EVD waitable again")
    void unwaitable() throws Exception {
        final EventDispatcher evd = softwareEvd(4);
        final CompletableFuture<Throwable> waiter = failureOf(() -> evd.await(EventDispatcher.INFINITE));
        waitUntilBlocked();
        evd.setUnwaitable();
        final Throwable t = waiter.get(ConformanceTimeouts.event().toMillis(), TimeUnit.MILLISECONDS);
        assertInstanceOf(DatException.class, t, "the released waiter fails with a DatException");
        assertStatus("wait on an unwaitable EVD", () -> evd.await(Duration.ZERO), StatusType.INVALID_STATE);
        evd.clearUnwaitable();
        evd.postSoftwareEvent("ok");
        assertEquals("ok", assertInstanceOf(SoftwareEvent.class, evd.await(ConformanceTimeouts.event())).payload());
    }

    @Rule(id = "EVD-14", level = Level.REQUIRED,
            text = "dat_evd_free of an EVD an EP still uses fails with INVALID_STATE and leaves the EVD usable")
    void freeInUse() {
        final Rig.Side s = rig().side(rig().ia(), null);
        assertStatus("free of a connect EVD in use", s.connectEvd()::close, StatusType.INVALID_STATE);
        assertFalse(s.connectEvd().isClosed(), "the EVD stays open");
        s.ep().close();
        assertSucceeds("free once the EP is gone", s.connectEvd()::close);
    }

    @Rule(id = "EVD-15", level = Level.REQUIRED,
            text = "An interrupted dat_evd_wait fails with INTERRUPTED_CALL")
    void interruptedWait() {
        assertInterruptedWait("interrupted wait", softwareEvd(4));
    }

    /** Waits on {@code evd} for an event that does not come, interrupted after the quiet time: INTERRUPTED_CALL. */
    private static void assertInterruptedWait(final String what, final EventDispatcher evd) {
        final Thread self = Thread.currentThread();
        final Thread interrupter = startThread(() -> {
            try {
                Thread.sleep(ConformanceTimeouts.quiet().toMillis());
            } catch (final InterruptedException e) {
                return;
            }
            self.interrupt();
        }, "interrupter");
        try {
            assertStatus(what, () -> evd.await(ConformanceTimeouts.event()), StatusType.INTERRUPTED_CALL);
        } finally {
            interrupter.interrupt();
            Thread.interrupted();
        }
    }

    @Rule(id = "EVD-19", level = Level.REQUIRED,
            text = "An interrupted dat_evd_wait on a connected EP's receive EVD, with a receive posted and nothing "
                    + "arriving, fails with INTERRUPTED_CALL (also where the provider waits in a system call), and the "
                    + "connection stays usable")
    void interruptedWaitForAReceive() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer src = rig().buffer(c.active(), 64, io.dat4j.MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 64, io.dat4j.MemoryPrivilege.LOCAL);
        c.passive().ep().postRecv(dst.triplet(0, 64), 1);
        assertInterruptedWait("interrupted wait for a receive", c.passive().recvEvd());
        c.active().ep().postSend(src.triplet(0, 16), 2);
        final io.dat4j.DtoCompletionEvent r = assertInstanceOf(io.dat4j.DtoCompletionEvent.class,
                c.passive().recvEvd().await(ConformanceTimeouts.event()), "the receive after the interrupted wait");
        assertEquals(1, r.cookie(), "the receive's cookie");
        assertEquals(io.dat4j.DtoStatus.SUCCESS, r.status(), "the receive's status");
    }

    @Rule(id = "EVD-16", level = Level.REQUIRED,
            text = "dat_evd_enable/disable switch CNO notification, visible through isEnabled()")
    void enableDisable() {
        final EventDispatcher evd = softwareEvd(4);
        evd.disable();
        assertFalse(evd.isEnabled(), "disabled");
        evd.enable();
        assertTrue(evd.isEnabled(), "enabled");
    }

    @Rule(id = "EVD-18", level = Level.REQUIRED,
            text = "EventDispatcher.poll(handler, limit) hands the DTO completions of a connection to the handler "
                    + "field by field, in posting order, at most limit per call, and the handler may post")
    void pollIntoAHandler() {
        final Rig.Connection c = rig().connect();
        final int n = Math.min(8, Math.min(c.active().ep().query().attributes().maxRequestDtos(),
                c.passive().ep().query().attributes().maxRecvDtos()));
        assumeTrue(n >= 2, "the EPs allow fewer than 2 outstanding operations");
        final Rig.Buffer src = rig().buffer(c.active(), 64L * n, io.dat4j.MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 64L * n, io.dat4j.MemoryPrivilege.LOCAL);
        for (int i = 0; i < n; i++) {
            c.passive().ep().postRecv(dst.triplet(64L * i, 64), i);
        }
        for (int i = 0; i < n; i++) {
            c.active().ep().postSend(src.triplet(64L * i, 32), 100 + i);
        }
        final List<String> got = new ArrayList<>();
        final List<Event> others = new ArrayList<>();
        final io.dat4j.EventHandler handler = io.dat4j.EventHandler.of((ep, cookie, status, length, op, rmr) -> {
            got.add(op + " " + cookie + " " + status + " " + length);
            assertSame(c.passive().ep(), ep, "ep_handle");
            if (cookie == 0) {
                ep.postRecv(dst.triplet(0, 64), 50); // posting from inside the handler
            }
        }, others::add);
        final long deadline = System.nanoTime() + ConformanceTimeouts.event().toNanos();
        final int limit = 3;
        while (got.size() < n && System.nanoTime() < deadline) {
            final int before = got.size() + others.size();
            final int taken = c.passive().recvEvd().poll(handler, limit);
            assertTrue(taken <= limit, "poll took " + taken + " events with limit " + limit);
            assertEquals(before + taken, got.size() + others.size(), "each event taken reached the handler once");
            if (taken == 0) {
                Thread.onSpinWait();
            }
        }
        assertEquals(List.of(), others, "events other than DTO completions");
        final List<String> want = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            want.add("RECEIVE " + i + " SUCCESS 32");
        }
        assertEquals(want, got, "the receive completions, in posting order");
        final List<Long> sent = new ArrayList<>();
        final io.dat4j.EventHandler sendHandler = io.dat4j.EventHandler.of((ep, cookie, status, length, op, rmr) -> {
            assertEquals(io.dat4j.DtoStatus.SUCCESS, status, "send status");
            sent.add(cookie);
        }, others::add);
        while (sent.size() < n && System.nanoTime() < deadline) {
            c.active().requestEvd().poll(sendHandler, n);
        }
        assertEquals(java.util.stream.LongStream.range(100, 100 + n).boxed().toList(), sent,
                "the send completions, in posting order");
        assertEquals(List.of(), others, "events other than DTO completions");
        c.active().ep().postSend(src.triplet(0, 16), 200);
        final io.dat4j.DtoCompletionEvent last = assertInstanceOf(io.dat4j.DtoCompletionEvent.class,
                c.passive().recvEvd().await(ConformanceTimeouts.event()));
        assertEquals(50, last.cookie(), "the receive the handler posted takes the next message");
    }

    @Rule(id = "EVD-17", level = Level.CAPABILITY, requires = Capability.EVD_RESIZE,
            text = "dat_evd_resize grows the queue; shrinking below the events queued fails with INVALID_STATE")
    void resize() {
        final EventDispatcher evd = softwareEvd(4);
        final int q = evd.query().queueLength();
        for (int i = 0; i < Math.min(q, 3); i++) {
            evd.postSoftwareEvent(i);
        }
        evd.resize(q * 2);
        assertTrue(evd.query().queueLength() >= q * 2, "grown");
        assertStatus("shrink below queued", () -> evd.resize(1), StatusType.INVALID_STATE,
                StatusType.INVALID_PARAMETER);
        assertEquals(0, assertInstanceOf(SoftwareEvent.class, evd.dequeue()).payload(), "events kept");
    }

    @Rule(id = "EVD-20", level = Level.CAPABILITY, requires = {Capability.EVD_RESIZE, Capability.THREAD_SAFE},
            text = "dat_evd_resize below the threshold of a thread waiting on the EVD fails with INVALID_STATE (that "
                    + "wait could never end) and leaves the waiter waiting; the events that reach the threshold end it")
    void resizeBelowAWaitersThreshold() throws InterruptedException {
        final EventDispatcher evd = softwareEvd(8);
        final int q = evd.query().queueLength();
        assumeTrue(q >= 4, "the EVD holds fewer than 4 events");
        final int threshold = 4;
        final Object[] outcome = new Object[1];
        final Thread waiter = startThread(() -> {
            try {
                outcome[0] = evd.await(ConformanceTimeouts.event(), threshold);
            } catch (final DatException e) {
                outcome[0] = e;
            }
        }, "waiter");
        try {
            Thread.sleep(ConformanceTimeouts.quiet().toMillis()); // (the waiter is in the wait)
            assertStatus("resize below the waiter's threshold", () -> evd.resize(threshold - 1),
                    StatusType.INVALID_STATE);
            assertTrue(evd.query().queueLength() >= threshold, "the length is kept");
            for (int i = 0; i < threshold; i++) {
                evd.postSoftwareEvent(i);
            }
            waiter.join(ConformanceTimeouts.event().toMillis() * 2);
            assertFalse(waiter.isAlive(), "the waiter is still waiting after " + threshold + " events");
            assertEquals(0, assertInstanceOf(SoftwareEvent.class, outcome[0], "the wait's outcome").payload(),
                    "the first event");
        } finally {
            waiter.interrupt();
        }
    }

    @Rule(id = "CNO-01", level = Level.CAPABILITY, requires = Capability.CNO,
            text = "dat_cno_wait times out with TIMEOUT_EXPIRED, returns null after dat_cno_trigger, and returns the "
                    + "EVD that fired when an enabled linked EVD gets an event")
    void consumerNotifier() {
        final ConsumerNotifier cno = ResourceTracker.track(rig().ia().createConsumerNotifier());
        assertStatus("cno_wait on nothing", () -> cno.await(ConformanceTimeouts.quiet()), StatusType.TIMEOUT_EXPIRED);
        cno.trigger();
        assertNull(cno.await(ConformanceTimeouts.event()), "cno_wait after trigger");
        final EventDispatcher evd = ResourceTracker.track(rig().ia().createEventDispatcher(4, cno,
                EnumSet.of(EventStream.SOFTWARE)));
        evd.enable();
        evd.postSoftwareEvent("x");
        assertSame(evd, cno.await(ConformanceTimeouts.event()), "the EVD that fired");
    }

    private static volatile Thread lastStarted;

    private static Thread startThread(final Runnable r, final String name) {
        final Thread t = new Thread(r, "dat-conformance-" + name);
        t.setDaemon(true);
        lastStarted = t;
        t.start();
        return t;
    }

    private static CompletableFuture<Throwable> failureOf(final Runnable call) {
        final CompletableFuture<Throwable> f = new CompletableFuture<>();
        startThread(() -> {
            try {
                call.run();
                f.complete(null);
            } catch (final Throwable t) {
                f.complete(t);
            }
        }, "waiter");
        return f;
    }

    private static void waitUntilBlocked() {
        Rig.awaitBlocked(lastStarted);
    }
}
