package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.testsupport.PerTestResource;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Streams of large frames ({@link InboundReader}: a large payload is read straight into registered memory with the
 * header after it; {@link OutboundWriter}: header and payload in one gathering write whatever the size, and no write
 * attempt while the socket is full): every frame lands intact and in order, small frames between large ones included,
 * receives of several segments included; no payload byte of a stream of large frames is copied through the inbound
 * stage; posts made while the socket is full do not make the writer try the socket again.
 */
@Timeout(120)
class LargeStreamTest {

    private static final EndpointAttributes DEEP = EndpointAttributes.builder().maxRequestDtos(1024)
            .maxRecvDtos(1024).rnrRetryCount(7).build();

    @RegisterExtension
    final PerTestResource<Fixture> fixture = new PerTestResource<>(Fixture::new);

    /**
     * SENDs of 64 KiB, 1 MiB + 3, 100 bytes, 0 bytes and 4 MiB, and RDMA writes of 300 KiB between them, into receives
     * of one or three segments; then the same data compared byte for byte.
     */
    @Test
    void shouldDeliverMixedLargeAndSmallFramesIntactAndInOrder() {
        final Fixture f = fixture.get();
        final Endpoint[] ep = f.connect(DEEP, DEEP, null);
        final int[] sizes = {64 * 1024, (1 << 20) + 3, 100, 0, 4 << 20, 64 * 1024, 17, 128 * 1024 + 1};
        final int rounds = 6;
        final int wlen = 300 * 1024;
        // where each message's bytes are in the source, and how long each receive is (room for three segments)
        final long[] from = new long[sizes.length];
        long srcLen = 0;
        long rcvLen = 0;
        for (int i = 0; i < sizes.length; i++) {
            from[i] = srcLen;
            srcLen += sizes[i];
            rcvLen += sizes[i] + 4096;
        }
        final long wsrc = srcLen;
        final LocalMemoryRegion src = f.lmr(f.c, srcLen + wlen);
        final LocalMemoryRegion dst = f.lmr(f.s, rcvLen * rounds);
        final LocalMemoryRegion wdst = f.lmr(f.s, (long) wlen * rounds);
        for (long i = 0; i + 8 <= src.registeredSize(); i += 8) {
            src.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, i, i * 0x9E3779B97F4A7C15L);
        }
        final long[] at = new long[rounds * sizes.length];
        long off = 0;
        int k = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < sizes.length; i++, k++) {
                final int len = sizes[i] + 4096;
                at[k] = off;
                if (k % 2 == 0) {
                    ep[1].postRecv(List.of(dst.triplet(off, len)), k, CompletionFlag.DEFAULT);
                } else {
                    // three segments: the payload crosses them (one of 1000 bytes in the middle)
                    final int a = len / 3;
                    ep[1].postRecv(List.of(dst.triplet(off, a), dst.triplet(off + a, 1000),
                            dst.triplet(off + a + 1000, len - a - 1000)), k, CompletionFlag.DEFAULT);
                }
                off += len;
            }
        }
        k = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < sizes.length; i++, k++) {
                ep[0].postSend(List.of(src.triplet(from[i], sizes[i])), k, CompletionFlag.DEFAULT);
                if (i == 2) {
                    ep[0].postRdmaWrite(List.of(src.triplet(wsrc, wlen)), 100_000 + r,
                            wdst.remoteTriplet((long) wlen * r, wlen), CompletionFlag.DEFAULT);
                }
            }
        }
        final int total = rounds * sizes.length;
        for (int n = 0; n < total; n++) {
            final DtoCompletionEvent e = dto(f.s.evd);
            assertEquals(DtoStatus.SUCCESS, e.status(), e.toString());
            assertEquals(n, e.cookie(), "receives complete in order");
            assertEquals(sizes[n % sizes.length], e.transferredLength(), e.toString());
        }
        int sends = 0;
        int writes = 0;
        for (int n = 0; n < total + rounds; n++) {
            final DtoCompletionEvent e = dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, e.status(), e.toString());
            if (e.operation() == DtoOperation.RDMA_WRITE) {
                assertEquals(100_000 + writes++, e.cookie(), "writes complete in order");
            } else {
                assertEquals(sends++, e.cookie(), "sends complete in order");
            }
        }
        assertNull(f.c.evd.poll(), "each request completes once");
        for (int n = 0; n < total; n++) {
            final int size = sizes[n % sizes.length];
            assertEquals(-1, dst.segment().asSlice(at[n], size).mismatch(src.segment().asSlice(from[n % sizes.length],
                    size)), "SEND " + n + " of " + size + " bytes landed intact");
        }
        for (int r = 0; r < rounds; r++) {
            assertEquals(-1, wdst.segment().asSlice((long) wlen * r, wlen).mismatch(src.segment().asSlice(wsrc, wlen)),
                    "RDMA write " + r + " landed intact");
        }
    }

    /**
     * A stream of 64 KiB SENDs: after the first frame, the payloads land straight in the receives (before, each read
     * after a large frame took 16 KiB of the next payload into the stage and copied it out).
     */
    @Test
    void shouldNotCopyLargePayloadsThroughTheStage() {
        final Fixture f = fixture.get();
        final Endpoint[] ep = f.connect(DEEP, DEEP, null);
        final int size = 64 * 1024;
        final int count = 256;
        final LocalMemoryRegion src = f.lmr(f.c, size);
        final LocalMemoryRegion dst = f.lmr(f.s, (long) size * count);
        src.segment().fill((byte) 0x5a);
        for (int i = 0; i < count; i++) {
            ep[1].postRecv(List.of(dst.triplet((long) size * i, size)), i, CompletionFlag.DEFAULT);
        }
        final long staged0 = InboundReader.stagedPayload();
        for (int i = 0; i < count; i++) {
            ep[0].postSend(List.of(src.triplet(0, size)), i, CompletionFlag.DEFAULT);
        }
        for (int i = 0; i < count; i++) {
            assertEquals(DtoStatus.SUCCESS, dto(f.s.evd).status());
            assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        }
        final long staged = InboundReader.stagedPayload() - staged0;
        // (other tests of this JVM may run meanwhile and count too: the bound leaves room for a few frames of theirs)
        assertTrue(staged < 8L * size, "payload bytes copied through the stage: " + staged + " for " + count
                + " frames of " + size + " (16 KiB a frame would be " + 16L * 1024 * count + ")");
    }

    /**
     * The target holds a SEND for a receive (RNR, rnr_retry 7) and stops reading; 4 MiB RDMA writes behind it fill
     * the sockets, and the writer waits for room (OP_WRITE). The 200 writes posted then neither try the full socket again nor
     * wake the loop to: the count of refused writes barely moves. Then everything completes, in order.
     */
    @Test
    void shouldNotRetryAFullSocketOnEveryPost() throws InterruptedException {
        final Fixture f = fixture.get();
        final Endpoint[] ep = f.connect(DEEP, DEEP, null);
        final int big = 4 << 20;
        final int ahead = 16;
        final LocalMemoryRegion src = f.lmr(f.c, big);
        final LocalMemoryRegion dst = f.lmr(f.s, big);
        src.segment().fill((byte) 7);
        final LocalMemoryRegion msg = f.lmr(f.c, 8);
        final long start = OutboundWriter.refusedWrites();
        ep[0].postSend(List.of(msg.triplet(0, 8)), 0, CompletionFlag.DEFAULT);
        for (int i = 1; i <= ahead; i++) {
            ep[0].postRdmaWrite(List.of(src.triplet(0, big)), i, dst.remoteTriplet(0, big), CompletionFlag.DEFAULT);
        }
        // the sockets fill (64 MiB behind a held SEND is more than loopback's buffers take)
        Thread.sleep(500);
        assertNull(f.c.evd.poll(), "nothing completes while the target holds the SEND");
        assertTrue(OutboundWriter.refusedWrites() > start, "the socket is full");
        final long refused0 = OutboundWriter.refusedWrites();
        final int more = 200;
        for (int i = 0; i < more; i++) {
            ep[0].postRdmaWrite(List.of(src.triplet(0, 64 * 1024)), ahead + 1 + i, dst.remoteTriplet(0, 64 * 1024),
                    CompletionFlag.DEFAULT);
            if (i % 5 == 4) {
                Thread.sleep(2); // (the loop's rounds in between: each would try the socket again)
            }
        }
        Thread.sleep(300);
        final long refused = OutboundWriter.refusedWrites() - refused0;
        // (a socket buffer that grows may take a little more: a refusal or two)
        assertTrue(refused <= 3, "writes refused by the full socket while " + more + " requests were posted: "
                + refused);
        final LocalMemoryRegion rcv = f.lmr(f.s, 8);
        ep[1].postRecv(List.of(rcv.triplet(0, 8)), 0, CompletionFlag.DEFAULT);
        for (int i = 0; i <= ahead + more; i++) {
            final DtoCompletionEvent e = dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, e.status(), e.toString());
            assertEquals(i, e.cookie(), "each once, in order");
        }
        assertEquals(DtoStatus.SUCCESS, dto(f.s.evd).status());
    }
}
