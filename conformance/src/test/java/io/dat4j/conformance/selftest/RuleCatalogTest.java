package io.dat4j.conformance.selftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.conformance.support.Level;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Checks the rule catalog itself: unique ids, consistent levels, and every seed rule owned by the suite. */
class RuleCatalogTest {

    /** The seed rules whose "where" is the suite (seed-rules.md). */
    static final List<String> SEED_SUITE_RULES = List.of("CRA-01", "CRA-02", "CRA-03", "CRA-04", "CRA-05", "CRA-06",
            "CRA-07", "CRA-08", "CRA-09", "CRA-10", "CRA-11", "CRA-12", "RA-04", "RA-09", "RA-11", "RC-03", "RC-06",
            "RC-07", "RJ-01", "RJ-02", "RJ-03", "RJ-04", "GR-01", "GR-03", "GR-04", "CE-03");

    @Test
    void shouldHaveUniqueIds() {
        final Set<String> seen = new HashSet<>();
        final Set<String> dup = new TreeSet<>();
        for (final RequiredRulesCanFailTest.RuleRef r : RequiredRulesCanFailTest.allRules()) {
            if (!seen.add(r.rule().id())) {
                dup.add(r.rule().id());
            }
        }
        assertTrue(dup.isEmpty(), "duplicate rule ids: " + dup);
    }

    @Test
    void shouldDeclareCapabilitiesExactlyOnCapabilityRules() {
        for (final RequiredRulesCanFailTest.RuleRef r : RequiredRulesCanFailTest.allRules()) {
            assertEquals(r.rule().level() == Level.CAPABILITY, r.rule().requires().length > 0,
                    r.rule().id() + ": level " + r.rule().level() + " with requires " + List.of(r.rule().requires()));
            assertFalse(r.rule().text().isBlank(), r.rule().id() + " has no text");
        }
    }

    @Test
    void shouldCoverEverySeedRuleOfTheSuite() {
        final Set<String> missing = new TreeSet<>(SEED_SUITE_RULES);
        for (final RequiredRulesCanFailTest.RuleRef r : RequiredRulesCanFailTest.allRules()) {
            final String id = r.rule().id();
            missing.removeIf(seed -> id.equals(seed) || id.startsWith(seed + "-"));
        }
        assertTrue(missing.isEmpty(), "seed rules with no test: " + missing);
    }
}
