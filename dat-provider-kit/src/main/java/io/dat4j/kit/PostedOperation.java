package io.dat4j.kit;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;

/**
 * One posted operation, as the kit hands it to {@link EndpointTransport#post}: its kind, cookie, flags, local
 * segments (resolved to registered regions and checked) and, for RDMA, the remote triplet. Descriptors are pooled
 * per EP queue and reused after completion, so a transport must not keep one after completing it.
 *
 * <p>Not thread safe: the transport that holds it owns it until {@link EndpointUpcalls#complete}. See "Threading and
 * locks" in {@code docs/provider-kit.md}.
 */
public interface PostedOperation {

    /** {@return the EP it was posted on} */
    EndpointUpcalls endpoint();

    /** {@return SEND, RECEIVE, RDMA_READ or RDMA_WRITE} */
    DtoOperation kind();

    /** {@return the consumer's cookie} */
    long cookie();

    /** {@return the completion flags as the C bit mask} */
    int flags();

    /**
     * {@return true if a flag was given}
     *
     * @param flag the flag
     */
    default boolean hasFlag(final CompletionFlag flag) {
        return (flags() & flag.value()) != 0;
    }

    /**
     * {@return a number that grows by one per operation posted on the same EP queue}; descriptors of one queue are
     * outstanding in this order, at most the queue's depth at a time, so {@code sequence() % depth} can index a
     * transport's per-queue array
     */
    long sequence();

    /** {@return the number of non-empty local segments} */
    int segmentCount();

    /**
     * {@return the region of a local segment}
     *
     * @param i the segment, 0 to {@code segmentCount()-1}
     */
    RegisteredRegion region(int i);

    /**
     * {@return the offset of a local segment inside its region}
     *
     * @param i the segment
     */
    long offset(int i);

    /**
     * {@return the length of a local segment}
     *
     * @param i the segment
     */
    long length(int i);

    /** {@return the sum of the local segment lengths} */
    long totalLength();

    /** {@return the remote region's {@code rmr_context} (RDMA only)} */
    int rmrContext();

    /** {@return the remote virtual address (RDMA only)} */
    long remoteAddress();

    /** {@return the remote triplet's length (RDMA only)} */
    long remoteLength();

    /** {@return the transport's progress mark} */
    long progress();

    /**
     * Sets the transport's progress mark (bytes done so far, or any mark of its own).
     *
     * @param value the mark
     */
    void progress(long value);

    /** {@return the transport's attachment} */
    Object attachment();

    /**
     * Sets the transport's attachment.
     *
     * @param value anything, or null
     */
    void attachment(Object value);
}
