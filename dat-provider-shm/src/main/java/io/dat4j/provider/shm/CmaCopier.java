package io.dat4j.provider.shm;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.provider.shm.sys.CrossMemory;
import io.dat4j.provider.shm.sys.GrantTable;
import io.dat4j.provider.shm.sys.Libc;
import io.dat4j.kit.PostedOperation;
import java.lang.foreign.Arena;

/**
 * One-sided RDMA of one connection with cross-memory attach: takes the target's grant for the range
 * ({@link GrantTable#take}), acquires the local regions, copies with one {@code process_vm_writev}/{@code readv} (a
 * memory copy within one process), releases the regions and gives the grant back, in that order, before the caller
 * completes the operation (the kit reuses a completed descriptor). Allocation-free.
 *
 * <p>Not thread safe: guarded by the connection's lock.
 */
final class CmaCopier {

    /** Copied. */
    static final int DONE = 0;
    /** A local region was freed (the consumer's error): LOCAL_PROTECTION. */
    static final int LOCAL = 1;
    /** The copy failed at the target: see {@link #lastErrno()}. */
    static final int FAILED = 2;
    /** The target granted no such range: go through the ring, where the target decides. */
    static final int NOT_GRANTED = 3;
    /** The kernel refuses CMA now (EPERM, ENOSYS): the ring from now on. */
    static final int REFUSED = 4;

    private final GrantTable peerGrants;
    private final CrossMemory cma;
    private final long peerPid;

    CmaCopier(final Arena arena, final GrantTable peerGrants, final long peerPid, final int maxSegments) {
        this.peerGrants = peerGrants;
        this.cma = new CrossMemory(arena, maxSegments);
        this.peerPid = peerPid;
    }

    /** {@return errno of the last {@link #FAILED} copy} */
    int lastErrno() {
        return cma.lastErrno();
    }

    /**
     * Copies an RDMA write or read if the target granted its range.
     *
     * @param op the operation
     * @return {@link #DONE}, {@link #LOCAL}, {@link #FAILED}, {@link #NOT_GRANTED} or {@link #REFUSED}
     */
    int copy(final PostedOperation op) {
        final boolean write = op.kind() == DtoOperation.RDMA_WRITE;
        final int g = peerGrants.take(op.rmrContext(), op.remoteAddress(), op.totalLength(), write);
        if (g < 0) {
            return NOT_GRANTED;
        }
        int outcome = DONE;
        try {
            cma.clear();
            for (int i = 0; i < op.segmentCount(); i++) {
                if (!cma.addHeld(op.region(i), op.offset(i), op.length(i))) {
                    outcome = LOCAL;
                    break;
                }
            }
            if (outcome == DONE && !cma.transfer(write, peerPid, op.remoteAddress())) {
                final int errno = cma.lastErrno();
                outcome = errno == Libc.EPERM || errno == Libc.ENOSYS ? REFUSED : FAILED;
            }
        } catch (final IllegalStateException e) {
            outcome = LOCAL; // the memory under an LMR was freed while it was registered
        } finally {
            cma.releaseHeld();
            peerGrants.give(g);
        }
        return outcome;
    }

    /**
     * {@return the status that completes an operation whose {@link #copy} ended in {@code outcome}} ({@link #LOCAL} or
     * {@link #FAILED}; the connection breaks after it): LOCAL_PROTECTION, FLUSHED for a peer that is gone, else
     * REMOTE_ACCESS
     *
     * @param outcome the outcome
     */
    DtoStatus status(final int outcome) {
        return outcome == LOCAL ? DtoStatus.LOCAL_PROTECTION
                : cma.lastErrno() == Libc.ESRCH ? DtoStatus.FLUSHED : DtoStatus.REMOTE_ACCESS;
    }

    /**
     * {@return why an operation whose {@link #copy} ended in {@code outcome} failed, for the log}
     *
     * @param op the operation
     * @param outcome {@link #LOCAL} or {@link #FAILED}
     */
    String failure(final PostedOperation op, final int outcome) {
        final boolean write = op.kind() == DtoOperation.RDMA_WRITE;
        return outcome == LOCAL ? "the LMR of an RDMA " + (write ? "write" : "read") + " was freed during the transfer"
                : "a CMA copy " + (write ? "into" : "out of") + " the peer failed (errno " + cma.lastErrno() + ")";
    }
}
