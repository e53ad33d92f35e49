package io.dat4j.provider.rdmacm.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import io.dat4j.provider.rdmacm.GuestDevice;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * rdma-core's {@code rping} against an rping-compatible DAT client and server on the rdmacm provider. rping's protocol
 * ({@code librdmacm/examples/rping.c}): each side keeps one 16-byte receive posted; a message is
 * {@code struct rping_rdma_info {be64 buf; be32 rkey; be32 size}}. Per ping the client fills its start buffer with
 * {@code "rdma-ping-<n>: "} and a rolling alphabet (NUL-terminated), advertises it; the server RDMA-reads it and
 * answers with a 16-byte "go ahead"; the client advertises its sink buffer; the server RDMA-writes the string
 * ({@code strlen + 1} bytes) into it and answers again; the client compares. Skipped, with the reason, where there is
 * no device or no rping.
 */
@DisplayName("interop: C rping (rdmacm-utils) against an rping-compatible DAT client and server")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RpingInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final int INFO = 16;
    private static final int SIZE = 64;
    private static final int COUNT = 3;
    private static final ValueLayout.OfLong BE64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt BE32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static GuestDevice device;

    private InterfaceAdapter ia;
    private Arena arena;
    private CProgram c;

    @BeforeAll
    static void requireDeviceAndRping() throws Exception {
        device = GuestDevice.require();
        CProgram.requireOnPath("rping");
    }

    @BeforeEach
    void open() {
        arena = Arena.ofShared();
        ia = Dat.openInterfaceAdapter(device.entry().iaName());
    }

    @AfterEach
    void close() throws Exception {
        if (c != null) {
            c.close();
        }
        ia.close();
        arena.close();
    }

    /** One rping side: receive and send buffers for the 16-byte messages, and two 64-byte RDMA buffers. */
    private final class Side {
        final ProtectionZone pz = ia.createProtectionZone();
        final EventDispatcher dto = ia.createEventDispatcher(16, null, Set.of(EventStream.DTO));
        final EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
        final Endpoint ep = ia.createEndpoint(pz, dto, dto, conn, null);
        final MemorySegment recv = arena.allocate(INFO, 64);
        final MemorySegment send = arena.allocate(INFO, 64);
        final MemorySegment start = arena.allocate(SIZE, 64);
        final MemorySegment sink = arena.allocate(SIZE, 64);
        final LocalMemoryRegion recvLmr = ia.createLocalMemoryRegion(pz, recv, Set.of(MemoryPrivilege.LOCAL_WRITE));
        final LocalMemoryRegion sendLmr = ia.createLocalMemoryRegion(pz, send, Set.of(MemoryPrivilege.LOCAL_READ));
        final LocalMemoryRegion startLmr = ia.createLocalMemoryRegion(pz, start, MemoryPrivilege.ALL);
        final LocalMemoryRegion sinkLmr = ia.createLocalMemoryRegion(pz, sink, MemoryPrivilege.ALL);

        void postRecv() {
            ep.postRecv(recvLmr.triplet(0, INFO), 1);
        }

        /** Sends rping_rdma_info for a region, or 16 zero bytes ("go ahead") when lmr is null. */
        void sendInfo(final LocalMemoryRegion lmr) {
            send.fill((byte) 0);
            if (lmr != null) {
                send.set(BE64, 0, lmr.registeredAddress());
                send.set(BE32, 8, lmr.rmrContext());
                send.set(BE32, 12, SIZE);
            }
            ep.postSend(sendLmr.triplet(0, INFO), 2);
        }

        /** Waits for completions until one of the operation arrives; every completion must be SUCCESS. */
        DtoCompletionEvent await(final DtoOperation operation) {
            while (true) {
                final Event e = dto.await(WAIT);
                final DtoCompletionEvent d = assertInstanceOf(DtoCompletionEvent.class, e, String.valueOf(e));
                assertEquals(DtoStatus.SUCCESS, d.status(), String.valueOf(d));
                if (d.operation() == operation) {
                    return d;
                }
            }
        }

        /**
         * Waits for the completion of the last send of a conversation: SUCCESS, or FLUSHED when the peer, which
         * disconnects as soon as the message arrives, tore the connection down before the ACK completed the send on
         * this side (RC completes a send on its ACK); the peer's own output shows whether the message arrived.
         */
        void awaitLastSend() {
            final Event e = dto.await(WAIT);
            final DtoCompletionEvent d = assertInstanceOf(DtoCompletionEvent.class, e, String.valueOf(e));
            assertEquals(DtoOperation.SEND, d.operation(), String.valueOf(d));
            assertTrue(d.status() == DtoStatus.SUCCESS || d.status() == DtoStatus.FLUSHED, String.valueOf(d));
        }

        /**
         * Waits for a 16-byte message and returns the advertised buffer.
         *
         * @param repost whether to post the next receive (not after the last message: the peer disconnects then, and
         *        a receive still posted would complete FLUSHED)
         */
        RemoteMemoryTriplet receiveInfo(final boolean repost) {
            final DtoCompletionEvent d = await(DtoOperation.RECEIVE);
            assertEquals(INFO, d.transferredLength(), "rping messages are 16 bytes");
            final RemoteMemoryTriplet r = new RemoteMemoryTriplet(recv.get(BE32, 8), recv.get(BE64, 0),
                    Integer.toUnsignedLong(recv.get(BE32, 12)));
            if (repost) {
                postRecv();
            }
            return r;
        }

        ConnectionEvent connection(final EventNumber expected) {
            final Event e = conn.await(WAIT);
            final ConnectionEvent ce = assertInstanceOf(ConnectionEvent.class, e, String.valueOf(e));
            assertEquals(expected, ce.number(), String.valueOf(ce));
            return ce;
        }
    }

    /** rping's client pattern: "rdma-ping-n: " then 'A'.. 'z' rolling from start, NUL at the end. */
    private static byte[] pattern(final int ping, final int startChar) {
        final byte[] b = new byte[SIZE];
        final byte[] head = ("rdma-ping-" + ping + ": ").getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(head, 0, b, 0, head.length);
        int ch = startChar;
        for (int i = head.length; i < SIZE; i++) {
            b[i] = (byte) ch;
            ch = ch + 1 > 122 ? 65 : ch + 1;
        }
        b[SIZE - 1] = 0;
        return b;
    }

    @Test
    @DisplayName("C rping -c -V -> DAT rping server: RDMA read of the client's buffer, RDMA write back, 3 pings")
    void cClientJavaServer() throws Exception {
        final int port = 7473;
        final Side s = new Side();
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePoint(port, crEvd, ServicePointFlag.CONSUMER);
        c = CProgram.start("rping", "-c", "-a", device.ip().getHostAddress(), "-p", Integer.toString(port), "-C",
                Integer.toString(COUNT), "-S", Integer.toString(SIZE), "-v", "-V");
        final Event e = crEvd.await(WAIT);
        final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, e, String.valueOf(e));
        s.postRecv();
        cr.request().accept(s.ep, null);
        s.connection(EventNumber.CONNECTION_EVENT_ESTABLISHED);
        for (int ping = 0; ping < COUNT; ping++) {
            final RemoteMemoryTriplet startBuf = s.receiveInfo(true);
            assertEquals(SIZE, startBuf.segmentLength(), "the client advertises -S bytes");
            s.ep.postRdmaRead(List.of(s.sinkLmr.triplet(0, SIZE)), 3, startBuf, CompletionFlag.DEFAULT);
            s.await(DtoOperation.RDMA_READ);
            final byte[] got = s.sink.toArray(ValueLayout.JAVA_BYTE);
            final String text = new String(got, 0, SIZE - 1, StandardCharsets.US_ASCII);
            assertTrue(text.startsWith("rdma-ping-" + ping + ": "), "the client's buffer, read: " + text);
            s.sendInfo(null);
            s.await(DtoOperation.SEND);
            final RemoteMemoryTriplet sinkBuf = s.receiveInfo(ping < COUNT - 1);
            // rping's server writes strlen + 1 bytes back
            s.ep.postRdmaWrite(List.of(s.sinkLmr.triplet(0, SIZE)), 4,
                    new RemoteMemoryTriplet(sinkBuf.rmrContext(), sinkBuf.virtualAddress(), SIZE),
                    CompletionFlag.DEFAULT);
            s.await(DtoOperation.RDMA_WRITE);
            s.sendInfo(null);
            if (ping < COUNT - 1) {
                s.await(DtoOperation.SEND);
            } else {
                s.awaitLastSend();
            }
        }
        final String out = c.await(WAIT, true);
        assertTrue(out.contains("ping data: rdma-ping-" + (COUNT - 1)), out);
        final ConnectionEvent end = assertInstanceOf(ConnectionEvent.class, s.conn.await(WAIT));
        assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED, end.number(), String.valueOf(end));
        psp.close();
    }

    @Test
    @DisplayName("DAT rping client -> C rping -s: the server RDMA-reads and RDMA-writes the DAT buffers, 3 pings")
    void javaClientCServer() throws Exception {
        final int port = 7474;
        // rping -s leaves its loop when the client disconnects, through "wait for RDMA_READ_ADV state 10", with a
        // failure status: its output, not its exit status, tells whether it read and wrote the DAT buffers
        c = CProgram.start("rping", "-s", "-a", device.ip().getHostAddress(), "-p", Integer.toString(port), "-C",
                Integer.toString(COUNT), "-S", Integer.toString(SIZE), "-v");
        final Side s = c.connectWhenListening(() -> {
            final Side t = new Side();
            t.postRecv();
            return t;
        }, t -> t.ep, t -> t.conn, device.ip(), port, WAIT);
        int startChar = 65;
        for (int ping = 0; ping < COUNT; ping++) {
            final byte[] p = pattern(ping, startChar);
            startChar = startChar + 1 > 122 ? 65 : startChar + 1;
            MemorySegment.copy(p, 0, s.start, ValueLayout.JAVA_BYTE, 0, SIZE);
            s.sink.fill((byte) 0);
            s.sendInfo(s.startLmr);
            s.await(DtoOperation.SEND);
            s.receiveInfo(true); // go ahead: the server has read the start buffer
            s.sendInfo(s.sinkLmr);
            s.await(DtoOperation.SEND);
            s.receiveInfo(ping < COUNT - 1); // go ahead: the server has written the sink buffer
            assertArrayEquals(p, s.sink.toArray(ValueLayout.JAVA_BYTE), "ping " + ping + ": the echo");
        }
        s.ep.disconnect(CloseMode.ABRUPT);
        s.connection(EventNumber.CONNECTION_EVENT_DISCONNECTED);
        final String out = c.await(WAIT, false);
        for (int ping = 0; ping < COUNT; ping++) {
            assertTrue(out.contains("server ping data: " + new String(pattern(ping, 65 + ping), 0, SIZE - 1,
                    StandardCharsets.US_ASCII)), "rping -s printed what it read from the DAT buffer: " + out);
        }
    }
}
