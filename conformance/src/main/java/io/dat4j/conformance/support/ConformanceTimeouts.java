package io.dat4j.conformance.support;

import java.time.Duration;

/**
 * Timeouts of the suite, scaled by the system property {@value #SCALE_PROP_NAME} (for example 4 on Soft-RoCE or a
 * loaded CI machine). Every wait in the suite goes through here, so one property slows the whole suite down.
 */
public final class ConformanceTimeouts {

    /** System property: a factor applied to every timeout of the suite, default {@value #SCALE_DEFAULT}. */
    public static final String SCALE_PROP_NAME = "dat.conformance.timeout.scale";
    /** The factor when the property is unset. */
    public static final double SCALE_DEFAULT = 1.0;
    /** A rule's timeout when it names none, in seconds. */
    public static final int DEFAULT_SECONDS = 30;
    /** How long a wait for an event that must come may take, before scaling. */
    public static final Duration EVENT = Duration.ofSeconds(10);
    /** How long the suite waits to be sure an event does not come, before scaling. */
    public static final Duration QUIET = Duration.ofMillis(300);

    private ConformanceTimeouts() {
    }

    /** {@return the factor from {@value #SCALE_PROP_NAME}; at least 0.1} */
    public static double scale() {
        final String s = System.getProperty(SCALE_PROP_NAME);
        if (s == null || s.isBlank()) {
            return SCALE_DEFAULT;
        }
        try {
            return Math.max(0.1, Double.parseDouble(s.trim()));
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(SCALE_PROP_NAME + " must be a number, was '" + s + "'", e);
        }
    }

    /**
     * {@return a duration multiplied by the scale}
     *
     * @param d the unscaled duration
     */
    public static Duration scaled(final Duration d) {
        return Duration.ofNanos((long) (d.toNanos() * scale()));
    }

    /** {@return how long to wait for an event that must come} */
    public static Duration event() {
        return scaled(EVENT);
    }

    /** {@return how long to wait to be sure an event does not come} */
    public static Duration quiet() {
        return scaled(QUIET);
    }
}
