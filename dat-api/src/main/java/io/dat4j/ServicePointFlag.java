package io.dat4j;

/** Who creates the endpoint for a request arriving at a public service point ({@code DAT_PSP_FLAGS}). */
public enum ServicePointFlag {
    /** {@code DAT_PSP_CONSUMER_FLAG}: the consumer passes its own EP to accept. */
    CONSUMER,
    /** {@code DAT_PSP_PROVIDER_FLAG}: the provider creates an EP for each request (TENTATIVE_CONNECTION_PENDING). */
    PROVIDER;

    /** {@return the C value} */
    public int value() {
        return ordinal();
    }
}
