package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.testsupport.PerTestResource;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * dtest's RDMA write phase on both EPs of one connection at once: a burst of suppressed two-segment RDMA writes, then
 * a send, from each side. On a reliable connection the writes must be in the target's memory when the send's receive
 * completes, and an unsuppressed send's completion must mean the writes before it are done with their source, so the
 * source can be overwritten then without changing what the peer gets.
 */
final class WriteThenSendOrderTest {

    private static final int ROUNDS = 200;
    private static final int BURST = 4;
    private static final int LEN = 64;

    @RegisterExtension
    final PerTestResource<Fixture> fixture = new PerTestResource<>(Fixture::new);

    @Test
    void shouldPlaceSuppressedWritesBeforeTheFollowingSendIsReceivedAndFreeTheirSourceWhenTheSendCompletes() {
        final Fixture f = fixture.get();
        final Endpoint[] ep = f.connect();
        final Fixture.Side[] side = {f.c, f.s};
        final LocalMemoryRegion[] src = {f.lmr(f.c, LEN), f.lmr(f.s, LEN)};
        final LocalMemoryRegion[] dst = {f.lmr(f.c, LEN), f.lmr(f.s, LEN)};
        final LocalMemoryRegion[] msg = {f.lmr(f.c, 16), f.lmr(f.s, 16)};
        final LocalMemoryRegion[] rcv = {f.lmr(f.c, 16), f.lmr(f.s, 16)};
        final Random rnd = new Random(42);
        final byte[][] sent = new byte[2][LEN];
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = 0; i < 2; i++) {
                rnd.nextBytes(sent[i]);
                MemorySegment.copy(sent[i], 0, src[i].segment(), ValueLayout.JAVA_BYTE, 0, LEN);
                dst[1 - i].segment().fill((byte) 0);
                ep[i].postRecv(List.of(rcv[i].triplet(0, 16)), r, CompletionFlag.DEFAULT);
            }
            for (int i = 0; i < 2; i++) {
                final List<LocalMemoryTriplet> iov = List.of(src[i].triplet(0, LEN / 2),
                        src[i].triplet(LEN / 2, LEN / 2));
                for (int b = 0; b < BURST; b++) {
                    ep[i].postRdmaWrite(iov, 0x9999, dst[1 - i].remoteTriplet(0, LEN),
                            Set.of(CompletionFlag.SUPPRESS));
                }
                ep[i].postSend(List.of(msg[i].triplet(0, 16)), 0xaaaa, CompletionFlag.DEFAULT);
            }
            for (int i = 0; i < 2; i++) {
                boolean received = false;
                boolean sendDone = false;
                while (!received || !sendDone) {
                    final DtoCompletionEvent e = dto(side[i].evd);
                    assertEquals(DtoStatus.SUCCESS, e.status(), "round " + r + ": " + e);
                    if (e.operation() == DtoOperation.RECEIVE) {
                        assertEquals(r, e.cookie(), "round " + r);
                        final byte[] got = dst[i].segment().toArray(ValueLayout.JAVA_BYTE);
                        assertArrayEquals(sent[1 - i], got,
                                "round " + r + ": the peer's writes are in place when its send is received");
                        received = true;
                    } else {
                        assertEquals(DtoOperation.SEND, e.operation(), "round " + r + ": suppressed writes");
                        assertEquals(0xaaaa, e.cookie());
                        // the writes posted before this send are done with src: scribble over it at once
                        src[i].segment().fill((byte) 0x5a);
                        sendDone = true;
                    }
                }
            }
        }
        assertNull(f.c.evd.poll());
        assertNull(f.s.evd.poll());
    }
}
