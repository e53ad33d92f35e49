package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.net.InetAddress;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A consumer that polls only the EVD of its EP's receives (its requests complete into another EVD) does not look at
 * the peer's HEAD word on every poll ({@code ConnectionService.service}); the peer's HEAD is what completes its SENDs
 * when no record comes back. A program that posts SUPPRESSed SENDs one way and never takes its request EVD must still
 * get its queue slots back: the receive EVD's poll looks at HEAD now and then. The progress threads are stopped, so
 * nothing else would.
 */
@Timeout(120)
class ShmReceiveOnlyPollTest {

    private static final int DEPTH = 4;
    private static final int SENDS = 40 * DEPTH;

    @Test
    void suppressedSendsOneWayCompleteWhileOnlyTheReceiveEvdIsPolled() {
        try (Fixture f = new Fixture()) {
            final EventDispatcher requests = f.client.createEventDispatcher(64, null, EnumSet.of(EventStream.DTO));
            final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            final Endpoint ce = f.client.createEndpoint(f.c.pz, f.c.evd, requests, f.c.conn,
                    EndpointAttributes.builder().maxRequestDtos(DEPTH).build());
            final Endpoint se = f.s.ep(null);
            final LocalMemoryRegion src = f.lmr(f.c, 8);
            final LocalMemoryRegion dst = f.lmr(f.s, 8 * DEPTH);
            for (int i = 0; i < DEPTH; i++) {
                se.postRecv(List.of(dst.triplet(8L * i, 8)), i, CompletionFlag.DEFAULT);
            }
            ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), Fixture.WAIT, null);
            Fixture.request(f.s.conn).accept(se, null);
            Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            Fixture.expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            ShmSingleThreadSendTest.stopProgressThreads(f);
            int sent = 0;
            int received = 0;
            int refused = 0;
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (received < SENDS) {
                assertTrue(System.nanoTime() - deadline < 0, sent + " SENDs posted, " + received + " received, "
                        + refused + " posts refused for a full request queue: the SENDs the peer took never"
                        + " completed while only the receive EVD was polled");
                if (sent < SENDS) {
                    try {
                        ce.postSend(List.of(src.triplet(0, 8)), sent, Set.of(CompletionFlag.SUPPRESS));
                        sent++;
                    } catch (final DatException e) {
                        assertEquals(StatusType.INSUFFICIENT_RESOURCES, e.type(), e.getMessage());
                        refused++;
                    }
                }
                assertNull(f.c.evd.poll(), "the client's receive EVD got an event");
                final Event e = f.s.evd.poll();
                if (e != null) {
                    final DtoCompletionEvent r = assertInstanceOf(DtoCompletionEvent.class, e);
                    assertEquals(DtoStatus.SUCCESS, r.status());
                    assertEquals(received % DEPTH, r.cookie(), "receives out of order");
                    se.postRecv(List.of(dst.triplet(8L * (received % DEPTH), 8)), received % DEPTH,
                            CompletionFlag.DEFAULT);
                    received++;
                }
            }
            assertTrue(refused > 0, "no post found the request queue full: the test does not test the slots coming"
                    + " back");
            assertNull(requests.poll(), "a SUPPRESSed SEND that succeeded gave an event");
            ce.close();
            se.close();
            psp.close();
            requests.close();
        }
    }
}
