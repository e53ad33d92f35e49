package io.dat4j;

/** The operation a DTO completion reports ({@code DAT_DTO_TYPE}), with the C values. */
public enum DtoOperation {
    /** {@code DAT_DTO_SEND}. */
    SEND,
    /** {@code DAT_DTO_RDMA_WRITE}. */
    RDMA_WRITE,
    /** {@code DAT_DTO_RDMA_READ}. */
    RDMA_READ,
    /** {@code DAT_DTO_RECEIVE}. */
    RECEIVE,
    /** {@code DAT_DTO_RECEIVE_WITH_INVALIDATE}. */
    RECEIVE_WITH_INVALIDATE,
    /** {@code DAT_DTO_BIND_MW}. */
    BIND_MW,
    /** {@code DAT_DTO_LMR_FMR}. */
    LMR_FMR,
    /** {@code DAT_DTO_LMR_INVALIDATE}. */
    LMR_INVALIDATE,
    /**
     * {@code DAT_IB_DTO_RDMA_WRITE_IMMED} (IB extension, event type {@code DAT_IB_RDMA_WRITE_IMMED}): an RDMA write
     * with immediate data posted with {@link Endpoint#postRdmaWriteImmediate} completed at the initiator.
     */
    RDMA_WRITE_IMMEDIATE,
    /**
     * {@code DAT_IB_DTO_RECV_IMMED} (IB extension, event type {@code DAT_IB_RDMA_WRITE_IMMED_DATA}): a peer's RDMA write
     * with immediate data arrived; it consumed a posted receive (whose buffer stays untouched) and the completion
     * carries the immediate data ({@link DtoCompletionEvent#immediateData()}) and the length the peer wrote.
     */
    RECEIVE_IMMEDIATE,
    /**
     * {@code DAT_IB_DTO_FETCH_ADD} (IB extension, event type {@code DAT_IB_FETCH_AND_ADD}): a fetch-and-add posted
     * with {@link Endpoint#postFetchAndAdd} completed; the original remote value is in the local segment.
     */
    FETCH_AND_ADD,
    /**
     * {@code DAT_IB_DTO_CMP_SWAP} (IB extension, event type {@code DAT_IB_CMP_AND_SWAP}): a compare-and-swap posted
     * with {@link Endpoint#postCompareAndSwap} completed; the original remote value is in the local segment.
     */
    COMPARE_AND_SWAP;

    /** {@return the C value ({@code DAT_DTO_EXTENSION_BASE} is 8, the IB extension DTOs follow it in C's order)} */
    public int value() {
        return ordinal();
    }

    /** {@return true for the operations of the IB extensions ({@code DAT_IB_DTO_EVENT} in C)} */
    public boolean isExtension() {
        return ordinal() >= RDMA_WRITE_IMMEDIATE.ordinal();
    }

    /** {@return true if a completion of this operation carries immediate data ({@link #RECEIVE_IMMEDIATE})} */
    public boolean carriesImmediateData() {
        return this == RECEIVE_IMMEDIATE;
    }
}
