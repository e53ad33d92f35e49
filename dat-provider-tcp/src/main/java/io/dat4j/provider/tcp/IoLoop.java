package io.dat4j.provider.tcp;

import io.dat4j.internal.logging.Logging;
import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.logging.log4j.Logger;

/**
 * One I/O thread of an IA: a selector over many connections, who owns the loop (the I/O thread or a driving consumer),
 * and the round it runs. Every socket of the connections it owns is touched only by the loop's current
 * <em>owner</em>: the I/O thread, or a consumer thread that waits on an EVD fed by this loop only and runs the loop
 * itself ({@link #drive}), so that the thread that waits for a completion is the one the kernel wakes when its data
 * arrives (two thread wake-ups per round trip, as a blocking socket program, instead of six). While consumers drive,
 * the I/O thread steps aside: it parks, and takes the loop back when no consumer has driven it for
 * {@link #graceNanos}, when work is queued and nobody runs the loop, or when a consumer asks for it.
 Ownership is an atomic reference; handing it over orders every access of the loop's state. Its task and ready
 * queues ({@link LoopWork}) are guarded by their own monitors, leaves under which nothing else is taken; its timers
 * ({@link TimerHeap}), deferred ACKs ({@link DeferredAcks}) and silent-peer sweep are the owner's, with no lock; the
 * loop takes a connection's lock only while it owns the loop and holds no kit lock. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class IoLoop implements Runnable {

    private static final Logger LOG = Logging.logger(IoLoop.class);

    /** Microseconds without a driving consumer after which the I/O thread takes over ({@link TcpConfig}). */
    private final long graceNanos;
    /** How long a deferred ACK may wait for a frame to ride on ({@link TcpConfig}). */
    private final long ackDelayNanos;

    final int index;
    private final Selector selector;
    private final Thread thread;
    /** Tasks and connections queued by other threads ({@link LoopWork}). */
    private final LoopWork work;
    /** The connections' timers; owner only. */
    final TimerHeap timers = new TimerHeap();
    private final java.nio.ByteBuffer scratch = java.nio.ByteBuffer.allocateDirect(64 * 1024);
    private final java.util.function.Consumer<SelectionKey> handler = this::handle;
    private volatile boolean selecting;
    /** How long a driving consumer spins on non-blocking selections before its selection blocks ({@link TcpConfig}). */
    private final long busyPollNanos;
    /**
     * Counts the selector wake-ups asked for ({@link #wakeSelector()}): a busy-polling driver's non-blocking
     * selections clear a pending {@link Selector#wakeup()}, so it watches this count instead.
     */
    private final java.util.concurrent.atomic.AtomicLong kicks = new java.util.concurrent.atomic.AtomicLong();
    private volatile boolean running = true;
    /** Silent-peer detection of this thread's established connections. */
    final Liveness.Sweep liveness;
    /** Who runs the loop now: the I/O thread, a driving consumer, or nobody. */
    private final AtomicReference<Thread> owner = new AtomicReference<>();
    /** When a consumer last released the loop ({@link System#nanoTime()}). */
    private volatile long lastDriven;
    /** The I/O thread parks until the driving consumer releases the loop. */
    private volatile boolean ioWaitsForRelease;
    /** A consumer found another consumer driving: the I/O thread should take over once the loop is free. */
    private volatile boolean ioNeeded;
    /** A consumer found the I/O thread running the loop: it releases the loop after its round and unparks them. */
    private volatile boolean stepAside;
    private volatile Thread wanter;
    /** Connections holding ACKs deferred by a driving consumer (owner only). */
    final DeferredAcks deferredAcks = new DeferredAcks(this);
    /** Driving consumers may wait without the JDK selector ({@link DirectWait}); cleared when that fails. */
    private boolean directOn;
    /** The loop's own epoll set, made by the first driving consumer that waits in it; closed when the loop stops. */
    private volatile DirectWait direct;
    /** Rounds whose wait went around the selector, all loops of the JVM (approximate: for tests and diagnostics). */
    private static volatile long directRounds;

    IoLoop(final String name, final int index, final TcpConfig config) throws IOException {
        this.index = index;
        this.graceNanos = config.driveGraceNanos();
        this.ackDelayNanos = config.ackDelayNanos();
        this.busyPollNanos = config.busyPollNanos();
        this.directOn = config.directWait() && DirectWait.available();
        this.lastDriven = System.nanoTime() - 4 * graceNanos;
        this.liveness = new Liveness.Sweep(config.ackTimeoutNanos());
        this.selector = Selector.open();
        this.work = new LoopWork(name);
        this.thread = new Thread(this, name);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** {@return a buffer for discarding bytes, loop thread only} */
    java.nio.ByteBuffer scratch() {
        return scratch;
    }

    Selector selector() {
        return selector;
    }

    /** {@return true if the calling thread runs the loop now (the I/O thread, or a driving consumer)} */
    boolean inLoop() {
        return owner.get() == Thread.currentThread();
    }

    /**
     * {@return true if the calling thread is a consumer running the loop ({@link #drive}) and may leave ACKs for its
     * next request to carry}
     */
    boolean mayDeferAcks() {
        final Thread t = Thread.currentThread();
        return t != thread && owner.get() == t && !deferredAcks.suspended;
    }

    /** Runs a task on the loop thread (soon). */
    void execute(final Runnable task) {
        work.addTask(task);
        wakeup();
    }

    /**
     * Runs a task on the loop thread and waits for it (inline when called on the loop thread or after the loop
     * stopped).
     *
     * @return false on timeout
     */
    boolean executeAndWait(final Runnable task, final long timeoutMillis) {
        if (inLoop() || !running) {
            task.run();
            return true;
        }
        final CountDownLatch done = new CountDownLatch(1);
        execute(() -> {
            try {
                task.run();
            } finally {
                done.countDown();
            }
        });
        try {
            return done.await(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Marks a connection as having work (posted operations, a new receive); allocation-free. */
    void schedule(final TcpConnection c) {
        if (work.addReady(c)) {
            wakeup();
        }
    }

    /** Wakes the selection in progress or the next one, and tells a busy-polling driver to stop spinning. */
    private void wakeSelector() {
        kicks.incrementAndGet();
        selector.wakeup();
        final DirectWait d = direct;
        if (d != null && d.waiting) {
            d.wake();
        }
    }

    /** {@return about how many rounds of all loops waited without the JDK selector so far} */
    static long directRounds() {
        return directRounds;
    }

    private void wakeup() {
        if (inLoop()) {
            return;
        }
        if (selecting) {
            wakeSelector();
        } else if (owner.get() == null) {
            LockSupport.unpark(thread);
        }
    }

    /**
     * Releases a consumer blocked in {@link #drive} (its EVD got an event from elsewhere, or is closing). The
     * wake-up is remembered by the selector when the consumer is not selecting yet.
     */
    void wakeupDriver() {
        final Thread o = owner.get();
        // also when nobody owns the loop yet: the waiter may be between its ring check and taking the loop, and
        // must not then block in a selection with the event already posted (it compares the kicks, see round)
        if (o != thread && o != Thread.currentThread()) {
            wakeSelector();
        }
    }

    // ------------------------------------------------------------------ consumer-driven progress

    /**
     * Runs one round of the loop on the calling (consumer) thread: timers, a selection that waits up to
     * {@code nanos} (0: none), the ready connections' reads and writes, tasks. Completions it produces go to their
     * EVDs as usual; the caller's EVD wakes it with {@link #wakeupDriver()}.
     *
     * @param nanos how long the selection may wait
     * @return false, having done nothing, when another thread runs the loop (the I/O thread is asked to step aside
     *         so that the next call succeeds), the loop is stopping, or {@code nanos} is too short to block
     */
    boolean drive(final long nanos) {
        final Thread me = Thread.currentThread();
        final IoLoop d = DeferredAcks.takeDeferredOnOther(this);
        if (d != null) {
            d.flushDeferredFrom(me);
        }
        if (!running || me == thread || (nanos > 0 && nanos < 1_000_000L)) {
            return false;
        }
        // read before taking the loop: every wake-up meant for this driver counts after it (see busyPoll)
        final long k0 = kicks.get();
        if (!owner.compareAndSet(null, me)) {
            final Thread o = owner.get();
            if (o == thread) {
                if (!stepAside) {
                    wanter = me;
                    stepAside = true;
                    if (selecting) {
                        wakeSelector();
                    }
                }
            } else if (o != null && o != me) {
                ioNeeded = true;
            }
            return false;
        }
        try {
            if (!running) {
                return false;
            }
            final long ms = nanos == 0 ? 0 : nanos == Long.MAX_VALUE ? Long.MAX_VALUE : (nanos + 999_999L) / 1_000_000L;
            round(ms, k0);
            return true;
        } catch (final IOException | java.nio.channels.ClosedSelectorException e) {
            LOG.debug("consumer-driven round of {} failed", thread.getName(), e);
            return false;
        } finally {
            release(me);
        }
    }

    /**
     * Takes the loop for a short job on a posting thread (writing a request too large to stage) when nobody runs it;
     * never waits. Release with {@link #disown()}.
     *
     * @return true if the calling thread owns the loop now
     */
    boolean tryOwn() {
        final Thread me = Thread.currentThread();
        if (me == thread || !running || !owner.compareAndSet(null, me)) {
            return false;
        }
        deferredAcks.suspended = true;
        return true;
    }

    /** Ends a {@link #tryOwn()} job: the I/O thread is woken if work was left (it does not count as driving). */
    void disown() {
        deferredAcks.suspended = false;
        owner.compareAndSet(Thread.currentThread(), null);
        if (ioWaitsForRelease || ioNeeded || work.hasWork()) {
            LockSupport.unpark(thread);
        }
    }

    private void release(final Thread me) {
        lastDriven = System.nanoTime();
        owner.compareAndSet(me, null);
        if (ioWaitsForRelease || ioNeeded || !running || work.hasWork()) {
            LockSupport.unpark(thread);
        }
    }

    /** A consumer leaves for another loop: its deferred ACKs here go out now, if the loop is free. */
    private void flushDeferredFrom(final Thread me) {
        if (deferredAcks.since() != 0 && owner.compareAndSet(null, me)) {
            try {
                deferredAcks.flush();
            } finally {
                release(me);
            }
        }
    }

    @Override
    public void run() {
        try {
            while (running) {
                if (!takeTurn()) {
                    continue;
                }
                try {
                    round(Long.MAX_VALUE, 0);
                } finally {
                    owner.set(null);
                }
                if (stepAside) {
                    stepAside = false;
                    lastDriven = System.nanoTime();
                    final Thread w = wanter;
                    wanter = null;
                    if (w != null) {
                        LockSupport.unpark(w);
                    }
                }
            }
        } catch (final Throwable t) {
            LOG.error("I/O thread {} failed; its connections are closed", thread.getName(), t);
        } finally {
            while (!owner.compareAndSet(null, thread)) {
                wakeSelector();
                LockSupport.parkNanos(this, 100_000L);
            }
            shutdown();
        }
    }

    /** I/O thread: {@return true when it owns the loop for a round; false after it backed off (parked)} */
    private boolean takeTurn() {
        if (owner.get() != null) {
            final long now = System.nanoTime();
            if (now - lastDriven < graceNanos) {
                // consumers drive round after round (a ping-pong): check back when deferred ACKs fall due, else when
                // the grace ends, instead of being unparked by every release (a futex wake-up and two thread switches
                // for the consumer) or waking every ACK delay (a third of a consumer's round trip on one CPU)
                LockSupport.parkNanos(this, nextCheck(now));
                return false;
            }
            // a consumer has held the loop for a while (a long wait): park until it releases the loop
            ioWaitsForRelease = true;
            if (owner.get() != null && running) {
                LockSupport.park(this);
            }
            ioWaitsForRelease = false;
            return false;
        }
        final long now = System.nanoTime();
        final long idle = now - lastDriven;
        if (idle < graceNanos && !ioNeeded && !work.hasWork()) {
            final long since = deferredAcks.since();
            if (since != 0 && now - since >= ackDelayNanos && owner.compareAndSet(null, thread)) {
                try {
                    deferredAcks.flush();
                } finally {
                    owner.set(null);
                }
            }
            LockSupport.parkNanos(this, nextCheck(now));
            return false;
        }
        if (!owner.compareAndSet(null, thread)) {
            return false;
        }
        ioNeeded = false;
        return true;
    }

    /**
     * I/O thread, while consumers drive: {@return how long to sleep}, until the deferred ACKs fall due
     * ({@link #ackDelayNanos} after the oldest) or, when none is deferred, until no consumer has driven for
     * {@link #graceNanos}. (ACKs deferred while it sleeps the longer time wait at most that long.)
     */
    private long nextCheck(final long now) {
        final long since = deferredAcks.since();
        final long until = since != 0 ? Math.min(since + ackDelayNanos, lastDriven + graceNanos)
                : lastDriven + graceNanos;
        return Math.max(until - now, 50_000L);
    }

    /** One round by the owner: deferred ACKs, timers, the silent-peer sweep, a selection waiting at most {@code maxMillis}, work. */
    private void round(final long maxMillis, final long k0) throws IOException {
        deferredAcks.flush();
        final long wait = Math.min(Math.min(timers.expire(), liveness.run()), maxMillis);
        selecting = true;
        try {
            if (wait <= 0 || work.hasWork() || (Thread.currentThread() != thread && kicks.get() != k0)) {
                // (a consumer that was woken after it read k0 must not block: its event may be posted already)
                selector.selectNow(handler);
            } else if ((busyPollNanos == 0 || Thread.currentThread() == thread || !busyPoll(k0))
                    && (Thread.currentThread() == thread || !directRound(wait, k0))) {
                // (a busy-polling consumer blocks only when its spin found nothing and no wake-up came; a driving
                // consumer waits without the selector when it can)
                if (wait == Long.MAX_VALUE) {
                    selector.select(handler);
                } else {
                    selector.select(handler, wait);
                }
            }
        } finally {
            selecting = false;
        }
        if (Thread.currentThread() != thread && Thread.currentThread().isInterrupted()) {
            // an interrupted consumer must not touch the sockets (NIO would close them): the work stays for the
            // I/O thread, woken by release()
            return;
        }
        work.runTasks();
        work.runReady();
    }

    /**
     * A driving consumer's wait in the loop's own epoll set ({@link DirectWait}) instead of the selector, up to
     * {@code waitMillis} (at most {@link DirectWait#SLICE_MILLIS}), handling what is ready as the selection would.
     * Owner only, while {@link #selecting}.
     *
     * @param k0 {@link #kicks} before the driver took the loop
     * @return false when the loop's keys cannot be mirrored now (a pending write, a connect, too many keys): the caller
     *         selects
     */
    private boolean directRound(final long waitMillis, final long k0) {
        if (!directOn) {
            return false;
        }
        DirectWait d = direct;
        if (d == null) {
            d = DirectWait.open();
            if (d == null) {
                directOn = false;
                return false;
            }
            direct = d;
        }
        if (!d.current(selector) && !d.rebuild(selector)) {
            return false;
        }
        d.waiting = true;
        try {
            // (a wake-up counted after waiting was set writes the eventfd; one counted before is seen here)
            final int ms = kicks.get() != k0 ? 0 : (int) Math.min(waitMillis, DirectWait.SLICE_MILLIS);
            final int n = d.await(ms);
            if (n < 0) {
                directOn = false;
                return false;
            }
            directRounds++; // (racy across loops: a diagnostic count)
            for (int i = 0; i < n; i++) {
                final SelectionKey k = d.key(i);
                if (k != null) { // (null: a wake-up)
                    dispatch(k, SelectionKey.OP_READ);
                }
            }
            return true;
        } finally {
            d.waiting = false;
        }
    }

    /**
     * A driving consumer's spin: non-blocking selections for up to {@link #busyPollNanos}. Owner only, while
     * {@link #selecting}.
     *
     * @param k0 {@link #kicks} before the driver took the loop
     * @return true if a key was handled or a wake-up was asked for (the caller must not block), false if the spin
     *         found nothing
     */
    private boolean busyPoll(final long k0) throws IOException {
        final Thread me = Thread.currentThread();
        final long end = System.nanoTime() + busyPollNanos;
        do {
            if (selector.selectNow(handler) > 0 || kicks.get() != k0 || me.isInterrupted()) {
                return true;
            }
            // a yield, not a pause: on a machine without a spare core the peer (or the I/O thread) may need this one
            Thread.yield();
        } while (System.nanoTime() - end < 0);
        return kicks.get() != k0;
    }

    /**
     * Runs one non-blocking selection on the loop thread, so that channels closed by the current task are really
     * closed (NIO defers the close of a registered channel until its key is deregistered by a selection): a freed
     * listener's port is free again when its close returns (conformance CM-14).
     *
     * @throws IOException if the selector fails
     */
    void deregisterCancelledKeys() throws IOException {
        selector.selectNow(handler);
    }

    private void handle(final SelectionKey k) {
        dispatch(k, -1);
    }

    /** A key is ready for {@code readyOps} (-1: its ready set after a selection); a selection's or a direct wait's. */
    private void dispatch(final SelectionKey k, final int readyOps) {
        if (Thread.currentThread() != thread && Thread.currentThread().isInterrupted()) {
            return; // level-triggered: the key is selected again by the next owner
        }
        final Object a = k.attachment();
        try {
            if (a instanceof TcpConnection c) {
                c.onReady(k, readyOps);
            } else if (a instanceof TcpListener l) {
                l.onAcceptable();
            }
        } catch (final RuntimeException e) {
            LOG.error("I/O thread {}: handling {} failed", thread.getName(), a, e);
            if (a instanceof TcpConnection c) {
                c.fail("internal error: " + e);
            }
        }
    }

    /** Stops the loop and waits for its thread; closes every channel it owns. */
    void stop(final long timeoutMillis) {
        running = false;
        wakeSelector();
        LockSupport.unpark(thread);
        if (Thread.currentThread() != thread) {
            try {
                thread.join(timeoutMillis);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive()) {
                LOG.warn("I/O thread {} did not stop within {} ms", thread.getName(), timeoutMillis);
            }
        }
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    private void shutdown() {
        running = false;
        work.runTasks();
        for (final SelectionKey k : new ArrayList<>(selector.keys())) {
            final Object a = k.attachment();
            if (a instanceof TcpConnection c) {
                c.fail("the IA is closing");
            } else if (a instanceof TcpListener l) {
                l.closeNow();
            }
        }
        work.runTasks();
        try {
            selector.close();
        } catch (final IOException e) {
            LOG.debug("closing selector", e);
        }
        final DirectWait d = direct;
        if (d != null) {
            d.close();
        }
    }
}
