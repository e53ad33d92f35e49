package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dat4j.AdapterOptions;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DtoCompletionEvent;
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
import io.dat4j.RegistryEntry;
import io.dat4j.ServicePointFlag;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Two shared-memory IAs of this process, with the objects most tests need. Not thread safe. */
final class Fixture implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(30);

    final Arena arena = Arena.ofShared();
    final InterfaceAdapter server;
    final InterfaceAdapter client;
    final Side s;
    final Side c;
    /** The transports of {@link #server} and {@link #client} (their counters). */
    ShmTransport serverTransport;
    ShmTransport clientTransport;
    final List<AutoCloseable> extra = new ArrayList<>();

    /** One side: PZ, one EVD for everything. */
    static final class Side {
        final InterfaceAdapter ia;
        final ProtectionZone pz;
        final EventDispatcher evd;
        final EventDispatcher conn;

        Side(final InterfaceAdapter ia) {
            this.ia = ia;
            this.pz = ia.createProtectionZone();
            this.evd = ia.createEventDispatcher(4096, null, java.util.EnumSet.of(EventStream.DTO, EventStream.CR,
                    EventStream.SOFTWARE));
            this.conn = ia.createEventDispatcher(4096, null, java.util.EnumSet.of(EventStream.CONNECTION,
                    EventStream.CR));
        }

        Endpoint ep(final EndpointAttributes a) {
            return ia.createEndpoint(pz, evd, evd, conn, a);
        }
    }

    Fixture() {
        this("");
    }

    Fixture(final String params) {
        server = open("srv", params, t -> serverTransport = t);
        client = open("cli", params, t -> clientTransport = t);
        s = new Side(server);
        c = new Side(client);
    }

    static InterfaceAdapter open(final String name, final String params) {
        return open(name, params, t -> { });
    }

    static InterfaceAdapter open(final String name, final String params,
            final java.util.function.Consumer<ShmTransport> opened) {
        return new ShmProvider().open(new RegistryEntry(name, "u2.0", true, false, ShmProvider.LIBRARY,
                "dat4j.2.0", params, ""), AdapterOptions.builder().asyncEventQueueLength(64).build(), opened);
    }

    LocalMemoryRegion lmr(final Side side, final long size) {
        final MemorySegment seg = arena.allocate(size, 64);
        return side.ia.createLocalMemoryRegion(side.pz, seg, MemoryPrivilege.ALL);
    }

    static Event next(final EventDispatcher evd) {
        return evd.await(WAIT);
    }

    static ConnectionEvent expect(final EventDispatcher evd, final EventNumber n) {
        final ConnectionEvent e = assertInstanceOf(ConnectionEvent.class, next(evd));
        assertEquals(n, e.number());
        return e;
    }

    static DtoCompletionEvent dto(final EventDispatcher evd) {
        return assertInstanceOf(DtoCompletionEvent.class, next(evd));
    }

    static ConnectionRequest request(final EventDispatcher evd) {
        return assertInstanceOf(ConnectionRequestEvent.class, next(evd)).request();
    }

    /** A connected pair of EPs: [client, server]. */
    Endpoint[] connect(final EndpointAttributes clientAttrs, final EndpointAttributes serverAttrs,
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

    Endpoint[] connect() {
        return connect(null, null, null);
    }

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
