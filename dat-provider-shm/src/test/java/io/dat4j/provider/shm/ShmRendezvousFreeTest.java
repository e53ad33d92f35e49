package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.Rendezvous;
import io.dat4j.provider.shm.sys.SharedMapping;
import io.dat4j.testsupport.AdapterPair;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;
import java.net.InetAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The consumer frees the LMR of a rendezvous SEND that a live peer announced it would pull but never pulls (nor
 * acknowledges): the connection ends, the SEND completes FLUSHED and the free goes on. Before, the free waited the
 * kit's 10 s for the SEND's hold on the region, then gave up with the SEND still in flight, so the peer could pull the
 * freed memory later and the SEND completed only when the peer left (found from outside, docs/reliability.md).
 */
class ShmRendezvousFreeTest {

    private static final VarHandle LONG = JAVA_LONG.varHandle();
    private static final ConnectionLayout LAYOUT = HostileShmPeer.LAYOUT; // acceptByHand and holdGrant use it
    private static final Duration BOUND = Duration.ofSeconds(15);

    @Test
    void freeingTheLmrOfASendThePeerNeverPullsEndsTheConnection() throws Exception {
        final Path dir = Files.createTempDirectory("dat4j-shm-rdvfree");
        Files.delete(dir);
        try (Fixture f = new Fixture("dat4j.shm.dir=" + dir + " dat4j.shm.sendRendezvousBytes=64");
                Doorbell bell = Doorbell.create("dat4j-rdvfree-bell")) {
            final LocalMemoryRegion buffer = f.lmr(f.c, 4096);
            final Rendezvous rendezvous = Rendezvous.open(dir);
            final long q = 30_002;
            final Endpoint ep = f.c.ep(null);
            try (ServerSocketChannel ssc = rendezvous.bind(q, 4)) {
                ssc.configureBlocking(true);
                ep.connect(InetAddress.getLoopbackAddress(), q, BOUND, null);
                try (SocketChannel ch = ssc.accept();
                        SharedMapping m = SharedMapping.create("dat4j-rdvfree", LAYOUT.totalBytes())) {
                    rendezvous.unlink(q);
                    final MemorySegment s = m.segment();
                    s.set(JAVA_LONG, LAYOUT.control(0, ConnectionLayout.PULLS), 1L); // we pull large SENDs: SEND_RDV
                    HostileShmPeer.acceptByHand(ch, m, bell, 0);
                    AdapterPair.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                    ep.postSend(List.of(buffer.triplet(0, 1024)), 7, CompletionFlag.DEFAULT);
                    final long end = System.nanoTime() + BOUND.toNanos();
                    while ((long) LONG.getAcquire(s, LAYOUT.ring(1)) == 0) {
                        if (System.nanoTime() > end) {
                            throw new AssertionError("the provider wrote no record for the SEND");
                        }
                        Thread.onSpinWait();
                    }
                    assertEquals(Records.SEND_RDV, s.get(JAVA_BYTE, LAYOUT.ring(1)) & 0xff, "a rendezvous SEND");
                    // we never pull it nor acknowledge it, and look alive (our heartbeat grows, so no transport
                    // timeout ends the wait); the consumer frees the SEND's LMR
                    final Thread beat = Thread.ofPlatform().daemon().start(() -> {
                        for (long n = 1; !Thread.currentThread().isInterrupted(); n++) {
                            LONG.setRelease(s, LAYOUT.control(0, ConnectionLayout.HEARTBEAT), n);
                            try {
                                Thread.sleep(1);
                            } catch (final InterruptedException e) {
                                return;
                            }
                        }
                    });
                    try {
                        buffer.close();
                    } finally {
                        beat.interrupt();
                        beat.join();
                    }
                    final DtoCompletionEvent send = assertInstanceOf(DtoCompletionEvent.class, f.c.evd.await(BOUND),
                            "the SEND completes once its LMR is freed, while the peer is still there");
                    assertEquals(7, send.cookie());
                    assertEquals(DtoStatus.FLUSHED, send.status());
                    final ConnectionEvent broken = assertInstanceOf(ConnectionEvent.class, f.c.conn.await(BOUND));
                    assertEquals(EventNumber.CONNECTION_EVENT_BROKEN, broken.number());
                    f.assertHealthyConnection();
                }
            }
            ep.close();
        } finally {
            try (var left = Files.list(dir)) {
                left.forEach(p -> p.toFile().delete());
            }
            Files.deleteIfExists(dir);
        }
    }
}
