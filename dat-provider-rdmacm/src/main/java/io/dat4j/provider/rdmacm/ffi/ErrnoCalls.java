package io.dat4j.provider.rdmacm.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calling the handles of {@link NativeSymbols} and turning failures into {@link NativeCallException}
 * ({@code rdma_x(..) failed: errno N (ENAME)}, DAT status as C uDAPL maps it): the per-thread errno capture segment,
 * the per-thread scratch memory of the calls made on every wake-up, and the call-and-check helpers of the slow path.
 * A call on a hot path invokes its handle with {@code invokeExact} itself and checks with {@link #checkRc}.
 *
 * <p>Thread safety: every method may be called from any thread (errno is captured per thread).
 */
final class ErrnoCalls {

    private static final StructLayout CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO =
            CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final ThreadLocal<MemorySegment> CAPTURE =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(CAPTURE_LAYOUT));
    /**
     * Per-thread scratch memory for the out-parameters and the {@code struct pollfd} of the calls the completion and
     * CM threads make on every wake-up ({@code EventCalls.pollIn}, {@code EventCalls.getCqEvent},
     * {@code CmCalls.getCmEvent}, {@code CmCalls.createId}): no arena and no malloc per call. Each call uses it only
     * for its own duration and calls nothing that uses it.
     */
    private static final ThreadLocal<MemorySegment> SCRATCH =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(32, 8));
    /** The spreading form of each handle called through {@link #callInt} or {@link #callPtr} (identity keys). */
    private static final Map<MethodHandle, MethodHandle> SPREADERS = new ConcurrentHashMap<>();

    private ErrnoCalls() {
    }

    /** {@return this thread's errno capture segment, the first argument of every handle of {@link NativeSymbols}} */
    static MemorySegment state() {
        return CAPTURE.get();
    }

    /** {@return this thread's 32 bytes of scratch memory (8-byte aligned), for the duration of one call} */
    static MemorySegment scratch() {
        return SCRATCH.get();
    }

    /**
     * {@return the errno a call left in the capture segment}
     *
     * @param state the segment passed to the call
     */
    static int errno(final MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    /**
     * {@return what to throw for a throwable a downcall let through}: the runtime exception itself, an error rethrown
     *
     * @param function the C function
     * @param t what was thrown
     */
    static RuntimeException unexpected(final String function, final Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(function + ": unexpected " + t, t);
    }

    /**
     * librdmacm style: 0, or -1 with errno; some verbs calls return the errno itself.
     *
     * @param function the C function
     * @param rc what it returned
     * @param state the capture segment of the call
     * @param detail what the call was about, for the message, or null
     * @throws NativeCallException when {@code rc} is not 0
     */
    static void checkRc(final String function, final int rc, final MemorySegment state, final String detail) {
        if (rc == 0) {
            return;
        }
        final int err = rc == -1 ? errno(state) : Math.abs(rc);
        throw new NativeCallException(function, err == 0 ? Errno.EIO : err, detail);
    }

    /**
     * Calls {@code int f(...)} (errno captured) and checks its result with {@link #checkRc}.
     *
     * @param function the C function
     * @param mh its handle from {@link NativeSymbols}
     * @param detail for the message, or null
     * @param args the C arguments
     * @return the result (0)
     */
    static int callInt(final String function, final MethodHandle mh, final String detail, final Object... args) {
        final MemorySegment state = CAPTURE.get();
        final int rc = (Integer) invoke(function, mh, state, args);
        checkRc(function, rc, state, detail);
        return rc;
    }

    /**
     * Calls {@code T *f(...)} (errno captured); NULL is a failure.
     *
     * @param function the C function
     * @param mh its handle from {@link NativeSymbols}
     * @param detail for the message, or null
     * @param args the C arguments
     * @return the pointer, never NULL
     * @throws NativeCallException with the errno (ENOMEM when the function set none)
     */
    static MemorySegment callPtr(final String function, final MethodHandle mh, final String detail,
            final Object... args) {
        final MemorySegment state = CAPTURE.get();
        final MemorySegment p = (MemorySegment) invoke(function, mh, state, args);
        if (p.equals(MemorySegment.NULL)) {
            final int err = errno(state);
            throw new NativeCallException(function, err == 0 ? Errno.ENOMEM : err, detail);
        }
        return p;
    }

    /**
     * Calls {@code int f(...)} (errno captured) whose failure is any negative result (libc style).
     *
     * @param function the C function
     * @param mh its handle from {@link NativeSymbols}
     * @param args the C arguments
     * @return the result, not negative
     */
    static int callNonNegative(final String function, final MethodHandle mh, final Object... args) {
        final MemorySegment state = CAPTURE.get();
        final int rc = (Integer) invoke(function, mh, state, args);
        if (rc < 0) {
            throw new NativeCallException(function, errno(state));
        }
        return rc;
    }

    /**
     * Calls {@code int f(void *)} (errno captured) on a constant handle: no boxing, no spreading.
     *
     * @param function the C function
     * @param mh its handle from {@link NativeSymbols}
     * @param arg the pointer
     */
    static void callOnePointer(final String function, final MethodHandle mh, final MemorySegment arg) {
        final MemorySegment state = CAPTURE.get();
        final int rc;
        try {
            rc = (int) mh.invokeExact(state, arg);
        } catch (final Throwable t) {
            throw unexpected(function, t);
        }
        checkRc(function, rc, state, null);
    }

    private static Object invoke(final String function, final MethodHandle mh, final MemorySegment state,
            final Object... args) {
        final Object[] all = new Object[args.length + 1];
        all[0] = state;
        System.arraycopy(args, 0, all, 1, args.length);
        try {
            return spreader(mh).invokeExact(all);
        } catch (final Throwable t) {
            throw unexpected(function, t);
        }
    }

    /**
     * {@return {@code mh} taking its arguments from one {@code Object[]} and returning an {@code Object}}, made once
     * per handle: {@code invokeWithArguments} builds such a spreader (and looks up its lambda forms) on every call,
     * which under an interpreter or C1 costs more than the native call.
     */
    private static MethodHandle spreader(final MethodHandle mh) {
        MethodHandle s = SPREADERS.get(mh);
        if (s == null) {
            s = mh.asType(mh.type().generic()).asSpreader(Object[].class, mh.type().parameterCount());
            SPREADERS.putIfAbsent(mh, s);
        }
        return s;
    }
}
