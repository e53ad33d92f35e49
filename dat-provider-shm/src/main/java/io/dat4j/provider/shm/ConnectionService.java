package io.dat4j.provider.shm;

import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.PostedOperation;
import io.dat4j.provider.shm.sys.ProtocolViolation;
import io.dat4j.provider.shm.sys.WakeControl;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;

/**
 * The data path of one {@link ShmConnection} as the threads that service it see it: a poster writing its request, a
 * consumer in {@code dat_evd_dequeue/wait}, the progress thread. Each takes the connection's lock with
 * {@code tryLock} only, so a poster never waits for another thread: a poster that finds the lock held leaves a flag,
 * and the holder runs another round. An empty poll takes no lock at all: when the last round left nothing owed, no
 * record is committed where it stopped and the peer's HEAD did not move ({@link LastRound#quiet}), it returns at
 * once. Also the sleeper's side (arming before a wait) and the timers. The connection's lifecycle (handshake,
 * teardown) stays in {@link ShmConnection}, on its loop thread.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; the data path itself is guarded by
 * {@link ShmConnection#lock} (rank TRANSPORT, "Threading and locks" in docs/provider-kit.md), which the consumer
 * inside the IA's single-thread gate does not take ({@link io.dat4j.kit.ConsumerGate}: every other thread that
 * services the connection holds the gate then). Read without the lock:
 * {@link #work} and {@link #graceful} (volatile), what the last round left ({@link LastRound}: release stores by the
 * lock holder, acquire loads), and the consumers' poll count ({@code polls}: opaque stores by any consumer, lost
 * increments allowed, an opaque load by the progress thread, which only asks whether it changed).
 */
final class ConnectionService {

    private static final Logger LOG = Logging.logger(ConnectionService.class);
    /** Service rounds one call makes at most when posters keep adding work. */
    private static final int ROUNDS = 4;
    /** When the progress thread finds the connection held by another thread, it looks at its timers this much later. */
    private static final long TIMER_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final VarHandle POLLS;

    static {
        try {
            POLLS = MethodHandles.lookup().findVarHandle(ConnectionService.class, "polls", int.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ShmConnection c;
    /** Set by posters whose tryLock failed: the holder runs another round. */
    private volatile boolean work;
    /** Consumer calls of {@link #service}, counted racily: the progress thread leaves a counting connection alone. */
    private int polls;
    /** Progress thread only: the count it saw last, and when it saw the count change ({@link #sinceDriven}). */
    private int pollsSeen;
    private long drivenAt = System.nanoTime() - 2 * ProgressThread.GRACE_NANOS;
    /** A GRACEFUL disconnect waits for the requests posted before it. */
    private volatile boolean graceful;

    ConnectionService(final ShmConnection c) {
        this.c = c;
    }

    /**
     * {@return how much happened} One or more rounds of the data path, if no other thread is in it and there may be
     * something to do: a poll of a quiet connection returns 0 without a lock. A consumer thread ({@code dat_evd_*},
     * not the progress thread or a poster) counts the call, so that the progress thread leaves the connection to it.
     *
     * @param consumer whether the caller is a consumer thread
     */
    int service(final boolean consumer) {
        if (quiet(consumer)) {
            return 0;
        }
        return Math.max(0, rounds(false));
    }

    /**
     * {@return true if a poll of this connection has nothing to do now} (no lock, no fence; what {@link #service}
     * looks at first): the last round left nothing owed, and the peer committed nothing and consumed nothing since.
     * A consumer's look is counted for the progress thread ({@link #sinceDriven}).
     *
     * @param consumer whether the caller is a consumer thread
     */
    boolean quiet(final boolean consumer) {
        if (consumer) {
            POLLS.setOpaque(this, polls + 1); // no clock and no fence: the progress thread keeps the time
        }
        final DataPath p = c.path();
        // (after a teardown meanwhile: zeros, and a round finds no path)
        return p != null && !work && !graceful && p.last.quiet(consumer);
    }

    /**
     * Progress thread: {@return nanoseconds since it first saw a consumer's call of {@link #service} that it had not
     * seen before} (at most one look of this thread late: it looks at least every {@link ProgressThread#GRACE_NANOS}
     * while the connection counts as driven)
     *
     * @param now the time of this look
     */
    long sinceDriven(final long now) {
        final int p = (int) POLLS.getOpaque(this);
        if (p != pollsSeen) {
            pollsSeen = p;
            drivenAt = now;
        }
        return now - drivenAt;
    }

    /** Loop thread: a GRACEFUL disconnect; DISC goes once the requests posted before it are done. */
    void disconnectWhenDone() {
        graceful = true;
        rounds(false);
    }

    /** {@return how much happened, or -1 when another thread held the connection at the first try} */
    int rounds(final boolean outboundOnly) {
        int n = 0;
        boolean outOnly = outboundOnly;
        for (int round = 0; round < ROUNDS; round++) {
            final DataPath p = c.path();
            if (p == null || c.dying()) {
                return n;
            }
            final boolean locked = !c.gate.mine(); // the consumer inside the single-thread gate: no lock
            if (locked && !c.lock.tryLock()) {
                return round == 0 ? -1 : n;
            }
            try {
                if (c.path() != p || c.dying()) { // torn down or detached meanwhile
                    return n;
                }
                if (work) {
                    work = false; // a volatile store (a full fence) only when a poster asked for it
                }
                n += outOnly ? p.serviceOutbound() : p.service();
                if (p.nakWritten()) {
                    c.faults().warn("shared-memory connection " + c.describe() + ": refused the peer's request,"
                            + " connection broken: " + p.nakReason());
                    c.breakLater("refused the peer's request: " + p.nakReason());
                } else if (graceful && !p.waitsForPeer()) {
                    graceful = false;
                    c.transport.cm.post(c::sendDisc);
                }
            } catch (final ProtocolViolation e) {
                c.faults().warn("shared-memory connection " + c.describe() + ": protocol violation, connection"
                        + " broken: " + e.getMessage());
                c.breakLater("protocol violation: " + e.getMessage());
            } finally {
                if (locked) {
                    c.lock.unlock();
                }
            }
            if (!work) {
                return n;
            }
            outOnly = false; // another thread left work while this one held the lock: do it all
        }
        return n;
    }

    /**
     * A request is being posted (the poster holds the EP's lock): writes it straight into the ring if no other thread
     * services the connection and nothing of this side waits to be written before it ({@link DataPath#postDirect}),
     * without the EP's queue. {@return false if not written: the caller queues it and calls {@link #requestPosted}}
     *
     * @param op the request
     */
    boolean postDirect(final PostedOperation op) {
        final DataPath p = c.path();
        final boolean locked = !c.gate.mine(); // the consumer inside the single-thread gate: no lock
        if (p == null || work || graceful || c.dying() || locked && !c.lock.tryLock()) {
            return false;
        }
        boolean written = false;
        try {
            if (c.path() == p && !c.dying()) {
                written = p.postDirect(op);
            }
        } catch (final ProtocolViolation e) {
            c.faults().warn("shared-memory connection " + c.describe() + ": protocol violation, connection"
                    + " broken: " + e.getMessage());
            c.breakLater("protocol violation: " + e.getMessage()); // a request queued (not written) is flushed by the end
            written = p.tookDirect(); // written before the violation was found: in flight, the end flushes it there
        } finally {
            if (locked) {
                c.lock.unlock();
            }
        }
        if (work) {
            rounds(false); // a thread left work while this one held the lock (as rounds does)
        }
        return written;
    }

    /** A request was posted: write it now if no other thread services the connection, else that thread will. */
    void requestPosted() {
        if (rounds(true) < 0) {
            // another thread holds the connection: leave it the work, then try once more in case it just let go
            // without seeing the flag (it looks at the flag after it unlocks)
            work = true;
            rounds(false);
        }
        if (c.ended()) {
            // torn down before or while it was posted: its teardown flushed what it found, this finds the rest
            final ShmEndpoint e = c.endpoint();
            if (e != null) {
                e.queues.flushRequests();
            }
        }
    }

    /** A receive was posted (EP or SRQ): an incoming SEND may wait for it. */
    void receivePosted() {
        final DataPath p = c.path();
        if (p != null && p.holdsForReceive()) {
            c.transport.kick();
        }
    }

    /** Arms the connection for {@code what} before a thread sleeps; {@return true if the peer moved (do not sleep)} */
    boolean armAndCheck(final int what) {
        final DataPath p = c.path();
        if (p == null || c.dying()) {
            return false;
        }
        try {
            // no lock: arming is a CAS, the last look reads the peer's words only; a thread servicing the
            // connection meanwhile is no reason to sleep unarmed
            final int w = p.outboundWaits() ? what | WakeControl.SPACE : what;
            p.arm(w);
            return p.last.peerMoved(w);
        } catch (final ProtocolViolation e) {
            c.breakLater("protocol violation: " + e.getMessage());
            return true;
        }
    }

    /**
     * {@return the next time this connection needs a look, or Long.MAX_VALUE} Progress thread: the timers of the data
     * path (RNR budget, heartbeat while a SEND waits for a receive, transport timeout of {@code ackTimeoutNanos}).
     */
    long timers(final long now, final long ackTimeoutNanos) {
        final DataPath p = c.path();
        if (p == null || c.dying()) {
            return Long.MAX_VALUE; // no timers before the path is open or once it breaks
        }
        if (!c.lock.tryLock()) {
            return now + TIMER_RETRY_NANOS; // timeouts are 100 ms and more: no need to come back within 1 ms
        }
        try {
            final ShmEndpoint e = c.endpoint();
            if (e == null || c.dying()) {
                return Long.MAX_VALUE;
            }
            final long next = p.timers(now, ackTimeoutNanos, e.up.attributes().retryCount());
            if (next == DataPath.TIMED_OUT) {
                final String why = p.timeoutReason();
                LOG.warn("shared-memory connection {}: {}", c.describe(), why);
                c.breakLater(why);
                return Long.MAX_VALUE;
            }
            return next;
        } finally {
            c.lock.unlock();
        }
    }
}
