package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ConnectionStepEvent}: what a recording gets from {@link ConnectionStepEvent#record}. */
class ConnectionStepEventTest {

    @Test
    void shouldRecordTheStepWithItsSideEndpointAndDuration(@TempDir final Path dir) throws Exception {
        final Path file = dir.resolve("steps.jfr");
        final long before;
        try (Recording r = new Recording()) {
            r.enable(ConnectionStepEvent.NAME).withoutThreshold();
            r.start();
            before = System.nanoTime() - 5_000_000L;
            ConnectionStepEvent.record("resolve addr", true, 42, before);
            // a start after now (a clock read on another CPU) is clamped, never negative
            ConnectionStepEvent.record("accept", false, 7, System.nanoTime() + 1_000_000_000L);
            r.stop();
            r.dump(file);
        }
        final List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals(ConnectionStepEvent.NAME)).toList();
        assertEquals(2, events.size(), events.toString());
        final RecordedEvent a = events.get(0);
        assertEquals("resolve addr", a.getString("step"));
        assertTrue(a.getBoolean("active"));
        assertEquals(42, a.getInt("endpoint"));
        assertTrue(a.getLong("took") >= 5_000_000L, a.toString());
        final RecordedEvent b = events.get(1);
        assertEquals("accept", b.getString("step"));
        assertFalse(b.getBoolean("active"));
        assertEquals(7, b.getInt("endpoint"));
        assertEquals(0, b.getLong("took"));
    }

    @Test
    void shouldRecordNothingWhenNoRecordingAsksForIt(@TempDir final Path dir) throws Exception {
        final Path file = dir.resolve("other.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.JavaMonitorEnter"); // a recording, but not of the steps
            r.disable(ConnectionStepEvent.NAME);
            r.start();
            ConnectionStepEvent.record("connect", true, 1, System.nanoTime());
            r.stop();
            r.dump(file);
        }
        assertTrue(RecordingFile.readAllEvents(file).stream()
                .noneMatch(e -> e.getEventType().getName().equals(ConnectionStepEvent.NAME)));
    }
}
