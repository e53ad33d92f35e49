package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.MemoryPrivilege;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Connection identity of the upcalls ({@link ConnectionUpcalls}) and of pooled descriptors ({@link PostedOperation}):
 * what a transport reports late, for a connection that has ended or an operation the kit flushed, never reaches the
 * EP's next connection or the operation posted since in the same slot.
 */
@Timeout(30)
class ConnectionIdentityTest extends ScriptedIaTest {

    ConnectionIdentityTest() {
        super(EventStream.DEFAULT, 64, MemoryPrivilege.ALL);
    }

    private ConnectionUpcalls connect(final Endpoint ep) {
        ep.connect(LO, 7, Duration.ofSeconds(5), null);
        final ConnectionUpcalls c = transport.ep(ep).conn;
        assertNotNull(c);
        assertFalse(c.isEnded());
        return c;
    }

    private ConnectionUpcalls connected(final Endpoint ep) {
        final ConnectionUpcalls c = connect(ep);
        assertTrue(c.established(null, 2, 2, PEER, PEER));
        assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, evd.dequeue().number());
        return c;
    }

    @Test
    void shouldIgnoreTheLateEndOfAConnectionTheKitEndedOnTheNextConnection() {
        final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, null);
        final ConnectionUpcalls first = connected(ep);
        // the transport never answers the ABRUPT disconnect: the kit ends the connection itself
        ep.disconnect(CloseMode.ABRUPT);
        assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED, evd.dequeue().number());
        assertTrue(first.isEnded());
        ep.reset();
        final ConnectionUpcalls second = connect(ep);
        assertNotSame(first, second);
        // the first connection's end, made late (a queued upcall, a CM event of its torn-down identifier)
        assertFalse(first.connectionFailed(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, null));
        assertFalse(first.disconnected());
        assertFalse(first.broken("late"));
        assertFalse(first.established(null, 2, 2, PEER, PEER));
        assertEquals(EndpointState.ACTIVE_CONNECTION_PENDING, ep.state(), "the next connection is untouched");
        assertNull(evd.poll());
        assertTrue(second.established(null, 2, 2, PEER, PEER));
        assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, evd.dequeue().number());
        assertFalse(first.disconnected());
        assertEquals(EndpointState.CONNECTED, ep.state());
        assertTrue(second.disconnected());
        assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED, evd.dequeue().number());
        assertTrue(second.isEnded());
    }

    @Test
    void shouldIgnoreALateFailureOfAnAbortedConnectOnTheNextConnect() {
        final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, null);
        final ConnectionUpcalls first = connect(ep);
        ep.disconnect(CloseMode.ABRUPT); // aborts the pending connect: the kit posts DISCONNECTED
        assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED, evd.dequeue().number());
        assertTrue(first.isEnded());
        ep.reset();
        final ConnectionUpcalls second = connect(ep);
        assertFalse(first.connectionFailed(EventNumber.CONNECTION_EVENT_TIMED_OUT, null));
        assertEquals(EndpointState.ACTIVE_CONNECTION_PENDING, ep.state());
        assertNull(evd.poll());
        assertTrue(second.connectionFailed(EventNumber.CONNECTION_EVENT_TIMED_OUT, null));
        assertEquals(EventNumber.CONNECTION_EVENT_TIMED_OUT, evd.dequeue().number());
    }

    @Test
    void shouldFlushUntilTheResetButNotWhatIsPostedForTheNextConnection() {
        final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, null);
        final ConnectionUpcalls first = connected(ep);
        assertTrue(first.disconnected());
        assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED, evd.dequeue().number());
        assertFalse(first.disconnected(), "ended");
        ep.postRecv(lmr.triplet(0, 8), 1);
        assertTrue(first.flush(), "an ended connection flushes until the EP is reset");
        assertEquals(1, ((DtoCompletionEvent) evd.dequeue()).cookie());
        ep.reset();
        ep.postRecv(lmr.triplet(0, 8), 2);
        assertFalse(first.flush(), "a flush of a connection before the reset");
        assertNull(evd.poll());
        assertFalse(ep.status().inDtoIdle(), "the receive waits for the next connection");
        final ConnectionUpcalls second = connected(ep);
        assertTrue(second.flush());
        final DtoCompletionEvent e = (DtoCompletionEvent) evd.dequeue();
        assertEquals(2, e.cookie());
        assertEquals(DtoStatus.FLUSHED, e.status());
    }

    @Test
    void shouldIgnoreAConnectionAfterTheEpIsFreed() {
        final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, null);
        final ConnectionUpcalls c = connected(ep);
        ep.close();
        assertTrue(c.isEnded());
        assertFalse(c.disconnected());
        assertFalse(c.flush());
    }

    @Test
    void shouldIgnoreALateCompletionOfAFlushedOperationWhenItsSlotIsPostedAgain() {
        // one receive slot, so the next receive takes the slot of the flushed one
        final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, EndpointAttributes.builder().maxRecvDtos(1).build());
        final ConnectionUpcalls c = connected(ep);
        final ScriptedTransport.Ep t = transport.ep(ep);
        ep.postRecv(lmr.triplet(0, 8), 1);
        final PostedOperation first = t.posted.get(0);
        // the connection goes down while a transport thread still holds the receive
        assertTrue(c.flush());
        final DtoCompletionEvent flushed = (DtoCompletionEvent) evd.dequeue();
        assertEquals(1, flushed.cookie());
        assertEquals(DtoStatus.FLUSHED, flushed.status());
        ep.postRecv(lmr.triplet(0, 8), 2);
        final PostedOperation second = t.posted.get(1);
        assertEquals(2, second.cookie());
        // the late completion of the first receive must not complete the second
        t.up.complete(first, DtoStatus.SUCCESS, 8);
        assertNull(evd.poll(), "a late completion of a flushed receive completed the one posted since");
        assertFalse(ep.status().inDtoIdle());
        t.up.complete(second, DtoStatus.SUCCESS, 5);
        final DtoCompletionEvent done = (DtoCompletionEvent) evd.dequeue();
        assertEquals(2, done.cookie());
        assertEquals(5, done.transferredLength());
        assertSame(DtoStatus.SUCCESS, done.status());
        assertTrue(ep.status().inDtoIdle());
    }
}
