package io.dat4j.conformance.runner;

import java.util.List;

/**
 * The result of a run: one {@link RuleResult} per rule, in execution order.
 *
 * @param provider the provider's name ({@code tcp}), or the IA name when the IA could not be opened
 * @param interfaceAdapter the IA name the suite opened
 * @param results the rules
 * @param millis how long the run took
 */
public record ConformanceReport(String provider, String interfaceAdapter, List<RuleResult> results, long millis) {

    /**
     * Copies the results.
     *
     * @param provider provider
     * @param interfaceAdapter IA name
     * @param results results
     * @param millis duration
     */
    public ConformanceReport {
        results = List.copyOf(results);
    }

    /** {@return how many rules passed} */
    public long passed() {
        return count(RuleResult.Status.PASSED);
    }

    /** {@return how many rules failed} */
    public long failed() {
        return count(RuleResult.Status.FAILED);
    }

    /** {@return how many rules were skipped} */
    public long skipped() {
        return count(RuleResult.Status.SKIPPED);
    }

    private long count(final RuleResult.Status s) {
        return results.stream().filter(r -> r.status() == s).count();
    }

    /** {@return true if a REQUIRED (or claimed CAPABILITY) rule failed: the provider does not conform} */
    public boolean hasBlockingFailure() {
        return results.stream().anyMatch(RuleResult::isBlocking);
    }

    /** {@return the process exit code for this report: 0 when it conforms, 1 otherwise} */
    public int exitCode() {
        return hasBlockingFailure() ? 1 : 0;
    }
}
