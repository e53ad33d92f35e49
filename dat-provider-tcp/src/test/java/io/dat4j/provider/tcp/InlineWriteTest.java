package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.LocalMemoryRegion;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Posting threads race the loop's owner for the socket (inline writes), and the waiting thread runs the loop itself
 * (consumer-driven progress): data and order must hold with both on (the default) and with both off (every byte
 * through the I/O threads).
 */
@Timeout(120)
class InlineWriteTest {

    @ParameterizedTest(name = "inline writes and consumer progress: {0}")
    @ValueSource(booleans = {true, false})
    void shouldKeepDataAndOrderWhenPostingThreadsWriteThemselves(final boolean fast) throws Exception {
        System.setProperty(TcpProvider.INLINE_WRITES_PROP_NAME, Boolean.toString(fast));
        System.setProperty(IoLoop.CONSUMER_PROGRESS_PROP_NAME, Boolean.toString(fast));
        final Fixture f;
        try {
            f = new Fixture();
        } finally {
            System.clearProperty(TcpProvider.INLINE_WRITES_PROP_NAME);
            System.clearProperty(IoLoop.CONSUMER_PROGRESS_PROP_NAME);
        }
        try (f) {
            final Endpoint[] ep = f.connect(EndpointAttributes.builder().maxRequestDtos(1024).maxRdmaReadOut(2)
                    .build(), EndpointAttributes.builder().maxRecvDtos(256).build(), null);
            final int per = 64;
            final LocalMemoryRegion src = f.lmr(f.c, 4 * per * 256L);
            final LocalMemoryRegion dst = f.lmr(f.s, 4 * per * 256L);
            final LocalMemoryRegion big = f.lmr(f.c, 1 << 20);
            final LocalMemoryRegion bigDst = f.lmr(f.s, 1 << 20);
            for (long i = 0; i < src.registeredSize(); i++) {
                src.segment().set(ValueLayout.JAVA_BYTE, i, (byte) (i * 13));
            }
            for (int i = 0; i < 4 * per; i++) {
                ep[1].postRecv(dst.triplet(i * 256L, 256), i);
            }
            final CompletableFuture<?>[] posters = new CompletableFuture<?>[4];
            for (int t = 0; t < 4; t++) {
                final int base = t * per;
                posters[t] = CompletableFuture.runAsync(() -> {
                    for (int i = base; i < base + per; i++) {
                        if (i % 3 == 0) {
                            ep[0].postRdmaWrite(List.of(big.triplet(0, 1 << 20)), -1, bigDst.remoteTriplet(0,
                                    1 << 20), CompletionFlag.DEFAULT);
                        } else if (i % 3 == 1) {
                            ep[0].postRdmaRead(List.of(big.triplet(0, 4096)), -2, bigDst.remoteTriplet(0, 4096),
                                    CompletionFlag.DEFAULT);
                        }
                        synchronized (ep) {
                            ep[0].postSend(src.triplet(i * 256L, 256), i);
                        }
                    }
                });
            }
            CompletableFuture.allOf(posters).get(60, TimeUnit.SECONDS);
            int sends = 0;
            int total = 0;
            for (int i = 0; i < 4 * per; i++) {
                total += i % 3 == 2 ? 1 : 2;
            }
            for (int n = 0; n < total; n++) {
                final DtoCompletionEvent d = dto(f.c.evd);
                assertEquals(DtoStatus.SUCCESS, d.status());
                if (d.cookie() >= 0) {
                    sends++;
                }
            }
            assertEquals(4 * per, sends);
            for (int i = 0; i < 4 * per; i++) {
                final DtoCompletionEvent r = dto(f.s.evd);
                assertEquals(DtoStatus.SUCCESS, r.status());
                assertEquals(256, r.transferredLength());
            }
            assertEquals(-1, dst.segment().mismatch(src.segment()), "each message landed in its own receive");
        }
    }
}
