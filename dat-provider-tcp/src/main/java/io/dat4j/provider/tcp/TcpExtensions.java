package io.dat4j.provider.tcp;

import io.dat4j.DtoOperation;
import io.dat4j.MemoryPrivilege;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RegionTable;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.EndpointUpcalls;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The IB extensions on the TCP wire (docs/tcp-wire.md, "IB extensions"): the frame types of RDMA write with immediate
 * data and of the remote atomics, and the atomics themselves as the target applies them.
 *
 * <p>An atomic is applied to the 8-byte word in registered memory with a hardware atomic instruction
 * ({@link VarHandle#getAndAdd} and {@link VarHandle#compareAndExchange} on the region's native segment; the word is
 * 8-byte aligned), so atomics on one word from any number of connections, on any I/O thread or consumer thread, take
 * effect one after another; no lock is needed for that, and none is taken. The region is held with
 * {@link RegisteredRegion#acquire()} for the duration, so a concurrent free waits for it and no byte of a freed region
 * is touched.
 *
 * <p>Stateless; thread safe.
 */
final class TcpExtensions {

    /** RDMA write with immediate data: a = address, b = immediate data (low 32 bits), c = rmr_context, d = ACKs. */
    static final int WRITE_IMM = 13;
    /**
     * Atomic request: flags {@link #ATOMIC_FETCH_ADD} or {@link #ATOMIC_CMP_SWAP}; a = address, b = value to add or to
     * compare, c = rmr_context, d = ACKs; 8 payload bytes: the value to swap in (0 for fetch-and-add).
     */
    static final int ATOMIC = 14;
    /** Atomic response: flags 0 and a = the original value, or flags = a NAK code. No payload. */
    static final int ATOMIC_RESP = 15;

    static final int ATOMIC_FETCH_ADD = 0;
    static final int ATOMIC_CMP_SWAP = 1;
    /** Size of the word of an atomic, and of an ATOMIC frame's payload. */
    static final int WORD = 8;

    private static final VarHandle WORD_HANDLE = ValueLayout.JAVA_LONG.varHandle();

    private TcpExtensions() {
    }

    /** {@return true if an operation is written as a header with no payload from its segments} */
    static boolean isAtomic(final DtoOperation kind) {
        return kind == DtoOperation.FETCH_AND_ADD || kind == DtoOperation.COMPARE_AND_SWAP;
    }

    /** {@return true if an operation's response is a frame of its own (not an ACK): RDMA read and the atomics} */
    static boolean awaitsResponse(final DtoOperation kind) {
        return kind == DtoOperation.RDMA_READ || isAtomic(kind);
    }

    /**
     * The target's side of an ATOMIC frame: checks the word against the region table (context, PZ, bounds,
     * REMOTE_ATOMIC, alignment) and applies the operation.
     *
     * @param table the IA's region table
     * @param target the EP the frame arrived on
     * @param flags the frame's flags (which operation)
     * @param address the word's address
     * @param rmr the rmr_context
     * @param operand the value to add, or to compare
     * @param swap the value to swap in
     * @return the result, never null
     */
    static Result apply(final RegionTable table, final EndpointUpcalls target, final int flags, final long address,
            final int rmr, final long operand, final long swap) {
        if (flags != ATOMIC_FETCH_ADD && flags != ATOMIC_CMP_SWAP) {
            return Result.refused("unknown atomic operation " + flags);
        }
        if ((address & (WORD - 1)) != 0) {
            return Result.refused("atomic at 0x" + Long.toHexString(address) + " is not 8-byte aligned");
        }
        final RegisteredRegion r = table.acquire(target, rmr, address, WORD, MemoryPrivilege.REMOTE_ATOMIC);
        if (r == null) {
            return Result.refused("atomic refused: " + table.refusal(target, rmr, address, WORD,
                    MemoryPrivilege.REMOTE_ATOMIC));
        }
        try {
            final long offset = address - r.baseAddress();
            final long original = flags == ATOMIC_FETCH_ADD
                    ? (long) WORD_HANDLE.getAndAdd(r.memory(), offset, operand)
                    : (long) WORD_HANDLE.compareAndExchange(r.memory(), offset, operand, swap);
            return new Result(original, null);
        } catch (final IllegalStateException e) {
            return Result.refused("atomic refused: the memory under region 0x" + Integer.toHexString(rmr)
                    + " was freed");
        } finally {
            r.release();
        }
    }

    /**
     * The initiator's side of an ATOMIC_RESP: stores the original value into the first 8 bytes of the operation's
     * local segment, in native byte order.
     *
     * @param op the atomic
     * @param original the original value
     * @return false if the local LMR was freed meanwhile (the operation then completes LOCAL_PROTECTION)
     */
    static boolean deliver(final PostedOperation op, final long original) {
        if (op.segmentCount() == 0) {
            return true;
        }
        final RegisteredRegion r = op.region(0);
        if (!r.acquire()) {
            return false;
        }
        try {
            r.memory().set(ValueLayout.JAVA_LONG_UNALIGNED, op.offset(0), original);
            return true;
        } catch (final IllegalStateException e) {
            return false;
        } finally {
            r.release();
        }
    }

    /**
     * The outcome of an atomic at the target.
     *
     * @param original the word's value before the operation
     * @param refusal why it was refused, or null
     */
    record Result(long original, String refusal) {

        static Result refused(final String why) {
            return new Result(0, why);
        }
    }
}
