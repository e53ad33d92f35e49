package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A side whose peer answers each of its records (a ping-pong) takes one record per round and hands it over without
 * looking at the slot after it; when the peer streams instead (records committed without an answer of this side in
 * between), the round that finds the first such record takes every record committed, and the next ping-pong brings the first way back. The receives
 * complete in order with their data either way. The progress threads are stopped so that only this thread services the
 * connections (a round is then a poll of the side's EVD).
 */
@Timeout(120)
class ShmReplyPatternTest {

    private static final int STREAM = 8;

    @Test
    void aPingPongTakesOneRecordPerRoundAndAStreamTakesThemAll() {
        try (Fixture f = new Fixture()) {
            final Endpoint[] eps = f.connect();
            ShmSingleThreadSendTest.stopProgressThreads(f);
            final DataPath client = ShmSingleThreadSendTest.only(f.clientTransport).path();
            final DataPath server = ShmSingleThreadSendTest.only(f.serverTransport).path();
            final LocalMemoryRegion src = f.lmr(f.c, 4096);
            final LocalMemoryRegion dst = f.lmr(f.s, 4096 * STREAM);
            final LocalMemoryRegion back = f.lmr(f.c, 4096);
            assertFalse(server.replyPattern(), "a new connection takes records in batches");
            pingPong(eps, f, src, dst, back, 0);
            assertTrue(server.replyPattern(), "the server answered each SEND: its rounds should take one record");
            assertTrue(client.replyPattern(), "the client took one echo per round: its rounds should take one record");

            // a stream: the client posts SENDs that the server does not answer
            for (int i = 0; i < STREAM; i++) {
                eps[1].postRecv(List.of(dst.triplet(4096L * i, 4096)), 2000 + i, CompletionFlag.DEFAULT);
            }
            for (int i = 0; i < STREAM; i++) {
                src.segment().set(ValueLayout.JAVA_LONG, 0, 0xABC0L + i);
                eps[0].postSend(List.of(src.triplet(0, 64)), 3000 + i, CompletionFlag.DEFAULT);
                assertEquals(0, ShmSingleThreadSendTest.only(f.clientTransport).endpoint().requestsPosted(),
                        "SEND " + i + " waited in the EP's queue: the ring should take the stream whole");
            }
            // the stream's first SEND follows the server's last echo (its record says the client consumed the
            // echo): taken alone, as a reply; the second was committed without another echo in between, so the
            // round that takes it goes on to the rest
            for (int i = 0; i < STREAM; i++) {
                final DtoCompletionEvent r = ShmDirectPostTest.next(f.s, "the stream's receive " + i);
                assertEquals(2000 + i, r.cookie(), "receives out of order");
                assertEquals(64, r.transferredLength());
                if (i == 1) {
                    assertFalse(server.replyPattern(), "the stream's second record was committed without an answer"
                            + " of the server: the round should have gone on to take the rest");
                }
            }
            for (int i = 0; i < STREAM; i++) {
                assertEquals(0xABC0L + i, dst.segment().get(ValueLayout.JAVA_LONG, 4096L * i), "data of SEND " + i);
                final DtoCompletionEvent s = ShmDirectPostTest.next(f.c, "SEND " + i);
                assertEquals(DtoOperation.SEND, s.operation());
                assertEquals(3000 + i, s.cookie());
            }

            pingPong(eps, f, src, dst, back, 100);
            assertTrue(server.replyPattern(), "a ping-pong after the stream should bring one record per round back");
        }
    }

    /** Five SENDs from the client, each echoed by the server once it received it, every completion checked. */
    private static void pingPong(final Endpoint[] eps, final Fixture f, final LocalMemoryRegion src,
            final LocalMemoryRegion dst, final LocalMemoryRegion back, final int base) {
        for (int i = base; i < base + 5; i++) {
            eps[1].postRecv(List.of(dst.triplet(0, 4096)), 1000 + i, CompletionFlag.DEFAULT);
            eps[0].postRecv(List.of(back.triplet(0, 4096)), 4000 + i, CompletionFlag.DEFAULT);
            src.segment().set(ValueLayout.JAVA_LONG, 0, i);
            eps[0].postSend(List.of(src.triplet(0, 8)), i, CompletionFlag.DEFAULT);
            final DtoCompletionEvent r = ShmDirectPostTest.next(f.s, "receive " + i);
            assertEquals(1000 + i, r.cookie());
            assertEquals(i, dst.segment().get(ValueLayout.JAVA_LONG, 0));
            eps[1].postSend(List.of(dst.triplet(0, 8)), 5000 + i, CompletionFlag.DEFAULT);
            final DtoCompletionEvent a = ShmDirectPostTest.next(f.c, "echo " + i + " or SEND " + i);
            final DtoCompletionEvent b = ShmDirectPostTest.next(f.c, "echo " + i + " or SEND " + i);
            final DtoCompletionEvent echo = a.operation() == DtoOperation.RECEIVE ? a : b;
            final DtoCompletionEvent sent = echo == a ? b : a;
            assertEquals(DtoOperation.RECEIVE, echo.operation());
            assertEquals(4000 + i, echo.cookie());
            assertEquals(i, back.segment().get(ValueLayout.JAVA_LONG, 0), "echo " + i + "'s data");
            assertEquals(DtoOperation.SEND, sent.operation());
            assertEquals(i, sent.cookie());
            assertEquals(5000 + i, ShmDirectPostTest.next(f.s, "echo SEND " + i).cookie());
        }
    }
}
