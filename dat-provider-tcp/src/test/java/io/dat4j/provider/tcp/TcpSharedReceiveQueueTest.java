package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static io.dat4j.provider.tcp.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Shared receive queues on the TCP provider: two EPs, two peers, one SRQ. */
@Timeout(120)
class TcpSharedReceiveQueueTest {

    private Fixture f;
    private InterfaceAdapter client2;

    @AfterEach
    void close() {
        if (client2 != null) {
            client2.close();
        }
        if (f != null) {
            f.close();
        }
    }

    /** Connects a client EP of {@code side} to a new server EP that uses {@code srq}; returns [client, server]. */
    private Endpoint[] connect(final Fixture.Side side, final SharedReceiveQueue srq) {
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final Endpoint ce = side.ep(null);
        final Endpoint se = f.server.createEndpointWithSrq(f.s.pz, f.s.evd, f.s.evd, f.s.conn, srq, null);
        ce.connect(f.server.address().getAddress(), psp.connectionQualifier(), WAIT, new byte[] {1});
        request(f.s.conn).accept(se, new byte[] {2});
        expect(side.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        psp.close();
        return new Endpoint[] {ce, se};
    }

    private static void fill(final LocalMemoryRegion r, final int value) {
        r.segment().fill((byte) value);
    }

    @Test
    @DisplayName("SRQ-01 tcp: two EPs sharing one SRQ take its buffers in FIFO order for messages from two peers")
    void shouldShareBuffersBetweenTwoConnections() {
        f = new Fixture();
        client2 = Fixture.open("cli2", "127.0.0.1");
        final Fixture.Side c2 = new Fixture.Side(client2);
        final SharedReceiveQueue srq = f.server.createSharedReceiveQueue(f.s.pz, new SrqAttributes(8, 2, 0));
        final Endpoint[] a = connect(f.c, srq);
        final Endpoint[] b = connect(c2, srq);
        final LocalMemoryRegion dst = f.lmr(f.s, 4096);
        for (int i = 0; i < 4; i++) {
            srq.postRecv(List.of(dst.triplet(i * 1024, 16), dst.triplet(i * 1024 + 512, 256)), 100 + i,
                    CompletionFlag.DEFAULT);
        }
        assertEquals(4, srq.available());
        final LocalMemoryRegion src1 = f.lmr(f.c, 512);
        final LocalMemoryRegion src2 = c2.ia.createLocalMemoryRegion(c2.pz, f.arena.allocate(512, 64),
                io.dat4j.MemoryPrivilege.ALL);
        fill(src1, 0x11);
        fill(src2, 0x22);
        final Endpoint[] senders = {a[0], b[0], b[0], a[0]};
        final Endpoint[] receivers = {a[1], b[1], b[1], a[1]};
        final LocalMemoryRegion[] sources = {src1, src2, src2, src1};
        final int[] lengths = {10, 200, 0, 272};
        for (int i = 0; i < 4; i++) {
            senders[i].postSend(List.of(sources[i].triplet(0, lengths[i])), i, CompletionFlag.DEFAULT);
            final DtoCompletionEvent r = dto(f.s.evd);
            assertEquals(DtoOperation.RECEIVE, r.operation());
            assertEquals(DtoStatus.SUCCESS, r.status());
            assertEquals(100 + i, r.cookie(), "buffers are consumed in posting order");
            assertSame(receivers[i], r.endpoint(), "the completion goes to the EP that received the message");
            assertEquals(lengths[i], r.transferredLength());
            final MemorySegment buf = dst.segment().asSlice(i * 1024L, 1024);
            final byte expected = (byte) (sources[i] == src1 ? 0x11 : 0x22);
            final int first = Math.min(16, lengths[i]);
            for (int k = 0; k < first; k++) {
                assertEquals(expected, buf.get(ValueLayout.JAVA_BYTE, k));
            }
            for (int k = 0; k < lengths[i] - first; k++) {
                assertEquals(expected, buf.get(ValueLayout.JAVA_BYTE, 512 + k));
            }
            assertEquals(0, buf.get(ValueLayout.JAVA_BYTE, 512 + Math.max(0, lengths[i] - first)),
                    "nothing beyond the message");
        }
        assertEquals(0, srq.available());
        for (final Fixture.Side side : List.of(f.c, c2)) {
            for (int i = 0; i < 2; i++) {
                assertEquals(DtoStatus.SUCCESS, dto(side.evd).status());
            }
        }
        assertEquals(StatusSubtype.INVALID_STATE_SRQ_IN_USE,
                assertThrows(DatException.class, srq::close).subtype(), "free refused while EPs use the SRQ");
        final DatException post = assertThrows(DatException.class,
                () -> a[1].postRecv(List.of(dst.triplet(0, 8)), 1, CompletionFlag.DEFAULT));
        assertEquals(StatusType.INVALID_STATE, post.type());
        a[1].disconnect(io.dat4j.CloseMode.ABRUPT);
        b[1].disconnect(io.dat4j.CloseMode.ABRUPT);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        srq.postRecv(List.of(dst.triplet(0, 8)), 7, CompletionFlag.DEFAULT);
        a[1].close();
        b[1].close();
        assertEquals(1, srq.available(), "a disconnect does not flush the SRQ's buffers");
        srq.close();
        assertTrue(srq.isClosed());
    }

    @Test
    @DisplayName("SRQ tcp: a SEND arriving while the SRQ is empty waits for a buffer (RNR rule), then completes")
    void shouldHoldASendUntilTheSrqGetsABuffer() throws Exception {
        f = new Fixture();
        final SharedReceiveQueue srq = f.server.createSharedReceiveQueue(f.s.pz, new SrqAttributes(4, 1, 0));
        final Endpoint[] ep = connect(f.c, srq);
        final LocalMemoryRegion src = f.lmr(f.c, 64);
        final LocalMemoryRegion dst = f.lmr(f.s, 64);
        fill(src, 0x5a);
        ep[0].postSend(List.of(src.triplet(0, 64)), 1, CompletionFlag.DEFAULT);
        Thread.sleep(200);
        assertNull(f.c.evd.poll(), "the send waits for a buffer in the peer's SRQ");
        srq.postRecv(List.of(dst.triplet(0, 64)), 9, CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        final DtoCompletionEvent r = dto(f.s.evd);
        assertEquals(9, r.cookie());
        assertEquals(64, r.transferredLength());
        assertEquals(-1, src.segment().mismatch(dst.segment()));
    }

    @Test
    @DisplayName("SRQ tcp: with rnr_retry 0 a SEND finding the SRQ empty fails RECEIVER_NOT_READY")
    void shouldFailWithReceiverNotReadyWhenTheSrqIsEmpty() {
        f = new Fixture();
        final SharedReceiveQueue srq = f.server.createSharedReceiveQueue(f.s.pz, new SrqAttributes(4, 1, 0));
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final Endpoint ce = f.c.ep(io.dat4j.EndpointAttributes.builder().rnrRetryCount(0).build());
        final Endpoint se = f.server.createEndpointWithSrq(f.s.pz, f.s.evd, f.s.evd, f.s.conn, srq, null);
        ce.connect(f.server.address().getAddress(), psp.connectionQualifier(), WAIT, new byte[0]);
        request(f.s.conn).accept(se, new byte[0]);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final LocalMemoryRegion src = f.lmr(f.c, 64);
        ce.postSend(List.of(src.triplet(0, 8)), 1, CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.RECEIVER_NOT_READY, dto(f.c.evd).status());
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        assertEquals(0, srq.available());
    }

    @Test
    void shouldRefuseBadArgumentsAndFreeWithTheIa() {
        f = new Fixture();
        final SharedReceiveQueue srq = f.server.createSharedReceiveQueue(f.s.pz, new SrqAttributes(2, 1, 0));
        final Endpoint se = f.server.createEndpointWithSrq(f.s.pz, f.s.evd, f.s.evd, f.s.conn, srq, null);
        final LocalMemoryRegion dst = f.lmr(f.s, 64);
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class,
                () -> f.server.createSharedReceiveQueue(f.s.pz, new SrqAttributes(-1, 1, 0))).type());
        assertEquals(StatusType.INVALID_HANDLE, assertThrows(DatException.class,
                () -> f.server.createEndpointWithSrq(f.c.pz, f.s.evd, f.s.evd, f.s.conn, srq, null)).type());
        final SharedReceiveQueue foreign = f.client.createSharedReceiveQueue(f.c.pz, new SrqAttributes(2, 1, 0));
        assertEquals(StatusSubtype.INVALID_HANDLE_SRQ, assertThrows(DatException.class,
                () -> f.server.createEndpointWithSrq(f.s.pz, f.s.evd, f.s.evd, f.s.conn, foreign, null)).subtype());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class,
                () -> srq.postRecv(List.of(dst.triplet(0, 8), dst.triplet(8, 8)), 1, CompletionFlag.DEFAULT)).type());
        srq.postRecv(List.of(dst.triplet(0, 8)), 1, CompletionFlag.DEFAULT);
        srq.postRecv(List.of(dst.triplet(8, 8)), 2, CompletionFlag.DEFAULT);
        assertEquals(StatusType.INSUFFICIENT_RESOURCES, assertThrows(DatException.class,
                () -> srq.postRecv(List.of(dst.triplet(0, 8)), 3, CompletionFlag.DEFAULT)).type());
        assertEquals(StatusType.INVALID_STATE, assertThrows(DatException.class, () -> srq.resize(1)).type());
        srq.setLowWatermark(1);
        assertEquals(new SrqAttributes(2, 1, 1), srq.query());
        f.server.close(io.dat4j.CloseMode.ABRUPT);
        assertTrue(srq.isClosed(), "IA close frees the SRQ");
        assertTrue(se.isClosed());
    }
}
