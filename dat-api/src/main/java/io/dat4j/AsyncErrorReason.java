package io.dat4j;

/**
 * The object-specific reason of an asynchronous event ({@code reason} of {@code DAT_ASYNCH_ERROR_EVENT_DATA}): the C
 * enums {@code DAT_IA_ASYNC_ERROR_REASON}, {@code DAT_EP_ASYNC_ERROR_REASON}, {@code DAT_EVD_ASYNC_ERROR_REASON},
 * {@code DAT_SRQ_ASYNC_ERROR_REASON}, {@code DAT_LMR_ASYNC_ERROR_REASON}, {@code DAT_RMR_ASYNC_ERROR_REASON} and
 * {@code DAT_PZ_ASYNC_ERROR_REASON} in one Java enum. The C values repeat across object types (each C enum starts at
 * 0), so {@link #objectType()} says which handle type a constant belongs to.
 */
public enum AsyncErrorReason {
    /** {@code DAT_IA_CATASTROPHIC_ERROR}: the IA is unusable. */
    IA_CATASTROPHIC_ERROR(0, HandleType.IA),
    /** {@code DAT_IA_OTHER_ERROR}. */
    IA_OTHER_ERROR(1, HandleType.IA),
    /** {@code DAT_EP_TRANSFER_TO_ERROR}: a transport timeout on the EP. */
    EP_TRANSFER_TO_ERROR(0, HandleType.EP),
    /** {@code DAT_EP_OTHER_ERROR}. */
    EP_OTHER_ERROR(1, HandleType.EP),
    /** {@code DAT_SRQ_SOFT_HIGH_WATERMARK_EVENT}: an EP's per-EP SRQ watermark (not offered by dat4j). */
    SRQ_SOFT_HIGH_WATERMARK_EVENT(2, HandleType.EP),
    /** {@code DAT_EVD_OVERFLOW_ERROR}. */
    EVD_OVERFLOW_ERROR(0, HandleType.EVD),
    /** {@code DAT_EVD_OTHER_ERROR}. */
    EVD_OTHER_ERROR(1, HandleType.EVD),
    /** {@code DAT_SRQ_TRANSFER_TO_ERROR}. */
    SRQ_TRANSFER_TO_ERROR(0, HandleType.SRQ),
    /** {@code DAT_SRQ_OTHER_ERROR}. */
    SRQ_OTHER_ERROR(1, HandleType.SRQ),
    /** {@code DAT_SRQ_LOW_WATERMARK_EVENT}: the SRQ's posted receives fell below its low watermark. */
    SRQ_LOW_WATERMARK_EVENT(2, HandleType.SRQ),
    /** {@code DAT_LMR_OTHER_ERROR}. */
    LMR_OTHER_ERROR(0, HandleType.LMR),
    /** {@code DAT_RMR_OTHER_ERROR}. */
    RMR_OTHER_ERROR(0, HandleType.RMR),
    /** {@code DAT_PZ_OTHER_ERROR}. */
    PZ_OTHER_ERROR(0, HandleType.PZ);

    private final int value;
    private final HandleType objectType;

    AsyncErrorReason(final int value, final HandleType objectType) {
        this.value = value;
        this.objectType = objectType;
    }

    /** {@return the C value, unique only within its object type} */
    public int value() {
        return value;
    }

    /** {@return the handle type whose C enum holds this reason} */
    public HandleType objectType() {
        return objectType;
    }

    /**
     * {@return the reason a provider means when it posts {@code number} about {@code source} without naming one}:
     * the overflow or catastrophic reason when the number says so, the transport timeout for an EP's
     * {@code TIMED_OUT}, else the "other error" of the source's type (the IA's when the source is null or has none).
     *
     * @param number an async error number
     * @param source the object the event is about, may be null
     */
    public static AsyncErrorReason of(final EventNumber number, final Handle source) {
        final HandleType t = source == null ? HandleType.IA : source.handleType();
        return switch (t) {
            case EP -> number == EventNumber.ASYNC_ERROR_TIMED_OUT ? EP_TRANSFER_TO_ERROR : EP_OTHER_ERROR;
            case EVD -> number == EventNumber.ASYNC_ERROR_EVD_OVERFLOW ? EVD_OVERFLOW_ERROR : EVD_OTHER_ERROR;
            case SRQ -> SRQ_OTHER_ERROR;
            case LMR -> LMR_OTHER_ERROR;
            case RMR -> RMR_OTHER_ERROR;
            case PZ -> PZ_OTHER_ERROR;
            default -> number == EventNumber.ASYNC_ERROR_IA_CATASTROPHIC ? IA_CATASTROPHIC_ERROR : IA_OTHER_ERROR;
        };
    }
}
