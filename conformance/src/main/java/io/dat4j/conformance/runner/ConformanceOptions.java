package io.dat4j.conformance.runner;

import java.nio.file.Path;
import java.util.Set;

/**
 * What to run: the IA (or provider) under test, which rules, and where to write reports.
 *
 * @param target an IA name ({@code tcp-lo}) or a provider name ({@code tcp}, which runs its first IA)
 * @param areas simple names of conformance classes to run, with or without the suffix, in any case
 *        ({@code Establishment} or {@code EstablishmentConformance}; {@code ConnectionManagement} runs its seven
 *        areas); empty for all
 * @param ruleIds rule ids to run; empty for all
 * @param timeoutScale the factor for every timeout, or 0 to keep {@code dat.conformance.timeout.scale}
 * @param secondJvm whether the two-process rules may start a peer JVM
 * @param peerProviderClass a provider class the peer JVM registers by hand, or null
 * @param junitXmlDirectory where to write JUnit XML (legacy format), or null
 * @param markdownFile where to write the Markdown report, or null
 */
public record ConformanceOptions(String target, Set<String> areas, Set<String> ruleIds, double timeoutScale,
        boolean secondJvm, String peerProviderClass, Path junitXmlDirectory, Path markdownFile) {

    /**
     * Checks the target and the area names, and copies the sets.
     *
     * @param target IA or provider name
     * @param areas areas
     * @param ruleIds rule ids
     * @param timeoutScale timeout factor
     * @param secondJvm peer JVM allowed
     * @param peerProviderClass provider class for the peer
     * @param junitXmlDirectory XML directory
     * @param markdownFile Markdown file
     */
    public ConformanceOptions {
        if (target == null || target.isBlank()) {
            throw new IllegalArgumentException("a provider or IA name is required");
        }
        if (timeoutScale < 0) {
            throw new IllegalArgumentException("timeout scale must not be negative: " + timeoutScale);
        }
        areas = areas == null ? Set.of() : Set.copyOf(areas);
        for (final String a : areas) {
            if (!RunnerSuites.isAreaName(a)) {
                throw new IllegalArgumentException("unknown area '" + a + "'; the areas are "
                        + RunnerSuites.areaNames());
            }
        }
        ruleIds = ruleIds == null ? Set.of() : Set.copyOf(ruleIds);
    }

    /**
     * {@return options that run every rule against a provider or IA, with a peer JVM and no report files}
     *
     * @param target IA or provider name
     */
    public static ConformanceOptions of(final String target) {
        return new ConformanceOptions(target, Set.of(), Set.of(), 0, true, null, null, null);
    }
}
