package io.dat4j;

/** Flags of {@code dat_ep_connect} ({@code DAT_CONNECT_FLAGS}). Providers support {@link #DEFAULT} only. */
public enum ConnectFlag {
    /** {@code DAT_CONNECT_DEFAULT_FLAG}. */
    DEFAULT(0x00),
    /** {@code DAT_CONNECT_MULTIPATH_REQUESTED_FLAG}. */
    MULTIPATH_REQUESTED(0x01),
    /** {@code DAT_CONNECT_MULTIPATH_REQUIRED_FLAG}. */
    MULTIPATH_REQUIRED(0x02);

    private final int value;

    ConnectFlag(final int value) {
        this.value = value;
    }

    /** {@return the C value} */
    public int value() {
        return value;
    }
}
