package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import jdk.jfr.Name;
import jdk.jfr.Timespan;
import org.junit.jupiter.api.Test;

/**
 * {@link ProviderSteps}: the provider's step events read in-process, per step count/min/avg/max and cmtime's
 * {@code us / conn} over the marked phases. The events here are a stand-in with the rdmacm provider's event name and
 * fields.
 */
class ProviderStepsTest {

    /** The shape of the rdmacm provider's ConnectionStepEvent. */
    @Name(ProviderSteps.EVENT)
    static final class Step extends jdk.jfr.Event {
        String step;
        boolean active;
        int endpoint;
        @Timespan(Timespan.NANOSECONDS)
        long took;
    }

    private static void step(final String name, final long tookNanos) {
        final Step e = new Step();
        e.step = name;
        e.active = true;
        e.took = tookNanos;
        e.commit();
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldSummariseEachStepAndItsWallTimePerConnection() {
        final Map<String, Object> all;
        final Map<String, Object> later;
        try (ProviderSteps steps = ProviderSteps.start()) {
            steps.mark();
            step("connect", 2_000_000L);
            step("connect", 2_000_000L);
            step("create qp", 500_000L);
            steps.mark();
            step("connect", 1_000_000L);
            steps.stop();
            all = steps.summary(null, 3);
            later = steps.summary(Instant.now().plusSeconds(60), 3);
        }
        assertEquals(List.of("connect", "create_qp"), List.copyOf(all.keySet()));
        final Map<String, Object> connect = (Map<String, Object>) all.get("connect");
        assertEquals(3L, connect.get("count"));
        assertEquals(1000.0, (Double) connect.get("min_us"), 1e-9);
        assertEquals(2000.0, (Double) connect.get("max_us"), 1e-9);
        assertEquals(5000.0 / 3, (Double) connect.get("avg_us"), 1e-9);
        // a phase's wall time is at least its longest step: 2 ms / 3 connections at least
        assertTrue((Double) connect.get("us_per_conn") >= 2000.0 / 3, connect.toString());
        assertEquals(1L, ((Map<String, Object>) all.get("create_qp")).get("count"));
        // only the steps that ended from the given instant on
        assertTrue(later.isEmpty(), later.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldLeaveUsPerConnectionOutWithoutAConnectionCount() {
        final Map<String, Object> s;
        try (ProviderSteps steps = ProviderSteps.start()) {
            step("accept", 10_000L);
            steps.stop();
            s = steps.summary(null, 0);
        }
        assertNull(((Map<String, Object>) s.get("accept")).get("us_per_conn"));
    }
}
