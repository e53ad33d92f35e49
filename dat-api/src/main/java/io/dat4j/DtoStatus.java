package io.dat4j;

/** The completion status of a data transfer operation ({@code DAT_DTO_COMPLETION_STATUS}), with the C values. */
public enum DtoStatus {
    /** {@code DAT_DTO_SUCCESS}. */
    SUCCESS(0),
    /** {@code DAT_DTO_ERR_FLUSHED}: the EP left the connected state before the operation ran. */
    FLUSHED(1),
    /** {@code DAT_DTO_ERR_LOCAL_LENGTH}: a receive buffer was too small, or a length exceeds a limit. */
    LOCAL_LENGTH(2),
    /** {@code DAT_DTO_ERR_LOCAL_EP}. */
    LOCAL_EP(3),
    /** {@code DAT_DTO_ERR_LOCAL_PROTECTION}: a local triplet does not lie in a registered region with the privilege. */
    LOCAL_PROTECTION(4),
    /** {@code DAT_DTO_ERR_BAD_RESPONSE}. */
    BAD_RESPONSE(5),
    /** {@code DAT_DTO_ERR_REMOTE_ACCESS}: the peer refused the remote region (rmr context, bounds, privileges). */
    REMOTE_ACCESS(6),
    /** {@code DAT_DTO_ERR_REMOTE_RESPONDER}. */
    REMOTE_RESPONDER(7),
    /** {@code DAT_DTO_ERR_TRANSPORT}. */
    TRANSPORT(8),
    /** {@code DAT_DTO_ERR_RECEIVER_NOT_READY}: no receive was posted within the RNR retry budget. */
    RECEIVER_NOT_READY(9),
    /** {@code DAT_DTO_ERR_PARTIAL_PACKET}. */
    PARTIAL_PACKET(10),
    /** {@code DAT_RMR_OPERATION_FAILED}. */
    RMR_OPERATION_FAILED(11),
    /** {@code DAT_DTO_ERR_LOCAL_MM_ERROR} (kDAT). */
    LOCAL_MM_ERROR(12);

    private final int value;

    DtoStatus(final int value) {
        this.value = value;
    }

    /** {@return the C value} */
    public int value() {
        return value;
    }
}
