package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.testsupport.AdapterPair;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request posted on a connection with nothing of its side waiting to be written goes straight into the ring, without
 * the EP's queue of unwritten requests ({@code Outbound.writeDirect}); once the ring is full, requests queue, and the
 * order of the records, of the receives and of the completions stays the posting order either way, each cookie
 * exactly once. The progress threads are stopped so that only this thread services the connections.
 */
@Timeout(120)
class ShmDirectPostTest {

    private static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(60);

    @Test
    void aSendOrWriteOnAnIdleConnectionIsWrittenWithoutTheQueue() {
        try (Fixture f = new Fixture()) {
            final Endpoint[] eps = f.connect();
            ShmSingleThreadSendTest.stopProgressThreads(f);
            final ShmEndpoint client = ShmSingleThreadSendTest.only(f.clientTransport).endpoint();
            final LocalMemoryRegion src = f.lmr(f.c, 4096);
            final LocalMemoryRegion dst = f.lmr(f.s, 4096);
            for (int i = 0; i < 100; i++) {
                eps[1].postRecv(List.of(dst.triplet(0, 4096)), 1000 + i, CompletionFlag.DEFAULT);
                final int size = i % 3 == 0 ? 8 : i % 3 == 1 ? 0 : 4096;
                eps[0].postSend(List.of(src.triplet(0, size)), i, CompletionFlag.DEFAULT);
                assertEquals(0, client.requestsPosted(), "SEND " + i + " of " + size + " bytes on an idle connection"
                        + " went through the EP's queue");
                final DtoCompletionEvent r = next(f.s, "receive " + i);
                assertEquals(1000 + i, r.cookie());
                assertEquals(size, r.transferredLength());
                final DtoCompletionEvent s = next(f.c, "SEND " + i);
                assertEquals(DtoOperation.SEND, s.operation());
                assertEquals(i, s.cookie());
            }
            src.segment().set(ValueLayout.JAVA_LONG, 0, 0x1122334455667788L);
            eps[0].postRdmaWrite(List.of(src.triplet(0, 8)), 7, dst.remoteTriplet(64, 8), CompletionFlag.DEFAULT);
            assertEquals(0, client.requestsPosted(), "an RDMA WRITE on an idle connection went through the queue");
            final long deadline = System.nanoTime() + DEADLINE_NANOS;
            Event e;
            while ((e = f.c.evd.poll()) == null) { // the server's connection is serviced by its EVD's poll only
                assertEquals(null, f.s.evd.poll(), "an RDMA WRITE gives the target no event");
                assertTrue(System.nanoTime() - deadline < 0, "the RDMA WRITE did not complete");
            }
            final DtoCompletionEvent w = assertInstanceOf(DtoCompletionEvent.class, e);
            assertEquals(DtoStatus.SUCCESS, w.status());
            assertEquals(DtoOperation.RDMA_WRITE, w.operation());
            assertEquals(0x1122334455667788L, dst.segment().get(ValueLayout.JAVA_LONG, 64));
        }
    }

    /**
     * A 4 KiB ring holds three records of 1000 bytes: the server's connection is not serviced while the client posts,
     * so the first SENDs go straight in, the rest queue behind the full ring, and a SEND posted while the queue holds
     * requests must not overtake them even when it would fit.
     */
    @Test
    void requestsQueuedBehindAFullRingKeepTheirOrder() {
        try (Fixture f = new Fixture("dat4j.shm.ringBytes=4096")) {
            final Endpoint[] eps = f.connect();
            ShmSingleThreadSendTest.stopProgressThreads(f);
            final ShmEndpoint client = ShmSingleThreadSendTest.only(f.clientTransport).endpoint();
            final LocalMemoryRegion src = f.lmr(f.c, 1024 * 32);
            final LocalMemoryRegion dst = f.lmr(f.s, 1024 * 32);
            for (int round = 0; round < 5; round++) {
                final int base = round * 32;
                for (int i = 0; i < 32; i++) {
                    eps[1].postRecv(List.of(dst.triplet(1024L * i, 1024)), 1000 + base + i, CompletionFlag.DEFAULT);
                }
                final long queuedBefore = client.requestsPosted();
                for (int i = 0; i < 32; i++) {
                    final int size = i % 4 == 3 ? 8 : 1000; // small ones would fit where a large one did not
                    src.segment().set(ValueLayout.JAVA_INT, 1024L * i, base + i); // unchanged until it completes
                    eps[0].postSend(List.of(src.triplet(1024L * i, size)), base + i, CompletionFlag.DEFAULT);
                }
                assertTrue(client.requestsPosted() - queuedBefore > 0, "round " + round + ": no SEND was queued"
                        + " behind the full ring (the test does not test the queue)");
                drainInOrder(f, "round " + round, 32, 1000 + base, base, (r, k) -> {
                    assertEquals(k % 4 == 3 ? 8 : 1000, r.transferredLength());
                    assertEquals(base + k, dst.segment().get(ValueLayout.JAVA_INT, 1024L * k), "the payload of receive "
                            + k);
                });
                assertEquals(null, f.s.evd.poll(), "an event too many at the server");
                assertEquals(null, f.c.evd.poll(), "an event too many at the client");
            }
        }
    }

    /**
     * An EP whose requests were queued on its first connection (behind a full ring), then disconnected, reset and
     * connected again, writes straight into the new connection's ring once more: the new connection's count of
     * requests taken off the EP's queue starts from nothing, while the EP's count of queued requests goes on from the
     * first connection (which also flushed none here). Each round first exchanges one SEND, whichever way it goes (a
     * post right after ESTABLISHED may find the data path not yet published by the connection's thread, and queue).
     */
    @Test
    void aResetAndReconnectedEpPostsDirectAgain() {
        try (Fixture f = new Fixture("dat4j.shm.ringBytes=4096")) {
            final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            final LocalMemoryRegion src = f.lmr(f.c, 1024);
            final LocalMemoryRegion dst = f.lmr(f.s, 1024 * 9);
            final Endpoint ce = f.c.ep(null);
            ShmEndpoint client = null;
            for (int round = 0; round < 3; round++) {
                final Endpoint se = f.s.ep(null);
                for (int i = 0; i < 9; i++) {
                    se.postRecv(List.of(dst.triplet(1024L * i, 1024)), i, CompletionFlag.DEFAULT);
                }
                ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), Fixture.WAIT, null);
                Fixture.request(f.s.conn).accept(se, null);
                Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                Fixture.expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                if (round == 0) {
                    ShmSingleThreadSendTest.stopProgressThreads(f);
                    client = ShmSingleThreadSendTest.only(f.clientTransport).endpoint();
                }
                final long first = round * 9L;
                ce.postSend(List.of(src.triplet(0, 8)), first, CompletionFlag.DEFAULT);
                drainInOrder(f, "round " + round + ", the first SEND", 1, 0, first, (r, k) -> { });
                final long queuedBefore = client.requestsPosted();
                // an idle connection: straight into the ring
                ce.postSend(List.of(src.triplet(0, 8)), first + 1, CompletionFlag.DEFAULT);
                assertEquals(queuedBefore, client.requestsPosted(), "round " + round + ": a SEND on the idle"
                        + " connection of a " + (round == 0 ? "new" : "reset and reconnected") + " EP was queued");
                for (int i = 2; i < 9; i++) { // 1000 bytes each: the 4 KiB ring is full after three, the rest queue
                    ce.postSend(List.of(src.triplet(0, 1000)), first + i, CompletionFlag.DEFAULT);
                }
                assertTrue(client.requestsPosted() > queuedBefore, "round " + round + ": no SEND was queued behind"
                        + " the full ring (the test does not test the queue)");
                drainInOrder(f, "round " + round, 8, 1, first + 1, (r, k) -> { });
                ce.disconnect(CloseMode.GRACEFUL);
                Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
                Fixture.expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
                se.close();
                ce.reset();
            }
            psp.close();
        }
    }

    /**
     * Polls the server's and the client's EVD until {@code n} receives and {@code n} SENDs completed, each SUCCESS and
     * in order (cookies from {@code firstReceive} and {@code firstSend}), and checks each receive with {@code check}.
     */
    private static void drainInOrder(final Fixture f, final String what, final int n, final long firstReceive,
            final long firstSend, final BiConsumer<DtoCompletionEvent, Integer> check) {
        int receives = 0;
        int sends = 0;
        final long deadline = System.nanoTime() + DEADLINE_NANOS;
        while (receives < n || sends < n) {
            assertTrue(System.nanoTime() - deadline < 0, what + ": " + receives + " receives and " + sends
                    + " SENDs completed");
            Event e;
            while ((e = f.s.evd.poll()) != null) {
                final DtoCompletionEvent r = assertInstanceOf(DtoCompletionEvent.class, e);
                assertEquals(DtoStatus.SUCCESS, r.status());
                assertEquals(firstReceive + receives, r.cookie(), "receives out of order");
                check.accept(r, receives);
                receives++;
            }
            while ((e = f.c.evd.poll()) != null) {
                final DtoCompletionEvent s = assertInstanceOf(DtoCompletionEvent.class, e);
                assertEquals(DtoStatus.SUCCESS, s.status());
                assertEquals(firstSend + sends, s.cookie(), "SEND completions out of order");
                sends++;
            }
            Thread.onSpinWait();
        }
    }

    /** {@return the next event of {@code side}, a successful DTO completion}, polled for at most a minute */
    static DtoCompletionEvent next(final AdapterPair.Side side, final String what) {
        final long deadline = System.nanoTime() + DEADLINE_NANOS;
        Event e;
        while ((e = side.evd.poll()) == null) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(what + " did not complete");
            }
            Thread.onSpinWait();
        }
        final DtoCompletionEvent d = assertInstanceOf(DtoCompletionEvent.class, e);
        assertEquals(DtoStatus.SUCCESS, d.status(), what);
        return d;
    }
}
