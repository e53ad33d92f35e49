package io.dat4j.provider.tcp;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.MemoryPrivilege;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RegionTable;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.EndpointUpcalls;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

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
 * <p>The glue of the frames into a connection ({@link #requestHeader}, {@link #onAtomic}, {@link #onAtomicResponse})
 * runs as the rest of its frame handling: on the loop owner, under the connection's lock ({@link TcpConnection#lock});
 * see "Threading and locks" in {@code docs/provider-kit.md}. The class itself is stateless.
 */
final class TcpExtensions {

    /**
     * RDMA write with immediate data: a = address, b = immediate data (low 32 bits), c = rmr_context, d = ACKs; flags
     * as a WRITE's.
     */
    static final int WRITE_IMM = 14;
    /**
     * Atomic request: flags {@link #ATOMIC_FETCH_ADD} or {@link #ATOMIC_CMP_SWAP}; a = address, b = value to add or to
     * compare, c = rmr_context, d = ACKs; 8 payload bytes: the value to swap in (0 for fetch-and-add).
     */
    static final int ATOMIC = 15;
    /** Atomic response: flags 0 and a = the original value, or flags = a NAK code. No payload. */
    static final int ATOMIC_RESP = 16;

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
     * Encodes the header of an extension request into the writer's header buffer: WRITE_IMM (its payload follows from
     * the segments, as a WRITE's), or ATOMIC with its 8-byte payload behind the header in the same buffer.
     *
     * @param h the header buffer, {@link Wire#HEADER} + {@link #WORD} bytes
     * @param op the request
     * @param acks the piggy-backed ACK count
     * @param writeFlags a WRITE_IMM's flags, as a WRITE's (the ACK coalescing marks, {@link AckPolicy})
     */
    static void requestHeader(final ByteBuffer h, final PostedOperation op, final int acks, final int writeFlags) {
        if (op.kind() == DtoOperation.RDMA_WRITE_IMMEDIATE) {
            Wire.encode(h, WRITE_IMM, writeFlags, op.totalLength(), op.remoteAddress(),
                    Integer.toUnsignedLong(op.immediateData()), op.rmrContext(), acks);
            return;
        }
        final boolean cas = op.kind() == DtoOperation.COMPARE_AND_SWAP;
        Wire.encode(h, ATOMIC, cas ? ATOMIC_CMP_SWAP : ATOMIC_FETCH_ADD, WORD, op.remoteAddress(), op.atomicOperand(),
                op.rmrContext(), acks);
        h.limit(Wire.HEADER + WORD);
        h.putLong(Wire.HEADER, op.atomicSwap());
    }

    /**
     * An ATOMIC frame with its payload read: applied at once and answered with ATOMIC_RESP behind the ACKs owed, in
     * request order; a refused one is answered with NAK access and ends the connection, as a refused RDMA.
     *
     * @param c the connection
     * @param flags the operation
     * @param address the word's address
     * @param operand the value to add or to compare
     * @param rmr the rmr_context
     * @param payload the 8 payload bytes (the value to swap in)
     */
    static void onAtomic(final TcpConnection c, final int flags, final long address, final long operand,
            final int rmr, final byte[] payload) {
        final Result r = apply(c.transport.adapter.regions(), c.ep.up, flags, address, rmr, operand,
                ByteBuffer.wrap(payload).getLong());
        if (r.refusal() != null) {
            c.close.sendNak(Wire.NAK_ACCESS, r.refusal());
            return;
        }
        final Wire.Control o = c.out.frame(ATOMIC_RESP);
        o.a = r.original();
        c.out.addControl(o);
    }

    /**
     * An ATOMIC_RESP header: completes the atomic at the head of the requests awaiting a response, or applies the NAK
     * it carries.
     *
     * @param c the connection
     * @param length the frame's payload length (must be 0)
     * @param flags 0, or a NAK code
     * @param original the word's original value
     */
    static void onAtomicResponse(final TcpConnection c, final int length, final int flags, final long original) {
        final PostedOperation head = c.out.awaiting.peek();
        if (c.phase != ConnectionPhase.UP || length != 0 || head == null || !isAtomic(head.kind())) {
            c.close.protocol("atomic response with no atomic outstanding");
            return;
        }
        if (flags != 0) {
            c.out.onNak(flags);
            return;
        }
        c.out.awaiting.poll();
        if (deliver(head, original)) {
            c.ep.up.complete(head, DtoStatus.SUCCESS, WORD);
        } else {
            c.ep.up.complete(head, DtoStatus.LOCAL_PROTECTION, 0);
        }
        c.close.checkGraceful();
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
