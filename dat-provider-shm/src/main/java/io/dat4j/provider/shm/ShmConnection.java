package io.dat4j.provider.shm;

import io.dat4j.CloseMode;
import io.dat4j.DtoStatus;
import io.dat4j.EventNumber;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.Handshake;
import io.dat4j.provider.shm.sys.Libc;
import io.dat4j.provider.shm.sys.NativeException;
import io.dat4j.provider.shm.sys.ProtocolViolation;
import io.dat4j.provider.shm.sys.SharedMapping;
import io.dat4j.kit.ConnectionUpcalls;
import io.dat4j.kit.ConsumerGate;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RemoteFaultLog;
import io.dat4j.kit.RequestTransport;
import java.io.IOException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;

/**
 * One DAT connection over shared memory: the Unix domain socket that carries the handshake and stays open for the
 * connection's life (its end-of-file is the peer's death), and once established the {@link DataPath} over the shared
 * mapping. Also the transport half of a connection request ({@link RequestTransport}) on the passive side.
 *
 * <p>Threads and locks ("Threading and locks" in docs/provider-kit.md): the handshake, the socket and {@link #phase}
 * belong to the IA's {@link CmLoop} thread (other threads hand it tasks). The data path is guarded by {@link #lock}
 * (rank {@link LockRank#TRANSPORT}), which any thread servicing the connection takes with {@code tryLock} (a poster
 * inside the kit's post hook, under the EP's lock; a consumer in {@code dat_evd_*}; the progress thread: their side
 * is {@link ConnectionService}, {@link #io}; an empty poll of a quiet connection takes none, it reads what the last
 * round left: {@link LastRound}) and the loop thread takes to publish and tear it down. Under it only the
 * data-path upcalls are made ({@code complete}, {@code takeSharedReceive}, the queries). The connection upcalls
 * ({@code established}, {@code connectionFailed}, {@code disconnected}, {@code broken}, {@code connectionRequested})
 * are made on the loop thread holding no lock. The data path built during the handshake is serviced only once
 * {@code established} returned ({@link #open}), so the EP is CONNECTED before any of its operations completes.
 */
final class ShmConnection implements RequestTransport, CmLoop.Handler {

    static final int END_SILENT = 0;
    static final int END_DISCONNECTED = 1;
    static final int END_BROKEN = 2;

    private static final Logger LOG = Logging.logger(ShmConnection.class);
    private static final int P_NEW = 0;
    private static final int P_CONNECTING = 1;
    private static final int P_WAIT_REQ = 2;
    private static final int P_REQUESTED = 3;
    private static final int P_WAIT_RTU = 4;
    private static final int P_UP = 5;
    private static final int P_CLOSED = 6;
    /** How long the passive side waits for REQ and for RTU. */
    private static final long HANDSHAKE_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** How long an ABRUPT close or a refusal waits for the peer to read the last frame. */
    private static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(2);

    final ShmTransport transport;
    final boolean active;
    final KitLock lock = new KitLock(LockRank.TRANSPORT, this);
    /** The IA's single-thread gate ({@link io.dat4j.kit.ConsumerGate}): inside it the consumer skips {@link #lock}. */
    final ConsumerGate gate;
    /** The data path as the threads that service it see it ({@link ConnectionService}). */
    final ConnectionService io = new ConnectionService(this);
    private final ShmListener listener;
    private final RemoteFaultLog faults;
    private volatile ShmEndpoint ep;
    /** The kit's view of this connection of {@link #ep}: its connection upcalls, ignored once it has ended. */
    private volatile ConnectionUpcalls epConnection;
    private volatile int phase = P_NEW;
    private volatile DataPath path;
    /** The data path built during the handshake, not yet serviced ({@link #open}); loop thread. */
    private DataPath pending;
    /** The data path broke; teardown is on its way to the loop thread. */
    private volatile boolean dying;
    private ControlSocket socket;
    private final Handshake msg = new Handshake();
    private final Handshake peer = new Handshake();
    private long deadline = Long.MAX_VALUE;
    private boolean peerGone;
    private int myIn;
    private int myOut;
    private long qualifier;
    private SharedMapping mapping;
    private Doorbell peerBell;
    /** Whether the peer said it has CMA on (REQ, passive side). */
    private boolean peerWantsCma;
    /** The proof of the peer's pid before CMA, and of this side's to the peer. */
    private final PeerProof proof;

    private ShmConnection(final ShmTransport transport, final boolean active, final ShmListener listener,
            final ShmEndpoint ep) {
        this.transport = transport;
        this.gate = transport.gate;
        this.active = active;
        this.listener = listener;
        this.ep = ep;
        this.faults = listener != null ? listener.remoteFaults() : transport.adapter.remoteFaults();
        this.proof = new PeerProof(transport);
    }

    static ShmConnection active(final ShmTransport transport, final ShmEndpoint ep, final ConnectionUpcalls connection,
            final int in, final int out) {
        final ShmConnection c = new ShmConnection(transport, true, null, ep);
        c.epConnection = connection;
        c.myIn = in;
        c.myOut = out;
        return c;
    }

    static ShmConnection passive(final ShmTransport transport, final ShmListener listener, final SocketChannel ch) {
        final ShmConnection c = new ShmConnection(transport, false, listener, null);
        c.socket = new ControlSocket(ch);
        c.qualifier = listener.connectionQualifier();
        return c;
    }

    // ---- active side

    /** Loop thread: connects the socket and sends REQ. */
    void startActive(final long q, final long timeoutNanos, final byte[] privateData) {
        final ShmEndpoint self = ep;
        if (phase != P_NEW || self == null) {
            return;
        }
        qualifier = q;
        phase = P_CONNECTING;
        transport.track(this);
        try {
            final SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            socket = new ControlSocket(ch);
            ch.configureBlocking(false);
            if (!ch.connect(transport.rendezvous.address(q))) {
                fail(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, null, "the listener at qualifier " + q
                        + " takes no connection now (its backlog is full)");
                return;
            }
        } catch (final SocketException e) { // ECONNREFUSED (ConnectException), ENOENT: nobody listens
            fail(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, null, null);
            return;
        } catch (final IOException e) {
            fail(EventNumber.CONNECTION_EVENT_UNREACHABLE, null, "cannot open a Unix domain socket: " + e);
            return;
        }
        msg.type = Handshake.REQ;
        msg.rnrRetry = self.up.attributes().rnrRetryCount();
        msg.flags = transport.config.cma() ? Handshake.FLAG_CMA : 0;
        msg.depthIn = myIn;
        msg.depthOut = myOut;
        proof.fill(msg, 0);
        msg.privateData = privateData;
        deadline = timeoutNanos == Long.MAX_VALUE ? Long.MAX_VALUE : System.nanoTime() + timeoutNanos;
        if (!register() || !send(msg)) {
            return;
        }
        transport.cm.watch(this);
    }

    private void onReply() {
        final ConnectionLayout layout = new ConnectionLayout(peer.ringBytes, peer.grantSlots);
        final ShmEndpoint e = ep;
        if (e == null) {
            terminate(END_SILENT, "the EP was reset");
            return;
        }
        try {
            peerBell = Doorbell.open(peer.pid, peer.doorbellFd);
            mapping = SharedMapping.open(peer.pid, peer.mappingFd, layout.totalBytes());
            layout.checkHeader(mapping.segment(), peer.nonce);
        } catch (final NativeException | IllegalArgumentException | ProtocolViolation x) {
            peerFault("shared-memory connect to qualifier " + qualifier + ": cannot map the peer's memory: "
                    + x.getMessage(), x);
            fail(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, null, null);
            return;
        }
        final boolean cma = proof.proven(peer.pid, peer.probeAddress, faults);
        final int out = Math.min(myOut, peer.depthIn);
        pending = new DataPath(this, e, mapping, layout, 1, peerBell, peer.pid,
                transport.config.cma() && (peer.flags & Handshake.FLAG_CMA) != 0, myIn, out, peer.rnrRetry);
        if (cma) {
            pending.enableCma();
        }
        deadline = Long.MAX_VALUE;
        transport.cm.unwatch(this);
        phase = P_UP;
        // ESTABLISHED before RTU: an EP disconnected meanwhile sends none, and the passive side's accept fails
        KitLock.assertNoneHeld("established");
        if (!epConnection.established(peer.privateData, myIn, out, transport.localAddress(0),
                transport.localAddress(qualifier))) {
            terminate(END_SILENT, "the EP no longer waits for the connection");
            return;
        }
        msg.type = Handshake.RTU;
        msg.flags = cma ? Handshake.FLAG_CMA : 0;
        msg.probeAddress = proof.hold(peer.probeValue);
        if (send(msg)) {
            open(true);
        }
    }

    /**
     * Loop thread, once the {@code established} upcall succeeded: publishes the data path to the threads that service
     * it (and this side's LMRs to the peer if {@code grant}: it copies with CMA), does what the peer or a poster left
     * meanwhile and wakes the sleepers, which armed nothing while it was hidden.
     */
    private void open(final boolean grant) {
        lock.lock();
        try {
            path = pending;
            pending = null;
        } finally {
            lock.unlock();
        }
        if (grant) {
            transport.grantAll(this);
        }
        io.rounds(false);
        transport.doorbell.ring();
    }

    // ---- passive side

    /** Loop thread: a socket the listener accepted. */
    void startPassive() {
        phase = P_WAIT_REQ;
        transport.track(this);
        deadline = System.nanoTime() + HANDSHAKE_NANOS;
        if (register()) {
            transport.cm.watch(this);
        }
    }

    private void onRequest() {
        deadline = Long.MAX_VALUE;
        transport.cm.unwatch(this);
        peerWantsCma = (peer.flags & Handshake.FLAG_CMA) != 0;
        phase = P_REQUESTED;
        KitLock.assertNoneHeld("connectionRequested");
        if (!listener.upcalls().connectionRequested(this, transport.localAddress(0), peer.privateData,
                peer.depthIn, peer.depthOut)) {
            refuse(false, new byte[0]);
        }
    }

    /**
     * A peer's descriptor that cannot be opened or mapped. ENOENT and ESRCH mean that the peer closed it or exited
     * (its IA closed, or the process ended, during the handshake): an ordinary end, logged at debug. Anything else
     * (a descriptor that is not what the handshake said, a bad header) goes to the rate-limited remote-fault log.
     */
    private void peerFault(final String what, final Exception x) {
        if (x instanceof NativeException n && (n.errno() == Libc.ENOENT || n.errno() == Libc.ESRCH)) {
            LOG.debug("{} (the peer went away)", what);
        } else {
            faults.warn(what);
        }
    }

    /** Loop thread: the consumer accepted the request on {@code e}. */
    void acceptWith(final ShmEndpoint e, final ConnectionUpcalls connection, final byte[] privateData, final int in,
            final int out) {
        epConnection = connection;
        ep = e;
        if (phase != P_REQUESTED || peerGone) {
            acceptFailed("the requester went away before the accept");
            return;
        }
        final ConnectionLayout layout = new ConnectionLayout(transport.config.ringBytes(),
                transport.config.grantSlots());
        final long nonce = ThreadLocalRandom.current().nextLong();
        try {
            peerBell = Doorbell.open(peer.pid, peer.doorbellFd);
            mapping = SharedMapping.create("dat4j-shm-connection", layout.totalBytes());
            layout.writeHeader(mapping.segment(), nonce);
        } catch (final NativeException | IllegalArgumentException x) {
            peerFault("shared-memory accept on qualifier " + qualifier + ": " + x.getMessage(), x);
            acceptFailed(x.getMessage());
            return;
        }
        pending = new DataPath(this, e, mapping, layout, 0, peerBell, peer.pid, transport.config.cma(), in, out,
                peer.rnrRetry);
        msg.type = Handshake.REP;
        msg.rnrRetry = e.up.attributes().rnrRetryCount();
        msg.flags = transport.config.cma() ? Handshake.FLAG_CMA : 0;
        msg.depthIn = in;
        msg.depthOut = out;
        proof.fill(msg, peer.probeValue);
        msg.mappingFd = mapping.descriptor();
        msg.grantSlots = layout.grantSlots();
        msg.ringBytes = layout.ringBytes();
        msg.nonce = nonce;
        msg.privateData = privateData;
        myIn = in;
        myOut = out;
        phase = P_WAIT_RTU;
        deadline = System.nanoTime() + HANDSHAKE_NANOS;
        if (send(msg)) {
            transport.cm.watch(this);
        }
    }

    private void acceptFailed(final String why) {
        final ShmEndpoint e = ep;
        final ConnectionUpcalls connection = epConnection;
        terminate(END_SILENT, why);
        if (e != null && connection.connectionFailed(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null)) {
            e.recvs.flush();
        }
    }

    private void onReadyToUse() {
        mapping.closeDescriptor();
        deadline = Long.MAX_VALUE;
        transport.cm.unwatch(this);
        phase = P_UP;
        if (peerWantsCma && pending != null && proof.proven(peer.pid, peer.probeAddress, faults)) {
            pending.enableCma();
        }
        KitLock.assertNoneHeld("established");
        final ShmEndpoint e = ep;
        if (e != null && epConnection.established(null, myIn, myOut, transport.localAddress(qualifier),
                transport.localAddress(0))) {
            open((peer.flags & Handshake.FLAG_CMA) != 0);
        } else {
            terminate(END_SILENT, "the EP no longer waits for the connection");
        }
    }

    @Override
    public void reject(final byte[] privateData) {
        transport.cm.execute(() -> refuse(true, privateData));
    }

    private void refuse(final boolean consumer, final byte[] privateData) {
        if (phase != P_REQUESTED) {
            return;
        }
        msg.type = Handshake.REJ;
        msg.peerReject = consumer;
        msg.privateData = privateData;
        phase = P_CLOSED;
        transport.untrack(this);
        deadline = System.nanoTime() + LINGER_NANOS;
        if (send(msg)) {
            socket.closeWhenFlushed();
            transport.cm.watch(this);
        }
    }

    // ---- both sides: socket events

    private boolean register() {
        String refusal;
        EventNumber n = EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED;
        try {
            final String user = socket.peerUser();
            if (user.equals(transport.user())) {
                socket.register(transport.cm, this);
                return true;
            }
            refusal = "the peer runs as '" + user + "', not as this process's user '" + transport.user() + "'";
            faults.warn("shared-memory connection " + describe() + ": " + refusal + ": refused");
        } catch (final IOException e) {
            refusal = "cannot register the socket: " + e;
            n = EventNumber.CONNECTION_EVENT_UNREACHABLE;
        }
        if (active) {
            fail(n, null, refusal);
        } else {
            terminate(END_SILENT, refusal);
        }
        return false;
    }

    private boolean send(final Handshake m) {
        try {
            socket.send(m);
            return true;
        } catch (final IOException e) {
            onEof("the socket failed: " + e.getMessage());
            return false;
        }
    }

    @Override
    public void ready(final SelectionKey k) {
        try {
            if (k.isWritable() && socket.pending()) {
                socket.flush();
            }
            if (!k.isValid() || !k.isReadable()) {
                return;
            }
            if (!socket.fill()) {
                onEof(null);
                return;
            }
            ByteBuffer body;
            while (phase != P_CLOSED && (body = socket.nextFrame()) != null) {
                peer.decode(body);
                onFrame();
            }
            socket.compact();
        } catch (final ProtocolViolation e) {
            protocolError(e.getMessage());
        } catch (final IOException e) {
            onEof(e.getMessage());
        }
    }

    private void onFrame() {
        final int t = peer.type;
        switch (phase) {
            case P_WAIT_REQ -> {
                if (t == Handshake.PROBE) {
                    terminate(END_SILENT, "a liveness probe");
                } else if (t == Handshake.REQ) {
                    onRequest();
                } else {
                    protocolError("message " + t + " before the connection request");
                }
            }
            case P_CONNECTING -> {
                if (t == Handshake.REP) {
                    onReply();
                } else if (t == Handshake.REJ) {
                    fail(peer.peerReject ? EventNumber.CONNECTION_EVENT_PEER_REJECTED
                            : EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, peer.peerReject ? peer.privateData
                                    : null, null);
                } else {
                    protocolError("message " + t + " in answer to the connection request");
                }
            }
            case P_WAIT_RTU -> {
                if (t == Handshake.RTU) {
                    onReadyToUse();
                } else {
                    protocolError("message " + t + " instead of RTU");
                }
            }
            case P_UP -> {
                if (t == Handshake.DISC) {
                    remoteEnd(END_DISCONNECTED, null);
                } else {
                    protocolError("message " + t + " on an established connection");
                }
            }
            default -> protocolError("message " + t + " while the request is pending");
        }
    }

    private void protocolError(final String what) {
        faults.warn("shared-memory connection " + describe() + ": protocol violation, connection ended: " + what);
        switch (phase) {
            case P_CONNECTING -> fail(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, null, null);
            case P_WAIT_RTU -> acceptFailed(what);
            case P_UP -> terminate(END_BROKEN, "protocol violation: " + what);
            default -> terminate(END_SILENT, what);
        }
    }

    private void onEof(final String why) {
        switch (phase) {
            case P_CONNECTING -> fail(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, null, null);
            case P_REQUESTED -> {
                peerGone = true;
                closeSocket();
            }
            case P_WAIT_RTU -> acceptFailed("the requester went away before RTU");
            case P_UP -> remoteEnd(END_BROKEN, why == null ? "the peer closed its socket without DISC (its process"
                    + " ended?)" : why);
            default -> terminate(END_SILENT, why == null ? "closed" : why);
        }
    }

    /** The peer disconnected or died: what it wrote into the ring before is delivered first. */
    private void remoteEnd(final int end, final String why) {
        lock.lock();
        try {
            final DataPath p = path;
            if (p != null && !dying) {
                p.peerLeft();
                for (int i = 0; i < 1024 && p.service() > 0; i++) {
                    // drain what the peer wrote before it left
                }
            }
        } catch (final ProtocolViolation e) {
            // ending anyway
        } finally {
            lock.unlock();
        }
        terminate(end, why);
    }

    @Override
    public long deadline() {
        return deadline;
    }

    @Override
    public void failed(final RuntimeException e) {
        terminate(END_BROKEN, "internal error of the connection manager: " + e);
    }

    @Override
    public void expired(final long now) {
        switch (phase) {
            case P_CONNECTING -> fail(EventNumber.CONNECTION_EVENT_TIMED_OUT, null, null);
            case P_WAIT_REQ -> {
                faults.warn("shared-memory listener on qualifier " + qualifier + ": a connection sent no request"
                        + " within 10 s; closed");
                terminate(END_SILENT, "no request");
            }
            case P_WAIT_RTU -> {
                faults.warn("shared-memory accept on qualifier " + qualifier + ": no RTU within 10 s");
                acceptFailed("no RTU");
            }
            default -> closeSocket();
        }
    }

    // ---- establishment failures, disconnect, teardown

    /** Active side: the connect failed; reports {@code number} (with a reject's data) once; logs {@code why}. */
    void fail(final EventNumber number, final byte[] privateData, final String why) {
        if (phase == P_CLOSED) {
            return;
        }
        if (why != null) {
            LOG.debug("connect failed: {}", why);
        }
        final ShmEndpoint e = ep;
        final ConnectionUpcalls connection = epConnection;
        terminate(END_SILENT, why);
        if (e != null && connection.connectionFailed(number, privateData)) {
            e.recvs.flush();
        }
    }

    /** Loop thread: the consumer disconnects (or aborts a pending connection). */
    void localDisconnect(final CloseMode mode) {
        if (phase == P_CLOSED) {
            return;
        }
        if (phase != P_UP) {
            terminate(END_SILENT, "connection aborted");
            return;
        }
        if (mode == CloseMode.GRACEFUL) {
            io.disconnectWhenDone(); // DISC once the requests posted before are done
            return;
        }
        sendDisc();
    }

    /** Loop thread: sends DISC and ends the connection (a GRACEFUL disconnect whose requests are done). */
    void sendDisc() {
        if (phase != P_UP) {
            return;
        }
        msg.type = Handshake.DISC;
        send(msg);
        terminate(END_DISCONNECTED, null);
    }

    /**
     * Ends the connection (idempotent; loop thread): the data path flushes everything it holds, grants are revoked,
     * the mapping unmapped, the socket closed (after the last frame went out) and the EP told {@code end}.
     */
    void terminate(final int end, final String why) {
        if (!transport.cm.inLoop()) {
            transport.cm.executeAndWait(() -> terminate(end, why), ShmTransport.WAIT_MILLIS);
            return;
        }
        if (phase == P_CLOSED && path == null && pending == null && mapping == null) {
            closeSocket();
            return;
        }
        final boolean wasUp = phase == P_UP;
        if (wasUp && end == END_BROKEN) {
            LOG.debug("shared-memory connection {} broken: {}", describe(), why);
        }
        phase = P_CLOSED;
        dying = true;
        transport.untrack(this);
        transport.cm.unwatch(this);
        final ShmEndpoint e = ep;
        final ConnectionUpcalls connection = epConnection;
        lock.lock();
        try {
            final DataPath p = path != null ? path : pending;
            path = null;
            pending = null;
            if (p != null) {
                p.flushHeld();
                transport.revokeAllAndUnmap(this, p, peerAlive());
            } else {
                if (mapping != null) {
                    mapping.close();
                }
                if (peerBell != null) {
                    peerBell.close();
                }
            }
            mapping = null;
            peerBell = null;
            proof.close();
            // also a connect the consumer aborted: what the EP posted meanwhile completes FLUSHED. The EP read again
            // under the lock: a reset that detached it meanwhile (detach, under this lock) left it receives posted for
            // its next connection, which this end must not flush (ShmAbruptResetTest)
            final ShmEndpoint still = ep;
            if (still != null) {
                still.queues.flushRequests();
                still.recvs.flush();
            }
        } finally {
            lock.unlock();
        }
        if (socket != null && socket.pending()) {
            socket.closeWhenFlushed();
            deadline = System.nanoTime() + LINGER_NANOS;
            transport.cm.watch(this);
        } else {
            closeSocket();
        }
        if (e != null && wasUp) {
            KitLock.assertNoneHeld("disconnected/broken");
            if (end == END_DISCONNECTED) {
                connection.disconnected();
            } else if (end == END_BROKEN) {
                connection.broken(why);
            }
        }
    }

    private boolean peerAlive() {
        return peer.pid > 0 && ProcessHandle.of(peer.pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private void closeSocket() {
        transport.cm.unwatch(this);
        deadline = Long.MAX_VALUE;
        if (socket != null) {
            socket.close();
        }
    }

    /** Completes a request the data path gave up on with {@code status}, then breaks the connection; under the lock. */
    void failed(final PostedOperation op, final DtoStatus status, final String why) {
        ep.up.complete(op, status, 0);
        breakLater(why);
    }

    /** Breaks the connection from a servicing thread, for {@code why}: no more rounds, teardown on the loop thread. */
    void breakLater(final String why) {
        if (!dying) {
            dying = true;
            transport.cm.post(() -> terminate(END_BROKEN, why)); // never inside the round that asked for it
        }
    }

    /**
     * Under the EP's lock, at a reset before this connection ended (an ABRUPT disconnect outlasted the kit's wait):
     * completes its requests FLUSHED, detaches it from the EP (no later upcall; the EP's receives are the next
     * connection's) and leaves the rest of the teardown to the loop thread.
     */
    void detach() {
        final ShmEndpoint e = ep;
        if (e == null) {
            return;
        }
        lock.lock();
        try {
            dying = true;
            ep = null;
            final DataPath p = path != null ? path : pending;
            if (p != null) {
                p.flushHeld();
            }
            e.queues.flushRequests();
        } finally {
            lock.unlock();
        }
        transport.cm.post(() -> terminate(END_SILENT, "the EP was reset"));
    }

    /** {@return true once the data path broke or ended: no more rounds} */
    boolean dying() {
        return dying;
    }

    /** {@return true once the connection ended and its data path is gone} */
    boolean ended() {
        return phase == P_CLOSED && path == null;
    }

    RemoteFaultLog faults() {
        return faults;
    }

    /** {@return the data path, for the transport's grant bookkeeping (null unless established)} */
    DataPath path() {
        return path;
    }

    ShmEndpoint endpoint() {
        return ep;
    }

    String describe() {
        return (active ? "to" : "from") + " qualifier " + qualifier + (peer.pid > 0 ? " (peer pid " + peer.pid + ")"
                : "");
    }

    @Override
    public String toString() {
        return "ShmConnection[" + describe() + ", phase " + phase + "]";
    }
}
