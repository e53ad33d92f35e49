package io.dat4j.kit.internal;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.PostedOperation;

/**
 * The kit's pooled descriptor of a posted operation ({@link PostedOperation}); one ring of them per EP queue
 * ({@link OperationQueue}).
 *
 * <p>Not thread safe: the fields a post fills are written by the posting thread (the queue's one poster, under the
 * EP's lock) before the queue publishes the descriptor and hands it to the transport; the completion fields are the
 * queue's, under its lock ({@link OperationQueue} says how the two sides hand a slot over). See "Threading and
 * locks" in {@code docs/provider-kit.md}.
 */
final class KitOperation implements PostedOperation {

    private final EndpointUpcalls endpoint;
    private final KitRegion[] regions;
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
    private long operand;
    private long swap;
    // what the completion reports (a RECEIVE may complete as RECEIVE_IMMEDIATE) and its immediate data
    DtoOperation reported;
    int immediate;
    // completion state, owned by the kit's queue
    boolean done;
    /** Completed FLUSHED by the kit while the transport held it: retired for good (see {@link OperationQueue}). */
    boolean flushed;
    DtoStatus status;
    long transferred;
    /** Transport scratch: bytes done so far, or any progress mark. */
    private long progress;
    /** Transport scratch: anything the transport wants to attach. */
    private Object attachment;

    KitOperation(final EndpointUpcalls endpoint, final int maxSegments) {
        this.endpoint = endpoint;
        this.regions = new KitRegion[maxSegments];
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
        operand = 0;
        swap = 0;
        reported = k;
        immediate = 0;
        done = false;
        status = null;
        transferred = 0;
        progress = 0;
        attachment = null;
    }

    void addSegment(final KitRegion region, final long offset, final long length) {
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

    /** Sets the extension operands: immediate data (in the low 32 bits) or the atomic operands. */
    void operands(final long first, final long second) {
        operand = first;
        swap = second;
    }

    @Override
    public int immediateData() {
        return kind == DtoOperation.RDMA_WRITE_IMMEDIATE ? (int) operand : 0;
    }

    @Override
    public long atomicOperand() {
        return kind == DtoOperation.FETCH_AND_ADD || kind == DtoOperation.COMPARE_AND_SWAP ? operand : 0;
    }

    @Override
    public long atomicSwap() {
        return kind == DtoOperation.COMPARE_AND_SWAP ? swap : 0;
    }

    void clearSegments() {
        for (int i = 0; i < segmentCount; i++) {
            regions[i] = null;
        }
        attachment = null;
    }

    @Override
    public EndpointUpcalls endpoint() {
        return endpoint;
    }

    @Override
    public DtoOperation kind() {
        return kind;
    }

    @Override
    public long cookie() {
        return cookie;
    }

    @Override
    public int flags() {
        return flags;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    @Override
    public int segmentCount() {
        return segmentCount;
    }

    @Override
    public KitRegion region(final int i) {
        return regions[i];
    }

    @Override
    public long offset(final int i) {
        return offsets[i];
    }

    @Override
    public long length(final int i) {
        return lengths[i];
    }

    @Override
    public long totalLength() {
        return totalLength;
    }

    @Override
    public int rmrContext() {
        return rmrContext;
    }

    @Override
    public long remoteAddress() {
        return remoteAddress;
    }

    @Override
    public long remoteLength() {
        return remoteLength;
    }

    @Override
    public long progress() {
        return progress;
    }

    @Override
    public void progress(final long value) {
        progress = value;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public void attachment(final Object value) {
        attachment = value;
    }

    @Override
    public String toString() {
        return kind + "(cookie=" + cookie + ", bytes=" + totalLength + ", seq=" + sequence + ")";
    }
}
