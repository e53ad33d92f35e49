package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dat4j.AdapterOptions;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConnectionRequestParameters;
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
import java.time.Duration;
import java.util.Set;

/**
 * The guest tests' IA on the Soft-RoCE device, and the two sides of a connection over it that they build: each side a
 * PZ, a receive and a request EVD (DTO, one CQ each, or one EVD for both), a connect EVD, an EP and an LMR over a
 * buffer of its own; the client connects to a PSP of the same IA and the server accepts. The tests differ in the
 * shape of the EVDs and the EP ({@link Shape}). {@link #close()} closes the IA (and with it every handle made here),
 * then the buffers, and checks that no provider thread is left.
 */
final class DeviceFixture implements AutoCloseable {

    /** How long a test waits for an event it expects. */
    static final Duration WAIT = Duration.ofSeconds(60);

    private final GuestDevice device;
    private final InterfaceAdapter ia;
    private final Arena arena = Arena.ofShared();
    private RdmaCmTransport transport;

    /**
     * The EVDs and EP of one side.
     *
     * @param recvLength the receive EVD's queue length
     * @param requestLength the request EVD's queue length; 0 for one DTO EVD that takes both
     * @param attributes the EP's attributes, or null for the provider's defaults
     * @param bufferBytes the size of the side's registered buffer
     */
    record Shape(int recvLength, int requestLength, EndpointAttributes attributes, long bufferBytes) {
    }

    /**
     * Opens an IA on the device with an async EVD of 16.
     *
     * @param device the guest's device
     * @param options what to set besides the async EVD's length
     */
    DeviceFixture(final GuestDevice device, final AdapterOptions.Builder options) {
        this.device = device;
        this.ia = new RdmaCmProvider().open(device.entry(), options.asyncEventQueueLength(16).build(),
                t -> transport = t);
    }

    /**
     * Opens an IA on the device with an async EVD of 16 and the other options at their defaults.
     *
     * @param device the guest's device
     */
    DeviceFixture(final GuestDevice device) {
        this(device, AdapterOptions.builder());
    }

    /** {@return the IA} */
    InterfaceAdapter ia() {
        return ia;
    }

    /** {@return the IA's transport (its CQs)} */
    RdmaCmTransport transport() {
        return transport;
    }

    /** One side of a connection: the EVDs, EP and LMR of a {@link Shape}. */
    final class Side {
        final ProtectionZone pz = ia.createProtectionZone();
        final EventDispatcher recv;
        final EventDispatcher request;
        final EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
        final Endpoint ep;
        final MemorySegment buffer;
        final LocalMemoryRegion lmr;

        Side(final Shape shape) {
            recv = ia.createEventDispatcher(shape.recvLength(), null, Set.of(EventStream.DTO));
            request = shape.requestLength() == 0 ? recv
                    : ia.createEventDispatcher(shape.requestLength(), null, Set.of(EventStream.DTO));
            ep = ia.createEndpoint(pz, recv, request, conn, shape.attributes());
            buffer = arena.allocate(shape.bufferBytes(), 4096);
            lmr = ia.createLocalMemoryRegion(pz, buffer, MemoryPrivilege.ALL);
        }
    }

    /**
     * Two connected sides.
     *
     * @param client the side that connected
     * @param server the side that accepted
     * @param request what the server's CR reported
     */
    record Pair(Side client, Side server, ConnectionRequestParameters request) {
    }

    /** {@return a new side of this shape} @param shape its EVDs and EP */
    Side side(final Shape shape) {
        return new Side(shape);
    }

    /** {@return a client and a server side of this shape, connected (both saw ESTABLISHED)} @param shape theirs */
    Pair connected(final Shape shape) {
        final Side server = new Side(shape);
        final Side client = new Side(shape);
        return new Pair(client, server, connect(client.ep, client.conn, server));
    }

    /**
     * Connects an EP of this IA to the server side through a PSP of this IA, which is closed once both ends saw
     * ESTABLISHED.
     *
     * @param ep the connecting EP
     * @param conn its connect EVD
     * @param server the side that accepts
     * @return what the server's CR reported
     */
    ConnectionRequestParameters connect(final Endpoint ep, final EventDispatcher conn, final Side server) {
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        ep.connect(device.ip(), psp.connectionQualifier(), WAIT, null);
        final ConnectionRequest cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT)).request();
        final ConnectionRequestParameters parameters = cr.query();
        cr.accept(server.ep, null);
        connection(conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        connection(server.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        psp.close();
        crEvd.close();
        return parameters;
    }

    /**
     * {@return the next event of a connect EVD, checked to be a connection event with this number}
     *
     * @param evd the connect EVD
     * @param expected the event's number
     */
    static ConnectionEvent connection(final EventDispatcher evd, final EventNumber expected) {
        final Event e = evd.await(WAIT);
        final ConnectionEvent c = assertInstanceOf(ConnectionEvent.class, e, String.valueOf(e));
        assertEquals(expected, c.number(), String.valueOf(c));
        return c;
    }

    @Override
    public void close() {
        try {
            ia.close();
        } finally {
            arena.close();
        }
        GuestDevice.assertNoProviderThreads();
    }
}
