package io.dat4j.kit;

import io.dat4j.DtoStatus;

/**
 * One buffer posted to a shared receive queue ({@code dat_srq_post_recv}): cookie, flags and local segments resolved
 * against the IA's LMRs at post time. A hardware transport posts it to its queue ({@link SharedReceiveTransport#post})
 * and names it by {@link #sequence()} when a QP consumed it ({@link EndpointUpcalls#takeSharedReceive(long)}).
 *
 * <p>Thread safety: immutable (the arrays are never changed after construction).
 */
public final class SharedReceiveBuffer {

    private final long sequence;
    private final long cookie;
    private final int flags;
    private final KitMemoryRegion[] regions;
    private final long[] offsets;
    private final long[] lengths;
    private final int count;
    private final DtoStatus localError;

    SharedReceiveBuffer(final long sequence, final long cookie, final int flags, final KitMemoryRegion[] regions,
            final long[] offsets, final long[] lengths, final DtoStatus localError) {
        this.sequence = sequence;
        this.cookie = cookie;
        this.flags = flags;
        this.regions = regions;
        this.offsets = offsets;
        this.lengths = lengths;
        int n = 0;
        while (n < regions.length && regions[n] != null) {
            n++;
        }
        this.count = n;
        this.localError = localError;
    }

    /** {@return the number of this buffer in its SRQ, unique and increasing in posting order} */
    public long sequence() {
        return sequence;
    }

    /** {@return the consumer's cookie ({@code user_cookie})} */
    public long cookie() {
        return cookie;
    }

    /** {@return the number of non-empty local segments} */
    public int segmentCount() {
        return count;
    }

    /**
     * {@return the LMR of segment {@code i}}; its {@link KitMemoryRegion#registration()} is the transport's (the
     * {@code ibv_mr} with its lkey)
     *
     * @param i the segment, 0 to {@link #segmentCount()} - 1
     */
    public KitMemoryRegion region(final int i) {
        return regions[i];
    }

    /**
     * {@return the offset of segment {@code i} in its LMR}
     *
     * @param i the segment
     */
    public long offset(final int i) {
        return offsets[i];
    }

    /**
     * {@return the length of segment {@code i}}
     *
     * @param i the segment
     */
    public long length(final int i) {
        return lengths[i];
    }

    int flags() {
        return flags;
    }

    KitMemoryRegion[] regions() {
        return regions;
    }

    long[] offsets() {
        return offsets;
    }

    long[] lengths() {
        return lengths;
    }

    /** {@return LOCAL_PROTECTION when a segment failed the local checks at post time, else null} */
    DtoStatus localError() {
        return localError;
    }
}
