package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.expect;
import static io.dat4j.provider.tcp.UntrustedPeerTest.header;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.StatusType;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A read turn that ends after {@link InboundReader#STEPS_PER_TURN} steps with frames left in the inbound stage and
 * the socket empty must go on by itself: no selection reports those frames. Before, the connection was marked to
 * resume but not queued, and the frames sat in the stage for ever (found from outside, round i24: a sender with a
 * queue of 256 small SENDs stalled, its SENDs never completed although receives were posted).
 *
 * <p>A raw peer writes more small SENDs than one turn handles in one system call, so the receiving side reads them
 * all into its stage at once (loopback delivers one write whole): deterministic. The test fails when no receive
 * completes for {@link #NO_PROGRESS} (a stall, not a slow run: every frame is in user space already).
 */
@Timeout(120)
class ReadTurnResumeTest {

    /** SENDs of 32 bytes take two steps each (header, payload): 200 are 400 steps, more than one turn. */
    private static final int SENDS = 200;
    private static final int LEN = 32;
    private static final Duration NO_PROGRESS = Duration.ofSeconds(10);

    @Test
    void framesLeftInTheStageAfterAReadTurnAreHandledWithoutFurtherSocketData() throws Exception {
        assertTrue(SENDS * 2 > InboundReader.STEPS_PER_TURN, "more frames than one turn handles");
        try (Fixture f = new Fixture(); ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            final Endpoint ep = f.c.ep(EndpointAttributes.builder().maxRecvDtos(256).maxRequestDtos(16).build());
            final LocalMemoryRegion buf = f.lmr(f.c, (long) SENDS * LEN);
            for (int i = 0; i < SENDS; i++) {
                ep.postRecv(List.of(buf.triplet((long) i * LEN, LEN)), i, CompletionFlag.DEFAULT);
            }
            ep.connect(InetAddress.getLoopbackAddress(), ss.getLocalPort(), WAIT, null);
            try (Socket s = ss.accept()) {
                final DataInputStream in = new DataInputStream(s.getInputStream());
                final byte[] req = new byte[Wire.HEADER];
                in.readFully(req);
                in.readFully(new byte[ByteBuffer.wrap(req).getInt(4)]);
                s.getOutputStream().write(header(Wire.REP, 7, 0, Wire.MAGIC, 0, 8, 0));
                s.getOutputStream().flush();
                in.readFully(new byte[Wire.HEADER]); // RTU
                expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                final ByteArrayOutputStream frames = new ByteArrayOutputStream();
                for (int i = 0; i < SENDS; i++) {
                    frames.write(header(Wire.SEND, 0, LEN, 0, 0, 0, 0));
                    final byte[] payload = new byte[LEN];
                    payload[0] = (byte) i;
                    frames.write(payload);
                }
                s.getOutputStream().write(frames.toByteArray()); // one system call: one read takes them all
                s.getOutputStream().flush();
                for (int done = 0; done < SENDS; done++) {
                    final DtoCompletionEvent e;
                    try {
                        e = assertInstanceOf(DtoCompletionEvent.class, f.c.evd.await(NO_PROGRESS));
                    } catch (final DatException x) {
                        if (x.type() != StatusType.TIMEOUT_EXPIRED) {
                            throw x;
                        }
                        fail("stalled: " + done + " of " + SENDS + " SENDs received, none for " + NO_PROGRESS
                                + " although all were written and receives are posted (frames left in the inbound"
                                + " stage after a read turn of " + InboundReader.STEPS_PER_TURN + " steps)");
                        return;
                    }
                    assertEquals(DtoStatus.SUCCESS, e.status(), "receive " + done);
                    assertEquals(done, e.cookie(), "in order");
                    assertEquals((byte) done, buf.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE,
                            (long) done * LEN), "the payload of SEND " + done);
                }
            }
        }
    }
}
