package io.dat4j.kit;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The gate of an IA in single-thread mode ({@value KitSettings#SINGLE_THREAD} {@code = true}): one word that the
 * consumer and the transport's own threads hold in turn, so that the consumer's data path can drop its per-object
 * locks. Off (the default, {@link #OFF}), every method returns at once and nothing changes, but for a wait's
 * {@link #releaseForWait()}, which gives back the gates of other IAs the calling thread holds.
 *
 * <p>The consumer's promise: it calls the IA and all its objects from one thread at a time, with a happens-before
 * between calls made from different threads (libfabric's {@code FI_THREAD_DOMAIN}; in C uDAPL, a dat.conf line that
 * says {@code nonthreadsafe}). Then:
 * <ul>
 * <li>the consumer's data-path calls ({@code dat_ep_post_*}, {@code dat_evd_dequeue} and the EVD polls) take the gate
 * ({@link #enter()}) and <em>keep it</em> after they return: the next call finds it held and pays nothing. While the
 * consumer holds it, its calls skip the EP's post lock, the completion's EVD lock, the EVD's take claim and the region
 * holds of each copy, and a transport skips its own data-path lock ({@link #mine()});</li>
 * <li>the transport's own threads (connection management, progress, timers) take the gate ({@link #enterProvider()})
 * before they touch the kit or the data path, and keep taking every lock they take without it. One that finds the
 * consumer holding it says so and waits: the consumer gives the gate back at its next data-path call or empty poll
 * ({@link #idle()}), takes it again once the transport's thread is done, and goes on;</li>
 * <li>the consumer gives the gate back before any call of it waits for another thread ({@link #releaseForWait()}: an
 * EVD or CNO wait, a disconnect, a free that waits for a transport's copy, the IA's close), and when a call hands work
 * to a transport thread (the shared-memory provider's connect, accept, reject, disconnect), so that the transport's
 * threads can do what it waits for.</li>
 * </ul>
 * So the consumer's data path runs without a locked instruction, as UCX's single-thread worker or libfabric's
 * {@code FI_THREAD_DOMAIN} does. The price is that of manual progress while the consumer holds the gate: a consumer
 * whose last call was a post or a poll, and which then blocks or computes outside the API, delays what the
 * transport's threads would do for this IA (connection events, progress of connections it does not poll, timers)
 * until its next call or wait. A thread that holds the gates of several IAs gives each back only in a call on that IA
 * or in a wait. A consumer that breaks the promise races with itself: the gate follows the consumer from thread to
 * thread (a data-path call from a new thread takes it over), so it cannot tell two threads at once from one that
 * moved.
 *
 * <p>Order: the gate comes before every lock ("Threading and locks" in docs/provider-kit.md). A transport thread takes
 * it holding no lock, gives it back before it waits for another thread ({@link #suspendProvider()}), and never
 * calls a data-path call of the consumer. The consumer gives it back before it waits for another thread.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; {@link #mine()} is meaningful on the calling
 * thread only.
 */
public final class ConsumerGate {

    /** The gate of an IA in the multi-threaded mode: every method returns at once. */
    public static final ConsumerGate OFF = new ConsumerGate(false);

    /** {@link #state} while a transport thread holds the gate (null: free; a thread: the consumer holding it). */
    private static final Object PROVIDER = new Object();
    /** Spins before a waiting side yields its vCPU, then parks. */
    private static final int SPINS = 200;
    /** How long a consumer waiting for a transport thread parks at most between looks. */
    private static final long CONSUMER_PARK_NANOS = 20_000;
    /**
     * How long a transport thread waiting for the consumer parks at most between looks: the consumer unparks it when
     * it gives the gate back, so this only bounds a lost unpark.
     */
    private static final long PROVIDER_PARK_NANOS = 1_000_000;
    /** The gates each thread took as the consumer, given back together when it waits ({@link #releaseForWait()}). */
    private static final ThreadLocal<List<ConsumerGate>> TAKEN = ThreadLocal.withInitial(ArrayList::new);
    /**
     * Whether this JVM ever made a single-thread gate: until then a wait on an IA without one ({@link #OFF}) has no
     * gate of the thread's to give back and skips the lookup ({@link #releaseForWait()}).
     */
    private static volatile boolean anySingleThread;
    private static final VarHandle STATE;
    private static final VarHandle WANT;

    static {
        try {
            final MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(ConsumerGate.class, "state", Object.class);
            WANT = l.findVarHandle(ConsumerGate.class, "want", int.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final boolean on;
    /**
     * Who holds the gate: null (free), the consumer's thread, or {@link #PROVIDER}. Taken by compare-and-set through
     * STATE, read plainly on the data path ({@link #mine()}).
     */
    private Object state;
    /** Transport threads waiting for the gate. */
    @SuppressWarnings("unused") // through WANT
    private int want;
    /** The transport threads parked waiting for the gate, unparked when the consumer gives it back. */
    private final Set<Thread> parked;
    /** The transport thread inside and how deep (its sections may nest); written by that thread alone. */
    private Thread provider;
    private int depth;

    private ConsumerGate(final boolean on) {
        this.on = on;
        this.parked = on ? ConcurrentHashMap.newKeySet() : Set.of();
    }

    /** {@return a gate for an IA in single-thread mode} */
    public static ConsumerGate singleThread() {
        anySingleThread = true;
        return new ConsumerGate(true);
    }

    /** {@return true in single-thread mode} */
    public boolean on() {
        return on;
    }

    /**
     * {@return true if the consumer holds the gate}, asked by the consumer's calls and by the data path they run: the
     * locks the class comment names may then be skipped. Always false when the gate is off. A plain read and no
     * {@code Thread.currentThread()} (this is asked several times per operation): the consumer reads back its own
     * writes; a transport thread reads it only while it holds the gate itself ({@link #PROVIDER}); by the promise no
     * other consumer thread runs.
     */
    public boolean mine() {
        final Object s = state;
        return s != null && s != PROVIDER;
    }

    /**
     * The consumer's data-path call takes the gate, or finds it held and gives it to a transport thread that waits
     * for it first. Off, or called by a transport thread inside the gate (whose call then takes every lock), it
     * returns at once.
     *
     * @throws AssertionError in the assertion mode, when the calling thread takes the gate holding a lock
     */
    public void enter() {
        if (on) { // (the single-thread mode's work in a method of its own: this one stays small to inline)
            enterOn();
        }
    }

    private void enterOn() {
        final Object s = state;
        final Thread me = Thread.currentThread();
        if (s == me) {
            if ((int) WANT.getOpaque(this) != 0) {
                handOver(me);
            }
            return;
        }
        if (s == PROVIDER && provider == me) {
            return; // a transport thread's own section: it takes the locks
        }
        take(me);
    }

    /**
     * The consumer's poll found nothing: if a transport thread waits for the gate, it gets it now (the consumer takes
     * it back after). Two plain reads when nobody waits.
     */
    public void idle() {
        final Object s = state;
        if (s != null && s != PROVIDER && (int) WANT.getOpaque(this) != 0) {
            handOver(Thread.currentThread());
        }
    }

    /**
     * The consumer gives the gate back before a call of it waits for another thread: this IA's, and every other one
     * the calling thread took, so that the transport threads of each can do what the wait may depend on (a thread
     * that drives two IAs, such as a test with both ends in one thread). Off, it gives back the other gates the
     * thread took (a wait on a multi-threaded IA may depend on a single-thread one the same thread drives). Cheap when
     * it holds none.
     */
    public void releaseForWait() {
        if (!on) {
            if (anySingleThread) {
                releaseTaken(); // a wait on a multi-threaded IA gives back the thread's gates of other IAs too
            }
            return;
        }
        final Object s = state;
        if (s != null && s != PROVIDER && STATE.compareAndSet(this, s, null)) {
            unparkProviders();
        }
        releaseTaken();
    }

    /** Gives back every gate the calling thread holds as the consumer (before it waits); nothing when it holds none. */
    public static void releaseTaken() {
        final List<ConsumerGate> taken = TAKEN.get();
        if (taken.isEmpty()) {
            return;
        }
        final Thread me = Thread.currentThread();
        for (int i = 0; i < taken.size(); i++) {
            final ConsumerGate g = taken.get(i);
            if (g.state == me && STATE.compareAndSet(g, me, null)) {
                g.unparkProviders();
            }
        }
        taken.clear();
    }

    private void unparkProviders() {
        if ((int) WANT.getOpaque(this) != 0) {
            for (final Thread t : parked) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Gives the gate to the transport threads waiting for it, then takes it back. */
    private void handOver(final Thread me) {
        STATE.setRelease(this, null);
        unparkProviders();
        take(me);
    }

    /**
     * The consumer takes the gate: from nobody, or from the consumer's thread of before (the consumer moved to this
     * thread); waits while a transport thread holds it or waits for it.
     */
    private void take(final Thread me) {
        if (KitLock.CHECKING) {
            KitLock.assertNoneHeld("taking the single-thread gate");
        }
        int spins = 0;
        while (true) {
            final Object s = state;
            if (s != PROVIDER && (s != null || (int) WANT.getOpaque(this) == 0) && STATE.compareAndSet(this, s, me)) {
                break;
            }
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else if (spins < 2 * SPINS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(this, CONSUMER_PARK_NANOS);
            }
        }
        final List<ConsumerGate> taken = TAKEN.get();
        if (!taken.contains(this)) {
            taken.add(this);
        }
    }

    /**
     * A transport thread enters, before it touches the kit or the data path; it holds no lock. Sections of one thread
     * nest. It waits while the consumer holds the gate, until the consumer's next call, empty poll or wait. Off, it
     * returns at once.
     */
    public void enterProvider() {
        if (!on) {
            return;
        }
        final Thread me = Thread.currentThread();
        if (provider == me) {
            depth++;
            return;
        }
        if (KitLock.CHECKING) {
            KitLock.assertNoneHeld("entering the single-thread gate");
        }
        if (!STATE.compareAndSet(this, null, PROVIDER)) {
            WANT.getAndAdd(this, 1);
            try {
                int spins = 0;
                while (!STATE.compareAndSet(this, null, PROVIDER)) {
                    if (++spins < SPINS) {
                        Thread.onSpinWait();
                    } else {
                        parked.add(me);
                        try {
                            if (STATE.getVolatile(this) != null) { // after the add: a release unparks it
                                LockSupport.parkNanos(this, PROVIDER_PARK_NANOS);
                            }
                        } finally {
                            parked.remove(me);
                        }
                    }
                }
            } finally {
                WANT.getAndAdd(this, -1);
            }
        }
        provider = me;
        depth = 1;
    }

    /** A transport thread leaves (the last of its nested sections gives the gate back). Off, it returns at once. */
    public void exitProvider() {
        if (!on) {
            return;
        }
        if (--depth > 0) {
            return;
        }
        provider = null;
        STATE.setRelease(this, null);
    }

    /**
     * {@return the depth to give back to {@link #resumeProvider(int)}, 0 when the calling thread was not inside}: a
     * transport thread about to wait for another thread (a bounded wait) leaves the gate for the wait, whatever its
     * depth.
     */
    public int suspendProvider() {
        if (!on || provider != Thread.currentThread()) {
            return 0;
        }
        final int d = depth;
        depth = 1;
        exitProvider();
        return d;
    }

    /**
     * Enters again after {@link #suspendProvider()}.
     *
     * @param saved what it returned
     */
    public void resumeProvider(final int saved) {
        if (saved > 0) {
            enterProvider();
            depth = saved;
        }
    }

    @Override
    public String toString() {
        final Object s = STATE.getOpaque(this);
        return on ? "single-thread gate (" + (s == null ? "free" : s == PROVIDER ? "held by a transport thread"
                : "held by the consumer") + ")" : "no gate (multi-threaded)";
    }
}
