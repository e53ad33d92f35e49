package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.ConnectionEvent;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.Handshake;
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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Live peers that each keep a use of the CMA grant of one LMR while the consumer frees it. The free waits for the uses
 * (that is what it promises: no copy into freed memory), at most {@code revokeMillis} in all, but the peers must not
 * stop anything else of the IA meanwhile: the free waited holding the connection's lock, so the connection-management
 * thread, which takes that lock to end the connection (the peer closes its socket), stopped until {@code revokeMillis}
 * passed, serving no connect, accept or teardown of the IA; and with several such connections the free waited
 * {@code revokeMillis} for each in turn (found in round i26, docs/reliability.md). Here {@code revokeMillis} is a
 * minute: the peers' BROKEN and an honest connection must come within the harness's bound, the free must still wait
 * while a use is held, and return once the uses are given back.
 */
class ShmGrantHeldAtFreeTest {

    private static final VarHandle LONG = JAVA_LONG.varHandle();
    private static final ConnectionLayout LAYOUT = HostileShmPeer.LAYOUT; // acceptByHand and holdGrant use it
    private static final Duration BOUND = Duration.ofSeconds(15);
    private static final int PEERS = 2;

    @Test
    void aFreeWaitingForHeldGrantsDoesNotStopTheIa() throws Exception {
        final Path dir = Files.createTempDirectory("dat4j-shm-held-free");
        Files.delete(dir);
        final List<AutoCloseable> close = new ArrayList<>();
        try (Fixture f = new Fixture("dat4j.shm.dir=" + dir + " dat4j.shm.revokeMillis=60000");
                Doorbell bell = Doorbell.create("dat4j-held-free-bell")) {
            final LocalMemoryRegion granted = f.lmr(f.c, 4096); // every privilege: published to a CMA peer
            final Rendezvous rendezvous = Rendezvous.open(dir);
            final List<MemorySegment> maps = new ArrayList<>();
            final List<Long> slots = new ArrayList<>();
            final List<SocketChannel> sockets = new ArrayList<>();
            final List<Endpoint> eps = new ArrayList<>();
            Thread free = null;
            try {
                for (int i = 0; i < PEERS; i++) {
                    final long q = 30_201 + i;
                    final Endpoint ep = f.c.ep(null);
                    eps.add(ep);
                    try (ServerSocketChannel ssc = rendezvous.bind(q, 4)) {
                        ssc.configureBlocking(true);
                        ep.connect(InetAddress.getLoopbackAddress(), q, BOUND, null);
                        final SocketChannel ch = ssc.accept();
                        sockets.add(ch);
                        rendezvous.unlink(q);
                        final SharedMapping m = SharedMapping.create("dat4j-held-free", LAYOUT.totalBytes());
                        close.add(m);
                        HostileShmPeer.acceptByHand(ch, m, bell, Handshake.FLAG_CMA);
                        AdapterPair.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                        maps.add(m.segment());
                        slots.add(HostileShmPeer.holdGrant(m.segment())); // one use of the LMR's grant, kept
                    }
                }
                free = Thread.ofPlatform().name("held-free-test").start(granted::close);
                for (int i = 0; i < PEERS; i++) {
                    awaitRevoking(maps.get(i), slots.get(i)); // the free has begun on every connection
                }
                for (final SocketChannel ch : sockets) {
                    ch.close(); // the peers leave (still holding their uses): the IA ends their connections
                }
                for (int i = 0; i < PEERS; i++) {
                    final ConnectionEvent end = assertInstanceOf(ConnectionEvent.class, f.c.conn.await(BOUND),
                            "no end of a held connection within " + BOUND);
                    assertEquals(EventNumber.CONNECTION_EVENT_BROKEN, end.number());
                }
                f.assertHealthyConnection(); // the IA still connects
                assertTrue(free.isAlive(), "the LMR's free returned while a peer still held a use of its grant");
            } finally {
                for (int i = 0; i < slots.size(); i++) {
                    LONG.getAndAdd(maps.get(i), slots.get(i), -1L); // give them back: the free goes on
                }
                if (free != null) {
                    free.join(BOUND.toMillis());
                }
                for (final SocketChannel ch : sockets) {
                    ch.close();
                }
            }
            assertFalse(free.isAlive(), "the LMR's free still waits " + BOUND + " after the uses were given back");
            for (final Endpoint ep : eps) {
                ep.close();
            }
        } finally {
            for (final AutoCloseable c : close) {
                c.close();
            }
            if (Files.exists(dir)) {
                try (var left = Files.list(dir)) {
                    left.forEach(p -> p.toFile().delete());
                }
                Files.delete(dir);
            }
        }
    }

    /** Waits until the slot at {@code at} leaves VALID: the owner's revoke has begun. */
    private static void awaitRevoking(final MemorySegment s, final long at) throws InterruptedException {
        final long end = System.nanoTime() + BOUND.toNanos();
        while (((long) LONG.getVolatile(s, at) & HostileShmPeer.GRANT_VALID) != 0) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the free did not revoke the grant within " + BOUND);
            }
            Thread.sleep(1);
        }
    }
}
