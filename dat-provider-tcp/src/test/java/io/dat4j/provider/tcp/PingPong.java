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

/** A blocking ping-pong of 8-byte SENDs between a fixture's two sides, checking every payload and completion order. */
final class PingPong {

    private PingPong() {
    }

    /**
     * Runs {@code rounds} round trips over a connected pair: the client sends its round number, the server echoes it
     * plus a million; both wait on their EVDs ({@code dat_evd_wait}).
     */
    static void run(final Fixture f, final Endpoint[] ep, final int rounds) throws Exception {
        final LocalMemoryRegion cBuf = f.lmr(f.c, 16);
        final LocalMemoryRegion sBuf = f.lmr(f.s, 16);
        ep[1].postRecv(sBuf.triplet(0, 8), 0);
        final CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < rounds; i++) {
                DtoCompletionEvent r = dto(f.s.evd);
                if (r.operation() == DtoOperation.SEND) {
                    assertEquals(DtoStatus.SUCCESS, r.status());
                    r = dto(f.s.evd);
                }
                assertEquals(DtoStatus.SUCCESS, r.status());
                assertEquals(DtoOperation.RECEIVE, r.operation());
                assertEquals(i, sBuf.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, 0), "server round " + i);
                sBuf.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, 8, i + 1_000_000L);
                ep[1].postRecv(sBuf.triplet(0, 8), i + 1);
                ep[1].postSend(sBuf.triplet(8, 8), i);
            }
        });
        for (int i = 0; i < rounds; i++) {
            ep[0].postRecv(cBuf.triplet(8, 8), i);
            cBuf.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i);
            ep[0].postSend(cBuf.triplet(0, 8), i);
            boolean sent = false;
            boolean echoed = false;
            while (!sent || !echoed) {
                final DtoCompletionEvent d = dto(f.c.evd);
                assertEquals(DtoStatus.SUCCESS, d.status());
                assertEquals(i, d.cookie(), "completions in posting order, round " + i);
                if (d.operation() == DtoOperation.SEND) {
                    sent = true;
                } else {
                    echoed = true;
                }
            }
            assertEquals(i + 1_000_000L, cBuf.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, 8), "round " + i);
        }
        echo.get(60, TimeUnit.SECONDS);
    }
}
