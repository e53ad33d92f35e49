package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A bounded soak between two processes: N connections to a peer JVM ({@link FaultPeerMain}) and M operations (RDMA
 * write, SEND, RDMA read in turn), each cookie completing exactly once with SUCCESS, while heap, file descriptors and
 * threads stay flat between 10% of the run and its end. The default is the CI size (100 connections, 200,000
 * operations); {@code -Ddat4j.soak=long} runs 1,000 connections and 10 million operations, and
 * {@code -Ddat4j.soak.connections=N -Ddat4j.soak.operations=M} any other size.
 */
@Timeout(3600)
class SoakTest {

    private static final boolean LONG = "long".equals(System.getProperty("dat4j.soak"));
    static final int CONNECTIONS = Integer.getInteger("dat4j.soak.connections", LONG ? 1000 : 100);
    static final long OPERATIONS = Long.getLong("dat4j.soak.operations", LONG ? 10_000_000L : 200_000L);
    /** Operations outstanding at once over all connections (the request EVD holds 4,096 events). */
    static final int WINDOW = 2048;

    private static long usedHeapAfterGc() {
        final Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    /**
     * {@return the live threads but the JVM's own pools} (ForkJoinPool workers, which the JDK starts and retires at
     * will; a count of every thread went from 17 to 16 when one retired between the two samples)
     */
    private static long threads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !(t instanceof java.util.concurrent.ForkJoinWorkerThread))
                .count();
    }

    @Test
    void shouldCompleteEveryPostedOperationExactlyOnceWithFlatResources() throws Exception {
        final Process peer = ProcessFaultTest.start(List.of(), "listen", "64", "true");
        try (Fixture f = new Fixture()) {
            final BufferedReader out = new BufferedReader(new InputStreamReader(peer.getInputStream(),
                    StandardCharsets.UTF_8));
            final String[] hello = ProcessFaultTest.line(out, "PEER ").split(" ");
            final EndpointAttributes attrs = EndpointAttributes.builder().maxRequestDtos(64).build();
            final List<Endpoint> eps = new ArrayList<>();
            for (int i = 0; i < CONNECTIONS; i++) {
                final Endpoint ep = f.c.ep(attrs);
                ep.connect(InetAddress.getLoopbackAddress(), Long.parseLong(hello[1]), WAIT, null);
                eps.add(ep);
            }
            for (int i = 0; i < CONNECTIONS; i++) {
                final Event e = Fixture.next(f.c.conn);
                assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, ((ConnectionEvent) e).number(), e.toString());
            }
            final LocalMemoryRegion src = f.lmr(f.c, 4096);
            final List<LocalMemoryTriplet> data = List.of(src.triplet(0, 1024));
            final RemoteMemoryTriplet remote = new RemoteMemoryTriplet(Integer.parseInt(hello[2]),
                    Long.parseLong(hello[3]), 1024);
            final int perEp = Math.max(1, Math.min(32, WINDOW / CONNECTIONS));
            final BitSet done = new BitSet();
            long posted = 0;
            long completed = 0;
            final long start = System.nanoTime();
            for (final Endpoint ep : eps) {
                for (int k = 0; k < perEp && posted < OPERATIONS; k++) {
                    post(ep, posted++, data, remote);
                }
            }
            long heapAt10 = -1;
            long fdsAt10 = -1;
            long threadsAt10 = -1;
            while (completed < OPERATIONS) {
                final Event e = f.c.evd.await(WAIT);
                final DtoCompletionEvent d = (DtoCompletionEvent) e;
                assertEquals(DtoStatus.SUCCESS, d.status(), d.toString());
                assertTrue(d.cookie() >= 0 && d.cookie() < posted && !done.get((int) d.cookie()),
                        "cookie " + d.cookie() + " unknown or completed twice");
                done.set((int) d.cookie());
                completed++;
                if (posted < OPERATIONS) {
                    post(d.endpoint(), posted++, data, remote);
                }
                if (completed == OPERATIONS / 10) {
                    heapAt10 = usedHeapAfterGc();
                    fdsAt10 = ProcessFaultTest.openFiles();
                    threadsAt10 = threads();
                }
            }
            final double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(OPERATIONS, done.cardinality(), "every posted operation completed");
            assertEquals(null, f.c.evd.poll(), "no completion beyond the posted operations");
            final long heapEnd = usedHeapAfterGc();
            final long fdsEnd = ProcessFaultTest.openFiles();
            final long threadsEnd = threads();
            System.out.printf("soak: %d connections, %d operations in %.1f s (%.0f ops/s); heap %d -> %d KiB, "
                    + "fds %d -> %d, threads %d -> %d%n", CONNECTIONS, OPERATIONS, seconds, OPERATIONS / seconds,
                    heapAt10 >> 10, heapEnd >> 10, fdsAt10, fdsEnd, threadsAt10, threadsEnd);
            assertTrue(heapEnd - heapAt10 < (32L << 20), "heap grew by " + ((heapEnd - heapAt10) >> 10) + " KiB");
            assertTrue(Math.abs(fdsEnd - fdsAt10) <= 4, "fds " + fdsAt10 + " -> " + fdsEnd);
            assertTrue(threadsEnd <= threadsAt10, "threads " + threadsAt10 + " -> " + threadsEnd);
            for (final Endpoint ep : eps) {
                ep.close();
            }
        } finally {
            peer.destroyForcibly();
            peer.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static void post(final Endpoint ep, final long cookie, final List<LocalMemoryTriplet> data,
            final RemoteMemoryTriplet remote) {
        switch ((int) (cookie % 3)) {
            case 0 -> ep.postRdmaWrite(data, cookie, remote, CompletionFlag.DEFAULT);
            case 1 -> ep.postSend(data, cookie, CompletionFlag.DEFAULT);
            default -> ep.postRdmaRead(data, cookie, remote, CompletionFlag.DEFAULT);
        }
    }
}
