package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * The C library calls of the shared-memory provider, through FFM: memfd_create, seals, open, mmap, futex,
 * process_vm_readv/writev and prctl. Calls that can fail capture errno and throw {@link NativeException} with the
 * function, errno and its name; the data-path calls ({@link #futexWait}, {@link #futexWake}, {@link #processVm})
 * take preallocated segments and allocate nothing.
 *
 * <p>Linux only: {@link #isAvailable()} is false elsewhere (or when a symbol is missing), with
 * {@link #unavailabilityCause()} saying why. Thread safety: every method may be called from any thread.
 */
public final class Libc {

    /** {@code O_RDWR}. */
    public static final int O_RDWR = 2;
    /** {@code O_CLOEXEC}. */
    public static final int O_CLOEXEC = 0x80000;
    /**
     * {@code O_NONBLOCK} (the same on every architecture this provider runs on): an open that would wait (a file
     * leased by another process, a FIFO, a device) fails with {@link #EAGAIN} instead.
     */
    public static final int O_NONBLOCK = 0x800;
    /** {@code O_NOCTTY}: opening a terminal never makes it this process's controlling terminal. */
    public static final int O_NOCTTY = 0x100;
    /** {@code MFD_CLOEXEC}. */
    public static final int MFD_CLOEXEC = 1;
    /** {@code MFD_ALLOW_SEALING}. */
    public static final int MFD_ALLOW_SEALING = 2;
    /** {@code F_SEAL_SEAL}: no further seals. */
    public static final int F_SEAL_SEAL = 1;
    /** {@code F_SEAL_SHRINK}: the file cannot shrink, so a mapping of it never faults with SIGBUS. */
    public static final int F_SEAL_SHRINK = 2;
    /** {@code F_SEAL_GROW}. */
    public static final int F_SEAL_GROW = 4;
    /** {@code EPERM}. */
    public static final int EPERM = 1;
    /** {@code ENOENT}. */
    public static final int ENOENT = 2;
    /** {@code ESRCH}. */
    public static final int ESRCH = 3;
    /** {@code EAGAIN} ({@code EWOULDBLOCK}). */
    public static final int EAGAIN = 11;
    /** {@code EFAULT}. */
    public static final int EFAULT = 14;
    /** {@code ENOSYS}. */
    public static final int ENOSYS = 38;
    /** {@code PR_SET_PTRACER} of {@code prctl.h} (Yama). */
    public static final int PR_SET_PTRACER = 0x59616d61;
    /** {@code PR_SET_PTRACER_ANY}. */
    public static final long PR_SET_PTRACER_ANY = -1L;

    private static final int F_ADD_SEALS = 1033;
    private static final int F_GET_SEALS = 1034;
    private static final int SEEK_END = 2;
    private static final int PROT_READ_WRITE = 3;
    private static final int MAP_SHARED = 1;
    private static final int MAP_PRIVATE = 2;
    private static final int MAP_FIXED = 0x10;
    private static final int MAP_ANONYMOUS = 0x20;
    private static final int FUTEX_WAIT = 0;
    private static final int FUTEX_WAKE = 1;

    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Throwable CAUSE;
    private static final long SYS_FUTEX;
    private static final MethodHandle MEMFD_CREATE;
    private static final MethodHandle FTRUNCATE;
    private static final MethodHandle FCNTL_INT;
    private static final MethodHandle OPEN;
    private static final MethodHandle CLOSE;
    private static final MethodHandle LSEEK;
    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;
    private static final MethodHandle GETUID;
    private static final MethodHandle SYSCALL_FUTEX;
    private static final MethodHandle PROCESS_VM_READV;
    private static final MethodHandle PROCESS_VM_WRITEV;
    private static final MethodHandle PRCTL;

    static {
        Throwable cause = null;
        long futex = -1;
        MethodHandle memfd = null;
        MethodHandle ftruncate = null;
        MethodHandle fcntl = null;
        MethodHandle open = null;
        MethodHandle close = null;
        MethodHandle lseek = null;
        MethodHandle mmap = null;
        MethodHandle munmap = null;
        MethodHandle getuid = null;
        MethodHandle syscall = null;
        MethodHandle readv = null;
        MethodHandle writev = null;
        MethodHandle prctl = null;
        try {
            if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
                throw new UnsupportedOperationException("the shared-memory provider needs Linux (memfd, futex, "
                        + "process_vm_readv); this is " + System.getProperty("os.name"));
            }
            futex = switch (System.getProperty("os.arch", "")) {
                case "amd64", "x86_64" -> 202;
                case "aarch64", "riscv64", "loongarch64" -> 98;
                case "ppc64le", "ppc64" -> 221;
                case "s390x" -> 238;
                default -> throw new UnsupportedOperationException("unknown futex system call number on "
                        + System.getProperty("os.arch"));
            };
            final Linker l = Linker.nativeLinker();
            final SymbolLookup c = l.defaultLookup();
            final Linker.Option errno = Linker.Option.captureCallState("errno");
            memfd = l.downcallHandle(c.find("memfd_create").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), errno);
            ftruncate = l.downcallHandle(c.find("ftruncate").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG), errno);
            fcntl = l.downcallHandle(c.find("fcntl").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT), errno,
                    Linker.Option.firstVariadicArg(2));
            open = l.downcallHandle(c.find("open").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), errno,
                    Linker.Option.firstVariadicArg(2));
            close = l.downcallHandle(c.find("close").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
            lseek = l.downcallHandle(c.find("lseek").orElseThrow(),
                    FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT), errno);
            mmap = l.downcallHandle(c.find("mmap").orElseThrow(), FunctionDescriptor.of(JAVA_LONG, ADDRESS,
                    JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG), errno);
            munmap = l.downcallHandle(c.find("munmap").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
            getuid = l.downcallHandle(c.find("getuid").orElseThrow(), FunctionDescriptor.of(JAVA_INT));
            // long syscall(long number, ...): futex(uaddr, op, val, timeout, uaddr2, val3)
            syscall = l.downcallHandle(c.find("syscall").orElseThrow(), FunctionDescriptor.of(JAVA_LONG, JAVA_LONG,
                    ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT), Linker.Option.firstVariadicArg(1));
            final FunctionDescriptor vm = FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS,
                    JAVA_LONG, JAVA_LONG);
            readv = l.downcallHandle(c.find("process_vm_readv").orElseThrow(), vm, errno);
            writev = l.downcallHandle(c.find("process_vm_writev").orElseThrow(), vm, errno);
            prctl = l.downcallHandle(c.find("prctl").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT,
                    JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG), errno, Linker.Option.firstVariadicArg(1));
        } catch (final RuntimeException | LinkageError e) {
            cause = e;
        }
        CAUSE = cause;
        SYS_FUTEX = futex;
        MEMFD_CREATE = memfd;
        FTRUNCATE = ftruncate;
        FCNTL_INT = fcntl;
        OPEN = open;
        CLOSE = close;
        LSEEK = lseek;
        MMAP = mmap;
        MUNMAP = munmap;
        GETUID = getuid;
        SYSCALL_FUTEX = syscall;
        PROCESS_VM_READV = readv;
        PROCESS_VM_WRITEV = writev;
        PRCTL = prctl;
    }

    private Libc() {
    }

    /** {@return true if every call is linked (Linux, a known architecture)} */
    public static boolean isAvailable() {
        return CAUSE == null;
    }

    /** {@return why the calls are not available, or null} */
    public static Throwable unavailabilityCause() {
        return CAUSE;
    }

    /** {@return a new segment for {@code errno}, to pass to the data-path calls} */
    public static MemorySegment allocateCallState(final Arena arena) {
        return arena.allocate(CAPTURE);
    }

    /**
     * {@return errno as captured by the last call that took this segment}
     *
     * @param state a segment from {@link #allocateCallState}
     */
    public static int errno(final MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    /**
     * {@code memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING)}.
     *
     * @param name the name shown in {@code /proc/PID/fd} (as {@code /memfd:NAME})
     * @return the file descriptor
     * @throws NativeException on failure
     */
    public static int memfdCreate(final String name) throws NativeException {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment st = a.allocate(CAPTURE);
            final int fd = (int) MEMFD_CREATE.invokeExact(st, a.allocateFrom(name), MFD_CLOEXEC | MFD_ALLOW_SEALING);
            if (fd < 0) {
                throw new NativeException("memfd_create", errno(st));
            }
            return fd;
        } catch (final NativeException e) {
            throw e;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code ftruncate(fd, size)}.
     *
     * @param fd the file
     * @param size the new size
     * @throws NativeException on failure
     */
    public static void ftruncate(final int fd, final long size) throws NativeException {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment st = a.allocate(CAPTURE);
            if ((int) FTRUNCATE.invokeExact(st, fd, size) != 0) {
                throw new NativeException("ftruncate", errno(st));
            }
        } catch (final NativeException e) {
            throw e;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code fcntl(fd, F_ADD_SEALS, seals)}.
     *
     * @param fd a memfd created with sealing allowed
     * @param seals the seals to add
     * @throws NativeException on failure
     */
    public static void addSeals(final int fd, final int seals) throws NativeException {
        fcntl("fcntl(F_ADD_SEALS)", fd, F_ADD_SEALS, seals);
    }

    /**
     * {@code fcntl(fd, F_GET_SEALS)}.
     *
     * @param fd the file
     * @return the seals
     * @throws NativeException on failure (EINVAL: not a file that supports seals)
     */
    public static int seals(final int fd) throws NativeException {
        return fcntl("fcntl(F_GET_SEALS)", fd, F_GET_SEALS, 0);
    }

    private static int fcntl(final String what, final int fd, final int cmd, final int arg) throws NativeException {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment st = a.allocate(CAPTURE);
            final int r = (int) FCNTL_INT.invokeExact(st, fd, cmd, arg);
            if (r < 0) {
                throw new NativeException(what, errno(st));
            }
            return r;
        } catch (final NativeException e) {
            throw e;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code open(path, flags | O_CLOEXEC)}.
     *
     * @param path the path
     * @param flags open flags
     * @return the file descriptor
     * @throws NativeException on failure
     */
    public static int open(final String path, final int flags) throws NativeException {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment st = a.allocate(CAPTURE);
            final int fd = (int) OPEN.invokeExact(st, a.allocateFrom(path), flags | O_CLOEXEC, 0);
            if (fd < 0) {
                throw new NativeException("open(" + path + ")", errno(st));
            }
            return fd;
        } catch (final NativeException e) {
            throw e;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code close(fd)}; errors are ignored (Linux releases the descriptor anyway).
     *
     * @param fd the descriptor, or a negative number for none
     */
    public static void close(final int fd) {
        if (fd < 0) {
            return;
        }
        try {
            final int r = (int) CLOSE.invokeExact(fd);
            assert r == 0 || r == -1;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@return the size of an open file} ({@code lseek(fd, 0, SEEK_END)})
     *
     * @param fd the file
     * @throws NativeException on failure
     */
    public static long fileSize(final int fd) throws NativeException {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment st = a.allocate(CAPTURE);
            final long r = (long) LSEEK.invokeExact(st, fd, 0L, SEEK_END);
            if (r < 0) {
                throw new NativeException("lseek", errno(st));
            }
            return r;
        } catch (final NativeException e) {
            throw e;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Maps {@code size} bytes of a file shared and read-write ({@code mmap(NULL, size, PROT_READ|PROT_WRITE,
     * MAP_SHARED, fd, 0)}); the mapping is unmapped when {@code arena} closes (an automatic arena: when the segment
     * is unreachable).
     *
     * @param fd the file
     * @param size bytes, positive
     * @param arena the lifetime of the mapping
     * @return the mapped segment
     * @throws NativeException on failure
     */
    public static MemorySegment mmapShared(final int fd, final long size, final Arena arena) throws NativeException {
        final long addr = mmap(MemorySegment.NULL, size, MAP_SHARED, fd);
        return MemorySegment.ofAddress(addr).reinterpret(size, arena, s -> munmap(addr, size));
    }

    /** {@code mmap(at, size, PROT_READ|PROT_WRITE, flags, fd, 0)}: {@return the address}, or NativeException */
    private static long mmap(final MemorySegment at, final long size, final int flags, final int fd)
            throws NativeException {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment st = a.allocate(CAPTURE);
            final long addr = (long) MMAP.invokeExact(st, at, size, PROT_READ_WRITE, flags, fd, 0L);
            if (addr == -1L) {
                throw new NativeException("mmap", errno(st));
            }
            return addr;
        } catch (final NativeException e) {
            throw e;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Replaces the pages of a mapping with private zero pages in place ({@code mmap(addr, size,
     * PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS|MAP_FIXED, -1, 0)}): the file's pages are let go at once, while
     * the addresses stay mapped, so that a thread still reading or writing them (without the lock of their owner)
     * touches harmless memory of this process.
     *
     * @param addr the start of the mapping
     * @param size its bytes
     * @throws NativeException on failure (the old pages then stay mapped)
     */
    public static void mmapReplaceWithZeros(final long addr, final long size) throws NativeException {
        mmap(MemorySegment.ofAddress(addr), size, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1);
    }

    private static void munmap(final long addr, final long size) {
        try {
            final int r = (int) MUNMAP.invokeExact(addr, size);
            assert r == 0;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@return the real user id of this process} */
    public static int getuid() {
        try {
            return (int) GETUID.invokeExact();
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code futex(word, FUTEX_WAIT, expected, timeout)} on a shared (not process-private) word: sleeps while the
     * word holds {@code expected}, until a {@link #futexWake} on the same word (in any process mapping it), a
     * signal, or the timeout. Any return means "look again".
     *
     * @param word a 4-byte aligned word in a shared mapping
     * @param expected the value it was seen to hold
     * @param timespec a 16-byte segment the call may overwrite (the relative timeout is written there)
     * @param nanos the timeout, positive
     */
    public static void futexWait(final MemorySegment word, final int expected, final MemorySegment timespec,
            final long nanos) {
        timespec.set(JAVA_LONG, 0, nanos / 1_000_000_000L);
        timespec.set(JAVA_LONG, 8, nanos % 1_000_000_000L);
        try {
            final long r = (long) SYSCALL_FUTEX.invokeExact(SYS_FUTEX, word, FUTEX_WAIT, expected, timespec,
                    MemorySegment.NULL, 0);
            assert r >= -1;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code futex(word, FUTEX_WAKE, INT_MAX)}: wakes every thread of any process sleeping on the word.
     *
     * @param word the word
     * @return the number of threads woken, or -1
     */
    public static long futexWake(final MemorySegment word) {
        try {
            return (long) SYSCALL_FUTEX.invokeExact(SYS_FUTEX, word, FUTEX_WAKE, Integer.MAX_VALUE,
                    MemorySegment.NULL, MemorySegment.NULL, 0);
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code process_vm_writev} ({@code write} true) or {@code process_vm_readv}: copies between this process's
     * {@code local} iovecs and {@code remote} iovecs of process {@code pid}, without the other process's help (CMA).
     *
     * @param write true to write into the other process
     * @param pid the other process
     * @param local {@code struct iovec[]} of this process
     * @param localCount entries in {@code local}
     * @param remote {@code struct iovec[]} of the other process
     * @param remoteCount entries in {@code remote}
     * @param state a segment from {@link #allocateCallState}, for errno
     * @return bytes copied, or -1 (see {@link #errno})
     */
    public static long processVm(final boolean write, final int pid, final MemorySegment local, final long localCount,
            final MemorySegment remote, final long remoteCount, final MemorySegment state) {
        try {
            return write
                    ? (long) PROCESS_VM_WRITEV.invokeExact(state, pid, local, localCount, remote, remoteCount, 0L)
                    : (long) PROCESS_VM_READV.invokeExact(state, pid, local, localCount, remote, remoteCount, 0L);
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY)}: under Yama {@code ptrace_scope} 1, lets other processes of
     * this user attach to (and so copy into) this one.
     *
     * @throws NativeException on failure (EINVAL without Yama)
     */
    public static void allowAnyPtracer() throws NativeException {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment st = a.allocate(CAPTURE);
            if ((int) PRCTL.invokeExact(st, PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0L, 0L, 0L) != 0) {
                throw new NativeException("prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY)", errno(st));
            }
        } catch (final NativeException e) {
            throw e;
        } catch (final Throwable t) {
            throw rethrow(t);
        }
    }

    private static RuntimeException rethrow(final Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }
}
