package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.LocalMemoryRegion;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A frame that ends with a socket read that got all it asked for (a payload of {@link InboundReader#IN_STAGE} bytes
 * fills the inbound stage with its header; a larger one ends with a full read into registered memory) leaves open
 * whether the next frame is there. In a ping-pong the read after it finds nothing, and the frames after that leave
 * the socket to the selector ({@link TcpConfig#FULL_READ_SKIPS}). When the ping-pong turns into a stream, and
 * back, every frame must still be read, intact and in order: a frame left in the socket would hang the receiver
 * until the event wait's time-out fails the test.
 */
@Timeout(120)
class FullReadTest {

    private static final int PING_PONGS = 3 * Math.max(5, TcpConfig.FULL_READ_SKIPS_DEFAULT);
    private static final int BURST = 2 * Math.max(5, TcpConfig.FULL_READ_SKIPS_DEFAULT) + 5;

    @ParameterizedTest(name = "payload {0} B")
    @ValueSource(ints = {InboundReader.IN_STAGE - Wire.HEADER, InboundReader.IN_STAGE,
        InboundReader.IN_STAGE + 1, 2 * InboundReader.IN_STAGE, 4 * InboundReader.IN_STAGE})
    void shouldReadEveryFrameWhenAPingPongTurnsIntoAStreamAndBack(final int size) throws Exception {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect(EndpointAttributes.builder().maxRequestDtos(BURST + 4)
                    .maxRecvDtos(BURST + 4).build(), EndpointAttributes.builder().maxRequestDtos(BURST + 4)
                    .maxRecvDtos(BURST + 4).build(), null);
            final Endpoint client = ep[0];
            final Endpoint server = ep[1];
            final LocalMemoryRegion src = f.lmr(f.c, (long) size * BURST);
            final LocalMemoryRegion dst = f.lmr(f.s, (long) size * BURST);
            final LocalMemoryRegion echo = f.lmr(f.c, size);
            for (long i = 0; i < src.registeredSize(); i++) {
                src.segment().set(ValueLayout.JAVA_BYTE, i, (byte) (i * 29 + i / size));
            }
            pingPong(f, client, server, src, dst, echo, size);
            // the stream: every send posted before the receiver looks
            for (int i = 0; i < BURST; i++) {
                server.postRecv(dst.triplet((long) i * size, size), i);
            }
            for (int i = 0; i < BURST; i++) {
                client.postSend(src.triplet((long) i * size, size), i);
            }
            for (int i = 0; i < BURST; i++) {
                final DtoCompletionEvent r = dto(f.s.evd);
                assertEquals(DtoStatus.SUCCESS, r.status(), "receive " + i);
                assertEquals(i, r.cookie(), "receives complete in order");
                assertEquals(size, r.transferredLength());
            }
            for (int i = 0; i < BURST; i++) {
                assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status(), "send " + i);
            }
            assertEquals(-1, dst.segment().mismatch(src.segment()), "every streamed frame landed intact");
            pingPong(f, client, server, src, dst, echo, size);
        }
    }

    /**
     * After a ping-pong of frames that fill the inbound stage exactly (the selector is left to report the next one),
     * two frames that fill it together: one socket read brings both, and the second, already in the stage, must be
     * delivered without the selector (which knows nothing of the stage). Silent-peer detection is off here: its
     * keepalives would make the socket readable again and hide a frame stranded in the stage for seconds.
     */
    @Test
    void shouldDeliverAFrameLeftInTheStageAfterAFullRead() throws Exception {
        final int full = InboundReader.IN_STAGE;
        final int half = (InboundReader.IN_STAGE + Wire.HEADER) / 2 - Wire.HEADER;
        try (Fixture f = Fixture.withSettings("127.0.0.1", TcpProvider.ACK_TIMEOUT_PROP_NAME, "0")) {
            final Endpoint[] ep = f.connect(EndpointAttributes.builder().maxRequestDtos(8).maxRecvDtos(8).build(),
                    EndpointAttributes.builder().maxRequestDtos(8).maxRecvDtos(8).build(), null);
            final LocalMemoryRegion src = f.lmr(f.c, 2L * full);
            final LocalMemoryRegion dst = f.lmr(f.s, 2L * full);
            final LocalMemoryRegion echo = f.lmr(f.c, full);
            for (long i = 0; i < src.registeredSize(); i++) {
                src.segment().set(ValueLayout.JAVA_BYTE, i, (byte) (i * 17 + 3));
            }
            for (int round = 0; round < 20; round++) {
                pingPong(f, ep[0], ep[1], src, dst, echo, full);
                dst.segment().fill((byte) 0);
                ep[1].postRecv(dst.triplet(0, half), 0);
                ep[1].postRecv(dst.triplet(half, half), 1);
                ep[0].postSend(src.triplet(0, half), 0);
                ep[0].postSend(src.triplet(half, half), 1);
                for (int i = 0; i < 2; i++) {
                    final DtoCompletionEvent r = dto(f.s.evd);
                    assertEquals(DtoStatus.SUCCESS, r.status(), "round " + round + ", frame " + i);
                    assertEquals(half, r.transferredLength());
                }
                dto(f.c.evd);
                dto(f.c.evd);
                assertEquals(-1, dst.segment().asSlice(0, 2L * half).mismatch(src.segment().asSlice(0, 2L * half)),
                        "round " + round + ": both frames landed intact");
            }
        }
    }

    /** {@link #PING_PONGS} round trips: the client sends, the server answers with what it received. */
    private static void pingPong(final Fixture f, final Endpoint client, final Endpoint server,
            final LocalMemoryRegion src, final LocalMemoryRegion dst, final LocalMemoryRegion echo, final int size) {
        for (int i = 0; i < PING_PONGS; i++) {
            final long at = (long) (i % 2) * size;
            server.postRecv(dst.triplet(at, size), i);
            client.postRecv(echo.triplet(0, size), i);
            dst.segment().asSlice(at, size).fill((byte) 0);
            client.postSend(src.triplet(at, size), i);
            final DtoCompletionEvent request = dto(f.s.evd);
            assertEquals(DtoStatus.SUCCESS, request.status(), "request " + i);
            assertEquals(size, request.transferredLength());
            server.postSend(dst.triplet(at, size), i);
            assertEquals(DtoStatus.SUCCESS, dto(f.s.evd).status(), "response " + i + " sent");
            int got = 0;
            for (int k = 0; k < 2; k++) {
                final DtoCompletionEvent c = dto(f.c.evd);
                assertEquals(DtoStatus.SUCCESS, c.status(), "client completion of round trip " + i);
                got += (int) c.transferredLength();
            }
            assertEquals(2 * size, got, "the request went and its echo came back");
            assertEquals(-1, echo.segment().mismatch(src.segment().asSlice(at, size)),
                    "round trip " + i + ": the echo is the request");
        }
    }
}
