package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import io.dat4j.kit.PostedOperation;
import io.dat4j.provider.shm.sys.CrossMemory;
import io.dat4j.provider.shm.sys.Libc;
import io.dat4j.provider.shm.sys.ProtocolViolation;
import io.dat4j.provider.shm.sys.RecordHeader;
import io.dat4j.provider.shm.sys.RingReader;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The receiving side of rendezvous SENDs on one connection (SEND_RDV in docs/shm-wire.md): checks the record, copies
 * its segment list out of the ring into private memory (the peer cannot change it after the check), and pulls the
 * peer's bytes with one {@code process_vm_readv} straight into the posted receive; then owes the peer an RDV_ACK.
 * Exists only on a connection where this side proved the peer's process id and announced {@code PULLS}.
 *
 * <p>What the peer controls is the list of its own addresses: a wrong one makes the system call fail (EFAULT), which
 * breaks this connection. What this side writes is bounded by its own computation: the local list covers exactly the
 * checked total, within the receive's segments, each region acquired for the copy. The copy is always a system call
 * ({@link CrossMemory#pull}), never a copy by address.
 *
 * <p>Not thread safe: guarded by {@link ShmConnection#lock}, as {@link DataPath}.
 */
final class RendezvousPull {

    /** Pulled. */
    static final int DONE = 0;
    /** A region of the receive is being freed: LOCAL_PROTECTION. */
    static final int LOCAL = 1;
    /** The copy failed (the peer named memory it does not have, or it is gone): see {@link #errno()}. */
    static final int FAILED = 2;

    private static final ValueLayout.OfLong LE_LONG = JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final CrossMemory cma;
    private final MemorySegment list;
    private final long peerPid;
    private int segments;
    private int listBytes;
    private long listDone;
    private long total;
    /** Position of the last SEND_RDV pulled and not acknowledged yet, or -1. */
    private long ackOwed = -1;

    RendezvousPull(final Arena arena, final long peerPid, final int maxLocal) {
        this.cma = new CrossMemory(arena, maxLocal, Records.RDV_SEGMENTS);
        this.list = arena.allocate((long) Records.RDV_SEGMENTS * Records.RDV_SEGMENT_BYTES, 8);
        this.peerPid = peerPid;
    }

    /**
     * Checks a SEND_RDV's header: no flags, 1..{@link Records#RDV_SEGMENTS} segments, a payload of exactly 16 bytes
     * per segment, a positive total, and field b equal to the record's own position (its token).
     *
     * @param h the header
     * @throws ProtocolViolation when any of it is wrong
     */
    void begin(final RecordHeader h) {
        if (h.flags != 0 || h.c < 1 || h.c > Records.RDV_SEGMENTS || h.length != h.c * Records.RDV_SEGMENT_BYTES
                || h.a <= 0 || h.b != h.position) {
            throw new ProtocolViolation("SEND_RDV at ring position " + h.position + " with flags " + h.flags + ", "
                    + h.c + " segments (1.." + Records.RDV_SEGMENTS + "), a list of " + h.length + " bytes, total "
                    + h.a + ", token " + h.b);
        }
        segments = h.c;
        listBytes = h.length;
        listDone = 0;
        total = h.a;
    }

    /**
     * Reads the segment list of the record {@link #begin} checked, as far as the ring holds it, and checks it once
     * whole: each segment 1 byte or more, not wrapping the address space, and their sum (without overflow) the total.
     *
     * @param in the peer's ring
     * @return true once the list is read and checked
     * @throws ProtocolViolation for a list that does not add up
     */
    boolean readList(final RingReader in) {
        while (listDone < listBytes) {
            final long n = in.read(list, listDone, listBytes - listDone);
            if (n == 0) {
                return false;
            }
            listDone += n;
        }
        long sum = 0;
        for (int i = 0; i < segments; i++) {
            final long address = list.get(LE_LONG, (long) i * Records.RDV_SEGMENT_BYTES);
            final long length = list.get(LE_LONG, (long) i * Records.RDV_SEGMENT_BYTES + 8);
            if (length <= 0 || length > total - sum || Long.compareUnsigned(address, -length) > 0) {
                throw new ProtocolViolation("SEND_RDV segment " + i + " of " + segments + " at 0x"
                        + Long.toHexString(address) + " of " + length + " bytes: not within the total of " + total
                        + " bytes, or wrapping the address space");
            }
            sum += length;
        }
        if (sum != total) {
            throw new ProtocolViolation("SEND_RDV segments of " + sum + " bytes for a total of " + total);
        }
        return true;
    }

    /** {@return the total bytes of the SEND_RDV being received} */
    long total() {
        return total;
    }

    /**
     * Pulls the checked SEND into {@code recv}, whose length the caller checked against {@link #total()}.
     *
     * @param recv the receive
     * @return {@link #DONE}, {@link #LOCAL} or {@link #FAILED}
     */
    int pull(final PostedOperation recv) {
        int outcome = DONE;
        try {
            cma.clear();
            long left = total;
            for (int i = 0; i < recv.segmentCount() && left > 0; i++) {
                final long len = Math.min(recv.length(i), left);
                if (len == 0) {
                    continue;
                }
                if (!cma.addHeld(recv.region(i), recv.offset(i), len)) {
                    outcome = LOCAL;
                    break;
                }
                left -= len;
            }
            if (outcome == DONE) {
                for (int i = 0; i < segments; i++) {
                    cma.addRemote(list.get(LE_LONG, (long) i * Records.RDV_SEGMENT_BYTES),
                            list.get(LE_LONG, (long) i * Records.RDV_SEGMENT_BYTES + 8));
                }
                if (left != 0 || !cma.pull(peerPid)) {
                    outcome = FAILED;
                }
            }
        } catch (final IllegalStateException e) {
            outcome = LOCAL; // the memory under an LMR was freed while it was registered
        } finally {
            cma.releaseHeld();
        }
        return outcome;
    }

    /** {@return errno of the last {@link #FAILED} pull} */
    int errno() {
        return cma.lastErrno();
    }

    /** {@return why the last pull failed, for the NAK's reason} */
    String failure() {
        final int e = cma.lastErrno();
        return e == Libc.EPERM || e == Libc.ENOSYS
                ? "the kernel refused CMA (errno " + e + ") for a SEND_RDV after the probe allowed it"
                : "pulling a SEND_RDV of " + total + " bytes from the peer failed (errno " + e + ")";
    }

    /** Owes the peer an RDV_ACK up to the record at {@code position}. */
    void pulled(final long position) {
        ackOwed = position;
    }

    /** {@return the position the RDV_ACK owed names, or -1 when none is owed} */
    long ackOwed() {
        return ackOwed;
    }

    /** The RDV_ACK owed was written. */
    void acked() {
        ackOwed = -1;
    }
}
