package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The futex word an IA sleeps on: one shared page per IA (a sealed memfd), which every connected peer maps too. A
 * peer that wrote into a ring this IA reads, and found the connection armed ({@link WakeControl}), bumps the word and
 * wakes every thread sleeping on it ({@code FUTEX_WAKE}); a thread of this IA reads the word, arms its connections,
 * looks at their rings once more and sleeps only while the word still holds the value read ({@code FUTEX_WAIT}), so no
 * wake-up is lost. One word serves every connection of the IA, as one thread must be able to wait for all of them.
 *
 * <p>A peer can write any value into the word: that wakes the sleepers early, and they look again and sleep again.
 * Writing back the value a sleeper read, between another peer's ring and that sleeper's {@code FUTEX_WAIT}, delays
 * that wake-up until the next ring or the sleep's end (the progress thread sleeps at most 100 ms): the wake is a
 * system call that reaches only threads already asleep (docs/providers.md, security model).
 *
 * <p>Thread safety: safe for use by multiple concurrent threads, {@link #close()} included.
 */
public final class Doorbell implements AutoCloseable {

    /** Bytes of the shared page. */
    public static final long BYTES = 4096;

    private static final VarHandle INT = JAVA_INT.varHandle();

    private final SharedMapping mapping;
    private final MemorySegment word;
    private final boolean own;

    private Doorbell(final SharedMapping mapping, final boolean own) {
        this.mapping = mapping;
        this.word = mapping.segment().asSlice(0, 4);
        this.own = own;
    }

    /**
     * Creates this IA's doorbell; its descriptor stays open (peers open it through {@code /proc}) until close.
     *
     * @param name a name for {@code /proc/PID/fd}
     * @return the doorbell
     * @throws NativeException when the system refuses
     */
    public static Doorbell create(final String name) throws NativeException {
        return new Doorbell(SharedMapping.create(name, BYTES), true);
    }

    /**
     * Maps a peer's doorbell.
     *
     * @param pid the peer's process
     * @param fd its descriptor number there
     * @return the doorbell, for {@link #ring()}
     * @throws NativeException when it cannot be opened
     */
    public static Doorbell open(final long pid, final int fd) throws NativeException {
        return new Doorbell(SharedMapping.open(pid, fd, BYTES), false);
    }

    /** {@return the descriptor a peer opens, or -1 for a peer's doorbell} */
    public int descriptor() {
        return mapping.descriptor();
    }

    /** {@return the current value of the word}, to pass to {@link #await} after looking at the rings */
    public int sequence() {
        return (int) INT.getVolatile(word, 0L);
    }

    /** Bumps the word and wakes every thread sleeping on it (a system call). */
    public void ring() {
        INT.getAndAdd(word, 0L, 1);
        Libc.futexWake(word);
    }

    /**
     * Sleeps while the word holds {@code seen}, at most {@code nanos}; returns early on {@link #ring()}, on a signal,
     * or when the word changed before the call.
     *
     * @param seen the value {@link #sequence()} gave before the rings were checked
     * @param nanos the longest sleep, positive
     * @param timespec a 16-byte native segment of the calling thread
     */
    public void await(final int seen, final long nanos, final MemorySegment timespec) {
        Libc.futexWait(word, seen, timespec, nanos);
    }

    /** {@return a 16-byte native segment for {@link #await}, one per sleeping thread} */
    public static MemorySegment timespec(final Arena arena) {
        return arena.allocate(16, 8);
    }

    /**
     * Lets the page go (and closes this IA's descriptor); idempotent. This IA's own doorbell is rung first, so that a
     * thread still sleeping on the word returns and looks again; a peer's is not (that would wake the peer for
     * nothing). A thread inside {@link #ring()} or {@link #await} meanwhile touches zeros of this process, never an
     * unmapped range ({@link SharedMapping#close()}).
     */
    @Override
    public void close() {
        if (own) {
            ring();
        }
        mapping.close();
    }
}
