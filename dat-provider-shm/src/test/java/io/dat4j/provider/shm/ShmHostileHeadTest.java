package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
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
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A hostile consumer of a large SEND the provider streams through a ring smaller than the message: after freeing room
 * honestly once (HEAD forward, within what the provider made visible), it moves HEAD backwards, past what the provider
 * wrote, or to a wrapping value, while the provider waits for room in the middle of the payload. Only that connection
 * may end: BROKEN, the SEND completed exactly once and not SUCCESS, its LMR freed, and an honest connection of the
 * same IA works after.
 */
class ShmHostileHeadTest {

    private static final VarHandle LONG = JAVA_LONG.varHandle();
    private static final ConnectionLayout LAYOUT = HostileShmPeer.LAYOUT; // acceptByHand and holdGrant use it
    private static final Duration BOUND = Duration.ofSeconds(15);
    private static final int MESSAGE = 64 * 1024;

    @Test
    void headMovedBackwardsOrBeyondDuringAStreamedSendBreaksOnlyThatConnection() throws Exception {
        final Path dir = Files.createTempDirectory("dat4j-shm-head");
        Files.delete(dir);
        // no transport timeout: only the lie may end the connection
        try (Fixture f = new Fixture("dat4j.shm.dir=" + dir + " dat4j.shm.ackTimeoutMillis=0");
                Doorbell bell = Doorbell.create("dat4j-head-bell")) {
            final Rendezvous rendezvous = Rendezvous.open(dir);
            final LongUnaryOperator[] lies = {
                tail -> 512, // backwards from the 1024 published before
                tail -> tail + 2 * LAYOUT.ringBytes(), // past what the provider made visible
                tail -> Long.MIN_VALUE, // wraps
            };
            long q = 30_301;
            for (final LongUnaryOperator lie : lies) {
                streamAndLie(f, bell, rendezvous, q++, lie);
            }
            f.assertHealthyConnection();
        } finally {
            if (Files.exists(dir)) {
                try (var left = Files.list(dir)) {
                    left.forEach(p -> p.toFile().delete());
                }
                Files.delete(dir);
            }
        }
    }

    private static void streamAndLie(final Fixture f, final Doorbell bell, final Rendezvous rendezvous, final long q,
            final LongUnaryOperator lie) throws Exception {
        final Endpoint ep = f.c.ep(null);
        final LocalMemoryRegion lmr = f.lmr(f.c, MESSAGE);
        try (ServerSocketChannel ssc = rendezvous.bind(q, 4)) {
            ssc.configureBlocking(true);
            ep.connect(InetAddress.getLoopbackAddress(), q, BOUND, null);
            try (SocketChannel ch = ssc.accept();
                    SharedMapping m = SharedMapping.create("dat4j-head", LAYOUT.totalBytes())) {
                rendezvous.unlink(q);
                final Handshake req = HostileShmPeer.acceptByHand(ch, m, bell, 0);
                final MemorySegment s = m.segment();
                AdapterPair.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                try (Doorbell theirs = Doorbell.open(req.pid, req.doorbellFd)) {
                    ep.postSend(List.of(lmr.triplet(0, MESSAGE)), 5, CompletionFlag.DEFAULT);
                    final long tailWord = LAYOUT.control(1, ConnectionLayout.TAIL);
                    final long headWord = LAYOUT.control(0, ConnectionLayout.HEAD);
                    awaitTail(s, tailWord, 2048); // the ring is full up to the room it had
                    LONG.setRelease(s, headWord, 1024L); // honest: free 1 KiB
                    theirs.ring();
                    awaitTail(s, tailWord, LAYOUT.ringBytes() + 1); // the provider used the room: streaming
                    LONG.setRelease(s, headWord, lie.applyAsLong((long) LONG.getAcquire(s, tailWord)));
                    theirs.ring();
                    final ConnectionEvent end = assertInstanceOf(ConnectionEvent.class, f.c.conn.await(BOUND),
                            "no end of the connection within " + BOUND + " of a lying HEAD");
                    assertEquals(EventNumber.CONNECTION_EVENT_BROKEN, end.number());
                    final DtoCompletionEvent send = assertInstanceOf(DtoCompletionEvent.class, f.c.evd.await(BOUND));
                    assertEquals(5, send.cookie());
                    assertNotEquals(DtoStatus.SUCCESS, send.status(), "a SEND the peer never took completed");
                    assertNull(f.c.evd.poll(), "a second completion");
                }
            }
        }
        ep.close();
        lmr.close();
    }

    private static void awaitTail(final MemorySegment s, final long tailWord, final long atLeast)
            throws InterruptedException {
        final long end = System.nanoTime() + BOUND.toNanos();
        while ((long) LONG.getAcquire(s, tailWord) < atLeast) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the provider's TAIL is " + LONG.getAcquire(s, tailWord) + ", not "
                        + atLeast + ", " + BOUND + " after the SEND");
            }
            Thread.sleep(1);
        }
    }
}
