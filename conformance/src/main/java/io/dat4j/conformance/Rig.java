package io.dat4j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.CloseMode;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.ProviderAttributes;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ReservedServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.peer.PeerProcess;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.internal.logging.Logging;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Logger;

/**
 * What one test opens, and the steps the rules share (open, connect, wait for an event). Every handle goes through
 * {@link ResourceTracker}; {@link #close()} closes the IAs (ABRUPT, which must close their children), the peer
 * processes and the arenas. Thread safe, because the timeout watchdog may close it from another thread.
 */
final class Rig implements AutoCloseable {

    /** Queue length of the EVDs the rig creates. */
    static final int QUEUE_LENGTH = 64;

    private static final Logger LOG = Logging.logger(Rig.class);

    private final ProviderFixture fixture;
    private final List<InterfaceAdapter> adapters = new CopyOnWriteArrayList<>();
    private final List<Arena> arenas = new CopyOnWriteArrayList<>();
    private final List<PeerProcess> peers = new CopyOnWriteArrayList<>();
    private volatile InterfaceAdapter ia;
    private volatile InterfaceAdapter peerIa;
    private volatile boolean closed;
    private volatile String abandoned;

    /** One side of a connection: its PZ, EVDs and EP. */
    record Side(InterfaceAdapter ia, ProtectionZone pz, EventDispatcher recvEvd, EventDispatcher requestEvd,
            EventDispatcher connectEvd, Endpoint ep) {
    }

    /** A listening PSP and its CR EVD. */
    record Listener(InterfaceAdapter ia, EventDispatcher crEvd, PublicServicePoint psp) {
    }

    /** An established connection. */
    record Connection(Side active, Side passive) {
    }

    /** An RSP on a qualifier that was free, its CR EVD, and the side whose EP it reserves. */
    record Reservation(Side owner, EventDispatcher crEvd, ReservedServicePoint rsp, long qualifier) {
    }

    /** A connection request delivered to a service point, and the active side that asked for it. */
    record Pending(Side active, ConnectionRequest request) {
    }

    /** Registered native memory. */
    record Buffer(MemorySegment segment, LocalMemoryRegion lmr) {

        LocalMemoryTriplet triplet() {
            return lmr.triplet(0, segment.byteSize());
        }

        LocalMemoryTriplet triplet(final long offset, final long length) {
            return lmr.triplet(offset, length);
        }

        RemoteMemoryTriplet remote() {
            return lmr.remoteTriplet(0, segment.byteSize());
        }

        RemoteMemoryTriplet remote(final long offset, final long length) {
            return lmr.remoteTriplet(offset, length);
        }
    }

    Rig(final ProviderFixture fixture) {
        this.fixture = fixture;
    }

    ProviderFixture fixture() {
        return fixture;
    }

    /** {@return the IA under test, opened on first use} */
    InterfaceAdapter ia() {
        InterfaceAdapter a = ia;
        if (a == null) {
            synchronized (this) {
                if (ia == null) {
                    ia = open();
                }
                a = ia;
            }
        }
        return a;
    }

    /** {@return a second IA of the same name, the passive side of connections, opened on first use} */
    InterfaceAdapter peerIa() {
        InterfaceAdapter a = peerIa;
        if (a == null) {
            synchronized (this) {
                if (peerIa == null) {
                    peerIa = open();
                }
                a = peerIa;
            }
        }
        return a;
    }

    /** {@return one more IA, closed with the rig} */
    InterfaceAdapter open() {
        if (closed) {
            throw new IllegalStateException("the test was closed (timed out?)");
        }
        final InterfaceAdapter a = ResourceTracker.track(fixture.open());
        adapters.add(a);
        return a;
    }

    /** {@return the provider attributes of {@link #ia()}: the private data limits, among others} */
    ProviderAttributes providerAttributes() {
        return ia().providerAttributes();
    }

    ProtectionZone pz(final InterfaceAdapter a) {
        return ResourceTracker.track(a.createProtectionZone());
    }

    EventDispatcher evd(final InterfaceAdapter a, final int queueLength, final EventStream first,
            final EventStream... more) {
        return ResourceTracker.track(a.createEventDispatcher(queueLength, null, EnumSet.of(first, more)));
    }

    /** {@return a new side on {@link #ia()} with default attributes: the active side of connections} */
    Side activeSide() {
        return side(ia(), null);
    }

    /** {@return a new side on {@link #peerIa()} with default attributes: the passive side of connections} */
    Side passiveSide() {
        return side(peerIa(), null);
    }

    Side side(final InterfaceAdapter a, final EndpointAttributes attributes) {
        final ProtectionZone pz = pz(a);
        return side(a, pz, attributes);
    }

    Side side(final InterfaceAdapter a, final ProtectionZone pz, final EndpointAttributes attributes) {
        final EventDispatcher recv = evd(a, QUEUE_LENGTH, EventStream.DTO);
        final EventDispatcher req = evd(a, QUEUE_LENGTH, EventStream.DTO);
        final EventDispatcher conn = evd(a, QUEUE_LENGTH, EventStream.CONNECTION);
        final Endpoint ep = ResourceTracker.track(a.createEndpoint(pz, recv, req, conn, attributes));
        return new Side(a, pz, recv, req, conn, ep);
    }

    /**
     * Listens on a new PSP. For the PROVIDER flag the PSP's EVD also takes DTO and CONNECTION events, because a
     * provider-created EP has no EVDs of its own in the Java API and uses its PSP's EVD for all three.
     */
    Listener listen(final InterfaceAdapter a, final ServicePointFlag flag) {
        final EventDispatcher cr = flag == ServicePointFlag.PROVIDER
                ? evd(a, QUEUE_LENGTH, EventStream.CR, EventStream.DTO, EventStream.CONNECTION)
                : evd(a, QUEUE_LENGTH, EventStream.CR);
        final PublicServicePoint psp = ResourceTracker.track(a.createPublicServicePointAny(cr, flag));
        return new Listener(a, cr, psp);
    }

    /**
     * {@return a connection qualifier that no service point of an IA uses}: a PSP is created on any qualifier and
     * freed at once. The caller creates its service point through {@link #onFreedQualifier}.
     *
     * @param a the IA
     */
    long freeQualifier(final InterfaceAdapter a) {
        final EventDispatcher evd = evd(a, 4, EventStream.CR);
        final PublicServicePoint probe = ResourceTracker.track(a.createPublicServicePointAny(evd,
                ServicePointFlag.CONSUMER));
        final long q = probe.connectionQualifier();
        probe.close();
        evd.close();
        return q;
    }

    /**
     * Reserves a new side's EP for one request: an RSP on a free qualifier of an IA, with a CR EVD of its own.
     *
     * @param a the IA that listens
     * @return the reservation; its EP is RESERVED
     */
    Reservation reserve(final InterfaceAdapter a) {
        final Side owner = side(a, null);
        final EventDispatcher crEvd = evd(a, 8, EventStream.CR);
        final long q = freeQualifier(a);
        final ReservedServicePoint rsp = onFreedQualifier(() -> ResourceTracker.track(
                a.createReservedServicePoint(q, owner.ep(), crEvd)));
        return new Reservation(owner, crEvd, rsp, q);
    }

    Buffer buffer(final Side s, final long size, final Set<MemoryPrivilege> privileges) {
        return buffer(s.ia(), s.pz(), size, privileges);
    }

    Buffer buffer(final InterfaceAdapter a, final ProtectionZone pz, final long size,
            final Set<MemoryPrivilege> privileges) {
        final Arena arena = ResourceTracker.track(Arena.ofShared());
        arenas.add(arena);
        final MemorySegment seg = arena.allocate(Math.max(1, size), 64).asSlice(0, Math.max(1, size));
        final LocalMemoryRegion lmr = ResourceTracker.track(a.createLocalMemoryRegion(pz, seg, privileges));
        return new Buffer(seg, lmr);
    }

    /** {@return a native segment not registered anywhere, freed with the rig} */
    MemorySegment allocate(final long size) {
        final Arena arena = ResourceTracker.track(Arena.ofShared());
        arenas.add(arena);
        return arena.allocate(Math.max(1, size), 64);
    }

    InetAddress addressOf(final InterfaceAdapter listener) {
        return fixture.connectAddress(listener);
    }

    /** Starts an active connect to a listener with the rig's event timeout. */
    void connect(final Side active, final Listener l, final byte[] privateData) {
        connect(active, l.ia(), l.psp().connectionQualifier(), privateData);
    }

    /** Starts an active connect to a qualifier of an IA (listened on or not) with the rig's event timeout. */
    void connect(final Side active, final InterfaceAdapter target, final long qualifier, final byte[] privateData) {
        active.ep().connect(addressOf(target), qualifier, ConformanceTimeouts.event(), privateData);
    }

    ConnectionRequest awaitRequest(final Listener l) {
        return awaitRequest(l.crEvd());
    }

    /** Waits for a connection request on a CR EVD; the request is tracked. */
    static ConnectionRequest awaitRequest(final EventDispatcher crEvd) {
        final Event e = await(crEvd, "a connection request on the service point's CR EVD");
        final ConnectionRequestEvent cre = assertInstanceOf(ConnectionRequestEvent.class, e,
                "expected CONNECTION_REQUEST_EVENT but got " + e);
        return ResourceTracker.track(cre.request());
    }

    /**
     * The set-up of most connection rules: listen on {@link #peerIa()}, connect a new active side from {@link #ia()}
     * without private data, and wait for the request.
     *
     * @param flag the PSP's flag
     * @return the request and its active side
     */
    Pending request(final ServicePointFlag flag) {
        return request(flag, null);
    }

    /** As {@link #request(ServicePointFlag)}, with private data on the connect. */
    Pending request(final ServicePointFlag flag, final byte[] privateData) {
        return request(listen(peerIa(), flag), privateData);
    }

    /** Connects a new active side from {@link #ia()} to a listener and waits for the request. */
    Pending request(final Listener l, final byte[] privateData) {
        return request(l, activeSide(), privateData);
    }

    /** Connects an active side to a listener and waits for the request. */
    Pending request(final Listener l, final Side active, final byte[] privateData) {
        connect(active, l, privateData);
        return new Pending(active, awaitRequest(l));
    }

    /** Connects a new active side from {@link #ia()} to an RSP and waits for the request. */
    Pending request(final Reservation r) {
        final Side active = activeSide();
        connect(active, r.owner().ia(), r.qualifier(), null);
        return new Pending(active, awaitRequest(r.crEvd()));
    }

    /** {@return a connection between an active EP on {@link #ia()} and a passive one on {@link #peerIa()}} */
    Connection connect() {
        return connect(null, null);
    }

    Connection connect(final EndpointAttributes activeAttributes, final EndpointAttributes passiveAttributes) {
        final Listener l = listen(peerIa(), ServicePointFlag.CONSUMER);
        final Side active = side(ia(), activeAttributes);
        final Side passive = side(peerIa(), passiveAttributes);
        connect(active, l, null);
        final ConnectionRequest cr = awaitRequest(l);
        cr.accept(passive.ep(), null);
        awaitConnection(passive.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        awaitConnection(active.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        return new Connection(active, passive);
    }

    /**
     * Waits for the next event, which must come within the event timeout.
     *
     * @param evd the EVD
     * @param what what is expected, for the message
     * @return the event
     */
    static Event await(final EventDispatcher evd, final String what) {
        try {
            return evd.await(ConformanceTimeouts.event());
        } catch (final DatException e) {
            if (e.type() == StatusType.TIMEOUT_EXPIRED) {
                return fail("expected " + what + " within " + ConformanceTimeouts.event().toMillis()
                        + " ms, but none came (" + e.status() + ")");
            }
            throw e;
        }
    }

    /** Waits for a connection event of one number; any other event fails. */
    static ConnectionEvent awaitConnection(final EventDispatcher evd, final EventNumber expected) {
        final ConnectionEvent ce = awaitAnyConnection(evd, expected.cName());
        assertEquals(expected, ce.number(), "connection event");
        return ce;
    }

    /** Waits for ESTABLISHED on a side's connect EVD; any other event fails. */
    static ConnectionEvent awaitEstablished(final Side s) {
        return awaitConnection(s.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    /**
     * Accepts a request that cannot establish (the requester timed out, disconnected or is gone) and waits for
     * ACCEPT_COMPLETION_ERROR on the accepting EP's connect EVD. A provider may also report the failure
     * synchronously; the event must still come.
     *
     * @param cr the request
     * @param passive the side whose EP accepts
     */
    static void acceptExpectingCompletionError(final ConnectionRequest cr, final Side passive) {
        try {
            cr.accept(passive.ep(), null);
        } catch (final DatException e) {
            LOG.debug("accept failed synchronously: {}", e.status());
        }
        awaitConnection(passive.connectEvd(), EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR);
    }

    /** Asserts that an EVD holds no ESTABLISHED right now (it may hold another event or none). */
    static void assertNotEstablishedNow(final EventDispatcher evd) {
        final Event e = evd.poll();
        if (e instanceof final ConnectionEvent ce) {
            assertNotEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, ce.number(), "no ESTABLISHED after timeout");
        }
    }

    /** Waits for any connection event. */
    static ConnectionEvent awaitAnyConnection(final EventDispatcher evd, final String what) {
        final Event e = await(evd, what);
        return assertInstanceOf(ConnectionEvent.class, e, "expected " + what + " but got " + e);
    }

    /** Waits for a DTO completion. */
    static DtoCompletionEvent awaitDto(final EventDispatcher evd, final String what) {
        final Event e = await(evd, what);
        return assertInstanceOf(DtoCompletionEvent.class, e, "expected a DTO completion (" + what + ") but got " + e);
    }

    /** Asserts that no event arrives within the quiet period. */
    static void assertQuiet(final EventDispatcher evd, final String what) {
        try {
            final Event e = evd.await(ConformanceTimeouts.quiet());
            fail(what + ": expected no event, but got " + e);
        } catch (final DatException e) {
            assertEquals(StatusType.TIMEOUT_EXPIRED, e.type(), what + ": await must time out, got " + e.status());
        }
    }

    /** Waits until an EP reaches a state, for transitions that follow an event asynchronously. */
    static void awaitState(final Endpoint ep, final io.dat4j.EndpointState expected) {
        final long deadline = System.nanoTime() + ConformanceTimeouts.event().toNanos();
        while (ep.state() != expected && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        assertEquals(expected, ep.state(), "EP state");
    }

    /**
     * Runs a create call on a qualifier that was just freed, retrying briefly while it is still in use: the rules that
     * use it are about something else; CM-14 checks immediate reuse.
     */
    static <T> T onFreedQualifier(final java.util.function.Supplier<T> create) {
        for (int i = 0; ; i++) {
            try {
                return create.get();
            } catch (final DatException e) {
                if (e.type() != StatusType.CONN_QUAL_IN_USE || i >= 50) {
                    throw e;
                }
                try {
                    Thread.sleep(20);
                } catch (final InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /**
     * Waits until a thread is blocked (parked or waiting), for rules about a call that blocks; gives up after the
     * event timeout (the rule then checks what it checks anyway).
     *
     * @param t the thread
     */
    static void awaitBlocked(final Thread t) {
        final long deadline = System.nanoTime() + ConformanceTimeouts.event().toNanos();
        while (System.nanoTime() < deadline) {
            final Thread.State s = t.getState();
            if (s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.TERMINATED) {
                return;
            }
            try {
                Thread.sleep(2);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Starts a peer JVM through the fixture, closed with the rig. */
    PeerProcess startPeer() {
        final PeerProcess p = fixture.peer().orElseThrow(
                () -> new IllegalStateException("the fixture offers no peer process")).start();
        peers.add(p);
        return p;
    }

    static Duration eventTimeout() {
        return ConformanceTimeouts.event();
    }

    /**
     * Leaves the IAs and arenas open for good: after a deadlock in the provider, closing them would block the test
     * thread on the same locks (and freeing memory that a stuck transport may still touch is unsafe). The leak check
     * then reports them, after the rule has failed with the deadlock.
     *
     * @param reason why, for the log
     */
    void abandon(final String reason) {
        abandoned = reason;
    }

    @Override
    public void close() {
        closed = true;
        if (abandoned != null) {
            LOG.error("the test's IAs and memory are left open: {}", abandoned);
            return;
        }
        for (final PeerProcess p : peers) {
            try {
                p.close();
            } catch (final RuntimeException e) {
                LOG.warn("closing a peer process failed", e);
            }
        }
        peers.clear();
        RuntimeException first = null;
        for (final InterfaceAdapter a : adapters) {
            try {
                a.close(CloseMode.ABRUPT);
            } catch (final RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        adapters.clear();
        for (final Arena a : arenas) {
            try {
                a.close();
            } catch (final IllegalStateException e) {
                LOG.debug("arena already closed", e);
            }
        }
        arenas.clear();
        if (first != null) {
            throw first;
        }
    }
}
