package io.dat4j.conformance.runner;

import io.dat4j.conformance.support.Level;

/**
 * The outcome of one rule in a run.
 *
 * @param id the rule id, for example {@code CRA-05}; {@code LEAK-CHECK} for a failed class-level check
 * @param level the rule's level
 * @param status passed, failed or skipped
 * @param reason why it failed or was skipped, or null when it passed
 * @param millis how long it ran
 * @param area the conformance class that declares the rule, for example {@code EstablishmentConformance}
 * @param text the sentence the rule checks
 */
public record RuleResult(String id, Level level, Status status, String reason, long millis, String area,
        String text) {

    /** The outcome of a rule. */
    public enum Status {
        /** The rule held. */
        PASSED,
        /** The rule was broken (or the test could not run to the end). */
        FAILED,
        /** The rule did not apply: a capability the provider lacks, or an assumption that did not hold. */
        SKIPPED;

        /** {@return the lower-case name used in JSON and reports} */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** {@return true if this result makes the run fail: a REQUIRED or CAPABILITY rule failed} */
    public boolean isBlocking() {
        return status == Status.FAILED && level != Level.OPTIONAL;
    }
}
