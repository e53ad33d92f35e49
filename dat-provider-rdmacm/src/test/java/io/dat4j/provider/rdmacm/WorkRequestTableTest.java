package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.StatusType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The wr_id table and send-queue order behind unsignalled (SUPPRESS) requests, without a device. */
@DisplayName("rdmacm work requests: unsignalled requests retired by later completions, drain marker, stale wr_ids")
class WorkRequestTableTest {

    private final List<String> implied = new ArrayList<>();
    private final WorkRequestTable<String> table = new WorkRequestTable<>(3, 16);

    @Test
    @DisplayName("a signalled completion retires the unsignalled requests before it, in order, each exactly once")
    void shouldRetireUnsignalledRequestsBeforeASignalledCompletion() {
        final long a = table.track("a", true, false);
        final long b = table.track("b", true, false);
        final long c = table.track("c", true, true);
        final long d = table.track("d", true, false);
        assertEquals(4, table.requestsOutstanding());
        assertEquals("c", table.completed(c, implied::add));
        assertEquals(List.of("a", "b"), implied);
        assertEquals(1, table.requestsOutstanding(), "d is still outstanding");
        // a late (duplicate) completion of an implied request is stale, never a second completion
        assertNull(table.completed(a, implied::add));
        assertNull(table.completed(b, implied::add));
        assertEquals(List.of("a", "b"), implied);
        assertEquals("d", table.completed(d, implied::add), "an unsignalled request's own (error) completion");
        assertEquals(0, table.requestsOutstanding());
    }

    @Test
    @DisplayName("an unsignalled request that fails completes itself; the flushed ones after it too")
    void shouldCompleteAFailedUnsignalledRequestItself() {
        final long a = table.track("a", true, false);
        final long b = table.track("b", true, false);
        assertEquals("a", table.completed(a, implied::add));
        assertEquals("b", table.completed(b, implied::add));
        assertTrue(implied.isEmpty());
        assertEquals(0, table.requestsOutstanding());
    }

    @Test
    @DisplayName("receives are not in the send queue's order: a request's completion never implies them")
    void shouldKeepReceivesOutOfTheRequestOrder() {
        final long r = table.track("r", false, true);
        final long a = table.track("a", true, false);
        final long s = table.track("s", true, true);
        assertEquals("s", table.completed(s, implied::add));
        assertEquals(List.of("a"), implied);
        assertEquals("r", table.completed(r, implied::add));
        assertNull(table.completed(a, implied::add));
    }

    @Test
    @DisplayName("the drain marker is posted only for unsignalled requests at the tail, and retires them all")
    void shouldDrainUnsignalledRequestsAtTheTailWithTheMarker() {
        assertEquals(-1, table.beginMarker(), "nothing outstanding");
        table.track("a", true, true);
        assertEquals(-1, table.beginMarker(), "the last request is signalled: its completion comes anyway");
        final WorkRequestTable<String> t = new WorkRequestTable<>(3, 16);
        t.track("x", true, false);
        t.track("y", true, false);
        final long marker = t.beginMarker();
        assertTrue(marker >= 0 && WorkRequestTable.isMarker(marker));
        assertEquals(-1, t.beginMarker(), "one marker at a time");
        assertTrue(t.markerPending());
        assertNull(t.completed(marker, implied::add), "the marker is no consumer operation");
        assertEquals(List.of("x", "y"), implied);
        assertFalse(t.markerPending());
        assertEquals(0, t.requestsOutstanding());
    }

    @Test
    @DisplayName("a marker that could not be posted is not pending; a stale marker completion retires nothing")
    void shouldForgetAFailedMarker() {
        table.track("a", true, false);
        final long marker = table.beginMarker();
        table.markerFailed();
        assertFalse(table.markerPending());
        assertNull(table.completed(marker, implied::add));
        assertTrue(implied.isEmpty(), "a marker nobody posted retires nothing");
        assertEquals(1, table.requestsOutstanding());
    }

    @Test
    @DisplayName("after dropAll (QP destroyed) completions of the old QP are stale and imply nothing")
    void shouldIgnoreCompletionsOfADestroyedQp() {
        table.track("a", true, false);
        final long b = table.track("b", true, true);
        table.dropAll();
        assertEquals(0, table.requestsOutstanding());
        assertNull(table.completed(b, implied::add));
        assertTrue(implied.isEmpty());
        final long c = table.track("c", true, true);
        assertEquals("c", table.completed(c, implied::add));
    }

    @Test
    @DisplayName("a request whose post failed leaves the order: a later completion does not imply it")
    void shouldForgetAFailedPost() {
        table.track("a", true, false);
        final long b = table.track("b", true, false);
        table.untrack(b);
        final long c = table.track("c", true, true);
        assertEquals("c", table.completed(c, implied::add));
        assertEquals(List.of("a"), implied);
    }

    @Test
    @DisplayName("more operations than slots fail with INSUFFICIENT_RESOURCES; freed slots are reused")
    void shouldRefuseMoreThanItsCapacity() {
        final WorkRequestTable<String> t = new WorkRequestTable<>(1, 2);
        t.track("a", true, false);
        final long b = t.track("b", true, true);
        final DatException e = assertThrows(DatException.class, () -> t.track("c", true, true));
        assertEquals(StatusType.INSUFFICIENT_RESOURCES, e.type());
        assertEquals("b", t.completed(b, implied::add));
        t.track("c", true, true);
        t.track("d", false, true);
    }

    @Test
    @DisplayName("SUPPRESS posts unsignalled unless the request fills the send queue; others are signalled")
    void shouldSignalUnsuppressedRequestsAndTheOneThatFillsTheQueue() {
        assertTrue(WorkRequestTable.signalled(false, 0, 8));
        assertFalse(WorkRequestTable.signalled(true, 0, 8));
        assertFalse(WorkRequestTable.signalled(true, 6, 8));
        assertTrue(WorkRequestTable.signalled(true, 7, 8), "the 8th of 8 would leave nothing to complete");
        assertTrue(WorkRequestTable.signalled(true, 0, 1));
    }
}
