/**
 * Runs the suite outside a build: {@link io.dat4j.conformance.runner.ConformanceRunner#run} takes
 * {@link io.dat4j.conformance.runner.ConformanceOptions}, runs every rule through the JUnit Platform Launcher and
 * returns a {@link io.dat4j.conformance.runner.ConformanceReport}, which
 * {@link io.dat4j.conformance.runner.ReportWriters} prints as a table, one JSON object or Markdown. The
 * {@code dat conformance} command is a thin layer over these.
 */
package io.dat4j.conformance.runner;
