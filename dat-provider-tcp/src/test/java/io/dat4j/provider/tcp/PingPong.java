package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A ping-pong of SENDs between a fixture's two sides, waiting ({@code dat_evd_wait}) or polling
 * ({@code dat_evd_dequeue}), checking every payload byte and completion order.
 */
final class PingPong {

    private PingPong() {
    }

    /**
     * Runs {@code rounds} round trips over a connected pair: the client sends its round number, the server echoes it
     * plus a million; both wait on their EVDs ({@code dat_evd_wait}).
     */
    static void run(final Fixture f, final Endpoint[] ep, final int rounds) throws Exception {
        run(f, ep, rounds, 8, false);
    }

    /**
     * Runs {@code rounds} round trips of {@code size}-byte SENDs (at least 8): each message is filled with a pattern of
     * its round and side, checked whole by the receiver; both sides wait on their EVDs or, with {@code poll}, poll them
     * in a loop (bounded by {@link Fixture#WAIT}). Leaves no receive posted, so that runs of other sizes may follow on
     * the same EPs.
     */
    static void run(final Fixture f, final Endpoint[] ep, final int rounds, final int size, final boolean poll)
            throws Exception {
        final LocalMemoryRegion cBuf = f.lmr(f.c, 2L * size);
        final LocalMemoryRegion sBuf = f.lmr(f.s, 2L * size);
        ep[1].postRecv(sBuf.triplet(0, size), 0);
        final CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < rounds; i++) {
                DtoCompletionEvent r = next(f.s.evd, poll, null);
                if (r.operation() == DtoOperation.SEND) {
                    assertEquals(DtoStatus.SUCCESS, r.status());
                    r = next(f.s.evd, poll, null);
                }
                assertEquals(DtoStatus.SUCCESS, r.status());
                assertEquals(DtoOperation.RECEIVE, r.operation());
                assertEquals(size, r.transferredLength(), "server round " + i);
                check(sBuf.segment(), 0, size, i, "server round " + i);
                fill(sBuf.segment(), size, size, i + 1_000_000);
                if (i + 1 < rounds) {
                    ep[1].postRecv(sBuf.triplet(0, size), i + 1); // (none left posted: the next run posts its own)
                }
                ep[1].postSend(sBuf.triplet(size, size), i);
            }
        });
        for (int i = 0; i < rounds; i++) {
            ep[0].postRecv(cBuf.triplet(size, size), i);
            fill(cBuf.segment(), 0, size, i);
            ep[0].postSend(cBuf.triplet(0, size), i);
            boolean sent = false;
            boolean echoed = false;
            while (!sent || !echoed) {
                final DtoCompletionEvent d = next(f.c.evd, poll, echo);
                assertEquals(DtoStatus.SUCCESS, d.status());
                assertEquals(i, d.cookie(), "completions in posting order, round " + i);
                if (d.operation() == DtoOperation.SEND) {
                    sent = true;
                } else {
                    echoed = true;
                    assertEquals(size, d.transferredLength(), "round " + i);
                }
            }
            check(cBuf.segment(), size, size, i + 1_000_000, "round " + i);
        }
        echo.get(60, TimeUnit.SECONDS);
    }

    /** {@return the next DTO completion of {@code evd}}; a poll stops early when {@code other} (the peer) failed */
    private static DtoCompletionEvent next(final io.dat4j.EventDispatcher evd, final boolean poll,
            final CompletableFuture<Void> other) {
        if (!poll) {
            return dto(evd);
        }
        final long end = System.nanoTime() + Fixture.WAIT.toNanos();
        while (System.nanoTime() - end < 0) {
            if (other != null && other.isCompletedExceptionally()) {
                other.join(); // (throws what failed there)
            }
            final io.dat4j.Event e = evd.poll();
            if (e != null) {
                return org.junit.jupiter.api.Assertions.assertInstanceOf(DtoCompletionEvent.class, e);
            }
        }
        throw new AssertionError("no event within " + Fixture.WAIT + " of polling");
    }

    /** Fills {@code size} bytes at {@code off} with a pattern of {@code tag}: its 8 bytes, then bytes made from it. */
    private static void fill(final java.lang.foreign.MemorySegment m, final long off, final int size, final long tag) {
        m.set(ValueLayout.JAVA_LONG_UNALIGNED, off, tag);
        for (int j = 8; j < size; j++) {
            m.set(ValueLayout.JAVA_BYTE, off + j, (byte) (tag * 31 + j));
        }
    }

    private static void check(final java.lang.foreign.MemorySegment m, final long off, final int size, final long tag,
            final String what) {
        assertEquals(tag, m.get(ValueLayout.JAVA_LONG_UNALIGNED, off), what);
        for (int j = 8; j < size; j++) {
            if (m.get(ValueLayout.JAVA_BYTE, off + j) != (byte) (tag * 31 + j)) {
                assertEquals((byte) (tag * 31 + j), m.get(ValueLayout.JAVA_BYTE, off + j), what + ", byte " + j);
            }
        }
    }
}
