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
        final Fixture f = Fixture.withSettings("127.0.0.1", TcpProvider.INLINE_WRITES_PROP_NAME,
                Boolean.toString(fast), TcpConfig.CONSUMER_PROGRESS, Boolean.toString(fast));
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

    /**
     * Payloads above {@link TcpConfig#SEND_COPY_MAX} and up to {@link OutboundWriter#STAGE_MAX} leave in one
     * gathering write (header and registered memory) instead of through the stage; around both limits, with one and
     * with two segments, from the waiting thread and from other threads, every byte must land where it belongs.
     */
    @ParameterizedTest(name = "payloads around the stage copy limit, inline writes and consumer progress: {0}")
    @ValueSource(booleans = {true, false})
    void shouldDeliverPayloadsAroundTheCopyLimitIntact(final boolean fast) throws Exception {
        final Fixture f = Fixture.withSettings("127.0.0.1", TcpProvider.INLINE_WRITES_PROP_NAME,
                Boolean.toString(fast), TcpConfig.CONSUMER_PROGRESS, Boolean.toString(fast));
        final int limit = TcpConfig.SEND_COPY_MAX_DEFAULT;
        final int max = OutboundWriter.STAGE_MAX;
        final int[] sizes = {limit, limit + 1, (limit + max) / 2, max - 1, max, max + 1};
        final int slot = max + 1;
        try (f) {
            final Endpoint[] ep = f.connect(EndpointAttributes.builder().maxRequestDtos(256).build(),
                    EndpointAttributes.builder().maxRecvDtos(256).build(), null);
            final int rounds = 8;
            final int n = rounds * sizes.length;
            final LocalMemoryRegion src = f.lmr(f.c, (long) slot * sizes.length);
            final LocalMemoryRegion dst = f.lmr(f.s, (long) slot * n);
            final LocalMemoryRegion wdst = f.lmr(f.s, (long) slot * sizes.length);
            for (long i = 0; i < src.registeredSize(); i++) {
                src.segment().set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + 7));
            }
            for (int i = 0; i < n; i++) {
                ep[1].postRecv(dst.triplet((long) i * slot, slot), i);
            }
            final CompletableFuture<?>[] posters = new CompletableFuture<?>[2];
            for (int t = 0; t < posters.length; t++) {
                final int half = t;
                posters[t] = CompletableFuture.runAsync(() -> {
                    for (int r = half; r < rounds; r += 2) {
                        for (int k = 0; k < sizes.length; k++) {
                            final long off = (long) k * slot;
                            final int len = sizes[k];
                            synchronized (ep) {
                                if (r % 4 == 0) {
                                    // two segments: the old path (header, then each segment)
                                    ep[0].postSend(List.of(src.triplet(off, len / 2), src.triplet(off + len / 2,
                                            len - len / 2)), k, CompletionFlag.DEFAULT);
                                } else {
                                    ep[0].postSend(src.triplet(off, len), k);
                                }
                                if (r == 1) {
                                    ep[0].postRdmaWrite(List.of(src.triplet(off, len)), -1 - k,
                                            wdst.remoteTriplet(off, len), CompletionFlag.DEFAULT);
                                }
                            }
                        }
                    }
                });
            }
            CompletableFuture.allOf(posters).get(60, TimeUnit.SECONDS);
            for (int i = 0; i < n + sizes.length; i++) {
                assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
            }
            for (int i = 0; i < n; i++) {
                final DtoCompletionEvent r = dto(f.s.evd);
                assertEquals(DtoStatus.SUCCESS, r.status());
                final int len = (int) r.transferredLength();
                int k = 0;
                while (k < sizes.length && sizes[k] != len) {
                    k++;
                }
                assertEquals(len, sizes[k], "a receive of an unexpected length");
                final long at = r.cookie() * slot;
                assertEquals(-1, dst.segment().asSlice(at, len).mismatch(src.segment().asSlice((long) k * slot,
                        len)), "the " + len + "-byte message landed intact");
            }
            for (int k = 0; k < sizes.length; k++) {
                final long off = (long) k * slot;
                assertEquals(-1, wdst.segment().asSlice(off, sizes[k]).mismatch(src.segment().asSlice(off,
                        sizes[k])), "the " + sizes[k] + "-byte RDMA write landed intact");
            }
        }
    }
}
