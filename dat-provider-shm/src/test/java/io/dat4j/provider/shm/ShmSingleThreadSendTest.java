package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.LocalMemoryRegion;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One thread drives both ends of a connection in this process, as an in-JVM benchmark or a test does: it posts a SEND
 * on the client, takes the receive on the server, then looks for the SEND's completion on the client. The SEND
 * completes when the server's position passes its record, which the server tells by its HEAD word or by a record it
 * writes back; here it writes none, and the thread does not service the server's connection again. The round that took
 * the receive (and found the ring empty behind it) must have published HEAD: the completion is then there at the
 * client's next poll, without the progress threads (stopped here, so that nothing else publishes it; they otherwise
 * leave a connection its consumer serviced alone for 2 ms, the delay this pattern used to cost).
 */
@Timeout(120)
class ShmSingleThreadSendTest {

    private static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(60);

    @Test
    void sendCompletesAtTheClientsFirstPollOnceTheServerTookTheReceive() {
        try (Fixture f = new Fixture()) {
            final Endpoint[] eps = f.connect();
            stopProgressThreads(f);
            final LocalMemoryRegion src = f.lmr(f.c, 4096);
            final LocalMemoryRegion dst = f.lmr(f.s, 4096);
            for (int i = 0; i < 200; i++) {
                final int size = i % 3 == 0 ? 8 : i % 3 == 1 ? 0 : 4096;
                eps[1].postRecv(List.of(dst.triplet(0, 4096)), 1000 + i, CompletionFlag.DEFAULT);
                eps[0].postSend(List.of(src.triplet(0, size)), i, CompletionFlag.DEFAULT);
                final DtoCompletionEvent r = pollUntilEvent(f.s.evd, "the receive " + i);
                assertEquals(DtoOperation.RECEIVE, r.operation());
                assertEquals(DtoStatus.SUCCESS, r.status());
                assertEquals(1000 + i, r.cookie());
                assertEquals(size, r.transferredLength());
                // the server's connection is not serviced again: its HEAD was published by the round above
                final Event e = f.c.evd.poll();
                assertNotNull(e, "SEND " + i + " of " + size + " bytes: not complete at the client's first poll after"
                        + " the server took its receive (the server's consumed position was not published)");
                final DtoCompletionEvent s = assertInstanceOf(DtoCompletionEvent.class, e);
                assertEquals(DtoOperation.SEND, s.operation());
                assertEquals(DtoStatus.SUCCESS, s.status());
                assertEquals(i, s.cookie());
            }
        }
    }

    @Test
    void aWaitForTheSendEndsWithoutTheProgressThreads() {
        try (Fixture f = new Fixture()) {
            final Endpoint[] eps = f.connect();
            stopProgressThreads(f);
            final LocalMemoryRegion src = f.lmr(f.c, 64);
            final LocalMemoryRegion dst = f.lmr(f.s, 64);
            for (int i = 0; i < 50; i++) {
                eps[1].postRecv(List.of(dst.triplet(0, 64)), 1000 + i, CompletionFlag.DEFAULT);
                eps[0].postSend(List.of(src.triplet(0, 8)), i, CompletionFlag.DEFAULT);
                assertEquals(1000 + i, assertInstanceOf(DtoCompletionEvent.class, f.s.evd.await(Fixture.WAIT))
                        .cookie());
                // dat_evd_wait on the client: it sleeps on the doorbell if the completion is not there; with nobody
                // left to publish the server's position it would time out
                final DtoCompletionEvent s = assertInstanceOf(DtoCompletionEvent.class,
                        f.c.evd.await(Duration.ofSeconds(20)));
                assertEquals(DtoOperation.SEND, s.operation());
                assertEquals(i, s.cookie());
            }
        }
    }

    /**
     * The HEAD store of the round that took the last record is not fenced at once; a peer that armed ARM_SPACE after
     * that round looked (the race the fence closes) must still be woken: by this side's second consumer poll (the first
     * is left alone, so that a consumer that replies next pays no round before its reply), or by its progress
     * thread's look. The client's arm is made here by hand, after the server's round, as that race would leave it.
     */
    @Test
    void aPeerArmedAfterTheUnfencedHeadIsWokenByTheSecondPollOrTheProgressThread() {
        try (Fixture f = new Fixture()) {
            final Endpoint[] eps = f.connect();
            stopProgressThreads(f);
            final LocalMemoryRegion src = f.lmr(f.c, 64);
            final LocalMemoryRegion dst = f.lmr(f.s, 64);
            final ShmConnection server = only(f.serverTransport);
            final ShmConnection client = only(f.clientTransport);
            // one exchange first, unchecked: what the set-up leaves to write goes with it, so that each checked
            // round below starts from a connection with nothing owed but what its own message leaves
            eps[1].postRecv(List.of(dst.triplet(0, 64)), 999, CompletionFlag.DEFAULT);
            eps[0].postSend(List.of(src.triplet(0, 8)), -1, CompletionFlag.DEFAULT);
            assertEquals(999, pollUntilEvent(f.s.evd, "the first receive").cookie());
            assertEquals(-1, pollUntilEvent(f.c.evd, "the first send").cookie());
            for (int i = 0; i < 20; i++) {
                eps[1].postRecv(List.of(dst.triplet(0, 64)), 1000 + i, CompletionFlag.DEFAULT);
                eps[0].postSend(List.of(src.triplet(0, 8)), i, CompletionFlag.DEFAULT);
                assertEquals(1000 + i, pollUntilEvent(f.s.evd, "the receive " + i).cookie());
                client.path().arm(io.dat4j.provider.shm.sys.WakeControl.SPACE);
                final int rung = f.clientTransport.doorbell.sequence();
                if (i % 2 == 0) {
                    f.s.evd.poll(); // the first poll after the round leaves the fence to the reply's post
                    f.s.evd.poll();
                } else {
                    server.io.service(false); // what the progress thread does when no consumer comes back
                }
                assertTrue(f.clientTransport.doorbell.sequence() != rung, "message " + i + ": the client armed for "
                        + "room and completions and its doorbell was not rung");
                final DtoCompletionEvent s = assertInstanceOf(DtoCompletionEvent.class, f.c.evd.poll());
                assertEquals(i, s.cookie());
            }
        }
    }

    static ShmConnection only(final ShmTransport t) {
        final ShmConnection[] cs = t.connections();
        assertEquals(1, cs.length, "connections of " + t);
        return cs[0];
    }

    static void stopProgressThreads(final Fixture f) {
        f.serverTransport.progress.stop(ShmTransport.WAIT_MILLIS);
        f.clientTransport.progress.stop(ShmTransport.WAIT_MILLIS);
        assertTrue(!f.serverTransport.progress.isAlive() && !f.clientTransport.progress.isAlive(),
                "the progress threads did not stop");
        // the connection-management threads may still be finishing the set-up (under a connection's lock) after the
        // ESTABLISHED events: let them finish, so that only the test's own threads touch the connections from here
        assertTrue(f.serverTransport.cm.executeAndWait(() -> { }, ShmTransport.WAIT_MILLIS)
                && f.clientTransport.cm.executeAndWait(() -> { }, ShmTransport.WAIT_MILLIS),
                "the connection-management threads did not answer");
    }

    private static DtoCompletionEvent pollUntilEvent(final EventDispatcher evd, final String what) {
        final long deadline = System.nanoTime() + DEADLINE_NANOS;
        Event e;
        while ((e = evd.poll()) == null) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(what + " did not arrive");
            }
            Thread.onSpinWait();
        }
        return assertInstanceOf(DtoCompletionEvent.class, e);
    }
}
