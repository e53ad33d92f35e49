package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.expect;
import static io.dat4j.provider.tcp.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.AsyncErrorReason;
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
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusType;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Several senders on their own threads feed one SRQ, a consumer thread checks every message, and a refill thread
 * re-posts buffers when the low-watermark event says so: every message arrives exactly once, in order per
 * connection, and every send completes exactly once.
 */
@Timeout(180)
class TcpSharedReceiveQueueStressTest {

    private static final int SENDERS = 4;
    private static final int MESSAGES = Integer.getInteger("dat4j.srq.stress.messages", 4_000);
    private static final int SLOTS = 64;
    private static final int SLOT = 16;
    private static final int WATERMARK = 16;
    private static final int WINDOW = 16;

    private Fixture f;
    private ExecutorService pool;

    @AfterEach
    void close() throws InterruptedException {
        if (pool != null) {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "test threads end");
        }
        if (f != null) {
            f.close();
        }
    }

    @Test
    @DisplayName("SRQ-02 tcp stress: 4 senders x 4,000 messages through one 64-buffer SRQ refilled on its low "
            + "watermark: each message once, in order per EP, each send completed once")
    void shouldDeliverEveryMessageOnceThroughARefilledSrq() throws Exception {
        f = new Fixture();
        pool = Executors.newFixedThreadPool(SENDERS + 2);
        final SharedReceiveQueue srq = f.server.createSharedReceiveQueue(f.s.pz, new SrqAttributes(SLOTS, 1, 0));
        final LocalMemoryRegion in = f.lmr(f.s, (long) SLOTS * SLOT);
        final EventDispatcher recv = f.server.createEventDispatcher(SLOTS * 2, null, EnumSet.of(EventStream.DTO));
        for (int i = 0; i < SLOTS; i++) {
            srq.postRecv(List.of(in.triplet((long) i * SLOT, SLOT)), i, CompletionFlag.DEFAULT);
        }
        srq.setLowWatermark(WATERMARK);

        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final Endpoint[] clients = new Endpoint[SENDERS];
        final EventDispatcher[] done = new EventDispatcher[SENDERS];
        final Endpoint[] servers = new Endpoint[SENDERS];
        for (int k = 0; k < SENDERS; k++) {
            done[k] = f.client.createEventDispatcher(WINDOW * 2, null, EnumSet.of(EventStream.DTO));
            clients[k] = f.client.createEndpoint(f.c.pz, done[k], done[k], f.c.conn,
                    EndpointAttributes.builder().rnrRetryCount(7).maxRequestDtos(WINDOW).build());
            servers[k] = f.server.createEndpointWithSrq(f.s.pz, recv, recv, f.s.conn, srq, null);
            clients[k].connect(f.server.address().getAddress(), psp.connectionQualifier(), WAIT, new byte[0]);
            request(f.s.conn).accept(servers[k], new byte[0]);
            expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        }
        psp.close();

        final ConcurrentLinkedQueue<Integer> free = new ConcurrentLinkedQueue<>();
        final AtomicBoolean finished = new AtomicBoolean();
        final AtomicInteger watermarkEvents = new AtomicInteger();
        final AtomicInteger timedRefills = new AtomicInteger();
        final Future<?> refill = pool.submit(() -> {
            final EventDispatcher async = f.server.asyncEventDispatcher();
            while (!finished.get()) {
                boolean fromEvent = false;
                try {
                    final Event e = async.await(Duration.ofMillis(200));
                    final AsyncErrorEvent a = assertInstanceOf(AsyncErrorEvent.class, e);
                    assertEquals(AsyncErrorReason.SRQ_LOW_WATERMARK_EVENT, a.reasonCode(), "async event " + a);
                    assertEquals(srq, a.source());
                    watermarkEvents.incrementAndGet();
                    fromEvent = true;
                } catch (final DatException timeout) {
                    assertEquals(StatusType.TIMEOUT_EXPIRED, timeout.type(), timeout.getMessage());
                }
                // A refill posts whatever the consumer has freed, then re-arms the one-shot watermark. The timed
                // refill covers the case where the SRQ ran dry while nothing was free (no consumption, no event).
                int posted = 0;
                for (Integer slot = free.poll(); slot != null; slot = free.poll()) {
                    srq.postRecv(List.of(in.triplet((long) slot * SLOT, SLOT)), slot, CompletionFlag.DEFAULT);
                    posted++;
                }
                if (!fromEvent && posted > 0) {
                    timedRefills.incrementAndGet();
                }
                srq.setLowWatermark(WATERMARK);
            }
            return null;
        });

        final long[] nextSeq = new long[SENDERS];
        final Future<?> consumer = pool.submit(() -> {
            for (int n = 0; n < SENDERS * MESSAGES; n++) {
                final DtoCompletionEvent c = Fixture.dto(recv);
                assertEquals(DtoStatus.SUCCESS, c.status(), "receive " + n);
                assertEquals(SLOT, c.transferredLength());
                final int slot = (int) c.cookie();
                final long base = (long) slot * SLOT;
                final int sender = in.segment().get(ValueLayout.JAVA_INT_UNALIGNED, base);
                final long seq = in.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, base + 8);
                assertEquals(servers[sender], c.endpoint(),
                        "completion on the EP that took the buffer");
                assertEquals(nextSeq[sender], seq, "in order per connection, sender " + sender);
                nextSeq[sender]++;
                free.add(slot);
            }
            return null;
        });

        final List<Future<?>> senders = new ArrayList<>();
        for (int k = 0; k < SENDERS; k++) {
            final int sender = k;
            senders.add(pool.submit(() -> {
                final LocalMemoryRegion out = f.lmr(f.c, (long) WINDOW * SLOT);
                long completed = 0;
                for (long seq = 0; seq < MESSAGES; seq++) {
                    if (seq - completed == WINDOW) {
                        final DtoCompletionEvent c = Fixture.dto(done[sender]);
                        assertEquals(DtoStatus.SUCCESS, c.status());
                        assertEquals(completed++, c.cookie(), "send completions in order");
                    }
                    final long base = (seq % WINDOW) * SLOT;
                    out.segment().set(ValueLayout.JAVA_INT_UNALIGNED, base, sender);
                    out.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, base + 8, seq);
                    clients[sender].postSend(List.of(out.triplet(base, SLOT)), seq, CompletionFlag.DEFAULT);
                }
                while (completed < MESSAGES) {
                    final DtoCompletionEvent c = Fixture.dto(done[sender]);
                    assertEquals(DtoStatus.SUCCESS, c.status());
                    assertEquals(completed++, c.cookie(), "send completions in order");
                }
                assertEquals(null, done[sender].poll(), "no completion twice");
                return null;
            }));
        }
        for (final Future<?> s : senders) {
            s.get(150, TimeUnit.SECONDS);
        }
        consumer.get(150, TimeUnit.SECONDS);
        finished.set(true);
        refill.get(30, TimeUnit.SECONDS);

        final long[] expected = new long[SENDERS];
        java.util.Arrays.fill(expected, MESSAGES);
        assertArrayEquals(expected, nextSeq, "messages received per sender");
        assertEquals(null, recv.poll(), "no receive completion twice");
        assertTrue(watermarkEvents.get() > 0, "the low-watermark event drove refills (events "
                + watermarkEvents.get() + ", timed refills " + timedRefills.get() + ")");
        assertEquals(SLOTS - free.size(), srq.available(), "every buffer is either posted or free");
        for (int k = 0; k < SENDERS; k++) {
            clients[k].disconnect(io.dat4j.CloseMode.ABRUPT);
        }
    }
}
