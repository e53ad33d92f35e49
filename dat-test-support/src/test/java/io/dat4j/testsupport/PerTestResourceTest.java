package io.dat4j.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The per-test lifecycle of a fixture: a new one for each test, closed after it whatever the test did. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PerTestResourceTest {

    private static final List<String> LIFE = new ArrayList<>();
    private static Object previous;

    @RegisterExtension
    final PerTestResource<Recorder> registered = new PerTestResource<>(() -> new Recorder(LIFE, Recorder.Fault.NONE));

    @Test
    @Order(1)
    void theEngineOpensOneForTheTest() {
        assertEquals(List.of("open"), LIFE);
        assertSame(registered.get(), registered.get());
        previous = registered.get();
    }

    @Test
    @Order(2)
    void theEngineClosedTheFirstAndOpensANewOne() {
        assertEquals(List.of("open", "close", "open"), LIFE);
        assertNotSame(previous, registered.get());
    }

    @AfterAll
    static void everyOneWasClosed() {
        assertEquals(8, LIFE.size(), "four tests: " + LIFE);
        for (int i = 0; i < LIFE.size(); i++) {
            assertEquals(i % 2 == 0 ? "open" : "close", LIFE.get(i), LIFE.toString());
        }
    }

    @Test
    void opensThenClosesOnceAndRefusesGetOutsideATest() throws Exception {
        final List<String> calls = new ArrayList<>();
        final PerTestResource<Recorder> r = new PerTestResource<>(() -> new Recorder(calls, Recorder.Fault.NONE));
        assertThrows(IllegalStateException.class, r::get, "not open yet");
        r.beforeEach(null);
        assertThrows(IllegalStateException.class, r::open, "open twice");
        r.afterEach(null);
        assertEquals(List.of("open", "close"), calls);
        assertThrows(IllegalStateException.class, r::get, "closed");
        r.close();
        assertEquals(List.of("open", "close"), calls, "a second close does nothing");
    }

    @Test
    void reportsAFailedCloseAndForgetsTheResource() throws Exception {
        final List<String> calls = new ArrayList<>();
        final PerTestResource<Recorder> r = new PerTestResource<>(() -> new Recorder(calls, Recorder.Fault.CLOSE));
        r.open();
        final IOException e = assertThrows(IOException.class, r::close);
        assertEquals("left a file open", e.getMessage());
        assertThrows(IllegalStateException.class, r::get);
        r.open();
        assertEquals(List.of("open", "close", "open"), calls, "a new one opens after the failed close");
    }
}
