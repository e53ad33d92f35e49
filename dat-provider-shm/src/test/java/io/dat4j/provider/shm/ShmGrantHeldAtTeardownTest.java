package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

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
import org.junit.jupiter.api.Test;

/**
 * A live peer that keeps a use of one of this IA's CMA grants and then breaks its connection must not stop the IA's
 * other connections: the wait for the use (up to {@code revokeMillis}) ran on the connection-management thread, which
 * then served no connect, accept or teardown of the IA for {@code revokeMillis} per grant held (found from outside,
 * docs/reliability.md). Here {@code revokeMillis} is a minute: the broken connection's event and a healthy connection
 * of the same IA must both come within the harness's bound, and once the use is given back the IA's drain thread
 * (which waits for it instead) must end within the bound too.
 */
class ShmGrantHeldAtTeardownTest {

    private static final VarHandle LONG = JAVA_LONG.varHandle();
    private static final ConnectionLayout LAYOUT = HostileShmPeer.LAYOUT; // acceptByHand and holdGrant use it
    private static final Duration BOUND = Duration.ofSeconds(15);

    @Test
    void aHeldGrantDoesNotStopTheIasOtherConnections() throws Exception {
        heldGrant(60_000, false);
    }

    /** The IA closes while the peer still holds the use: its close waits for the drain (at most revokeMillis). */
    @Test
    void anIaClosedWhileThePeerHoldsAGrantLeavesNoDrainThread() throws Exception {
        heldGrant(2_000, true);
    }

    private static void heldGrant(final long revokeMillis, final boolean closeWhileHeld) throws Exception {
        final Path dir = Files.createTempDirectory("dat4j-shm-held");
        Files.delete(dir);
        try (Fixture f = new Fixture("dat4j.shm.dir=" + dir + " dat4j.shm.revokeMillis=" + revokeMillis);
                Doorbell bell = Doorbell.create("dat4j-held-bell")) {
            final LocalMemoryRegion granted = f.lmr(f.c, 4096); // every privilege: published to a CMA peer
            final Rendezvous rendezvous = Rendezvous.open(dir);
            final long q = 30_001;
            final Endpoint ep = f.c.ep(null);
            try (ServerSocketChannel ssc = rendezvous.bind(q, 4)) {
                ssc.configureBlocking(true);
                ep.connect(InetAddress.getLoopbackAddress(), q, BOUND, null);
                try (SocketChannel ch = ssc.accept();
                        SharedMapping m = SharedMapping.create("dat4j-held", LAYOUT.totalBytes())) {
                    rendezvous.unlink(q);
                    final Handshake req = HostileShmPeer.acceptByHand(ch, m, bell, Handshake.FLAG_CMA);
                    final MemorySegment s = m.segment();
                    AdapterPair.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                    // take one use of the provider's grant, as an initiator about to copy, and keep it
                    final long slot = HostileShmPeer.holdGrant(s);
                    try (Doorbell theirs = Doorbell.open(req.pid, req.doorbellFd)) {
                        // a record of no known type: a protocol violation, the provider breaks the connection
                        LONG.setRelease(s, LAYOUT.ring(0), 0xeeL);
                        s.set(JAVA_LONG, LAYOUT.control(0, ConnectionLayout.TAIL), 32L);
                        theirs.ring();
                        final ConnectionEvent end = assertInstanceOf(ConnectionEvent.class, f.c.conn.await(BOUND));
                        assertEquals(EventNumber.CONNECTION_EVENT_BROKEN, end.number());
                        // the IA still connects (its connection-management thread is not waiting for our use)
                        f.assertHealthyConnection();
                        if (closeWhileHeld) {
                            f.client.close();
                            assertFalse(drainThreadAlive(), "the drain thread outlived the IA's close");
                        }
                    } finally {
                        LONG.getAndAdd(s, slot, -1L); // give it back: the revoke ends
                    }
                    // the IA's drain thread sees the use given back, unmaps and ends (not at revokeMillis)
                    final long end = System.nanoTime() + BOUND.toNanos();
                    while (drainThreadAlive()) {
                        if (System.nanoTime() > end) {
                            throw new AssertionError("the drain thread still waits " + BOUND + " after the give");
                        }
                        Thread.sleep(5);
                    }
                }
            }
            if (!closeWhileHeld) {
                ep.close();
                granted.close();
            }
        } finally {
            try (var left = Files.list(dir)) {
                left.forEach(p -> p.toFile().delete());
            }
            Files.deleteIfExists(dir);
        }
    }

    private static boolean drainThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("dat4j-shm-revoke"));
    }
}
