package io.dat4j.provider.rdmacm.ffi;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_recv_wr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_send_wr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_sge;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;

/**
 * One {@code struct ibv_send_wr} or {@code struct ibv_recv_wr} with its scatter/gather list, for an EP that posts one
 * request at a time. {@code next} and {@code sg_list} are written once, at creation; a post writes only
 * {@code wr_id}, {@code num_sge}, the entries it uses and, for sends, {@code opcode}, {@code send_flags} and (when they
 * change) {@code wr.rdma}. Every field is written at its offset in the segment with its constant layout, without
 * slicing the struct or the entry array: the JIT tier that runs first (C1) does not fold the checks and allocation of a
 * slice per field, which made the generated {@code asSlice} accessors cost about three times as much per post. The
 * offsets come from the generated layouts (checked against the headers by the layout probe).
 *
 * <p>Thread safety: not thread-safe; the owner serialises posts.
 */
public final class WorkRequest {

    private static final long RDMA = ibv_send_wr.wr$offset() + ibv_send_wr.wr.rdma$offset();
    private static final long REMOTE_ADDR = RDMA + ibv_send_wr.wr.rdma.remote_addr$offset();
    private static final long RKEY = RDMA + ibv_send_wr.wr.rdma.rkey$offset();
    private static final ValueLayout.OfLong REMOTE_ADDR_LAYOUT = ibv_send_wr.wr.rdma.remote_addr$layout();
    private static final ValueLayout.OfInt RKEY_LAYOUT = ibv_send_wr.wr.rdma.rkey$layout();
    private static final long SGE_SIZE = ibv_sge.sizeof();
    private static final long ATOMIC = ibv_send_wr.wr$offset() + ibv_send_wr.wr.atomic$offset();
    private static final long ATOMIC_ADDR = ATOMIC + ibv_send_wr.wr.atomic.remote_addr$offset();
    private static final long ATOMIC_COMPARE_ADD = ATOMIC + ibv_send_wr.wr.atomic.compare_add$offset();
    private static final long ATOMIC_SWAP = ATOMIC + ibv_send_wr.wr.atomic.swap$offset();
    private static final long ATOMIC_RKEY = ATOMIC + ibv_send_wr.wr.atomic.rkey$offset();

    private final MemorySegment wr;
    private final MemorySegment sges;
    /** What {@code wr.rdma} holds now (sends): written only when a post changes it. */
    private long remoteAddress;
    private int rkey;
    /** True after {@link #atomic} overwrote {@code wr.rdma} (the union): the next RDMA post rewrites it. */
    private boolean rdmaStale;

    private WorkRequest(final boolean send, final SegmentAllocator allocator, final int maxSge) {
        this.wr = send ? ibv_send_wr.allocate(allocator) : ibv_recv_wr.allocate(allocator);
        wr.fill((byte) 0);
        this.sges = ibv_sge.allocateArray(Math.max(1, maxSge), allocator);
        sges.fill((byte) 0);
        if (send) {
            ibv_send_wr.next(wr, MemorySegment.NULL);
            ibv_send_wr.sg_list(wr, sges);
        } else {
            ibv_recv_wr.next(wr, MemorySegment.NULL);
            ibv_recv_wr.sg_list(wr, sges);
        }
    }

    /**
     * {@return a zeroed send work request with room for {@code maxSge} gather entries}
     *
     * @param allocator where (its lifetime is the request's)
     * @param maxSge the most entries a post uses
     */
    public static WorkRequest send(final SegmentAllocator allocator, final int maxSge) {
        return new WorkRequest(true, allocator, maxSge);
    }

    /**
     * {@return a zeroed receive work request with room for {@code maxSge} scatter entries}
     *
     * @param allocator where (its lifetime is the request's)
     * @param maxSge the most entries a post uses
     */
    public static WorkRequest receive(final SegmentAllocator allocator, final int maxSge) {
        return new WorkRequest(false, allocator, maxSge);
    }

    /** {@return the native {@code struct ibv_send_wr} or {@code struct ibv_recv_wr}} */
    public MemorySegment request() {
        return wr;
    }

    /** {@return the native scatter/gather array the request points to} */
    public MemorySegment entries() {
        return sges;
    }

    /**
     * Fills one scatter/gather entry.
     *
     * @param index the entry (below the {@code maxSge} of creation)
     * @param address the start address
     * @param length the length in bytes
     * @param lkey the MR's lkey
     */
    public void sge(final int index, final long address, final int length, final int lkey) {
        final long base = index * SGE_SIZE;
        sges.set(ibv_sge.addr$layout(), base + ibv_sge.addr$offset(), address);
        sges.set(ibv_sge.length$layout(), base + ibv_sge.length$offset(), length);
        sges.set(ibv_sge.lkey$layout(), base + ibv_sge.lkey$offset(), lkey);
    }

    /**
     * Sets the varying fields of a send request (its entries are filled with {@link #sge}).
     *
     * @param wrId the cookie
     * @param sgeCount entries used
     * @param opcode {@code IBV_WR_*}
     * @param flags {@code IBV_SEND_*}
     * @param remote for RDMA, the peer's address
     * @param remoteKey for RDMA, the peer's rkey
     */
    public void send(final long wrId, final int sgeCount, final int opcode, final int flags, final long remote,
            final int remoteKey) {
        wr.set(ibv_send_wr.wr_id$layout(), ibv_send_wr.wr_id$offset(), wrId);
        wr.set(ibv_send_wr.num_sge$layout(), ibv_send_wr.num_sge$offset(), sgeCount);
        wr.set(ibv_send_wr.opcode$layout(), ibv_send_wr.opcode$offset(), opcode);
        wr.set(ibv_send_wr.send_flags$layout(), ibv_send_wr.send_flags$offset(), flags);
        if (remote != remoteAddress || rdmaStale) {
            wr.set(REMOTE_ADDR_LAYOUT, REMOTE_ADDR, remote);
            remoteAddress = remote;
        }
        if (remoteKey != rkey || rdmaStale) {
            wr.set(RKEY_LAYOUT, RKEY, remoteKey);
            rkey = remoteKey;
        }
        rdmaStale = false;
    }

    /**
     * Sets {@code imm_data} for an {@code IBV_WR_RDMA_WRITE_WITH_IMM} (after {@link #send}).
     *
     * @param immediateData the value, stored as given
     */
    public void immediate(final int immediateData) {
        wr.set(ibv_send_wr.imm_data$layout(), ibv_send_wr.imm_data$offset(), immediateData);
    }

    /**
     * Sets {@code wr.atomic} for an {@code IBV_WR_ATOMIC_*} (after {@link #send}, whose {@code wr.rdma} it
     * overwrites: the two share a union).
     *
     * @param remote the peer's 8-byte aligned address
     * @param remoteKey the peer's rkey
     * @param compareAdd the value to compare (compare-and-swap) or to add (fetch-and-add)
     * @param swap the value to swap in
     */
    public void atomic(final long remote, final int remoteKey, final long compareAdd, final long swap) {
        wr.set(ibv_send_wr.wr.atomic.remote_addr$layout(), ATOMIC_ADDR, remote);
        wr.set(ibv_send_wr.wr.atomic.compare_add$layout(), ATOMIC_COMPARE_ADD, compareAdd);
        wr.set(ibv_send_wr.wr.atomic.swap$layout(), ATOMIC_SWAP, swap);
        wr.set(ibv_send_wr.wr.atomic.rkey$layout(), ATOMIC_RKEY, remoteKey);
        rdmaStale = true;
    }

    /**
     * Sets the varying fields of a receive request (its entries are filled with {@link #sge}).
     *
     * @param wrId the cookie
     * @param sgeCount entries used
     */
    public void receive(final long wrId, final int sgeCount) {
        wr.set(ibv_recv_wr.wr_id$layout(), ibv_recv_wr.wr_id$offset(), wrId);
        wr.set(ibv_recv_wr.num_sge$layout(), ibv_recv_wr.num_sge$offset(), sgeCount);
    }
}
