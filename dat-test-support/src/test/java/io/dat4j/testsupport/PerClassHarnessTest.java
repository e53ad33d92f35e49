package io.dat4j.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-class lifecycle the hostile-peer tests rely on: check after the last test, close whatever the check found. */
class PerClassHarnessTest {

    @Test
    void opensOnceThenChecksThenCloses() throws Exception {
        final List<String> calls = new ArrayList<>();
        final PerClassHarness<Recorder> h = new PerClassHarness<>(() -> new Recorder(calls, Recorder.Fault.NONE));
        assertThrows(IllegalStateException.class, h::get, "not open yet");
        h.beforeAll(null);
        assertSame(h.get(), h.get());
        assertThrows(IllegalStateException.class, h::open, "open twice");
        h.afterAll(null);
        assertEquals(List.of("open", "check", "close"), calls);
        assertThrows(IllegalStateException.class, h::get, "closed");
        h.checkAndClose();
        assertEquals(List.of("open", "check", "close"), calls, "a second end does nothing");
    }

    @Test
    void closesWhenTheCheckFailsAndReportsTheFailure() throws Exception {
        final List<String> calls = new ArrayList<>();
        final PerClassHarness<Recorder> h = new PerClassHarness<>(() -> new Recorder(calls, Recorder.Fault.CHECK));
        h.open();
        final AssertionError e = assertThrows(AssertionError.class, h::checkAndClose);
        assertEquals("broken", e.getMessage());
        assertEquals(List.of("open", "check", "close"), calls);
    }

    @Test
    void anEndWithoutAnOpenDoesNothing() throws Exception {
        final List<String> calls = new ArrayList<>();
        new PerClassHarness<>(() -> new Recorder(calls, Recorder.Fault.NONE)).checkAndClose();
        assertEquals(List.of(), calls);
    }
}
