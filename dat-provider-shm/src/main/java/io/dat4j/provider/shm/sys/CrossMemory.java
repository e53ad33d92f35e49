package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.dat4j.kit.RegisteredRegion;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Cross-memory attach (CMA): copies between this process's memory and another's with {@code process_vm_writev} /
 * {@code process_vm_readv}, one system call and one copy, without the other process's help. The kernel allows it when
 * this process may ptrace the other ({@code PTRACE_MODE_ATTACH_REALCREDS}): the same user, and under Yama
 * {@code ptrace_scope} 1 only a descendant or a process that named this one with {@code PR_SET_PTRACER}; never under
 * scope 3, nor in containers whose seccomp profile refuses the calls (Docker's default does without
 * CAP_SYS_PTRACE). {@link #probe} finds out once per peer.
 *
 * <p>Within one process the copy is a plain memory copy (no system call).
 *
 * <p>Not thread safe: one per connection, used under its lock (the iovec arrays and the errno slot are reused, so a
 * copy allocates nothing).
 */
public final class CrossMemory {

    /** Outcome of a {@link #probe}. */
    public enum Probe {
        /** The peer's word was read and matched. */
        OK,
        /** The kernel refused (EPERM: ptrace rules; ENOSYS: seccomp or no CMA). */
        REFUSED,
        /** The word did not match: not the process the peer claims to be. */
        MISMATCH,
        /** No such process. */
        GONE
    }

    private static final long SELF = ProcessHandle.current().pid();
    /** The whole address space, for copies within this process by address (no segment per copy). */
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private final MemorySegment local;
    private final MemorySegment remote;
    private final MemorySegment state;
    private final int maxLocal;
    private final int maxRemote;
    private int count;
    private int remoteCount;
    private final MemorySegment[] segments;
    private final long[] offsets;
    private final long[] lengths;
    /** The regions {@link #addHeld} acquired for the copy being listed, until {@link #releaseHeld}. */
    private final RegisteredRegion[] held;
    private int heldCount;
    private int lastErrno;

    /**
     * Creates the reusable buffers for copies to or from one remote range ({@link #transfer}).
     *
     * @param arena where they live
     * @param maxLocal the most local segments of one copy
     */
    public CrossMemory(final Arena arena, final int maxLocal) {
        this(arena, maxLocal, 1);
    }

    /**
     * Creates the reusable buffers.
     *
     * @param arena where they live
     * @param maxLocal the most local segments of one copy
     * @param maxRemote the most remote segments of one {@link #pull}
     */
    public CrossMemory(final Arena arena, final int maxLocal, final int maxRemote) {
        this.maxLocal = maxLocal;
        this.maxRemote = Math.max(1, maxRemote);
        this.local = arena.allocate(16L * maxLocal, 8);
        this.remote = arena.allocate(16L * this.maxRemote, 8);
        this.state = Libc.allocateCallState(arena);
        this.segments = new MemorySegment[maxLocal];
        this.offsets = new long[maxLocal];
        this.lengths = new long[maxLocal];
        this.held = new RegisteredRegion[maxLocal];
    }

    /** Starts a new list of local segments (and of remote ones for {@link #pull}). */
    public void clear() {
        count = 0;
        remoteCount = 0;
    }

    /**
     * Adds a segment of the other process to the list {@link #pull} reads.
     *
     * @param address its address there
     * @param length bytes
     */
    public void addRemote(final long address, final long length) {
        if (remoteCount == maxRemote) {
            throw new IllegalStateException("more than " + maxRemote + " remote segments");
        }
        remote.set(JAVA_LONG, 16L * remoteCount, address);
        remote.set(JAVA_LONG, 16L * remoteCount + 8, length);
        remoteCount++;
    }

    /**
     * Adds a local segment to the list.
     *
     * @param segment native memory of this process
     * @param offset offset in it
     * @param length bytes
     */
    public void add(final MemorySegment segment, final long offset, final long length) {
        if (count == maxLocal) {
            throw new IllegalStateException("more than " + maxLocal + " local segments");
        }
        segments[count] = segment;
        offsets[count] = offset;
        lengths[count] = length;
        local.set(JAVA_LONG, 16L * count, segment.address() + offset);
        local.set(JAVA_LONG, 16L * count + 8, length);
        count++;
    }

    /**
     * Adds a segment of a registered region to the local list and holds the region ({@link RegisteredRegion#acquire})
     * so that it cannot be freed during the copy; the caller releases every region held with {@link #releaseHeld} in
     * a {@code finally} block once the copy ends.
     *
     * @param region the region
     * @param offset offset in its memory
     * @param length bytes
     * @return false, with nothing added, if the region is being freed
     * @throws IllegalStateException if the list is full, or the memory under the region was freed
     */
    public boolean addHeld(final RegisteredRegion region, final long offset, final long length) {
        if (heldCount == maxLocal) {
            throw new IllegalStateException("more than " + maxLocal + " local segments");
        }
        if (!region.acquire()) {
            return false;
        }
        held[heldCount++] = region;
        add(region.memory(), offset, length);
        return true;
    }

    /** Releases the regions {@link #addHeld} holds (every one once) and forgets them. */
    public void releaseHeld() {
        for (int i = 0; i < heldCount; i++) {
            held[i].release();
            held[i] = null;
        }
        heldCount = 0;
    }

    /** {@return errno of the last failed {@link #transfer}} */
    public int lastErrno() {
        return lastErrno;
    }

    /**
     * Copies the listed local segments to ({@code write}) or from the other process's memory at
     * {@code [remoteAddress, remoteAddress + total)}; loops over partial copies.
     *
     * @param write true for this process to the other, false for the other to this one
     * @param pid the other process
     * @param remoteAddress the address there
     * @return true if every byte moved; false with {@link #lastErrno()} set when the kernel refused or faulted
     */
    public boolean transfer(final boolean write, final long pid, final long remoteAddress) {
        if (pid == SELF) {
            copyLocally(write, remoteAddress);
            return true;
        }
        long total = 0;
        for (int i = 0; i < count; i++) {
            total += lengths[i];
        }
        remote.set(JAVA_LONG, 0, remoteAddress);
        remote.set(JAVA_LONG, 8, total);
        remoteCount = 1;
        return move(write, pid, total);
    }

    /**
     * Reads the listed remote segments ({@link #addRemote}) of another process into the listed local ones, in order,
     * with {@code process_vm_readv} (also for this very process: a system call, never a copy by address, so an
     * address the other side named that is not mapped there is an EFAULT, not a crash); loops over partial copies.
     * The local and the remote lists must hold the same number of bytes.
     *
     * @param pid the other process
     * @return true if every byte moved; false with {@link #lastErrno()} set when the kernel refused or faulted
     */
    public boolean pull(final long pid) {
        if (pid <= 0 || pid > Integer.MAX_VALUE) {
            lastErrno = Libc.ESRCH;
            return false;
        }
        long total = 0;
        for (int i = 0; i < count; i++) {
            total += lengths[i];
        }
        return move(false, pid, total);
    }

    private boolean move(final boolean write, final long pid, final long total) {
        long done = 0;
        int first = 0;
        int firstRemote = 0;
        while (done < total) {
            final MemorySegment from = first == 0 ? local : local.asSlice(16L * first);
            final MemorySegment to = firstRemote == 0 ? remote : remote.asSlice(16L * firstRemote);
            final long n = Libc.processVm(write, (int) pid, from, count - first, to, remoteCount - firstRemote,
                    state);
            if (n <= 0) {
                lastErrno = n == 0 ? Libc.EFAULT : Libc.errno(state);
                return false;
            }
            done += n;
            // drop the entries the partial copy finished; shorten the ones it stopped in
            first = advance(local, first, count, n);
            firstRemote = advance(remote, firstRemote, remoteCount, n);
        }
        return true;
    }

    private static int advance(final MemorySegment iov, final int from, final int count, final long n) {
        int first = from;
        long skip = n;
        while (skip > 0 && first < count) {
            final long len = iov.get(JAVA_LONG, 16L * first + 8);
            if (skip >= len) {
                skip -= len;
                first++;
            } else {
                iov.set(JAVA_LONG, 16L * first, iov.get(JAVA_LONG, 16L * first) + skip);
                iov.set(JAVA_LONG, 16L * first + 8, len - skip);
                skip = 0;
            }
        }
        while (first < count && iov.get(JAVA_LONG, 16L * first + 8) == 0) {
            first++; // empty entries left behind
        }
        return first;
    }

    private void copyLocally(final boolean write, final long remoteAddress) {
        long at = remoteAddress;
        for (int i = 0; i < count; i++) {
            if (write) {
                MemorySegment.copy(segments[i], offsets[i], ALL, at, lengths[i]);
            } else {
                MemorySegment.copy(ALL, at, segments[i], offsets[i], lengths[i]);
            }
            at += lengths[i];
        }
    }

    /**
     * Finds out whether this process may copy into another: reads 8 bytes at {@code address} there and compares
     * them with what the other process said they hold.
     *
     * @param pid the other process
     * @param address a word in it
     * @param expected the value it holds
     * @return the outcome
     */
    public static Probe probe(final long pid, final long address, final long expected) {
        if (pid <= 0 || pid > Integer.MAX_VALUE) {
            return Probe.GONE;
        }
        try (Arena a = Arena.ofConfined()) {
            final CrossMemory cm = new CrossMemory(a, 1);
            final MemorySegment word = a.allocate(8, 8);
            cm.add(word, 0, 8);
            if (!cm.transfer(false, pid, address)) {
                return cm.lastErrno == Libc.ESRCH ? Probe.GONE
                        : cm.lastErrno == Libc.EFAULT ? Probe.MISMATCH : Probe.REFUSED;
            }
            return word.get(JAVA_LONG, 0) == expected ? Probe.OK : Probe.MISMATCH;
        }
    }

    /** {@return Yama's {@code ptrace_scope} (0..3), or -1 without Yama} */
    public static int ptraceScope() {
        try {
            return Integer.parseInt(Files.readString(Path.of("/proc/sys/kernel/yama/ptrace_scope")).strip());
        } catch (final IOException | NumberFormatException e) {
            return -1;
        }
    }
}
