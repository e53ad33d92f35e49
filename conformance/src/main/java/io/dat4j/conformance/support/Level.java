package io.dat4j.conformance.support;

/** How binding a conformance rule is. */
public enum Level {
    /** Every provider must pass it; a failure makes the run fail. */
    REQUIRED,
    /** A SHOULD or MAY of the specification; reported, but a failure does not make the run fail. */
    OPTIONAL,
    /**
     * Needs a {@link io.dat4j.Capability}: skipped with the reason when the provider lacks it, and binding like
     * {@link #REQUIRED} when the provider claims it.
     */
    CAPABILITY
}
