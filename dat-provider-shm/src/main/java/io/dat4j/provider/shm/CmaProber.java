package io.dat4j.provider.shm;

import io.dat4j.kit.RemoteFaultLog;
import io.dat4j.provider.shm.sys.CrossMemory;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs the proof of a peer's pid ({@link CrossMemory#probe}: one {@code process_vm_readv} at an address the peer
 * names) on a thread of its own, one per IA, started at the first proof, so that the IA's connection-management thread
 * ({@link CmLoop}), which serves every connection of the IA, waits for it at most {@link #BOUND_NANOS}. A peer whose
 * memory at that address faults without end (a {@code userfaultfd} page it never serves) holds the thread in the
 * system call until it serves the fault or exits; before this thread it held the CM thread so, and the IA connected
 * and accepted nobody meanwhile (docs/reliability.md).
 *
 * <p>No answer within the bound: that connection goes without CMA (as when the kernel refuses it), the pid is
 * remembered so that every later proof naming it fails at once, and the remote-fault log (rate-limited) says so.
 * While the thread is still inside an earlier probe, a new proof does not wait: it goes without CMA too. A hostile
 * peer thus costs the CM thread at most one bound per pid it names, and honest peers at worst their CMA, never their
 * connection.
 *
 * <p>{@link #stop} (the IA's close) ends the thread once it is idle; a thread inside a probe that does not return
 * cannot be joined: it ends when that probe returns (the peer serves the fault or exits), so it may outlive the close
 * while such a peer lives. The close never waits for it.
 *
 * <p>Thread safety: {@link #probe} is called by the CM thread only; {@link #lock} is an unranked leaf monitor
 * ("Threading and locks" in docs/provider-kit.md): nothing is taken under it, and the CM thread waits on it (releasing
 * it) holding no other lock.
 */
final class CmaProber {

    /**
     * How long the CM thread waits for a probe: 1 s. An honest probe reads 8 bytes the peer wrote just before it sent
     * its message (resident memory) and takes microseconds; the bound leaves room for a thread start, a page fault
     * and a loaded, descheduled machine by five orders of magnitude, since a false verdict costs an honest peer its CMA
     * with this IA for the IA's life. A hostile pid costs the CM thread this once, a tenth of the passive side's
     * 10 s handshake timeout.
     */
    static final long BOUND_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final String name;
    /** Guards every field below. */
    private final Object lock = new Object();
    private Thread thread;
    private boolean stopped;
    /** Whether the thread is inside a probe (or one is handed to it). */
    private boolean busy;
    private long pid;
    private long address;
    private long expected;
    /** The number of the last probe handed over, and of the last answered. */
    private long asked;
    private long answered;
    private CrossMemory.Probe answer;
    /** Pids whose probe did not answer in time: their later proofs fail at once. */
    private final Set<Long> stalled = new HashSet<>();

    CmaProber(final String name) {
        this.name = name;
    }

    /**
     * {@return the probe's outcome, or null when it gave none in time} (then logged through {@code faults})
     *
     * @param pid the process the peer named
     * @param address where the peer says it holds the challenge
     * @param value the challenge
     * @param faults the connection's rate-limited remote-fault log
     */
    CrossMemory.Probe probe(final long pid, final long address, final long value, final RemoteFaultLog faults) {
        final Outcome o = await(pid, address, value);
        if (o.late != null && !o.late.isEmpty()) { // outside the monitor: the log's own monitor is a leaf too
            faults.warn(o.late);
        }
        return o.probe;
    }

    /**
     * What {@link #await} found.
     *
     * @param probe the probe's answer, or null
     * @param late why there is none, for the log ("" for a pid already reported, or after stop), or null
     */
    private record Outcome(CrossMemory.Probe probe, String late) {
    }

    /**
     * Hands the probe over and waits for it, at most the bound.
     *
     * @return the answer, or why there is none
     */
    private Outcome await(final long pid, final long address, final long value) {
        synchronized (lock) {
            if (stopped || stalled.contains(pid)) {
                return new Outcome(null, "");
            }
            if (busy) {
                return new Outcome(null, "the proof of process " + pid + "'s id for CMA would wait behind an earlier "
                        + "peer's probe that has not returned (that peer's memory faults without end?): no CMA to "
                        + pid);
            }
            busy = true;
            this.pid = pid;
            this.address = address;
            this.expected = value;
            final long ticket = ++asked;
            if (thread == null) {
                thread = Thread.ofPlatform().daemon().name(name).start(this::run);
            }
            lock.notifyAll();
            final long deadline = System.nanoTime() + BOUND_NANOS;
            boolean interrupted = false;
            try {
                while (answered != ticket) {
                    final long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        stalled.add(pid);
                        return new Outcome(null, "process " + pid + " did not let this IA read the proof of its id "
                                + "for CMA within " + TimeUnit.NANOSECONDS.toMillis(BOUND_NANOS) + " ms (its memory "
                                + "faults without end?): no CMA to it from this IA");
                    }
                    try {
                        TimeUnit.NANOSECONDS.timedWait(lock, left);
                    } catch (final InterruptedException e) {
                        interrupted = true;
                    }
                }
                return new Outcome(answer, null);
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** The prober thread: one probe at a time, until stopped. */
    private void run() {
        while (true) {
            final long p;
            final long a;
            final long v;
            final long ticket;
            synchronized (lock) {
                while (!busy && !stopped) {
                    try {
                        lock.wait();
                    } catch (final InterruptedException e) {
                        // only stop ends the thread
                    }
                }
                if (!busy) {
                    return;
                }
                p = pid;
                a = address;
                v = expected;
                ticket = asked;
            }
            CrossMemory.Probe r;
            try {
                r = CrossMemory.probe(p, a, v);
            } catch (final RuntimeException e) { // never leave the CM thread's wait to the bound
                r = CrossMemory.Probe.REFUSED;
            }
            synchronized (lock) {
                answer = r;
                answered = ticket;
                busy = false;
                lock.notifyAll();
            }
        }
    }

    /**
     * Stops the thread: waits (up to {@code millis}) for an idle one to end; one inside a probe ends when the probe
     * returns, not waited for.
     *
     * @param millis the most to wait for an idle thread
     */
    void stop(final long millis) {
        final Thread t;
        final boolean inside;
        synchronized (lock) {
            stopped = true;
            lock.notifyAll();
            t = thread;
            inside = busy;
        }
        if (t != null && !inside) {
            try {
                t.join(millis);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** {@return true if the thread runs} (idle, or inside a probe) */
    boolean isAlive() {
        final Thread t;
        synchronized (lock) {
            t = thread;
        }
        return t != null && t.isAlive();
    }
}
