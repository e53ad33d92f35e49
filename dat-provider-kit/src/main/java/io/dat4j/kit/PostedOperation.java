package io.dat4j.kit;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;

/**
 * One posted operation, as the kit hands it to {@link EndpointTransport#post}: its kind, cookie, flags, local
 * segments (resolved to registered regions and checked) and, for RDMA, the remote triplet. Descriptors are pooled
 * per EP queue and reused after completion, so a transport must not keep one after completing it.
 *
 * <p>Not thread safe: the transport that holds it owns it until {@link EndpointUpcalls#complete}.
 */
public final class PostedOperation {

    private final EndpointUpcalls endpoint;
    private final KitMemoryRegion[] regions;
    private final long[] offsets;
    private final long[] lengths;
    private DtoOperation kind;
    private long cookie;
    private int flags;
    private int segmentCount;
    private long totalLength;
    private int rmrContext;
    private long remoteAddress;
    private long remoteLength;
    private long sequence;
    // completion state, owned by the kit's queue
    boolean done;
    DtoStatus status;
    long transferred;
    /** Transport scratch: bytes done so far, or any progress mark. */
    private long progress;
    /** Transport scratch: anything the transport wants to attach. */
    private Object attachment;

    PostedOperation(final EndpointUpcalls endpoint, final int maxSegments) {
        this.endpoint = endpoint;
        this.regions = new KitMemoryRegion[maxSegments];
        this.offsets = new long[maxSegments];
        this.lengths = new long[maxSegments];
    }

    void begin(final DtoOperation k, final long c, final int f, final long seq) {
        kind = k;
        cookie = c;
        flags = f;
        sequence = seq;
        segmentCount = 0;
        totalLength = 0;
        rmrContext = 0;
        remoteAddress = 0;
        remoteLength = 0;
        done = false;
        status = null;
        transferred = 0;
        progress = 0;
        attachment = null;
    }

    void addSegment(final KitMemoryRegion region, final long offset, final long length) {
        regions[segmentCount] = region;
        offsets[segmentCount] = offset;
        lengths[segmentCount] = length;
        segmentCount++;
        totalLength += length;
    }

    void remote(final int context, final long address, final long length) {
        rmrContext = context;
        remoteAddress = address;
        remoteLength = length;
    }

    void clearSegments() {
        for (int i = 0; i < segmentCount; i++) {
            regions[i] = null;
        }
        attachment = null;
    }

    /** {@return the EP it was posted on} */
    public EndpointUpcalls endpoint() {
        return endpoint;
    }

    /** {@return SEND, RECEIVE, RDMA_READ or RDMA_WRITE} */
    public DtoOperation kind() {
        return kind;
    }

    /** {@return the consumer's cookie} */
    public long cookie() {
        return cookie;
    }

    /** {@return the completion flags as the C bit mask} */
    public int flags() {
        return flags;
    }

    /**
     * {@return true if a flag was given}
     *
     * @param flag the flag
     */
    public boolean hasFlag(final CompletionFlag flag) {
        return (flags & flag.value()) != 0;
    }

    /** {@return a number that grows by one per operation posted on the same EP queue} */
    public long sequence() {
        return sequence;
    }

    /** {@return the number of non-empty local segments} */
    public int segmentCount() {
        return segmentCount;
    }

    /**
     * {@return the region of a local segment}
     *
     * @param i the segment, 0 to {@code segmentCount()-1}
     */
    public KitMemoryRegion region(final int i) {
        return regions[i];
    }

    /**
     * {@return the offset of a local segment inside its region}
     *
     * @param i the segment
     */
    public long offset(final int i) {
        return offsets[i];
    }

    /**
     * {@return the length of a local segment}
     *
     * @param i the segment
     */
    public long length(final int i) {
        return lengths[i];
    }

    /** {@return the sum of the local segment lengths} */
    public long totalLength() {
        return totalLength;
    }

    /** {@return the remote region's {@code rmr_context} (RDMA only)} */
    public int rmrContext() {
        return rmrContext;
    }

    /** {@return the remote virtual address (RDMA only)} */
    public long remoteAddress() {
        return remoteAddress;
    }

    /** {@return the remote triplet's length (RDMA only)} */
    public long remoteLength() {
        return remoteLength;
    }

    /** {@return the transport's progress mark} */
    public long progress() {
        return progress;
    }

    /**
     * Sets the transport's progress mark.
     *
     * @param value the mark
     */
    public void progress(final long value) {
        progress = value;
    }

    /** {@return the transport's attachment} */
    public Object attachment() {
        return attachment;
    }

    /**
     * Sets the transport's attachment.
     *
     * @param value anything, or null
     */
    public void attachment(final Object value) {
        attachment = value;
    }

    @Override
    public String toString() {
        return kind + "(cookie=" + cookie + ", bytes=" + totalLength + ", seq=" + sequence + ")";
    }
}
