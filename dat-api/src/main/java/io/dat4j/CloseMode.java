package io.dat4j;

/** How to close an IA or disconnect an EP ({@code DAT_CLOSE_FLAGS}). */
public enum CloseMode {
    /** {@code DAT_CLOSE_ABRUPT_FLAG} (also {@code DAT_CLOSE_DEFAULT}): at once, flushing what is outstanding. */
    ABRUPT,
    /** {@code DAT_CLOSE_GRACEFUL_FLAG}: let outstanding operations complete first. */
    GRACEFUL;

    /** {@return the C value} */
    public int value() {
        return ordinal();
    }
}
