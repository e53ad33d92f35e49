package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static io.dat4j.provider.tcp.UntrustedPeerTest.header;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.testsupport.PerTestResource;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Coalesced writes ({@link OutboundWriter}: batches, and the cork of a posting thread in a stream): small SENDs and
 * RDMA writes, RDMA reads and control frames (ACKs both ways) go out several to a write, and still arrive in order,
 * each request completing once; a peer that reads slowly through a small receive buffer gets every frame; a batch
 * the socket could not take is finished, or flushed once when the connection ends mid-batch.
 */
@Timeout(120)
class CoalescedWriteTest {

    private static final EndpointAttributes DEEP = EndpointAttributes.builder().maxRequestDtos(4096)
            .maxRecvDtos(512).maxRdmaReadOut(8).maxRdmaReadIn(8).rnrRetryCount(7).build();

    @RegisterExtension
    final PerTestResource<Fixture> fixture = new PerTestResource<>(Fixture::new);

    /**
     * Both sides stream at once, each a mix of RDMA writes (a counter into the peer's word), SENDs (carrying the
     * counter), RDMA reads and SENDs of a few bytes, 200 requests in flight: the ACKs each side owes ride in its
     * batches. Every SEND arrives in order with the peer's write before it in place, every request completes once,
     * in posting order, and frames went out in batches.
     */
    @Test
    void shouldDeliverInterleavedSmallRequestsInOrderAndCompleteEachOnce() throws Exception {
        final Fixture f = fixture.get();
        final Endpoint[] ep = f.connect(DEEP, DEEP, null);
        final long before = OutboundStage.batchedFrames();
        final LocalMemoryRegion[] word = {f.lmr(f.c, 64), f.lmr(f.s, 64)};
        final CompletableFuture<Void> other = CompletableFuture.runAsync(() -> mixed(ep[1], f.s, word[0], word[1]));
        mixed(ep[0], f.c, word[1], word[0]);
        other.get(100, TimeUnit.SECONDS);
        assertTrue(OutboundStage.batchedFrames() > before, "frames were written several to a call");
    }

    private static final int MIXED = 6000;
    private static final int WINDOW = 200;
    private static final int RECVS = 256;

    /**
     * One side of {@link #shouldDeliverInterleavedSmallRequestsInOrderAndCompleteEachOnce}: request {@code i} is, by
     * {@code i % 4}: an RDMA write of {@code i} into the peer's word, a SEND of {@code i - 1} (1 KiB), an RDMA read of
     * the peer's word, a SEND of 8 bytes carrying {@code i}.
     */
    private void mixed(final Endpoint ep, final Fixture.Side side, final LocalMemoryRegion peerWord,
            final LocalMemoryRegion myWord) {
        final Fixture f = fixture.get();
        final int size = 1024;
        final LocalMemoryRegion src = f.lmr(side, (long) size * WINDOW);
        final LocalMemoryRegion dst = f.lmr(side, (long) size * RECVS);
        for (int i = 0; i < RECVS; i++) {
            ep.postRecv(List.of(dst.triplet((long) size * i, size)), 1_000_000 + i, CompletionFlag.DEFAULT);
        }
        final MemorySegment s = src.segment();
        int posted = 0;
        int completed = 0;
        int received = 0;
        long lastSeen = -1;
        final int sends = MIXED / 2;
        while (completed < MIXED || received < sends) {
            while (posted < MIXED && posted - completed < WINDOW) {
                final int i = posted;
                // a source slot per request in flight: it is not touched again before the request completes
                final long at = (long) size * (i % WINDOW);
                s.set(ValueLayout.JAVA_LONG_UNALIGNED, at, i);
                switch (i % 4) {
                    case 0 -> ep.postRdmaWrite(List.of(src.triplet(at, 8)), i, peerWord.remoteTriplet(0, 8),
                            CompletionFlag.DEFAULT);
                    case 1 -> {
                        s.set(ValueLayout.JAVA_LONG_UNALIGNED, at, i - 1);
                        ep.postSend(List.of(src.triplet(at, size)), i, CompletionFlag.DEFAULT);
                    }
                    case 2 -> ep.postRdmaRead(List.of(src.triplet(at + 8, 8)), i, peerWord.remoteTriplet(8, 8),
                            CompletionFlag.DEFAULT);
                    default -> ep.postSend(List.of(src.triplet(at, 8)), i, CompletionFlag.DEFAULT);
                }
                posted++;
            }
            final DtoCompletionEvent e = dto(side.evd);
            assertEquals(DtoStatus.SUCCESS, e.status(), e.toString());
            if (e.operation() == DtoOperation.RECEIVE) {
                final int slot = (int) (e.cookie() - 1_000_000);
                final long v = dst.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, (long) size * slot);
                assertTrue(v > lastSeen, "SENDs arrive in order: " + v + " after " + lastSeen);
                lastSeen = v;
                if (e.transferredLength() == size) {
                    // the peer wrote v into this side's word before it sent v
                    assertTrue(myWord.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, 0) >= v,
                            "the RDMA write before SEND " + v + " is in place");
                } else {
                    assertEquals(8, e.transferredLength());
                }
                received++;
                if (received + RECVS <= sends) {
                    ep.postRecv(List.of(dst.triplet((long) size * slot, size)), e.cookie(), CompletionFlag.DEFAULT);
                }
            } else {
                assertEquals(completed, e.cookie(), "requests complete once each, in posting order");
                completed++;
            }
        }
        assertEquals(MIXED - 1, lastSeen, "the last SEND carried the last value");
    }

    /**
     * A raw peer with a 4 KiB receive buffer that reads a header, then its payload, with a pause every 64 frames, and
     * acknowledges every frame that asks: 3000 SENDs and RDMA writes of 1 KiB, posted as fast as the window allows,
     * all arrive in order, complete once each, and nothing is written after the last.
     */
    @Test
    void shouldGetEverythingToAPeerThatReadsSlowly() throws Exception {
        final Fixture f = fixture.get();
        final ServerSocket ss = new ServerSocket();
        f.extra.add(ss);
        ss.setReceiveBufferSize(4096);
        ss.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
        final Endpoint ep = f.c.ep(DEEP);
        ep.connect(InetAddress.getLoopbackAddress(), ss.getLocalPort(), WAIT, null);
        final Socket sock = ss.accept();
        f.extra.add(sock);
        sock.setSoTimeout(60_000);
        final DataInputStream in = new DataInputStream(sock.getInputStream());
        final OutputStream out = sock.getOutputStream();
        final byte[] req = new byte[Wire.HEADER];
        in.readFully(req);
        in.readFully(new byte[ByteBuffer.wrap(req).getInt(Wire.OFF_LENGTH)]);
        out.write(header(Wire.REP, 7 | Wire.FLAG_PIGGY_ACK | Wire.FLAG_ACK_REQ, 0, Wire.MAGIC, 0, 8, 0));
        out.flush();
        in.readFully(new byte[Wire.HEADER]);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);

        final int n = 3000;
        final int size = 1024;
        final CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
            try {
                final byte[] h = new byte[Wire.HEADER];
                final byte[] payload = new byte[size];
                int owed = 0;
                int i = 0;
                while (i < n || owed > 0) {
                    in.readFully(h);
                    final ByteBuffer b = ByteBuffer.wrap(h);
                    final int type = b.get(Wire.OFF_TYPE);
                    if (type == Wire.ACK_REQ) {
                        // the tail: frames that did not ask are followed by an ask for their ACK
                        if (owed > 0) {
                            out.write(header(Wire.ACK, 0, 0, 0, 0, owed, 0));
                            out.flush();
                            owed = 0;
                        }
                        continue;
                    }
                    assertEquals(i % 2 == 0 ? Wire.SEND : Wire.WRITE, type, "frame " + i);
                    assertEquals(size, b.getInt(Wire.OFF_LENGTH));
                    in.readFully(payload);
                    assertEquals(i, ByteBuffer.wrap(payload).getInt(0), "frame " + i + " in order");
                    i++;
                    owed++;
                    if ((b.get(Wire.OFF_FLAGS) & Wire.FLAG_ACK_NOW) != 0) {
                        out.write(header(Wire.ACK, 0, 0, 0, 0, owed, 0));
                        out.flush();
                        owed = 0;
                    }
                    if (i % 64 == 0) {
                        Thread.sleep(1);
                    }
                }
            } catch (final Exception e) {
                throw new IllegalStateException(e);
            }
        });
        final LocalMemoryRegion src = f.lmr(f.c, (long) size * WINDOW);
        final LocalMemoryRegion target = f.lmr(f.c, size);
        int posted = 0;
        int completed = 0;
        while (completed < n) {
            while (posted < n && posted - completed < WINDOW) {
                final long at = (long) size * (posted % WINDOW);
                src.segment().set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.BIG_ENDIAN), at,
                        posted);
                if (posted % 2 == 0) {
                    ep.postSend(List.of(src.triplet(at, size)), posted, CompletionFlag.DEFAULT);
                } else {
                    // (a raw peer: the address and context are not checked)
                    ep.postRdmaWrite(List.of(src.triplet(at, size)), posted, target.remoteTriplet(0, size),
                            CompletionFlag.DEFAULT);
                }
                posted++;
            }
            final DtoCompletionEvent e = dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, e.status(), e.toString());
            assertEquals(completed, e.cookie(), "each once, in order");
            completed++;
        }
        reader.get(60, TimeUnit.SECONDS);
        assertNull(f.c.evd.poll());
    }

    /**
     * The target holds the first SEND for a receive (RNR, rnr_retry 7) and so stops reading: the 16 KiB RDMA writes
     * behind it fill both sockets, and batches stay partly written. Then either the receive comes (everything
     * completes once, in order, and lands), or the initiator disconnects and resets mid-batch (every request completes
     * once, FLUSHED, and nothing after).
     */
    @Test
    void shouldFinishABatchTheSocketCouldNotTakeAtOnce() {
        stalled(false);
    }

    @Test
    void shouldFlushEachRequestOnceWhenClosedMidBatch() {
        stalled(true);
    }

    private void stalled(final boolean closeMidBatch) {
        final Fixture f = fixture.get();
        final Endpoint[] ep = f.connect(DEEP, DEEP, null);
        final int chunk = 16 * 1024;
        final int writes = 2000;
        final LocalMemoryRegion src = f.lmr(f.c, (long) chunk * 64);
        final LocalMemoryRegion dst = f.lmr(f.s, (long) chunk * 64);
        for (int i = 0; i < 64; i++) {
            src.segment().asSlice((long) chunk * i, chunk).fill((byte) (i + 1));
        }
        final LocalMemoryRegion msg = f.lmr(f.c, 8);
        ep[0].postSend(List.of(msg.triplet(0, 8)), 0, CompletionFlag.DEFAULT);
        for (int i = 1; i <= writes; i++) {
            final long at = (long) chunk * (i % 64);
            ep[0].postRdmaWrite(List.of(src.triplet(at, chunk)), i, dst.remoteTriplet(at, chunk),
                    CompletionFlag.DEFAULT);
        }
        // nothing can complete while the target holds the SEND (no ACK goes past it); meanwhile the sockets fill
        sleep(300);
        assertNull(f.c.evd.poll(), "nothing completes while the target holds the SEND");
        if (closeMidBatch) {
            // an ABRUPT disconnect cannot get its DISC past the full socket: the kit makes the EP DISCONNECTED after
            // dat4j.kit.abruptDisconnectMillis; its reset then ends the connection and flushes what it holds
            ep[0].disconnect(CloseMode.ABRUPT);
            assertEquals(io.dat4j.EndpointState.DISCONNECTED, ep[0].state());
            ep[0].reset();
            final boolean[] seen = new boolean[writes + 1];
            for (int i = 0; i <= writes; i++) {
                final DtoCompletionEvent e = dto(f.c.evd);
                // (TRANSPORT: the transport timeout, 16 s without a byte from the peer, came first)
                assertTrue(e.status() == DtoStatus.FLUSHED || e.status() == DtoStatus.TRANSPORT, e.toString());
                assertTrue(!seen[(int) e.cookie()], "request " + e.cookie() + " completes once");
                seen[(int) e.cookie()] = true;
            }
            sleep(300);
            assertNull(f.c.evd.poll(), "nothing completes twice");
            return;
        }
        final LocalMemoryRegion rcv = f.lmr(f.s, 8);
        ep[1].postRecv(List.of(rcv.triplet(0, 8)), 7, CompletionFlag.DEFAULT);
        for (int i = 0; i <= writes; i++) {
            final DtoCompletionEvent e = dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, e.status(), e.toString());
            assertEquals(i, e.cookie(), "each once, in order");
        }
        final DtoCompletionEvent r = dto(f.s.evd);
        assertEquals(DtoOperation.RECEIVE, r.operation());
        assertArrayEquals(src.segment().toArray(ValueLayout.JAVA_BYTE), dst.segment().toArray(ValueLayout.JAVA_BYTE),
                "every write landed");
        assertNull(f.c.evd.poll());
    }

    private static void sleep(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
