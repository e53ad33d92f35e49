package io.dat4j.conformance.support;

/**
 * A test instance that can release a test blocked in a provider call, by closing what the test opened. The timeout
 * of {@link RuleExtension} calls it from its watchdog thread when a rule runs out of time; every blocking DAT call is
 * released by closing its handle, so the test then ends instead of hanging the run.
 */
public interface Abortable {

    /** Closes every handle the running test opened; called from another thread, must be thread safe. */
    void abortAfterTimeout();
}
