package io.dat4j;

/** Quality of service of a connection ({@code DAT_QOS}). Providers support {@link #BEST_EFFORT} only. */
public enum Qos {
    /** {@code DAT_QOS_BEST_EFFORT}. */
    BEST_EFFORT(0x00),
    /** {@code DAT_QOS_HIGH_THROUGHPUT}. */
    HIGH_THROUGHPUT(0x01),
    /** {@code DAT_QOS_LOW_LATENCY}. */
    LOW_LATENCY(0x02),
    /** {@code DAT_QOS_ECONOMY}. */
    ECONOMY(0x04),
    /** {@code DAT_QOS_PREMIUM}. */
    PREMIUM(0x08);

    private final int value;

    Qos(final int value) {
        this.value = value;
    }

    /** {@return the C value} */
    public int value() {
        return value;
    }
}
