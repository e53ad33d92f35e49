package io.dat4j.tools;

import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;

/**
 * A peer written against the public API that sends whatever a test tells it, for the tools' servers and clients to
 * face: one EP on {@code tcp-lo}, a ring of posted receives, and a send buffer. Not thread safe.
 */
final class RawPeer implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(20);
    private static final int SLOTS = 8;
    private static final int SLOT = 256;

    private final Arena arena = Arena.ofShared();
    private final InterfaceAdapter ia;
    private final ProtectionZone pz;
    private final EventDispatcher dto;
    private final EventDispatcher conn;
    private final Endpoint ep;
    private final LocalMemoryRegion lmr;
    private final Deque<DtoCompletionEvent> received = new ArrayDeque<>();
    private EventDispatcher cr;
    private PublicServicePoint psp;

    RawPeer() {
        ia = Dat.openInterfaceAdapter(Cli.IA);
        pz = ia.createProtectionZone();
        dto = ia.createEventDispatcher(64, null, Set.of(EventStream.DTO));
        conn = ia.createEventDispatcher(16, null, Set.of(EventStream.CONNECTION));
        ep = ia.createEndpoint(pz, dto, dto, conn, EndpointAttributes.DEFAULTS);
        lmr = ia.createLocalMemoryRegion(pz, arena.allocate((SLOTS + 1) * SLOT, 64), MemoryPrivilege.ALL);
        for (int i = 0; i < SLOTS; i++) {
            ep.postRecv(lmr.triplet((long) i * SLOT, SLOT), i);
        }
    }

    /**
     * Connects to a server on loopback.
     *
     * @param port its port
     * @param pdata the request's private data
     * @return the connection event (ESTABLISHED, PEER_REJECTED, ...)
     */
    ConnectionEvent connect(final String port, final byte[] pdata) {
        ep.connect(InetAddress.getLoopbackAddress(), Long.parseLong(port), WAIT, pdata);
        return (ConnectionEvent) conn.await(WAIT);
    }

    /** {@return the port of a listener created now} */
    long listen() {
        cr = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        psp = ia.createPublicServicePointAny(cr, ServicePointFlag.CONSUMER);
        return psp.connectionQualifier();
    }

    /**
     * Accepts the next request.
     *
     * @param pdata the accept's private data
     * @return the request's private data
     */
    byte[] accept(final byte[] pdata) {
        final ConnectionRequest r = ((ConnectionRequestEvent) cr.await(WAIT)).request();
        final byte[] got = r.query().privateData().toByteArray();
        r.accept(ep, pdata);
        final Event e = conn.await(WAIT);
        if (e.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            throw new AssertionError("accept ended in " + e.number());
        }
        return got;
    }

    /**
     * Sends bytes and waits for the send to complete (in whatever status).
     *
     * @param bytes at most 256
     * @return the status
     */
    DtoStatus send(final byte[] bytes) {
        final MemorySegment s = lmr.segment().asSlice((long) SLOTS * SLOT, SLOT);
        MemorySegment.copy(bytes, 0, s, ValueLayout.JAVA_BYTE, 0, bytes.length);
        ep.postSend(lmr.triplet((long) SLOTS * SLOT, bytes.length), 0x5e4d);
        while (true) {
            final DtoCompletionEvent d = (DtoCompletionEvent) dto.await(WAIT);
            if (d.operation() == DtoOperation.SEND) {
                return d.status();
            }
            received.add(d);
        }
    }

    /** {@return the next message received (and reposts its slot)} */
    byte[] receive() {
        DtoCompletionEvent d = received.poll();
        while (d == null) {
            final DtoCompletionEvent e = (DtoCompletionEvent) dto.await(WAIT);
            if (e.operation() != DtoOperation.SEND) {
                d = e;
            }
        }
        if (d.status() != DtoStatus.SUCCESS) {
            throw new AssertionError("a receive completed " + d.status());
        }
        final int slot = (int) d.cookie();
        final byte[] b = lmr.segment().asSlice((long) slot * SLOT, d.transferredLength())
                .toArray(ValueLayout.JAVA_BYTE);
        ep.postRecv(lmr.triplet((long) slot * SLOT, SLOT), slot);
        return b;
    }

    /** {@return buffer info (a DAT_RMR_TRIPLET) of this peer's buffer, advertising {@code length} bytes} */
    byte[] bufferInfo(final int length) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(Wire.RMR_TRIPLET_SIZE);
            Wire.putRmrTriplet(m, 0, lmr.registeredAddress(), length, lmr.rmrContext());
            return m.toArray(ValueLayout.JAVA_BYTE);
        }
    }

    /** {@return buffer info (a DAT_RMR_TRIPLET) that advertises {@code length} bytes of a made-up buffer} */
    static byte[] triplet(final int length) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(Wire.RMR_TRIPLET_SIZE);
            Wire.putRmrTriplet(m, 0, 0x10000, length, 1);
            return m.toArray(ValueLayout.JAVA_BYTE);
        }
    }

    /** {@return the event that ended the connection (DISCONNECTED, BROKEN), once the peer ended it} */
    EventNumber receiveUntilEnd() {
        return conn.await(WAIT).number();
    }

    /** {@return a perf control message} */
    static byte[] control(final Wire.Control c) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(Wire.CONTROL_SIZE);
            Wire.putControl(m, 0, c);
            return m.toArray(ValueLayout.JAVA_BYTE);
        }
    }

    /** {@return a received perf control message, parsed} */
    Wire.Control receiveControl() {
        final byte[] b = receive();
        return Wire.getControl(MemorySegment.ofArray(b), 0, b.length);
    }

    @Override
    public void close() {
        ia.close();
        arena.close();
    }
}
