package io.dat4j.provider.tcp;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.dat4j.internal.logging.Logging;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Logger;

/**
 * Releases a loop's driving consumer from its blocking {@code recv} ({@link SocketIo#recvStage}) when another thread
 * has something for it (an event on its EVD, work for the loop, the loop stopping): a signal to its native thread
 * interrupts the system call ({@code EINTR}), as the JDK releases a thread blocked in a channel operation that another
 * thread closes. The signal is the JDK's own for that ({@code SIGRTMAX - 2} on Linux, whose handler, installed by NIO,
 * does nothing and does not restart system calls); without that handler installed as such the adopted sockets are not
 * used at all ({@link #unavailability()}).
 *
 * <p>Protocol, one waiter at a time (the loop's owner): the waiter {@link #arm}s (its thread, then ARMED), checks the
 * loop's wake-up count, waits in {@code recv}, then {@link #disarm}s. A waker counts its wake-up first, then moves
 * ARMED to SIGNALLING and signals until the waiter says it left the call ({@link #left}, at most
 * {@link #SIGNAL_NANOS}: a signal that lands between the check and the call is repeated), then SIGNALLED. The
 * waiter's disarm waits while a waker signals, so a signal never reaches its thread once it has gone on to other work
 * (or ended). The counter and the state are sequentially consistent: either the waiter sees the wake-up before it
 * calls, or the waker sees ARMED. The {@code recv} has no timeout: the loop's I/O thread wakes an
 * armed waiter when its round's time is up (IoLoop's watch); {@link Thread#interrupt()}, which sends no signal, reaches
 * it through the kit, which calls the completion source's {@code wakeup()} when a thread inside its progress is
 * interrupted.
 *
 * <p>Threading: lock-free; see "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class RecvWake {

    private static final Logger LOG = Logging.logger(RecvWake.class);

    private static final int IDLE = 0;
    private static final int ARMED = 1;
    private static final int SIGNALLING = 2;
    private static final int SIGNALLED = 3;
    /** How long a waker repeats its signal while the waiter has not left the call. */
    static final long SIGNAL_NANOS = 200_000;
    private static final long SIG_DFL = 0;
    private static final long SIG_IGN = 1;
    private static final int SA_RESTART = 0x10000000;

    private static final String UNAVAILABLE;
    private static final MethodHandle PTHREAD_SELF;
    private static final MethodHandle PTHREAD_KILL;
    private static final int SIGNAL;

    static {
        String why = null;
        MethodHandle self = null;
        MethodHandle kill = null;
        int sig = 0;
        try {
            // the JDK installs the handler when NIO's NativeThread is initialised (it may not be yet)
            Class.forName("sun.nio.ch.NativeThread", true, null);
            final Linker l = Linker.nativeLinker();
            final SymbolLookup c = l.defaultLookup();
            self = l.downcallHandle(c.find("pthread_self").orElseThrow(), FunctionDescriptor.of(JAVA_LONG));
            kill = l.downcallHandle(c.find("pthread_kill").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT));
            final MethodHandle rtmax = l.downcallHandle(c.find("__libc_current_sigrtmax").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT));
            final MethodHandle sigaction = l.downcallHandle(c.find("sigaction").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
            sig = (int) rtmax.invokeExact() - 2;
            try (Arena a = Arena.ofConfined()) {
                // struct sigaction (glibc, x86-64 and AArch64): handler, 128 bytes of mask, int flags, restorer
                final MemorySegment old = a.allocate(256, 8);
                if ((int) sigaction.invokeExact(sig, MemorySegment.NULL, old) != 0) {
                    why = "sigaction(" + sig + ") failed";
                } else {
                    final long handler = old.get(JAVA_LONG, 0);
                    final int flags = old.get(JAVA_INT, 136);
                    if (handler == SIG_DFL || handler == SIG_IGN || (flags & SA_RESTART) != 0) {
                        why = "signal " + sig + " has no handler that interrupts system calls (NIO's is not installed)";
                    }
                }
            }
        } catch (final Throwable t) {
            why = "signals through FFM: " + t;
        }
        UNAVAILABLE = why;
        PTHREAD_SELF = self;
        PTHREAD_KILL = kill;
        SIGNAL = sig;
    }

    private final AtomicInteger state = new AtomicInteger();
    private volatile long thread;
    private volatile boolean left;
    /** The thread whose {@code pthread_t} {@link #thread} is (the waiter's only: one waiter at a time). */
    private Thread armedBy;

    /** {@return null when the wake-up signal can be used}, else why not; checked once, with native access granted */
    static String unavailability() {
        return UNAVAILABLE;
    }

    /** The waiter is about to call {@code recv}: signals go to the calling thread until {@link #disarm()}. */
    void arm() {
        final Thread me = Thread.currentThread();
        if (me != armedBy) {
            // (a platform thread's pthread_t is its own for its life: looked up when the waiting thread changes)
            try {
                thread = (long) PTHREAD_SELF.invokeExact();
            } catch (final Throwable t) {
                throw new IllegalStateException("pthread_self", t);
            }
            armedBy = me;
        }
        left = false;
        state.set(ARMED);
    }

    /** {@return true while a waiter is armed and no waker has signalled it} (the I/O thread's watch of its deadline) */
    boolean armed() {
        return state.get() == ARMED;
    }

    /** The waiter is out of {@code recv}: waits for a waker still signalling it, then nothing more reaches it. */
    void disarm() {
        left = true;
        if (!state.compareAndSet(ARMED, IDLE)) {
            while (state.get() == SIGNALLING) {
                Thread.yield();
            }
            state.set(IDLE);
        }
    }

    /** Releases the waiter if it is in (or about to enter) {@code recv}; any thread, no lock, bounded. */
    void wake() {
        if (state.get() != ARMED || !state.compareAndSet(ARMED, SIGNALLING)) {
            return;
        }
        try {
            final long t = thread;
            final long end = System.nanoTime() + SIGNAL_NANOS;
            do {
                final int r = (int) PTHREAD_KILL.invokeExact(t, SIGNAL);
                if (r != 0) {
                    LOG.debug("pthread_kill: {}", r);
                    return;
                }
                for (int i = 0; i < 16 && !left; i++) {
                    Thread.yield();
                }
            } while (!left && System.nanoTime() - end < 0);
        } catch (final Throwable e) {
            LOG.debug("pthread_kill", e);
        } finally {
            state.set(SIGNALLED);
        }
    }
}
