package io.dat4j.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DtoCompletionEvent;
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
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Two IAs of one provider in this process, a server and a client, with the objects most tests need: a PZ and two EVDs
 * a side, connected EP pairs, LMRs in one shared arena, and waits that fail a test rather than hang it. A provider's
 * test {@code Fixture} extends it with how its IAs open. Not thread safe.
 */
public class AdapterPair implements AutoCloseable {

    /** How long a test waits for one event. */
    public static final Duration WAIT = Duration.ofSeconds(30);

    /** Native memory of the LMRs {@link #lmr} makes; closed last. */
    public final Arena arena = Arena.ofShared();
    /** The server IA. */
    public final InterfaceAdapter server;
    /** The client IA. */
    public final InterfaceAdapter client;
    /** The server's side. */
    public final Side s;
    /** The client's side. */
    public final Side c;
    /** More to close, first, with the fixture (best effort). */
    public final List<AutoCloseable> extra = new ArrayList<>();

    /** One side: PZ, one EVD for everything but connection events, one for those and requests. */
    public static final class Side {
        /** The IA. */
        public final InterfaceAdapter ia;
        /** Its PZ. */
        public final ProtectionZone pz;
        /** DTO, connection request and software events. */
        public final EventDispatcher evd;
        /** Connection events and connection requests. */
        public final EventDispatcher conn;

        /**
         * Creates the side's PZ and EVDs.
         *
         * @param ia the IA
         */
        public Side(final InterfaceAdapter ia) {
            this.ia = ia;
            this.pz = ia.createProtectionZone();
            this.evd = ia.createEventDispatcher(4096, null, EnumSet.of(EventStream.DTO, EventStream.CR,
                    EventStream.SOFTWARE));
            this.conn = ia.createEventDispatcher(4096, null, EnumSet.of(EventStream.CONNECTION, EventStream.CR));
        }

        /**
         * Creates an EP on this side's PZ and EVDs.
         *
         * @param a its attributes, or null for the provider's defaults
         * @return the EP
         */
        public Endpoint ep(final EndpointAttributes a) {
            return ia.createEndpoint(pz, evd, evd, conn, a);
        }
    }

    /**
     * Takes the two IAs (open them server first) and makes a side on each.
     *
     * @param server the server IA
     * @param client the client IA
     */
    protected AdapterPair(final InterfaceAdapter server, final InterfaceAdapter client) {
        this.server = server;
        this.client = client;
        this.s = new Side(server);
        this.c = new Side(client);
    }

    /**
     * Registers {@code size} bytes of {@link #arena} with every privilege.
     *
     * @param side where
     * @param size bytes
     * @return the LMR
     */
    public LocalMemoryRegion lmr(final Side side, final long size) {
        final MemorySegment seg = arena.allocate(size, 64);
        return side.ia.createLocalMemoryRegion(side.pz, seg, MemoryPrivilege.ALL);
    }

    /**
     * {@return the next event, waiting at most {@link #WAIT}}
     *
     * @param evd the EVD
     */
    public static Event next(final EventDispatcher evd) {
        return evd.await(WAIT);
    }

    /**
     * {@return the next event, which must be the connection event {@code n}}
     *
     * @param evd the EVD
     * @param n the event number expected
     */
    public static ConnectionEvent expect(final EventDispatcher evd, final EventNumber n) {
        final ConnectionEvent e = assertInstanceOf(ConnectionEvent.class, next(evd));
        assertEquals(n, e.number());
        return e;
    }

    /**
     * {@return the next event, which must be a DTO completion}
     *
     * @param evd the EVD
     */
    public static DtoCompletionEvent dto(final EventDispatcher evd) {
        return assertInstanceOf(DtoCompletionEvent.class, next(evd));
    }

    /**
     * {@return the request of the next event, which must be a connection request}
     *
     * @param evd the EVD
     */
    public static ConnectionRequest request(final EventDispatcher evd) {
        return assertInstanceOf(ConnectionRequestEvent.class, next(evd)).request();
    }

    /**
     * Connects a client EP to a server EP through a PSP of the server's, both ESTABLISHED.
     *
     * @param clientAttrs the client EP's attributes, or null
     * @param serverAttrs the server EP's attributes, or null
     * @param beforeAccept run after both EPs exist and before the client connects, or null
     * @return [client, server]
     */
    public Endpoint[] connect(final EndpointAttributes clientAttrs, final EndpointAttributes serverAttrs,
            final Runnable beforeAccept) {
        final PublicServicePoint psp = server.createPublicServicePointAny(s.conn, ServicePointFlag.CONSUMER);
        final Endpoint ce = c.ep(clientAttrs);
        final Endpoint se = s.ep(serverAttrs);
        if (beforeAccept != null) {
            beforeAccept.run();
        }
        ce.connect(server.address().getAddress(), psp.connectionQualifier(), WAIT, new byte[] {1});
        request(s.conn).accept(se, new byte[] {2});
        expect(c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        expect(s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        psp.close();
        return new Endpoint[] {ce, se};
    }

    /**
     * Connects {@code n} client EPs (default attributes) through one PSP of the server's, all at once, and accepts
     * each request on a new server EP; fails unless every connection is ESTABLISHED on both sides.
     *
     * @param n connections
     * @return [client EPs, server EPs], the server EPs in the order their requests arrived; the PSP stays open
     */
    public List<List<Endpoint>> connectMany(final int n) {
        final PublicServicePoint psp = server.createPublicServicePointAny(s.conn, ServicePointFlag.CONSUMER);
        final List<Endpoint> clients = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            final Endpoint ep = c.ep(null);
            clients.add(ep);
            ep.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
        }
        final List<Endpoint> servers = new ArrayList<>();
        int established = 0;
        while (servers.size() < n || established < n) {
            final Event e = next(s.conn);
            if (e instanceof ConnectionRequestEvent cr) {
                final Endpoint ep = s.ep(null);
                servers.add(ep);
                cr.request().accept(ep, null);
            } else {
                assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, ((ConnectionEvent) e).number());
                established++;
            }
        }
        for (int i = 0; i < n; i++) {
            assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, ((ConnectionEvent) next(c.conn)).number());
        }
        return List.of(clients, servers);
    }

    /** {@return a connected pair of EPs with default attributes: [client, server]} */
    public Endpoint[] connect() {
        return connect(null, null, null);
    }

    /**
     * Fails unless a new connection between the two IAs works: connects a pair of EPs and RDMA-writes 16 bytes from
     * the client to the server, which must complete with SUCCESS (for a test that abused the IAs, e.g. with a hostile
     * peer, and must show they still serve an honest connection).
     */
    public void assertHealthyConnection() {
        final Endpoint[] ep = connect();
        final LocalMemoryRegion a = lmr(c, 16);
        final LocalMemoryRegion b = lmr(s, 16);
        ep[0].postRdmaWrite(List.of(a.triplet(0, 16)), 77, b.remoteTriplet(0, 16), CompletionFlag.DEFAULT);
        final Event e = next(c.evd);
        if (!(e instanceof DtoCompletionEvent d) || d.status() != DtoStatus.SUCCESS) {
            throw new AssertionError("a healthy connection failed after the hostile ones: " + e);
        }
    }

    /**
     * Checks the end of one round of an ABRUPT disconnect with SENDs in flight: each of the client's {@code sends}
     * SENDs of the round (cookies {@code round * sends + i}) completes exactly once on the client's EVD, SUCCESS or
     * FLUSHED, and the server's connection ends (DISCONNECTED or BROKEN).
     *
     * @param round the round
     * @param sends SENDs posted in it
     */
    public void assertAbruptRoundEnded(final int round, final int sends) {
        final Set<Long> done = new HashSet<>();
        for (int i = 0; i < sends; i++) {
            final DtoCompletionEvent e = dto(c.evd);
            assertTrue(e.status() == DtoStatus.SUCCESS || e.status() == DtoStatus.FLUSHED,
                    "round " + round + ": " + e);
            assertTrue(done.add(e.cookie()), "round " + round + ": cookie " + e.cookie() + " twice");
            assertEquals(round, e.cookie() / sends, "round " + round + ": " + e);
        }
        final EventNumber end = next(s.conn).number();
        assertTrue(end == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || end == EventNumber.CONNECTION_EVENT_BROKEN, "round " + round + ": server got " + end);
    }

    /** Closes {@link #extra} (best effort), the client IA, the server IA, then the arena. */
    @Override
    public void close() {
        for (final AutoCloseable a : extra) {
            try {
                a.close();
            } catch (final Exception e) {
                // best effort
            }
        }
        client.close();
        server.close();
        arena.close();
    }
}
