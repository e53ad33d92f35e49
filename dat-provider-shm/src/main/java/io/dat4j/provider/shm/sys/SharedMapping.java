package io.dat4j.provider.shm.sys;

import io.dat4j.internal.logging.Logging;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.apache.logging.log4j.Logger;

/**
 * A shared memory file mapped into this process: an anonymous {@code memfd}, sealed so that it can never shrink (a
 * peer that truncates a shared file would make every later access fault with SIGBUS), mapped shared and read-write.
 * A memfd has no name in any file system, so nothing is left behind when a process dies, even by SIGKILL: the memory
 * goes with the last descriptor and mapping.
 *
 * <p>The creator keeps the file descriptor open until the peer has opened it through
 * {@code /proc/<creator-pid>/fd/<fd>} ({@link #open}) and then closes it ({@link #closeDescriptor()}); the mapping
 * stays until {@link #close()}. Opening through {@code /proc} needs the ptrace read access of
 * {@code PTRACE_MODE_READ_FSCREDS} (the same user, a dumpable process), which Yama does not restrict.
 *
 * <p>Closing does not unmap. Threads of this process read (and arm) a connection's words without its lock, and a
 * shared arena closed under such an access makes the JVM throw into that thread asynchronously and set its interrupt
 * status as a side effect, which would end an unrelated {@code dat_evd_wait} with INTERRUPTED_CALL (and the JDK's
 * handling of such closes has had use-after-free bugs). So {@link #close()} replaces the file's pages with private
 * zero pages in place ({@link Libc#mmapReplaceWithZeros}): the shared memory is let go at once, a late reader sees
 * zeros (which the owner's lock-free readers take as "look again under the lock"), and the addresses are unmapped
 * only when the segment is unreachable (an automatic arena), so no access can ever reach an unmapped or reused range.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; accesses may race with {@link #close()} (see above).
 */
public final class SharedMapping implements AutoCloseable {

    private static final Logger LOG = Logging.logger(SharedMapping.class);

    private final MemorySegment segment;
    private volatile int fd;
    private boolean closed;

    private SharedMapping(final MemorySegment segment, final int fd) {
        this.segment = segment;
        this.fd = fd;
    }

    /**
     * Creates a memfd of {@code size} bytes (zero-filled), seals it against shrinking, growing and further seals, and
     * maps it.
     *
     * @param name the memfd's name, for {@code /proc/PID/fd} (no meaning otherwise)
     * @param size bytes, positive
     * @return the mapping, with its descriptor open
     * @throws NativeException when the system refuses (EMFILE, ENOMEM, ...)
     */
    public static SharedMapping create(final String name, final long size) throws NativeException {
        final int fd = Libc.memfdCreate(name);
        try {
            Libc.ftruncate(fd, size);
            Libc.addSeals(fd, Libc.F_SEAL_SHRINK | Libc.F_SEAL_GROW | Libc.F_SEAL_SEAL);
            return new SharedMapping(Libc.mmapShared(fd, size, Arena.ofAuto()), fd);
        } catch (final NativeException | RuntimeException e) {
            Libc.close(fd);
            throw e;
        }
    }

    /**
     * Opens and maps a peer's memfd through {@code /proc/<pid>/fd/<fd>}, after checking that it cannot shrink and
     * holds at least {@code size} bytes. The open never waits ({@code O_NONBLOCK}: a file under a lease, a FIFO or a
     * device named by a hostile peer fails at once). The descriptor is closed again at once; the mapping keeps the
     * memory.
     *
     * @param pid the creator's process id, as the peer said
     * @param fd the creator's descriptor number, as the peer said
     * @param size the bytes to map, as agreed
     * @return the mapping, without a descriptor
     * @throws NativeException when it cannot be opened or mapped
     * @throws IllegalArgumentException when it is not a sealed file of at least {@code size} bytes, or cannot be opened
     *         without waiting (a peer error)
     */
    public static SharedMapping open(final long pid, final int fd, final long size) throws NativeException {
        if (pid <= 0 || pid > Integer.MAX_VALUE || fd < 0 || size <= 0) {
            throw new IllegalArgumentException("no such mapping: pid " + pid + ", fd " + fd + ", " + size + " bytes");
        }
        // never wait in open: a peer that names a file it holds a lease on would otherwise stop the calling thread
        // (the IA's connection manager) until it lets go, or for the kernel's lease-break-time (45 s by default)
        final int mine;
        try {
            mine = Libc.open("/proc/" + pid + "/fd/" + fd, Libc.O_RDWR | Libc.O_NONBLOCK | Libc.O_NOCTTY);
        } catch (final NativeException e) {
            if (e.errno() == Libc.EAGAIN) {
                throw new IllegalArgumentException("fd " + fd + " of process " + pid + " cannot be opened without "
                        + "waiting (a file another process holds a lease on): not a memfd", e);
            }
            throw e;
        }
        try {
            final int seals;
            try {
                seals = Libc.seals(mine);
            } catch (final NativeException e) {
                throw new IllegalArgumentException("fd " + fd + " of process " + pid + " is not a memfd (" + e
                        .getMessage() + ")", e);
            }
            if ((seals & Libc.F_SEAL_SHRINK) == 0) {
                throw new IllegalArgumentException("the memfd of process " + pid + " is not sealed against "
                        + "shrinking (seals 0x" + Integer.toHexString(seals) + "), so a truncation could fault");
            }
            final long actual = Libc.fileSize(mine);
            if (actual < size) {
                throw new IllegalArgumentException("the memfd of process " + pid + " has " + actual
                        + " bytes, not the " + size + " agreed");
            }
            return new SharedMapping(Libc.mmapShared(mine, size, Arena.ofAuto()), -1);
        } finally {
            Libc.close(mine);
        }
    }

    /** {@return the mapped memory} */
    public MemorySegment segment() {
        return segment;
    }

    /** {@return the creator's descriptor, or -1 once closed (or for an opened mapping)} */
    public int descriptor() {
        return fd;
    }

    /** Closes the creator's descriptor (once the peer has mapped the file); idempotent. */
    public synchronized void closeDescriptor() {
        final int f = fd;
        fd = -1;
        Libc.close(f);
    }

    /**
     * Lets the shared memory go and closes the descriptor; idempotent. The segment stays accessible (zeros) until it
     * is unreachable; see the class comment.
     */
    @Override
    public synchronized void close() {
        closeDescriptor();
        if (!closed) {
            closed = true;
            try {
                Libc.mmapReplaceWithZeros(segment.address(), segment.byteSize());
            } catch (final NativeException e) {
                // ENOMEM for the zero pages' bookkeeping: the file's pages then stay until the segment is unreachable
                LOG.debug("could not let the shared pages of a mapping go at once: {}", e.getMessage());
            }
        }
    }
}
