package io.dat4j.kit;

/**
 * One buffer posted to a shared receive queue ({@code dat_srq_post_recv}): cookie, flags and local segments resolved
 * against the IA's LMRs at post time. A hardware transport posts it to its queue ({@link SharedReceiveTransport#post})
 * and names it by {@link #sequence()} when a QP consumed it ({@link EndpointUpcalls#takeSharedReceive(long)}).
 *
 * <p>Thread safety: immutable.
 */
public interface SharedReceiveBuffer {

    /** {@return the number of this buffer in its SRQ, unique and increasing in posting order} */
    long sequence();

    /** {@return the consumer's cookie ({@code user_cookie})} */
    long cookie();

    /** {@return the number of non-empty local segments} */
    int segmentCount();

    /**
     * {@return the region of segment {@code i}}; its {@link RegisteredRegion#registration()} is the transport's (the
     * {@code ibv_mr} with its lkey)
     *
     * @param i the segment, 0 to {@link #segmentCount()} - 1
     */
    RegisteredRegion region(int i);

    /**
     * {@return the offset of segment {@code i} in its region}
     *
     * @param i the segment
     */
    long offset(int i);

    /**
     * {@return the length of segment {@code i}}
     *
     * @param i the segment
     */
    long length(int i);
}
