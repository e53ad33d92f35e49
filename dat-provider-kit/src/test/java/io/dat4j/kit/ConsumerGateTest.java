package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The single-thread gate ({@link ConsumerGate}) on its own: the OFF gate does nothing; the consumer and the transport's
 * threads never hold it at once, and the transport's threads get it while the consumer keeps calling (hand-over at
 * {@link ConsumerGate#enter()} and {@link ConsumerGate#idle()}) as well as when it waits; provider sections nest and
 * suspend; {@link ConsumerGate#mine()} answers for the consumer only; the consumer may move between threads; a wait
 * gives back every gate the thread took.
 *
 * <p>Each consumer runs on a thread of its own (an executor of one thread: the gate belongs to the thread that took
 * it). Every wait is bounded ({@link #BOUND_SECONDS}, a liveness bound, not a timing figure); a check that a thread is
 * still blocked or outside ({@link #assertBlocked}, {@link #assertNotEntered}) looks for a short while, and so can
 * miss a fault but never reports a false one.
 */
@Timeout(120)
class ConsumerGateTest {

    /** How long a step that must happen may take (liveness only). */
    private static final long BOUND_SECONDS = 20;
    /** How long a thread that must stay blocked is watched. */
    private static final long BLOCKED_MILLIS = 100;

    private final List<ExecutorService> executors = new ArrayList<>();

    @AfterEach
    void stopThreads() throws InterruptedException {
        for (final ExecutorService e : executors) {
            e.shutdownNow();
            assertTrue(e.awaitTermination(BOUND_SECONDS, TimeUnit.SECONDS), "a test thread did not end");
        }
    }

    /** {@return a thread of its own (for a consumer or a transport thread), ended after the test} */
    private ExecutorService thread(final String name) {
        final ExecutorService e = Executors.newSingleThreadExecutor(r -> {
            final Thread t = new Thread(r, "gate-test-" + name);
            t.setDaemon(true);
            return t;
        });
        executors.add(e);
        return e;
    }

    private static <T> T on(final ExecutorService thread, final Callable<T> step) throws Exception {
        return thread.submit(step).get(BOUND_SECONDS, TimeUnit.SECONDS);
    }

    private static void run(final ExecutorService thread, final Runnable step) throws Exception {
        thread.submit(step).get(BOUND_SECONDS, TimeUnit.SECONDS);
    }

    private static void assertBlocked(final Future<?> f, final String what) throws Exception {
        try {
            f.get(BLOCKED_MILLIS, TimeUnit.MILLISECONDS);
            fail(what + ": it got through");
        } catch (final TimeoutException expected) {
            // still blocked, as it must be
        }
    }

    private static void assertNotEntered(final Section s, final String what) throws InterruptedException {
        assertFalse(s.inside.await(BLOCKED_MILLIS, TimeUnit.MILLISECONDS), what + ": it got in");
    }

    private static void await(final Future<?> f, final String what) throws Exception {
        try {
            f.get(BOUND_SECONDS, TimeUnit.SECONDS);
        } catch (final TimeoutException e) {
            fail(what + ": still blocked after " + BOUND_SECONDS + " s");
        }
    }

    /** A transport thread's section held open until {@link #leave} counts down. */
    private static final class Section {
        final CountDownLatch inside = new CountDownLatch(1);
        final CountDownLatch leave = new CountDownLatch(1);
        final AtomicReference<Boolean> mineInside = new AtomicReference<>();
        final AtomicReference<Thread> thread = new AtomicReference<>();
        Future<?> done;

        Section start(final ExecutorService on, final ConsumerGate gate) {
            done = on.submit(() -> {
                thread.set(Thread.currentThread());
                gate.enterProvider();
                try {
                    mineInside.set(gate.mine());
                    inside.countDown();
                    leave.await(BOUND_SECONDS, TimeUnit.SECONDS);
                } finally {
                    gate.exitProvider();
                }
                return null;
            });
            return this;
        }

        boolean isInside() {
            return inside.getCount() == 0;
        }

        void awaitInside(final String what) throws InterruptedException {
            assertTrue(inside.await(BOUND_SECONDS, TimeUnit.SECONDS), what + ": the transport thread never got in");
        }

        /**
         * Waits until the transport thread is parked in {@code enterProvider} (it has said that it waits: a
         * hand-over at the consumer's next call or empty poll is then due), or inside already.
         */
        void awaitWaiting() throws InterruptedException {
            final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
            while (System.nanoTime() - end < 0 && !isInside()) {
                final Thread t = thread.get();
                if (t != null && t.getState() == Thread.State.TIMED_WAITING) {
                    for (final StackTraceElement e : t.getStackTrace()) {
                        if (e.getClassName().equals(ConsumerGate.class.getName())
                                && e.getMethodName().equals("enterProvider")) {
                            return;
                        }
                    }
                }
                Thread.sleep(1);
            }
            assertFalse(!isInside() && System.nanoTime() - end >= 0, "the transport thread never waited");
        }

        void end() throws Exception {
            leave.countDown();
            await(done, "the transport thread's exit");
        }
    }

    @Test
    void offGateDoesNothing() throws Exception {
        final ConsumerGate g = ConsumerGate.OFF;
        assertFalse(g.on());
        final ExecutorService consumer = thread("consumer");
        final ExecutorService provider = thread("provider");
        run(consumer, () -> {
            g.enter();
            assertFalse(g.mine(), "mine() of the OFF gate after enter()");
            g.idle();
        });
        // the consumer "holds" it: a transport thread still enters at once, and nests
        final Section s = new Section().start(provider, g);
        s.awaitInside("OFF gate");
        assertFalse(s.mineInside.get());
        run(consumer, () -> {
            g.enter(); // beside the transport thread's section: returns at once
            assertFalse(g.mine());
            g.releaseForWait();
            ConsumerGate.releaseTaken();
        });
        s.end();
        run(provider, () -> {
            g.enterProvider();
            g.enterProvider();
            assertEquals(0, g.suspendProvider(), "OFF: nothing to suspend");
            g.resumeProvider(0);
            g.exitProvider();
            g.exitProvider();
            g.exitProvider(); // unbalanced: still nothing
        });
        assertEquals("no gate (multi-threaded)", g.toString());
        assertTrue(ConsumerGate.singleThread().on());
    }

    /** How the consumer of {@link #consumerAndTwoTransportThreadsNeverOverlap} lets the transport threads in. */
    enum HandOver {
        /** Only its data-path calls: {@code enter()} finds a transport thread waiting. */
        ENTER,
        /** {@code enter()}, and {@code idle()} every 7th section (an empty poll). */
        IDLE,
        /** {@code enter()}, {@code idle()} every 7th and {@code releaseForWait()} every 101st section. */
        WAIT
    }

    /** What the sections share: plain fields, written only inside the gate. */
    private static final class Shared {
        int inside;
        long count;
    }

    @ParameterizedTest
    @EnumSource(HandOver.class)
    void consumerAndTwoTransportThreadsNeverOverlap(final HandOver mode) throws Exception {
        final ConsumerGate g = ConsumerGate.singleThread();
        final Shared shared = new Shared();
        final AtomicInteger owners = new AtomicInteger(); // a second, atomic witness of an overlap
        final AtomicInteger overlaps = new AtomicInteger();
        final int perProvider = 50_000;
        final int consumerMin = 200_000;
        final AtomicLong[] entries = {new AtomicLong(), new AtomicLong(), new AtomicLong()}; // consumer, P1, P2
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        final ExecutorService consumer = thread("consumer");
        final List<Future<?>> providers = new ArrayList<>();
        for (int p = 1; p <= 2; p++) {
            final int id = p;
            providers.add(thread("provider-" + p).submit(() -> {
                while (entries[id].get() < perProvider && System.nanoTime() - deadline < 0) {
                    g.enterProvider();
                    try {
                        section(shared, owners, overlaps, 1 + id, g, false);
                    } finally {
                        g.exitProvider();
                    }
                    entries[id].incrementAndGet();
                    for (int i = 0; i < 100; i++) {
                        Thread.onSpinWait(); // outside: the consumer's turn (as a real transport thread waits)
                    }
                }
                return null;
            }));
        }
        final Future<?> c = consumer.submit(() -> {
            long n = 0;
            while ((n < consumerMin || entries[1].get() < perProvider || entries[2].get() < perProvider)
                    && System.nanoTime() - deadline < 0) {
                g.enter();
                section(shared, owners, overlaps, 1, g, true);
                n++;
                entries[0].incrementAndGet();
                if (mode != HandOver.ENTER && n % 7 == 0) {
                    g.idle();
                }
                if (mode == HandOver.WAIT && n % 101 == 0) {
                    g.releaseForWait();
                }
            }
            g.releaseForWait();
            return null;
        });
        await(c, "the consumer");
        for (final Future<?> p : providers) {
            await(p, "a transport thread");
        }
        assertEquals(0, overlaps.get(), "sections overlapped");
        assertTrue(entries[1].get() >= perProvider && entries[2].get() >= perProvider,
                () -> mode + ": the transport threads got in " + entries[1] + " and " + entries[2] + " times within "
                        + BOUND_SECONDS + " s while the consumer made " + entries[0] + " sections (wanted "
                        + perProvider + " each)");
        assertEquals(entries[0].get() + entries[1].get() + entries[2].get(), shared.count,
                "plain increments inside the gate lost (an overlap, or a section that did not see the last one's)");
    }

    private static void section(final Shared s, final AtomicInteger owners, final AtomicInteger overlaps,
            final int me, final ConsumerGate g, final boolean consumer) {
        if (owners.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
        }
        if (s.inside != 0) {
            overlaps.incrementAndGet();
        }
        s.inside = me;
        if (g.mine() != consumer) {
            overlaps.incrementAndGet(); // mine() wrong on this side
        }
        s.count++;
        for (int i = 0; i < 20; i++) {
            Thread.onSpinWait();
        }
        if (s.inside != me) {
            overlaps.incrementAndGet();
        }
        s.inside = 0;
        owners.decrementAndGet();
    }

    @Test
    void transportThreadWaitsForTheConsumerUntilItGivesTheGateBack() throws Exception {
        final ConsumerGate g = ConsumerGate.singleThread();
        final ExecutorService consumer = thread("consumer");
        final ExecutorService provider = thread("provider");
        assertTrue(on(consumer, () -> {
            g.enter();
            return g.mine();
        }), "mine() after enter()");
        final Section s = new Section().start(provider, g);
        assertNotEntered(s, "a transport thread entered while the consumer held the gate");
        assertFalse(s.isInside());
        assertTrue(on(consumer, g::mine), "the consumer still holds it");
        run(consumer, g::releaseForWait);
        s.awaitInside("after releaseForWait");
        assertFalse(s.mineInside.get(), "mine() on a transport thread inside");
        assertFalse(on(consumer, g::mine), "mine() of the consumer while a transport thread is inside");
        final Future<Boolean> again = consumer.submit(() -> {
            g.enter();
            return g.mine();
        });
        assertBlocked(again, "the consumer entered while a transport thread was inside");
        s.end();
        assertTrue(again.get(BOUND_SECONDS, TimeUnit.SECONDS), "the consumer holds it once the section ended");
        run(consumer, g::releaseForWait);
        assertEquals("single-thread gate (free)", g.toString());
    }

    @Test
    void emptyPollHandsOverOnlyWhenATransportThreadWaits() throws Exception {
        final ConsumerGate g = ConsumerGate.singleThread();
        final ExecutorService consumer = thread("consumer");
        final ExecutorService provider = thread("provider");
        run(consumer, () -> {
            g.enter();
            g.idle(); // nobody waits: keeps it
            assertTrue(g.mine());
        });
        final Section s = new Section().start(provider, g);
        assertNotEntered(s, "a transport thread entered while the consumer held the gate");
        s.awaitWaiting();
        // idle() gives it over, and takes it back after the section: it returns only once the section ended
        final Future<Boolean> idle = consumer.submit(() -> {
            g.idle();
            return g.mine();
        });
        s.awaitInside("after idle()");
        assertBlocked(idle, "idle() returned while the transport thread was inside");
        s.end();
        assertTrue(idle.get(BOUND_SECONDS, TimeUnit.SECONDS), "the consumer holds it again after idle()");
        final Section s2 = new Section().start(provider, g);
        assertNotEntered(s2, "the consumer kept it after idle(): a second transport section waits");
        s2.awaitWaiting();
        final Future<Boolean> enter = consumer.submit(() -> {
            g.enter(); // a data-path call hands over too, and returns once it holds the gate again
            return g.mine();
        });
        s2.awaitInside("after enter()");
        assertBlocked(enter, "enter() returned while the transport thread was inside");
        s2.end();
        assertTrue(enter.get(BOUND_SECONDS, TimeUnit.SECONDS), "the consumer holds it again after enter()");
        run(consumer, g::releaseForWait);
    }

    @Test
    void providerSectionsNestAndSuspend() throws Exception {
        final ConsumerGate g = ConsumerGate.singleThread();
        final ExecutorService consumer = thread("consumer");
        final ExecutorService provider = thread("provider");
        run(provider, () -> {
            g.enterProvider();
            g.enterProvider();
            g.exitProvider(); // depth 1: still inside
        });
        final Future<?> enter = consumer.submit(g::enter);
        assertBlocked(enter, "the consumer entered while a nested provider section was still open");
        run(provider, g::exitProvider);
        await(enter, "the consumer after the provider's last exit");
        run(consumer, g::releaseForWait);

        // suspend at depth 2: the consumer gets in; resume restores the depth
        run(provider, () -> {
            g.enterProvider();
            g.enterProvider();
        });
        final AtomicInteger saved = new AtomicInteger(-1);
        run(provider, () -> saved.set(g.suspendProvider()));
        assertEquals(2, saved.get(), "the depth suspended");
        run(consumer, () -> {
            g.enter();
            assertTrue(g.mine(), "the consumer holds it while the provider is suspended");
        });
        final Future<?> resume = provider.submit(() -> g.resumeProvider(saved.get()));
        assertBlocked(resume, "the provider resumed while the consumer held the gate");
        run(consumer, g::releaseForWait);
        await(resume, "the provider's resume after the consumer's release");
        run(provider, g::exitProvider); // depth 2 -> 1
        final Future<?> enter2 = consumer.submit(g::enter);
        assertBlocked(enter2, "the consumer entered before the resumed provider's depth was unwound");
        run(provider, g::exitProvider);
        await(enter2, "the consumer after the resumed sections ended");
        run(consumer, g::releaseForWait);
        assertEquals(0, (int) on(provider, g::suspendProvider), "suspend outside any section");
        run(provider, () -> g.resumeProvider(0)); // does not enter
        run(consumer, () -> {
            g.enter(); // would block if resumeProvider(0) had entered
            g.releaseForWait();
        });
    }

    @Test
    void enterInsideAProviderSectionTakesNothing() throws Exception {
        final ConsumerGate g = ConsumerGate.singleThread();
        final ExecutorService consumer = thread("consumer");
        final ExecutorService provider = thread("provider");
        run(provider, () -> {
            g.enterProvider();
            g.enter(); // a kit call made by the transport thread: returns at once, takes every lock
            assertFalse(g.mine(), "mine() of a transport thread that called enter() in its section");
            g.idle();
            assertFalse(g.mine());
            g.exitProvider();
        });
        // the gate is free: the consumer takes it at once, and the transport thread's releaseTaken does not free it
        run(consumer, () -> {
            g.enter();
            assertTrue(g.mine());
        });
        run(provider, ConsumerGate::releaseTaken);
        final Section s = new Section().start(provider, g);
        assertNotEntered(s, "a transport thread entered: the consumer's gate was taken by the transport thread's"
                + " enter() or given back by its releaseTaken()");
        run(consumer, g::releaseForWait);
        s.awaitInside("after the consumer's release");
        s.end();
    }

    @Test
    void consumerMovesToAnotherThread() throws Exception {
        final ConsumerGate g = ConsumerGate.singleThread();
        final ExecutorService a = thread("consumer-a");
        final ExecutorService b = thread("consumer-b");
        final ExecutorService provider = thread("provider");
        assertTrue(on(a, () -> {
            g.enter();
            return g.mine();
        }));
        final Section s = new Section().start(provider, g);
        assertNotEntered(s, "a transport thread entered while thread A held the gate");
        // the Future's get() and the next submit order A's call before B's (the consumer's promise)
        assertTrue(on(b, () -> {
            g.enter(); // takes it over from A (or hands over to the waiting section first)
            return g.mine();
        }), "thread B holds the gate after its enter()");
        assertFalse(s.isInside(), "thread B took the gate over from A: the transport thread still waits");
        // thread A, now waiting as the consumer of another IA, gives back the gates it holds: not this one, B's
        final ConsumerGate other = ConsumerGate.singleThread();
        run(a, () -> {
            other.enter();
            other.releaseForWait();
        });
        assertNotEntered(s, "thread A's wait gave back the gate thread B holds");
        assertTrue(on(b, g::mine), "thread B still holds it");
        run(b, g::releaseForWait);
        s.awaitInside("after thread B's releaseForWait");
        s.end();
        run(a, () -> {
            g.enter();
            assertTrue(g.mine());
            g.releaseForWait();
        });
    }

    @Test
    void aWaitGivesBackEveryGateTheThreadTook() throws Exception {
        for (final boolean viaOneGate : new boolean[] {false, true}) {
            final ConsumerGate g1 = ConsumerGate.singleThread();
            final ConsumerGate g2 = ConsumerGate.singleThread();
            final ExecutorService consumer = thread("consumer-" + viaOneGate);
            final ExecutorService p1 = thread("provider-1-" + viaOneGate);
            final ExecutorService p2 = thread("provider-2-" + viaOneGate);
            run(consumer, () -> {
                g1.enter();
                g2.enter();
                assertTrue(g1.mine() && g2.mine());
            });
            final Section s1 = new Section().start(p1, g1);
            final Section s2 = new Section().start(p2, g2);
            assertNotEntered(s1, "gate 1 entered while the consumer held it");
            assertNotEntered(s2, "gate 2 entered while the consumer held it");
            if (viaOneGate) {
                run(consumer, g1::releaseForWait); // gate 1's wait gives back gate 2 as well
            } else {
                run(consumer, ConsumerGate::releaseTaken);
            }
            s1.awaitInside("gate 1 after the consumer's wait");
            s2.awaitInside("gate 2 after the consumer's wait");
            s1.end();
            s2.end();
            run(consumer, () -> {
                g1.enter();
                g2.enter();
                assertTrue(g1.mine() && g2.mine());
                ConsumerGate.releaseTaken();
                assertFalse(g1.mine() || g2.mine());
            });
        }
    }

    @Test
    void aWaitOnAnIaWithoutTheGateGivesBackTheGatesTheThreadTook() throws Exception {
        final ConsumerGate single = ConsumerGate.singleThread();
        final ExecutorService consumer = thread("consumer");
        final ExecutorService provider = thread("provider");
        run(consumer, single::enter);
        final Section s = new Section().start(provider, single);
        assertNotEntered(s, "entered while the consumer held the gate");
        // the same thread waits on a multi-threaded IA (its gate OFF), which may depend on the single-thread one
        run(consumer, ConsumerGate.OFF::releaseForWait);
        s.awaitInside("after a wait on an IA without the gate");
        s.end();
    }
}
