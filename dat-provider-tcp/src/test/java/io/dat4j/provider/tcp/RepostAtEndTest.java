package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.StatusSubtype;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A consumer that reposts every receive it reaps, while its connection ends. The connection completes what it holds
 * FLUSHED just before it reports DISCONNECTED or BROKEN, and the EP stays CONNECTED until that report is applied; the
 * test holds the server's end upcall in that window ({@link ConnectionClose#beforeEndUpcall}), posts there, then
 * lets the end through and posts again. Every receive (and the request posted in the window) must complete exactly
 * once, in posting order, FLUSHED unless it got data first, and at once: the ones posted in the window while the end
 * is still held, the one posted after the event before anything else happens. (Before the fix, a receive posted in the
 * window or after the event was kept by the transport until the EP was freed or reset.)
 */
@Timeout(180)
class RepostAtEndTest {

    enum End {
        /** The server disconnects: its EP is DISCONNECT_PENDING in the window, which refuses posts. */
        LOCAL_DISCONNECT,
        /** The client disconnects: the server's EP is CONNECTED in the window. */
        PEER_DISCONNECT,
        /** A SEND overruns the server's first receive: LOCAL_LENGTH, and the connection breaks. */
        BREAK
    }

    @AfterEach
    void removeHook() {
        ConnectionClose.beforeEndUpcall = null;
    }

    @ParameterizedTest
    @EnumSource(End.class)
    void shouldFlushEveryReceivePostedWhileAndAfterTheConnectionEnds(final End how) throws InterruptedException {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final Endpoint ce = ep[0];
            final Endpoint se = ep[1];
            final LocalMemoryRegion dst = f.lmr(f.s, 64 * 8);
            final LocalMemoryRegion src = f.lmr(f.c, 64);
            final LocalMemoryRegion out = f.lmr(f.s, 8);
            final int held = 4;
            for (int i = 0; i < held; i++) {
                final long length = how == End.BREAK && i == 0 ? 16 : 64;
                se.postRecv(List.of(dst.triplet(64L * i, length)), i + 1, CompletionFlag.DEFAULT);
            }
            final CountDownLatch reached = new CountDownLatch(1);
            final CountDownLatch release = new CountDownLatch(1);
            ConnectionClose.beforeEndUpcall = up -> {
                if (up.endpoint() == se) {
                    reached.countDown();
                    try {
                        release.await(60, TimeUnit.SECONDS);
                    } catch (final InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            };
            long next = held + 1;
            boolean sent = false;
            final List<DtoCompletionEvent> receives = new ArrayList<>();
            try {
                switch (how) {
                    case LOCAL_DISCONNECT -> se.disconnect(CloseMode.GRACEFUL);
                    case PEER_DISCONNECT -> ce.disconnect(CloseMode.GRACEFUL);
                    case BREAK -> ce.postSend(List.of(src.triplet(0, 64)), 100, CompletionFlag.DEFAULT);
                    default -> throw new IllegalStateException();
                }
                assertTrue(reached.await(30, TimeUnit.SECONDS), how + ": the server's connection did not end");
                if (how == End.LOCAL_DISCONNECT) {
                    assertEquals(EndpointState.DISCONNECT_PENDING, se.state());
                    final DatException e = assertThrows(DatException.class,
                            () -> se.postRecv(List.of(dst.triplet(0, 64)), 99, CompletionFlag.DEFAULT));
                    assertEquals(StatusSubtype.INVALID_STATE_EP_DISCPENDING, e.subtype(), e.getMessage());
                } else {
                    assertEquals(EndpointState.CONNECTED, se.state(), "the end is held before the kit applies it");
                    se.postRecv(List.of(dst.triplet(64L * held, 64)), next++, CompletionFlag.DEFAULT);
                    se.postRecv(List.of(dst.triplet(64L * (held + 1), 64)), next++, CompletionFlag.DEFAULT);
                    se.postSend(List.of(out.triplet(0, 8)), 200, CompletionFlag.DEFAULT);
                    sent = true;
                }
                // with the end still held: every operation posted so far has completed
                final int events = (int) (next - 1) + (sent ? 1 : 0);
                for (int i = 0; i < events; i++) {
                    final DtoCompletionEvent d = dto(f.s.evd);
                    if (d.operation() == DtoOperation.RECEIVE) {
                        receives.add(d);
                    } else {
                        assertEquals(200, d.cookie(), d.toString());
                        assertEquals(DtoStatus.FLUSHED, d.status(), d.toString());
                    }
                }
            } finally {
                release.countDown();
            }
            expect(f.s.conn, how == End.BREAK ? EventNumber.CONNECTION_EVENT_BROKEN
                    : EventNumber.CONNECTION_EVENT_DISCONNECTED);
            assertEquals(EndpointState.DISCONNECTED, se.state());
            // after the event: the receive completes FLUSHED at once, as on a verbs QP in the error state
            se.postRecv(List.of(dst.triplet(0, 64)), next++, CompletionFlag.DEFAULT);
            se.postRecv(List.of(dst.triplet(64, 64)), next++, CompletionFlag.DEFAULT);
            receives.add(dto(f.s.evd));
            receives.add(dto(f.s.evd));
            for (int i = 0; i < receives.size(); i++) {
                final DtoCompletionEvent d = receives.get(i);
                assertEquals(i + 1, d.cookie(), how + ": receives in posting order, each once: " + receives);
                final DtoStatus expected = how == End.BREAK && i == 0 ? DtoStatus.LOCAL_LENGTH : DtoStatus.FLUSHED;
                assertEquals(expected, d.status(), how + ": " + d);
            }
            assertEquals(next - 1, receives.size());
            assertNull(f.s.evd.poll(), "nothing completes twice");
            se.close();
            assertNull(f.s.evd.poll(), "the free finds nothing left to flush");
        }
    }
}
