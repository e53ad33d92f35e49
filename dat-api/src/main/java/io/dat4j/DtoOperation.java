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
    LMR_INVALIDATE;

    /** {@return the C value} */
    public int value() {
        return ordinal();
    }
}
