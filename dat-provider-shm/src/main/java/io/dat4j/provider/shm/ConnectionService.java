package io.dat4j.provider.shm;

import io.dat4j.provider.shm.sys.ProtocolViolation;
import io.dat4j.provider.shm.sys.WakeControl;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The data path of one {@link ShmConnection} as the threads that service it see it: a poster writing its request, a
 * consumer in {@code dat_evd_dequeue/wait}, the progress thread. Each takes the connection's lock with
 * {@code tryLock} only, so a poster never waits for another thread: a poster that finds the lock held leaves a flag,
 * and the holder runs another round. Also the sleeper's side (arming before a wait) and the timers. The connection's
 * lifecycle (handshake, teardown) stays in {@link ShmConnection}, on its loop thread.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; the data path itself is guarded by
 * {@link ShmConnection#lock} (rank TRANSPORT, "Threading and locks" in docs/provider-kit.md).
 */
final class ConnectionService {

    private static final Logger LOG = LogManager.getLogger(ConnectionService.class);
    /** How fresh {@link #driven} is kept (well under the progress thread's grace). */
    private static final long DRIVEN_RESOLUTION_NANOS = 100_000;
    /** Service rounds one call makes at most when posters keep adding work. */
    private static final int ROUNDS = 4;

    private final ShmConnection c;
    /** Set by posters whose tryLock failed: the holder runs another round. */
    private volatile boolean work;
    /** When a consumer last serviced this connection ({@link System#nanoTime()}). */
    volatile long driven;
    /** Empty consumer polls, counted racily: the clock is read every 64th ({@link #service}). */
    private int emptyPolls;
    /** A GRACEFUL disconnect waits for the requests posted before it. */
    private volatile boolean graceful;

    ConnectionService(final ShmConnection c) {
        this.c = c;
    }

    /**
     * {@return how much happened} One or more rounds of the data path, if no other thread is in it; a consumer thread
     * ({@code dat_evd_*}, not the progress thread or a poster) marks the connection driven.
     *
     * @param consumer whether the caller is a consumer thread
     */
    int service(final boolean consumer) {
        final int n = Math.max(0, rounds(false));
        // the clock costs as much as an empty round: read it when the round found work, and every 64th empty one
        if (consumer && (n > 0 || (++emptyPolls & 63) == 0)) {
            final long now = System.nanoTime();
            if (now - driven > DRIVEN_RESOLUTION_NANOS) {
                driven = now; // a volatile store every 100 µs, not every poll
            }
        }
        return n;
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
            if (!c.lock.tryLock()) {
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
                c.lock.unlock();
            }
            if (!work) {
                return n;
            }
            outOnly = false; // another thread left work while this one held the lock: do it all
        }
        return n;
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
            return p.peerMoved(w);
        } catch (final ProtocolViolation e) {
            c.breakLater("protocol violation: " + e.getMessage());
            return true;
        } catch (final IllegalStateException e) {
            return true; // unmapped by a teardown meanwhile: look again
        }
    }

    /**
     * {@return the next time this connection needs a look, or Long.MAX_VALUE} Progress thread: the timers of the data
     * path (RNR budget, heartbeat while a SEND waits for a receive, transport timeout of {@code ackTimeoutNanos}).
     */
    long timers(final long now, final long ackTimeoutNanos) {
        final DataPath p = c.path();
        if (p == null || c.dying() || !c.lock.tryLock()) {
            return now + TimeUnit.MILLISECONDS.toNanos(1);
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
