package io.dat4j;

import java.util.Set;

/** A flag of a posted operation ({@code DAT_COMPLETION_FLAGS}), with the C bit values. */
public enum CompletionFlag {
    /** {@code DAT_COMPLETION_SUPPRESS_FLAG}: no completion event when the operation succeeds. */
    SUPPRESS(0x01),
    /** {@code DAT_COMPLETION_SOLICITED_WAIT_FLAG}: the receiver's EVD is woken by this send. */
    SOLICITED_WAIT(0x02),
    /** {@code DAT_COMPLETION_UNSIGNALLED_FLAG}: completion events only when an error happens. */
    UNSIGNALLED(0x04),
    /** {@code DAT_COMPLETION_BARRIER_FENCE_FLAG}: starts only after all earlier RDMA reads complete. */
    BARRIER_FENCE(0x08),
    /** {@code DAT_COMPLETION_EVD_THRESHOLD_FLAG}. */
    EVD_THRESHOLD(0x10),
    /** {@code DAT_COMPLETION_LMR_INVALIDATE_FENCE_FLAG}. */
    LMR_INVALIDATE_FENCE(0x20);

    /** {@code DAT_COMPLETION_DEFAULT_FLAG}: the empty set. */
    public static final Set<CompletionFlag> DEFAULT = Set.of();

    private final int value;

    CompletionFlag(final int value) {
        this.value = value;
    }

    /** {@return the C bit} */
    public int value() {
        return value;
    }

    /**
     * {@return the C bit mask of a set of flags}
     *
     * @param flags the flags
     */
    public static int mask(final Set<CompletionFlag> flags) {
        int m = 0;
        for (final CompletionFlag f : flags) {
            m |= f.value;
        }
        return m;
    }
}
