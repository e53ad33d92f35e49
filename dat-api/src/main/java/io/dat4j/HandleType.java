package io.dat4j;

/** The type of a handle ({@code DAT_HANDLE_TYPE}, as {@code dat_get_handle_type} returns it). */
public enum HandleType {
    /** {@code DAT_HANDLE_TYPE_CR}. */
    CR,
    /** {@code DAT_HANDLE_TYPE_EP}. */
    EP,
    /** {@code DAT_HANDLE_TYPE_EVD}. */
    EVD,
    /** {@code DAT_HANDLE_TYPE_IA}. */
    IA,
    /** {@code DAT_HANDLE_TYPE_LMR}. */
    LMR,
    /** {@code DAT_HANDLE_TYPE_PSP}. */
    PSP,
    /** {@code DAT_HANDLE_TYPE_PZ}. */
    PZ,
    /** {@code DAT_HANDLE_TYPE_RMR}. */
    RMR,
    /** {@code DAT_HANDLE_TYPE_RSP}. */
    RSP,
    /** {@code DAT_HANDLE_TYPE_CNO}. */
    CNO,
    /** {@code DAT_HANDLE_TYPE_SRQ}. */
    SRQ,
    /** {@code DAT_HANDLE_TYPE_CSP}. */
    CSP;

    /** {@return the C value} */
    public int value() {
        return ordinal();
    }
}
