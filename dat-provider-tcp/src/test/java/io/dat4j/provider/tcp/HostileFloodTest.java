package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.UntrustedPeerTest.header;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A remote party must not silence or starve the IA: a flood of connection requests into a full CR EVD gives one
 * overflow report, not an async EVD full of them (which would then hide a genuine overflow); requests at a PROVIDER
 * PSP cannot use up the EPs the consumer creates itself; and a flood of bad connections is summarised in the log,
 * with no stack traces.
 */
@Timeout(120)
class HostileFloodTest {

    private static final int FLOOD = 200;

    /** A well-formed REQ from a raw socket. */
    private static Socket request(final PublicServicePoint psp) throws IOException {
        final Socket s = new Socket(InetAddress.getLoopbackAddress(), (int) psp.connectionQualifier());
        s.getOutputStream().write(header(Wire.REQ, 7, 0, Wire.MAGIC, 0, 1, 1));
        s.getOutputStream().flush();
        return s;
    }

    /**
     * Reads the REJ frames the sockets get until {@code expected} came (or 30 s passed), then watches 300 ms more for
     * any beyond that.
     *
     * @return the number of sockets answered with a REJ of flags 0 (rejected by the provider: NON_PEER_REJECTED)
     */
    private static int nonPeerRejections(final List<Socket> sockets, final int expected) throws Exception {
        final boolean[] answered = new boolean[sockets.size()];
        int n = 0;
        long end = System.nanoTime() + 30_000_000_000L;
        boolean settling = false;
        while (System.nanoTime() < end) {
            for (int i = 0; i < sockets.size(); i++) {
                final Socket s = sockets.get(i);
                if (!answered[i] && s.getInputStream().available() >= Wire.HEADER) {
                    final byte[] h = new byte[Wire.HEADER];
                    new DataInputStream(s.getInputStream()).readFully(h);
                    final ByteBuffer b = ByteBuffer.wrap(h);
                    assertEquals(Wire.REJ, b.get(0), "the answer to a refused request");
                    assertEquals(0, b.get(1), "flags 0: rejected by the provider (NON_PEER_REJECTED)");
                    answered[i] = true;
                    n++;
                }
            }
            if (n >= expected && !settling) {
                settling = true;
                end = System.nanoTime() + 300_000_000L;
            }
            Thread.sleep(5);
        }
        return n;
    }

    @Test
    void aFloodOfRequestsIntoAFullCrEvdCannotSilenceOverflowReports() throws Exception {
        try (Fixture f = new Fixture()) {
            final EventDispatcher cr = f.client.createEventDispatcher(1, null, Set.of(EventStream.CR));
            final PublicServicePoint psp = f.client.createPublicServicePointAny(cr, ServicePointFlag.CONSUMER);
            final List<Socket> flood = new ArrayList<>();
            for (int i = 0; i < FLOOD; i++) {
                flood.add(request(psp));
            }
            assertEquals(FLOOD - 1, nonPeerRejections(flood, FLOOD - 1), "every request but the one the CR EVD holds");
            for (final Socket s : flood) {
                s.close();
            }
            final EventDispatcher async = f.client.asyncEventDispatcher();
            final AsyncErrorEvent report = assertInstanceOf(AsyncErrorEvent.class, async.await(WAIT));
            assertEquals(EventNumber.ASYNC_ERROR_EVD_OVERFLOW, report.number());
            assertSame(cr, report.source());
            assertTrue(report.reason().contains((FLOOD - 1) + " events dropped"), report.reason());
            assertNull(async.poll(), "one report for the flood");
            // a genuine overflow of another EVD afterwards is reported (a CR EVD of 1 and two requests; a DTO EVD
            // no longer overflows: completions wait for room, holding their slots)
            final EventDispatcher small = f.client.createEventDispatcher(1, null, Set.of(EventStream.CR));
            final PublicServicePoint other = f.client.createPublicServicePointAny(small, ServicePointFlag.CONSUMER);
            final List<Socket> two = List.of(request(other), request(other));
            assertEquals(1, nonPeerRejections(two, 1), "the request the CR EVD has no room for");
            for (final Socket s : two) {
                s.close();
            }
            final AsyncErrorEvent next = assertInstanceOf(AsyncErrorEvent.class, async.await(WAIT),
                    "the other EVD's overflow after the flood");
            assertEquals(EventNumber.ASYNC_ERROR_EVD_OVERFLOW, next.number());
            assertSame(small, next.source());
        }
    }

    @Test
    void requestsAtAProviderPspCannotTakeMoreEpsThanTheBound() throws Exception {
        try (Fixture f = new Fixture(); LogCapture log = new LogCapture()) {
            final EventDispatcher evd = f.server.createEventDispatcher(4096, null, Set.of(EventStream.CR,
                    EventStream.DTO, EventStream.CONNECTION));
            final PublicServicePoint psp = f.server.createPublicServicePointAny(evd, ServicePointFlag.PROVIDER);
            final int bound = 64;
            final List<Socket> flood = new ArrayList<>();
            for (int i = 0; i < bound + 40; i++) {
                flood.add(request(psp));
            }
            int delivered = 0;
            while (evd.poll() instanceof ConnectionRequestEvent || delivered < bound
                    && evd.await(WAIT) instanceof ConnectionRequestEvent) {
                delivered++;
            }
            assertEquals(40, nonPeerRejections(flood, 40), "the excess is refused as NON_PEER_REJECTED");
            assertEquals(bound, delivered, "provider-created EPs pending at one PSP");
            // the consumer's own EPs are not starved
            final Endpoint mine = f.s.ep(null);
            assertEquals(io.dat4j.EndpointState.UNCONNECTED, mine.state());
            assertEquals(List.of(), log.events().stream().filter(e -> e.getThrown() != null).toList(),
                    "a refused request logs no stack trace" + log.describe());
            assertTrue(log.events().size() <= 11, "the refusals are summarised, not logged one by one:"
                    + log.describe());
            for (final Socket s : flood) {
                s.close();
            }
        }
    }

    @Test
    void aFloodOfBadConnectionsIsSummarisedInTheLog() throws Exception {
        try (Fixture f = new Fixture(); LogCapture log = new LogCapture()) {
            final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            for (int i = 0; i < FLOOD; i++) {
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), (int) psp.connectionQualifier())) {
                    s.getOutputStream().write(header(99, 0, 0, 0, 0, 0, 0));
                    s.getOutputStream().flush();
                    s.setSoTimeout(20_000);
                    assertEquals(-1, s.getInputStream().read(), "the provider closes the connection");
                }
            }
            final int logged = log.matching(m -> m.contains("protocol violation")).size();
            assertTrue(logged >= 1 && logged <= 10, logged + " lines for " + FLOOD + " bad connections:"
                    + log.describe());
            assertEquals(List.of(), log.events().stream().filter(e -> e.getThrown() != null).toList(),
                    "no stack traces for what the peer did" + log.describe());
            psp.close();
            assertEquals(1, log.matching(m -> m.contains((FLOOD - logged) + " more faults")).size(),
                    "the listener's summary when it closes:" + log.describe());
        }
    }
}
