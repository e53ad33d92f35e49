package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.testsupport.ChildJvm;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Resource exhaustion ends in the DAT status, never in an exception or an OOM: a DTO EVD with less room than the
 * completions (they wait for it, as in a CQ), a CR EVD
 * that is full, a flood of connection requests, and EPs, LMRs and EVDs created until the IA refuses (in a child JVM
 * with a small heap). RNR (no receive posted) is covered by {@code TcpProviderTest}.
 */
@Timeout(180)
class ExhaustionTest {

    /**
     * Connects a client EP whose EVDs are {@code small} and completes {@code writes} RDMA writes on it, which nobody
     * dequeues.
     */
    static void fillClientEvd(final Fixture f, final EventDispatcher small, final int writes) {
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final Endpoint ep = f.client.createEndpoint(f.c.pz, small, small, f.c.conn,
                EndpointAttributes.builder().maxRequestDtos(writes).build());
        ep.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
        Fixture.request(f.s.conn).accept(f.s.ep(null), null);
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final LocalMemoryRegion src = f.lmr(f.c, 64);
        final LocalMemoryRegion dst = f.lmr(f.s, 64);
        for (int i = 0; i < writes; i++) {
            ep.postRdmaWrite(List.of(src.triplet(0, 64)), i, dst.remoteTriplet(0, 64), CompletionFlag.DEFAULT);
        }
    }

    @Test
    void shouldHoldTheCompletionsADtoEvdHasNoRoomFor() {
        try (Fixture f = new Fixture()) {
            final EventDispatcher small = f.client.createEventDispatcher(4, null, Set.of(EventStream.DTO));
            fillClientEvd(f, small, 16);
            // 4 events in the EVD, the other completions wait in the EP's queue with their slots (libdapl: in the
            // CQ) and enter as events are taken: none dropped, in order
            final List<Long> cookies = new ArrayList<>();
            final List<Long> expected = new ArrayList<>();
            for (long i = 0; i < 16; i++) {
                assertTrue(small.size() <= 4, "the EVD holds at most its length");
                cookies.add(assertInstanceOf(DtoCompletionEvent.class, small.await(WAIT)).cookie());
                expected.add(i);
            }
            assertEquals(expected, cookies);
            assertNull(f.client.asyncEventDispatcher().poll(), "no EVD overflow");
        }
    }

    @Test
    void shouldRejectRequestsThatDoNotFitTheCrEvd() {
        try (Fixture f = new Fixture()) {
            final EventDispatcher cr = f.server.createEventDispatcher(2, null, Set.of(EventStream.CR));
            final PublicServicePoint psp = f.server.createPublicServicePointAny(cr, ServicePointFlag.CONSUMER);
            for (int i = 0; i < 5; i++) {
                f.c.ep(null).connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
            }
            int rejected = 0;
            for (int i = 0; i < 3; i++) {
                final ConnectionEvent e = assertInstanceOf(ConnectionEvent.class, f.c.conn.await(WAIT));
                assertEquals(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, e.number());
                rejected++;
            }
            assertEquals(3, rejected);
            assertEquals(2, cr.size());
        }
    }

    @Test
    void shouldSurviveAFloodOfConnectionRequests() throws Exception {
        try (Fixture f = new Fixture()) {
            final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            final long fds = ProcessFaultTest.openFiles();
            final List<Socket> flood = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                final Socket s = new Socket(InetAddress.getLoopbackAddress(), (int) psp.connectionQualifier());
                // half of them send a partial header and stop: the provider must not wait on them with a thread
                if (i % 2 == 0) {
                    s.getOutputStream().write(new byte[] {1, 0, 0});
                }
                flood.add(s);
            }
            // a legitimate request still gets through while the flood is pending
            final Endpoint[] pair = f.connect();
            assertEquals(io.dat4j.EndpointState.CONNECTED, pair[0].state());
            for (final Socket s : flood) {
                s.close();
            }
            // the provider drops each flood connection on EOF; no CR was created for any of them
            final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (ProcessFaultTest.openFiles() > fds + 16 && System.nanoTime() < end) {
                Thread.sleep(50);
            }
            assertTrue(ProcessFaultTest.openFiles() <= fds + 16, "flood sockets still open: "
                    + ProcessFaultTest.openFiles() + " fds, " + fds + " before");
            assertEquals(null, f.s.conn.poll(), "no connection request came out of the flood");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"exhaust-ep", "exhaust-lmr", "exhaust-evd", "exhaust-short-evd"})
    void shouldRefuseWithInsufficientResourcesBeforeTheHeapRunsOut(final String what) throws Exception {
        final Process p = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", ChildJvm.classPath(), "-Xmx96m", "-XX:TieredStopAtLevel=1",
                FaultPeerMain.class.getName(), what).redirectErrorStream(true).start();
        try {
            String result = null;
            final String all = ChildJvm.output(p, Duration.ofMinutes(2));
            for (final String l : all.split("\n")) {
                if (l.startsWith("STATUS ") || l.startsWith("OOM ")) {
                    result = l;
                }
            }
            assertTrue(result != null && result.startsWith("STATUS INSUFFICIENT_RESOURCES"), what + ": " + all);
        } finally {
            p.destroyForcibly();
        }
    }
}
