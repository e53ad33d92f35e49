package io.dat4j.conformance.runner;

import io.dat4j.Capability;
import io.dat4j.conformance.support.Level;
import java.util.List;

/**
 * A rule of the suite as declared, without running it.
 *
 * @param id the rule id
 * @param level the level
 * @param area the conformance class that declares the rule, for example {@code EstablishmentConformance}
 * @param text the sentence it checks
 * @param requires the capabilities it needs
 */
public record RuleInfo(String id, Level level, String area, String text, List<Capability> requires) {

    /**
     * Copies the list.
     *
     * @param id id
     * @param level level
     * @param area area
     * @param text text
     * @param requires capabilities
     */
    public RuleInfo {
        requires = List.copyOf(requires);
    }
}
