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
 * {@link #graceNanos}, when work is queued and nobody runs the loop, or when a consumer asks for it. A driving
 * consumer whose loop serves its one connection alone waits in one blocking {@code recv} on that connection's adopted
 * socket instead of a selection and a read ({@link #recvRound}, {@link SocketIo}); any thread releases it through
 * {@link #wakeSelector()} ({@link RecvWake}).
 * Ownership is an atomic reference; handing it over orders every access of the loop's state: reading the loop's
 * sockets is the owner's alone, so there is one reader per socket at a time. Its task and ready
 * queues ({@link LoopWork}) are guarded by their own monitors, leaves under which nothing else is taken; its timers
 * ({@link TimerHeap}), deferred ACKs ({@link DeferredAcks}) and silent-peer sweep are the owner's, with no lock; the
 * loop takes a connection's lock only while it owns the loop and holds no kit lock. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class IoLoop implements Runnable {

    private static final Logger LOG = Logging.logger(IoLoop.class);

    /**
     * A round waits in {@code recv} ({@link #recvRound}) only when it may wait at least this long: a shorter wait (a
     * timer or the wait's timeout due sooner) selects with the kernel's timeout, where a recv would cost a wake-up of
     * the I/O thread at its end ({@link #watchRecv}).
     */
    static final int RECV_MIN_WAIT_MILLIS = 20;

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
    /**
     * Counts the consumers' releases of the loop: written by the releasing owner before it hands the loop back (the
     * hand-over publishes it), read by the I/O thread, which notes when it saw it change ({@link #lastDriven}). A
     * counter, not a time, so that a consumer's round reads no clock for it.
     */
    private int drives;
    /** The I/O thread's: {@link #drives} when it last looked. */
    private int seenDrives;
    /**
     * The I/O thread's: when ({@link System#nanoTime()}) it last saw {@link #drives} change, or stepped aside. It looks
     * at least every {@link #graceNanos} while consumers drive, so it takes the loop back within two graces of the
     * last release.
     */
    private long lastDriven;
    /** The I/O thread parks until the driving consumer releases the loop. */
    private volatile boolean ioWaitsForRelease;
    /** A consumer found another consumer driving: the I/O thread should take over once the loop is free. */
    private volatile boolean ioNeeded;
    /** A consumer found the I/O thread running the loop: it releases the loop after its round and unparks them. */
    private volatile boolean stepAside;
    private volatile Thread wanter;
    /** Connections holding ACKs deferred by a driving consumer (owner only). */
    final DeferredAcks deferredAcks = new DeferredAcks(this);
    /**
     * Releases a driving consumer from its blocking {@code recv} ({@link #recvRound}); null when this loop's consumers
     * never wait there (no adopted sockets: {@link SocketIo#unavailability()}, or
     * {@code dat4j.tcp.nativeSockets=false}).
     */
    private final RecvWake recvWake;
    /**
     * When ({@link System#nanoTime()}) the round of the consumer now waiting in {@code recv} must end (its first timer,
     * or its wait's timeout; {@link Long#MAX_VALUE}: none): written by the owner before it arms {@link #recvWake}, read
     * by the I/O thread, which releases the waiter then ({@link #watchRecv}). The {@code recv} itself has no timeout:
     * a timed one costs the kernel a timer set and cancelled per call.
     */
    private volatile long recvDeadline = Long.MAX_VALUE;
    /**
     * When ({@link System#nanoTime()}) the parked I/O thread looks at the loop next ({@link Long#MAX_VALUE}: only when
     * unparked): written by the I/O thread before it looks at a waiter in {@code recv} and parks; a waiter whose
     * {@link #recvDeadline} comes earlier unparks it after arming ({@link #recvRound}). Both sides write their own
     * volatile field, then read the other's: either the I/O thread sees the armed waiter, or the waiter sees when the
     * I/O thread would look and unparks it.
     */
    private volatile long ioLooksAt = Long.MAX_VALUE;
    /** The connection last registered with this loop's selector (owner only): the candidate for {@link #recvRound}. */
    private TcpConnection lastRegistered;
    /**
     * Rounds whose wait was one blocking recv, all loops of the JVM (approximate: for tests and diagnostics; a plain
     * field, so that counting costs no fence per message).
     */
    private static long recvRounds;
    /**
     * Rounds that did not wait and read bytes with one recv instead of a selection, all loops of the JVM (approximate:
     * for tests and diagnostics; a plain field).
     */
    private static long recvPolls;

    IoLoop(final String name, final int index, final TcpConfig config) throws IOException {
        this.index = index;
        this.graceNanos = config.driveGraceNanos();
        this.ackDelayNanos = config.ackDelayNanos();
        this.busyPollNanos = config.busyPollNanos();
        this.recvWake = config.nativeSockets() && SocketIo.available() ? new RecvWake() : null;
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
        final RecvWake w = recvWake;
        if (w != null) {
            w.wake();
        }
    }

    /** {@return about how many rounds of all loops waited in one blocking recv so far} */
    static long recvRounds() {
        return recvRounds;
    }

    /** {@return about how many rounds of all loops that did not wait read bytes with one recv so far} */
    static long recvPolls() {
        return recvPolls;
    }

    /** A connection's channel was registered with this loop's selector; owner only. */
    void registered(final TcpConnection c) {
        lastRegistered = c;
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
        drives++; // (the owner's alone; published by the hand-over below)
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

    /**
     * I/O thread, about to park for at most {@code sleep} while a consumer may own the loop: publishes when it will look
     * next ({@link #ioLooksAt}), then releases a consumer waiting in {@code recv} ({@link #recvRound}) whose round's
     * time is up ({@link #recvDeadline}). An interrupt of the waiter needs no watch: the kit releases a waiter that is
     * interrupted inside {@code progress} through the source's {@code wakeup()} ({@link #wakeupDriver()}).
     *
     * @param sleep how long the I/O thread means to park ({@link Long#MAX_VALUE}: until unparked)
     * @return how long to park: {@code sleep}, or less when an armed waiter's round ends sooner
     */
    private long watchRecv(final long now, final long sleep) {
        final RecvWake w = recvWake;
        if (w == null) {
            return sleep;
        }
        ioLooksAt = sleep == Long.MAX_VALUE ? Long.MAX_VALUE : now + sleep;
        if (!w.armed()) {
            return sleep; // (a waiter that arms now sees ioLooksAt, and unparks this thread if it must)
        }
        final long d = recvDeadline;
        if (d == Long.MAX_VALUE) {
            return sleep;
        }
        final long left = d - now;
        if (left <= 0) {
            w.wake();
            return Math.min(sleep, 50_000L); // (its next round may arm again)
        }
        final long l = Math.max(left, 50_000L);
        if (l < sleep) {
            ioLooksAt = now + l;
            return l;
        }
        return sleep;
    }

    /** I/O thread: {@return when a consumer last released the loop, as far as it knows} (see {@link #drives}) */
    private long lastDriven(final long now) {
        final int d = drives;
        if (d != seenDrives) {
            seenDrives = d;
            lastDriven = now;
        }
        return lastDriven;
    }

    /** I/O thread: {@return true when it owns the loop for a round; false after it backed off (parked)} */
    private boolean takeTurn() {
        final Thread o = owner.get();
        if (o != null) {
            final long now = System.nanoTime();
            if (now - lastDriven(now) < graceNanos) {
                // consumers drive round after round (a ping-pong): check back when deferred ACKs fall due, else when
                // the grace ends, instead of being unparked by every release (a futex wake-up and two thread switches
                // for the consumer) or waking every ACK delay (a third of a consumer's round trip on one CPU)
                LockSupport.parkNanos(this, watchRecv(now, nextCheck(now)));
                return false;
            }
            // a consumer has held the loop for a while (a long wait): park until it releases the loop, or until the
            // round of a waiter in recv must end
            ioWaitsForRelease = true;
            if (owner.get() != null && running) {
                final long watch = watchRecv(now, Long.MAX_VALUE);
                if (watch == Long.MAX_VALUE) {
                    LockSupport.park(this);
                } else {
                    LockSupport.parkNanos(this, watch);
                }
            }
            ioWaitsForRelease = false;
            return false;
        }
        final long now = System.nanoTime();
        final long idle = now - lastDriven(now);
        if (idle < graceNanos && !ioNeeded && !work.hasWork()) {
            final long since = deferredAcks.since();
            if (since != 0 && now - since >= ackDelayNanos && owner.compareAndSet(null, thread)) {
                try {
                    deferredAcks.flush();
                } finally {
                    owner.set(null);
                }
            }
            // (a consumer may take the loop and wait in recv meanwhile)
            LockSupport.parkNanos(this, watchRecv(now, nextCheck(now)));
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
        final long wait;
        long now = 0;
        if (timers.size() == 0 && liveness.idle()) {
            wait = maxMillis;
        } else {
            now = System.nanoTime(); // (one clock read for both, and for a wait in recv)
            wait = Math.min(Math.min(timers.expire(now), liveness.run(now)), maxMillis);
        }
        final boolean consumer = Thread.currentThread() != thread;
        selecting = true;
        try {
            if (wait <= 0 || work.hasWork() || (consumer && kicks.get() != k0)) {
                // (a consumer that was woken after it read k0 must not block: its event may be posted already; a
                // consumer whose loop serves only its connection reads it without waiting instead of selecting)
                if (!consumer || !recvRound(0, 0, k0)) {
                    selector.selectNow(handler);
                }
            } else if ((busyPollNanos == 0 || !consumer || !busyPoll(k0)) && (!consumer || !recvRound(wait, now, k0))) {
                // (a busy-polling consumer blocks only when its spin found nothing and no wake-up came; a driving
                // consumer whose loop serves only its connection waits in one recv when it can)
                if (wait == Long.MAX_VALUE) {
                    selector.select(handler);
                } else {
                    selector.select(handler, wait);
                }
            }
        } finally {
            selecting = false;
        }
        if (consumer && Thread.currentThread().isInterrupted()) {
            // an interrupted consumer must not touch the sockets (NIO would close them): the work stays for the
            // I/O thread, woken by release()
            return;
        }
        work.runTasks();
        work.runReady();
    }

    /**
     * A driving consumer's read of the loop's only connection in one {@code recv}, instead of a selection and a read:
     * with {@code waitMillis} 0 one that does not wait (a polling consumer's round: one system call per round, and one
     * per message where a selection and a read are two), else, when the round may wait at least
     * {@link #RECV_MIN_WAIT_MILLIS} (a shorter wait selects), one blocking call without a timeout, which the I/O thread
     * ends when the round's time is up ({@link #watchRecv}: the waiter unparks it when it would look only later); an
     * interrupt of the waiter releases it through the kit ({@code wakeup()} of the completion source); then what
     * arrived is handled as after a selection. Used when the loop's selector holds that connection alone, established,
     * waiting to read only (no pending write, no listener, no other connection: a selection would watch those), its
     * inbound stage consumed ({@link InboundReader#mayWaitInRecv()}), its socket adopted ({@link SocketIo#adopt()}),
     * on a platform thread that is not interrupted. One reader at a time: the caller owns the loop, and every read of
     * the loop's sockets is the owner's ({@code docs/provider-kit.md}, "Threading and locks"); the connection's lock is
     * not held during the call, so that posting threads still write. A wait is released by the peer's bytes, the time,
     * or another thread's {@link #wakeSelector()} ({@link RecvWake}). Owner only, while {@link #selecting}.
     *
     * @param waitMillis 0 (do not wait), or how long the round may wait ({@link Long#MAX_VALUE}: no limit)
     * @param now when the round read the clock, 0 if it did not
     * @param k0 {@link #kicks} before the driver took the loop
     * @return false when the round must select instead
     */
    private boolean recvRound(final long waitMillis, final long now, final long k0) {
        final RecvWake w = recvWake;
        final Thread me = Thread.currentThread();
        if (w == null || (waitMillis != 0 && waitMillis < RECV_MIN_WAIT_MILLIS) || selector.keys().size() != 1
                || me.isVirtual() || me.isInterrupted()) {
            return false;
        }
        TcpConnection c = lastRegistered;
        if (c == null || c.key == null || !c.key.isValid()) {
            // the last connection registered has gone: the one key left may be another connection's (found once)
            final Object a = selector.keys().iterator().next().attachment();
            c = a instanceof TcpConnection t ? t : null;
            lastRegistered = c;
            if (c == null) {
                return false;
            }
        }
        final SelectionKey k = c.key;
        try {
            if (k == null || !k.isValid() || k.interestOps() != SelectionKey.OP_READ) {
                return false;
            }
        } catch (final java.nio.channels.CancelledKeyException e) {
            return false;
        }
        final boolean ready;
        c.lock.lock();
        try {
            ready = c.in.mayWaitInRecv() && c.io.adopt();
        } finally {
            c.unlock();
        }
        if (!ready) {
            return false;
        }
        final int n;
        if (waitMillis == 0) {
            n = c.in.recvInto(false);
            if (n == -1) {
                return true; // (nothing there: the round is done, as after an empty selection)
            }
            recvPolls++; // (racy across loops: a diagnostic count)
        } else {
            final long deadline = waitMillis >= Long.MAX_VALUE / 2_000_000L ? Long.MAX_VALUE
                    : (now != 0 ? now : System.nanoTime()) + waitMillis * 1_000_000L;
            recvDeadline = deadline;
            w.arm();
            if (deadline != Long.MAX_VALUE) {
                // the I/O thread ends this recv at the deadline: if it would look only later, it must look again
                final long l = ioLooksAt;
                if (l == Long.MAX_VALUE || l - deadline > 0) {
                    LockSupport.unpark(thread);
                }
            }
            try {
                // (a wake-up counted before the arming is seen here; one counted after it signals this thread)
                n = kicks.get() != k0 ? -1 : c.in.recvInto(true);
            } finally {
                w.disarm();
            }
            recvRounds++; // (racy across loops: a diagnostic count)
        }
        if (n != -1) {
            try {
                c.onReceived(n);
            } catch (final RuntimeException e) {
                LOG.error("I/O thread {}: handling {} failed", thread.getName(), c, e);
                c.fail("internal error: " + e);
            }
        }
        return true;
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

    /** A key is ready for {@code readyOps} (-1: its ready set after a selection). */
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
    }
}
