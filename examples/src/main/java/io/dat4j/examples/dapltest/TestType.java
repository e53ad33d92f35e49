package io.dat4j.examples.dapltest;

/**
 * The test kinds ({@code test_type_e}), with the values {@code Client_Info.test_type} carries on the wire.
 */
enum TestType {
    /** {@code -T S}: the server loop. */
    SERVER,
    /** {@code -T T}: the transaction test. */
    TRANSACTION,
    /** {@code -T P}: the performance test. */
    PERFORMANCE,
    /** {@code -T L}: the limit test, client only. */
    LIMIT,
    /** {@code -T Q}: asks the server to quit. */
    QUIT,
    /** {@code -T F}: the function feature tests, client only. */
    FFT;

    /** {@return the wire value} */
    int value() {
        return ordinal();
    }

    /** {@return the type of a wire value, or null for an unknown one} @param v the value */
    static TestType of(final int v) {
        return v >= 0 && v < values().length ? values()[v] : null;
    }
}
