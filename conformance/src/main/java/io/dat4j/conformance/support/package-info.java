/**
 * The machinery of the suite: the {@link io.dat4j.conformance.support.Rule} annotation and its levels, the extension
 * that applies capabilities, scaled timeouts and reports a rule on failure or skip, and the leak check that runs
 * after every test class.
 */
package io.dat4j.conformance.support;
