package io.dat4j.provider.shm;

import io.dat4j.DatException;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.shm.sys.CrossMemory;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.GrantTable;
import io.dat4j.provider.shm.sys.Libc;
import io.dat4j.provider.shm.sys.NativeException;
import io.dat4j.provider.shm.sys.Rendezvous;
import io.dat4j.kit.AdapterUpcalls;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.ConsumerGate;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.ListenerTransport;
import io.dat4j.kit.RemoteFaultLog;
import io.dat4j.kit.RemoteKeyed;
import io.dat4j.kit.ServicePointUpcalls;
import io.dat4j.kit.Transport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.apache.logging.log4j.Logger;

/**
 * The transport of one shared-memory IA: its rendezvous directory, its doorbell, its connection-management thread
 * ({@link CmLoop}), progress thread ({@link ProgressThread}) and prober thread ({@link CmaProber}), the connections
 * it serves, and the grants it publishes for CMA.
 *
 * <p>Grants: every LMR with a remote privilege is published in the grant table of each established connection whose
 * EP is in the LMR's PZ, if that peer can copy into this process with CMA; it is revoked there (waiting for copies
 * in progress) when the LMR is freed or the connection ends (a use the live peer still holds then is waited for by
 * the IA's drain thread, {@link #revokeAllAndUnmap}). A region that finds no free slot is simply not granted: the
 * peer's RDMA to it goes through the ring and is checked here.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; see {@link ShmConnection} for the locks. The kit
 * calls these hooks with no kit lock held; {@link #trackLock} and {@link #drainLock} are unranked leaf monitors, the
 * freeing of an LMR takes each connection's lock (rank {@code TRANSPORT}) briefly to clear its grants and waits for
 * the peers' uses holding none, and the drain thread takes an ended connection's lock, with nothing else held, to
 * unmap it.
 */
final class ShmTransport implements Transport {

    /** This process. */
    static final long PID = ProcessHandle.current().pid();
    /** How long a hook waits for the connection-management thread, ms. */
    static final long WAIT_MILLIS = 10_000;

    private static final Logger LOG = Logging.logger(ShmTransport.class);
    private static final AtomicBoolean SWEPT = new AtomicBoolean();
    private static final Set<Long> REFUSED_PIDS = ConcurrentHashMap.newKeySet();
    private static final SecureRandom KEYS = new SecureRandom();

    final AdapterUpcalls adapter;
    final ShmConfig config;
    final Rendezvous rendezvous;
    final Doorbell doorbell;
    final CmLoop cm;
    final ProgressThread progress;
    /**
     * The IA's single-thread gate ({@link ConsumerGate}; {@link ConsumerGate#OFF} unless the IA opened in that mode):
     * the CM, progress and drain threads enter it before they touch a connection or the kit.
     */
    final ConsumerGate gate;
    /** Runs the proofs of the peers' pids off the CM thread, bounded; its monitor is an unranked leaf too. */
    private final CmaProber prober;
    private final Object trackLock = new Object();
    /** Guards {@link #drains} and {@link #draining}: an unranked leaf monitor, as {@link #trackLock}. */
    private final Object drainLock = new Object();
    /** Ended connections whose peer still holds a use of a grant ({@link #revokeAllAndUnmap}). */
    private final List<Drain> drains = new ArrayList<>();
    /** Whether the drain thread runs. */
    private boolean draining;
    /** The rmr_contexts this IA gave out (unpredictable, as the kit's own: {@link #KEYS}). */
    private final Set<Integer> keys = ConcurrentHashMap.newKeySet();
    private volatile ShmConnection[] connections = new ShmConnection[0];
    private final String user;
    /** SENDs this IA sent by rendezvous (SEND_RDV), and those it pulled from its peers: for tests and diagnostics. */
    final LongAdder rendezvousSent = new LongAdder();
    final LongAdder rendezvousPulled = new LongAdder();

    ShmTransport(final AdapterUpcalls adapter, final String iaName, final ShmConfig config) {
        this.adapter = adapter;
        this.config = config;
        this.gate = adapter.gate();
        try {
            this.rendezvous = Rendezvous.open(config.directory());
        } catch (final IOException e) {
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "IA '" + iaName + "': " + e.getMessage(),
                    e);
        }
        try {
            this.user = Files.getOwner(config.directory(), LinkOption.NOFOLLOW_LINKS).getName();
        } catch (final IOException e) {
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "IA '" + iaName + "': " + e, e);
        }
        if (SWEPT.compareAndSet(false, true)) {
            final int n = rendezvous.sweep();
            if (n > 0) {
                LOG.debug("removed {} stale socket files of ended processes under {}", n, config.directory());
            }
        }
        if (config.allowPtrace() && CrossMemory.ptraceScope() == 1) {
            try {
                Libc.allowAnyPtracer();
            } catch (final NativeException e) {
                LOG.warn("IA '{}': allowPtrace is set but {}", iaName, e.getMessage());
            }
        }
        Doorbell bell = null;
        CmLoop loop = null;
        try {
            bell = Doorbell.create("dat4j-shm-" + iaName);
            loop = new CmLoop("dat4j-shm-" + iaName + "-cm", adapter.gate());
        } catch (final IOException e) {
            if (bell != null) {
                bell.close();
            }
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "IA '" + iaName + "': cannot create its"
                    + " doorbell or selector: " + e.getMessage(), e);
        }
        this.doorbell = bell;
        this.cm = loop;
        this.progress = new ProgressThread(this, "dat4j-shm-" + iaName + "-progress");
        this.prober = new CmaProber("dat4j-shm-" + iaName + "-prober");
        cm.start();
        progress.start();
    }

    /** {@return the name of the user this process runs as, which a peer's socket credentials must name too} */
    String user() {
        return user;
    }

    /** {@return a fresh unpredictable challenge for a peer's proof of its process id} */
    long challenge() {
        long c;
        do {
            c = KEYS.nextLong();
        } while (c == 0);
        return c;
    }

    // ---- connections

    void track(final ShmConnection c) {
        synchronized (trackLock) {
            final ShmConnection[] old = connections;
            for (final ShmConnection x : old) {
                if (x == c) {
                    return;
                }
            }
            final ShmConnection[] n = java.util.Arrays.copyOf(old, old.length + 1);
            n[old.length] = c;
            connections = n;
        }
    }

    void untrack(final ShmConnection c) {
        synchronized (trackLock) {
            final ShmConnection[] old = connections;
            for (int i = 0; i < old.length; i++) {
                if (old[i] == c) {
                    final ShmConnection[] n = new ShmConnection[old.length - 1];
                    System.arraycopy(old, 0, n, 0, i);
                    System.arraycopy(old, i + 1, n, i, old.length - i - 1);
                    connections = n;
                    return;
                }
            }
        }
    }

    /** {@return the connections being set up or established (a snapshot; never modified)} */
    ShmConnection[] connections() {
        return connections;
    }

    /** Wakes the progress thread (a receive arrived for a SEND waiting for one). */
    void kick() {
        progress.kick();
    }

    /**
     * {@return true if this process may copy into process {@code pid} with CMA and that process holds {@code value}
     * at {@code address}} (the challenge this side sent: the peer's proof that it is that process). A refusal by the
     * kernel is logged once per process, at debug level. The read runs on this IA's prober thread, and the CM thread
     * waits for it at most {@link CmaProber#BOUND_NANOS}: a peer whose memory there faults without end gets no CMA
     * and the IA goes on serving the others ({@link CmaProber}).
     *
     * @param pid the process the peer says it is
     * @param address where the peer says it holds the challenge
     * @param value the challenge
     * @param faults where a peer's false claim is logged
     */
    boolean cmaReaches(final long pid, final long address, final long value, final RemoteFaultLog faults) {
        final int gated = gate.suspendProvider(); // the CM thread waits for the prober outside the gate
        final CrossMemory.Probe p;
        try {
            p = prober.probe(pid, address, value, faults);
        } finally {
            gate.resumeProvider(gated);
        }
        if (p == null) {
            return false;
        }
        switch (p) {
            case OK -> {
                return true;
            }
            case REFUSED -> {
                if (REFUSED_PIDS.add(pid)) {
                    LOG.debug("CMA to process {} refused (Yama ptrace_scope {}, seccomp or capabilities): RDMA goes "
                            + "through the rings", pid, CrossMemory.ptraceScope());
                }
            }
            case MISMATCH -> faults.warn("process " + pid + " does not hold the challenge its peer was sent (not the "
                    + "process it claims to be?): no CMA to it");
            default -> {
                // gone
            }
        }
        return false;
    }

    // ---- grants

    /** Loop thread, once established: publishes every remotely accessible LMR of the EP's PZ to the peer. */
    void grantAll(final ShmConnection c) {
        final DataPath p = c.path();
        final ShmEndpoint e = c.endpoint(); // null once a reset detached the connection meanwhile
        if (p == null || p.grants() == null || e == null || !(e.up.protectionZoneRegistration() instanceof Zone z)) {
            return;
        }
        for (final RegisteredRegion r : z.regions) {
            if (r.registration() instanceof Grant g) {
                p.grants().publish(g.rmr, r.baseAddress(), r.memory().byteSize(), g.privileges);
            }
        }
    }

    /**
     * Revokes what a closing connection published and unmaps its data path (loop thread; caller holds the
     * connection's lock). Grants nobody uses are revoked at once. If the live peer still holds a use of one, the wait
     * for it (up to {@code revokeMillis}) and the unmapping are left to this IA's drain thread ({@link #drain}),
     * never done on the connection-management thread: that thread serves every connection of this IA, and a peer
     * that kept a use stopped every other connect, accept and teardown of the IA for {@code revokeMillis} per grant
     * held (docs/reliability.md). The grants are no longer VALID meanwhile, so no new copy starts; an LMR freed
     * meanwhile waits for the held use as it does on a live connection ({@link #revokeEverywhere}).
     *
     * @param c the connection
     * @param p its data path
     * @param peerAlive whether to wait for the peer's copies in progress
     */
    void revokeAllAndUnmap(final ShmConnection c, final DataPath p, final boolean peerAlive) {
        final GrantTable g = p.grants();
        if (g == null || g.revokeAll(0) || !peerAlive) {
            p.unmap();
            return;
        }
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(config.revokeMillis());
        synchronized (drainLock) {
            drains.add(new Drain(c, p, g, deadline));
            if (!draining) {
                draining = true;
                Thread.ofPlatform().daemon().name("dat4j-shm-revoke").start(this::drain);
            }
        }
    }

    /** An ended connection whose peer held a grant: unmapped once the uses are back or at the deadline. */
    private record Drain(ShmConnection c, DataPath p, GrantTable g, long deadline) {
    }

    /** The drain thread: looks at the ended connections' held grants every millisecond; ends when none is left. */
    private void drain() {
        while (true) {
            final List<Drain> now;
            synchronized (drainLock) {
                if (drains.isEmpty()) {
                    draining = false;
                    return;
                }
                now = List.copyOf(drains);
            }
            for (final Drain d : now) {
                final boolean idle = d.g.revokeAll(0);
                if (idle || System.nanoTime() - d.deadline > 0) {
                    if (!idle) { // rate-limited: a peer that reconnects and holds grants in a loop must not flood
                        d.c.faults().warn("shared-memory connection " + d.c + ": the peer still held a CMA grant after "
                                + config.revokeMillis() + " ms; closing anyway");
                    }
                    synchronized (drainLock) {
                        drains.remove(d);
                    }
                    gate.enterProvider();
                    d.c.lock.lock();
                    try {
                        d.p.unmap();
                    } finally {
                        d.c.lock.unlock();
                        gate.exitProvider();
                    }
                }
            }
            LockSupport.parkNanos(1_000_000L);
        }
    }

    @Override
    public Object allocateProtectionZone(final ProtectionZone protectionZone) {
        return new Zone();
    }

    @Override
    public Object registerMemory(final RegisteredRegion region) {
        final int privileges = (region.allows(MemoryPrivilege.REMOTE_READ) ? GrantTable.READ : 0)
                | (region.allows(MemoryPrivilege.REMOTE_WRITE) ? GrantTable.WRITE : 0);
        if (privileges == 0 || !config.cma() || !(region.protectionZoneRegistration() instanceof Zone z)) {
            return null;
        }
        int key;
        do {
            key = KEYS.nextInt();
        } while (key == 0 || !keys.add(key));
        final Grant g = new Grant(key, privileges);
        z.regions.add(region);
        for (final ShmConnection c : connections) {
            final DataPath p = c.path();
            if (p != null && p.grants() != null && c.endpoint().up.protectionZoneRegistration() == z) {
                p.grants().publish(g.rmr, region.baseAddress(), region.memory().byteSize(), privileges);
            }
        }
        return g;
    }

    @Override
    public void deregisterMemory(final RegisteredRegion region) {
        if (!(region.registration() instanceof Grant g) || !(region.protectionZoneRegistration() instanceof Zone z)) {
            return;
        }
        z.regions.remove(region);
        try {
            revokeEverywhere(z, g);
        } finally {
            keys.remove(g.rmr);
        }
    }

    /**
     * Revokes a freed LMR's grant on every connection of its PZ (and on the ended connections the drain thread still
     * holds) and waits until each peer gave back the uses it took before, at most {@code revokeMillis} in all; a
     * connection whose peer still holds one then is broken, and the free goes on. The grant leaves VALID on every
     * connection first, without waiting, so no new copy of the region starts anywhere; the wait that follows holds no
     * connection's lock: the connection-management thread takes that lock to end a connection, and a peer that held a
     * use and closed its socket stopped it (every connect, accept and teardown of the IA) for {@code revokeMillis}, and
     * each connection's wait came after the last one's (docs/reliability.md).
     */
    private void revokeEverywhere(final Zone z, final Grant g) {
        final List<Drain> ended;
        synchronized (drainLock) {
            ended = List.copyOf(drains);
        }
        final List<GrantTable> held = new ArrayList<>();
        final List<ShmConnection> heldBy = new ArrayList<>(); // null for an ended connection's
        for (final Drain d : ended) {
            if (!d.g.revoke(g.rmr, 0)) {
                held.add(d.g);
                heldBy.add(null);
            }
        }
        for (final ShmConnection c : connections) {
            if (c.endpoint() == null || c.endpoint().up.protectionZoneRegistration() != z) {
                continue;
            }
            c.lock.lock();
            try {
                final DataPath p = c.path();
                if (p != null && p.grants() != null && !p.grants().revoke(g.rmr, 0)) {
                    held.add(p.grants());
                    heldBy.add(c);
                }
            } finally {
                c.lock.unlock();
            }
        }
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(config.revokeMillis());
        int spins = 0;
        if (!held.isEmpty()) {
            gate.releaseForWait(); // the consumer's LMR free waits for the peers: the IA's threads go on meanwhile
        }
        while (!held.isEmpty()) {
            for (int i = held.size() - 1; i >= 0; i--) {
                if (held.get(i).revoke(g.rmr, 0)) { // idle now: a new generation, the slot is free
                    held.remove(i);
                    heldBy.remove(i);
                }
            }
            if (held.isEmpty()) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                for (final ShmConnection c : heldBy) {
                    if (c != null) {
                        c.breakLater("the peer held a CMA grant of a region being freed for " + config.revokeMillis()
                                + " ms");
                    }
                }
                return;
            }
            if (++spins < 1000) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(10_000L);
            }
        }
    }

    /** What the transport keeps for a PZ: its remotely accessible LMRs. */
    private static final class Zone {
        final Set<RegisteredRegion> regions = ConcurrentHashMap.newKeySet();
    }

    /**
     * What the transport keeps for a granted LMR: its rmr_context, chosen here (the kit takes it as the LMR's
     * {@code rmr_context}, {@link RemoteKeyed}) so that grants can be published before the kit registers the region.
     */
    private record Grant(int rmr, int privileges) implements RemoteKeyed {
        @Override
        public int remoteKey() {
            return rmr;
        }
    }

    // ---- listening, endpoints, EVDs

    /** {@return the qualifier} or throws INVALID_PARAMETER with the given argument number */
    long checkQualifier(final long qualifier, final int arg) {
        if (qualifier < 1) {
            throw new DatException(StatusType.INVALID_PARAMETER, arg == 2 ? StatusSubtype.INVALID_ARG2
                    : StatusSubtype.INVALID_ARG3, "connection qualifier " + qualifier + ": must be 1 or more");
        }
        return qualifier;
    }

    @Override
    public ListenerTransport listen(final long connectionQualifier, final ServicePointUpcalls servicePoint) {
        final long q = checkQualifier(connectionQualifier, 2);
        final ServerSocketChannel ssc;
        try {
            ssc = rendezvous.bind(q, ShmListener.BACKLOG);
        } catch (final IOException e) {
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "cannot listen on qualifier " + q
                    + " under " + rendezvous.directory() + ": " + e, e);
        }
        if (ssc == null) {
            throw new DatException(StatusType.CONN_QUAL_IN_USE, null, "qualifier " + q + " is in use by another "
                    + "listener under " + rendezvous.directory());
        }
        return ShmListener.start(this, ssc, q, servicePoint);
    }

    @Override
    public ListenerTransport listenAny(final ServicePointUpcalls servicePoint) {
        final long[] q = new long[1];
        final ServerSocketChannel ssc;
        try {
            ssc = rendezvous.bindAny(ShmListener.BACKLOG, q);
        } catch (final IOException e) {
            throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "cannot listen under "
                    + rendezvous.directory() + ": " + e.getMessage(), e);
        }
        return ShmListener.start(this, ssc, q[0], servicePoint);
    }

    @Override
    public EndpointTransport createEndpoint(final EndpointUpcalls endpoint) {
        return new ShmEndpoint(this, endpoint);
    }

    @Override
    public CompletionSource createCompletionSource(final EventSink dispatcher) {
        return new ShmCompletionSource(this);
    }

    /** {@inheritDoc} Yes: the CM, progress and drain threads enter {@link #gate} as providers. */
    @Override
    public boolean keepsConsumerGate() {
        return true;
    }

    @Override
    public void close() {
        gate.releaseForWait(); // the consumer's IA close: the threads below finish what they hold
        progress.stop(WAIT_MILLIS);
        cm.stop(WAIT_MILLIS);
        prober.stop(WAIT_MILLIS); // not waited for if inside a hostile peer's endless fault (CmaProber)
        awaitDrains();
        doorbell.close();
    }

    /**
     * Waits until the drain thread unmapped every ended connection whose peer held a grant and ended: each is
     * unmapped when the peer gives its uses back or at its deadline, so the wait is at most {@code revokeMillis}, and
     * no mapping or thread of this IA outlives its close.
     */
    private void awaitDrains() {
        while (true) {
            synchronized (drainLock) {
                if (!draining) {
                    return;
                }
            }
            LockSupport.parkNanos(1_000_000L);
        }
    }

    boolean threadsStopped() {
        final boolean drainDone;
        synchronized (drainLock) {
            drainDone = !draining;
        }
        return !cm.isAlive() && !progress.isAlive() && !prober.isAlive() && drainDone;
    }

    // ---- addresses

    /**
     * {@return true if {@code a} names this host} (loopback, the wildcard, or an address of a local interface)
     *
     * @param a the address
     */
    static boolean isLocal(final InetAddress a) {
        if (a.isLoopbackAddress() || a.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(a) != null;
        } catch (final SocketException e) {
            return false;
        }
    }

    /**
     * {@return the loopback address with a qualifier as its port} (0 when the qualifier is no port)
     *
     * @param qualifier the qualifier
     */
    InetSocketAddress localAddress(final long qualifier) {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), qualifier > 0 && qualifier <= 65535
                ? (int) qualifier : 0);
    }
}
