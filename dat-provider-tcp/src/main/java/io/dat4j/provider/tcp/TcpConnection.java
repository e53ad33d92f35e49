package io.dat4j.provider.tcp;

import io.dat4j.CloseMode;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.EventNumber;
import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.DeferredUpcalls;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RegionTable;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.RemoteFaultLog;
import io.dat4j.kit.RequestTransport;
import io.dat4j.kit.ServicePointUpcalls;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Logger;

/**
 * One TCP connection and the wire protocol of {@code docs/tcp-wire.md}: the handshake, the framed data operations and
 * their checks, RNR holding, RDMA read depth, acknowledgements, disconnect. Every method runs on the connection's I/O
 * thread except the fields marked volatile and {@link #reject}, which hands over to it. Frames from the peer are
 * untrusted: every field is checked against limits before anything is allocated or copied, and a bad frame ends only
 * this connection.
 *
 * <p>Threading: all connection state is guarded by {@link #lock} ({@link LockRank#TRANSPORT}), held by the loop
 * owner while it works on the connection and by a posting thread that writes small requests itself (under the EP's
 * lock, which ranks above). Data upcalls (completions, SRQ takes) are made under it; connection upcalls (established,
 * failed, disconnected, broken, a connection request) take the EP's lock, so they wait in {@link #upcalls} and
 * {@link #unlock()} makes them once the lock is released. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class TcpConnection implements RequestTransport {

    private static final Logger LOG = Logging.logger(TcpConnection.class);

    static final int HEADER = 32;
    static final long MAGIC = 0x4441_5434_4A54_4350L; // "DAT4JTCP"
    static final int MAX_PDATA = 512;
    static final int MAX_DEPTH = 1024;
    static final long HANDSHAKE_NANOS = TimeUnit.SECONDS.toNanos(10);
    static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(2);
    static final long RNR_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /**
     * Payloads up to this size are copied behind their header and written with one call (a header written alone
     * would wake the receiver once for the header and again for the payload).
     */
    static final int STAGE_MAX = 64 * 1024;
    /*
     * dat4j.tcp.sendCopyMax (sendCopyMax here, from TcpConfig): the largest SEND or RDMA write payload copied behind
     * its header into the stage (default 16 KiB). A single-segment payload above it, up to STAGE_MAX, goes out with its
     * header in one gathering write straight from the registered memory: one system call as with the stage, without the
     * copy (at 64 KiB the copy on each side was a tenth of the round trip). The JDK allocates two small objects per
     * gathering write from a memory-segment buffer, so small payloads keep the copy.
     */
    /** The stage buffer's first size; it grows to {@code HEADER + STAGE_MAX} when a larger payload is staged. */
    static final int STAGE_INITIAL = 8192;
    /**
     * Inbound: reads shorter than this go through a per-connection buffer (see {@code in}), which holds this many
     * bytes and a header, so that a frame with a payload of up to this size comes in one system call.
     */
    static final int IN_STAGE = 16 * 1024;
    /*
     * dat4j.tcp.fullReadSkips (fullReadSkipsMax here): when a frame ends with a socket read that got all it asked
     * for, the socket may hold the next frame (a stream) or nothing (a request and its response): the next read
     * tells. Once such a read found nothing, the next this many frames that end so leave the socket to the selector
     * (which reports data if there are any) instead of a read that would most likely return nothing; then one read
     * probes again. 0 reads every time.
     *
     * dat4j.tcp.ackBytes (ackBytes here): ACKs owed for at least this many payload bytes are written as soon as the
     * header of a further frame has been read (the sender streams faster than this side empties the socket), not at
     * the end of the read round nor held for a piggy-back: the sender would otherwise see no completion until its
     * window of requests drained. A ping-pong, whose next frame comes only after the answer, keeps its piggy-backed
     * ACKs.
     */

    static final int REQ = 1;
    static final int REP = 2;
    static final int RTU = 3;
    static final int REJ = 4;
    static final int SEND = 5;
    static final int WRITE = 6;
    static final int READ_REQ = 7;
    static final int READ_RESP = 8;
    static final int ACK = 9;
    static final int NAK = 10;
    static final int DISC = 11;
    /** Liveness (see {@link Liveness}): flags {@link #KEEPALIVE_PROBE} asks for an answer. */
    static final int KEEPALIVE = 12;
    static final int KEEPALIVE_PROBE = 1;

    /** REQ/REP flag bit: this side understands ACK counts piggy-backed in field d of SEND, WRITE and READ_REQ. */
    static final int FLAG_PIGGY_ACK = 0x08;

    static final int NAK_RNR = 1;
    static final int NAK_ACCESS = 2;
    static final int NAK_LENGTH = 3;
    /** The target failed the operation at its own end (the memory of its receive was freed): REMOTE_RESPONDER. */
    static final int NAK_REMOTE_OP = 4;
    /** {@link #readWindow} result: the region was freed, or the memory under it (its arena closed). */
    private static final int GONE = -2;

    static final int END_SILENT = 0;
    static final int END_DISCONNECTED = 1;
    static final int END_BROKEN = 2;
    static final int END_FAILED = 3;

    private static final int P_NEW = 0;
    private static final int P_CONNECTING = 1;
    private static final int P_REQ_SENT = 2;
    private static final int P_REQ_WAIT = 3;
    private static final int P_REQUESTED = 4;
    private static final int P_REP_SENT = 5;
    private static final int P_UP = 6;
    private static final int P_CLOSED = 7;

    private static final int IN_HEADER = 0;
    private static final int IN_PDATA = 1;
    private static final int IN_SEND = 2;
    private static final int IN_WRITE = 3;
    private static final int IN_READ_RESP = 4;

    /** A control frame waiting to be written; pooled per connection. */
    private static final class Out {
        int type;
        int flags;
        long a;
        long b;
        int c;
        int d;
        byte[] pdata;
        RegisteredRegion region;
        long offset;
        long length;
    }

    final TcpTransport transport;
    final IoLoop loop;
    /** The IA's {@code dat4j.tcp.sendCopyMax}, {@code fullReadSkips} and {@code ackBytes} (see above). */
    private final int sendCopyMax;
    private final int fullReadSkipsMax;
    private final long ackBytes;
    final AtomicBoolean scheduled = new AtomicBoolean();
    /** Guards all connection state: held by the I/O thread while it works on the connection, and by a posting thread
     * that writes small requests itself ({@link #inlineFlush()}). Release it with {@link #unlock()}. */
    final KitLock lock = new KitLock(LockRank.TRANSPORT, this);
    /** Connection upcalls queued under {@link #lock}, made by {@link #unlock()} in order. */
    private final DeferredUpcalls upcalls = new DeferredUpcalls(lock, this);
    /** The inbound loop stopped for a queued upcall with bytes still staged: read on once it is made. */
    private boolean resumeRead;
    private String pendingFailure;
    volatile boolean rnrWaiting;
    private final SocketChannel ch;
    private final ServicePointUpcalls sp;
    /**
     * Where faults the peer causes are logged, rate-limited: the listener's log for an accepted connection, the IA's
     * for a connect (a flood of bad connections gives a summary per listener, not a line each).
     */
    private final RemoteFaultLog faults;
    private final int slot;
    private volatile TcpEndpoint ep;
    private SelectionKey key;
    private int phase = P_NEW;
    private long deadline = Long.MAX_VALUE;

    // negotiation
    private int myIn;
    private int myOut;
    private int peerRnr;
    private int readOutLimit;
    private int inflightReads;
    private int queuedReadResps;
    private byte[] pendingPdata;

    // inbound
    private final ByteBuffer hdrIn = ByteBuffer.allocateDirect(HEADER);
    /** Bytes read from the socket and not yet consumed (position..limit); see {@link #in}. */
    private final ByteBuffer inStage = ByteBuffer.allocateDirect(HEADER + IN_STAGE).limit(0);
    /** The last socket read got less than it asked for: the socket is empty until the selector says otherwise. */
    private boolean sockEmpty;
    /** The last socket read got all it asked for: whether more is there is not known. */
    private boolean fullRead;
    /** Frames ending in a full read that still leave the socket to the selector (see {@code fullReadSkipsMax}). */
    private int fullReadSkips;
    private int inState = IN_HEADER;
    private int fType;
    private int fFlags;
    private int fLen;
    private long fA;
    private long fB;
    private int fC;
    private int fD;
    private ByteBuffer pdataIn;
    private PostedOperation inOp;
    private RegisteredRegion inRegion;
    private long inOffset;
    private long inTotal;
    private long inDone;
    private int inSeg;
    private long inSegDone;
    private int pendingSendLen;
    /** SEND/WRITE frames received and not yet acknowledged: sent as an ACK frame or in the next request's header. */
    private int ackOwed;
    /** Payload bytes of the frames counted in {@link #ackOwed}. */
    private long ackOwedBytes;
    /** {@link #flushOut()} writes the ACKs owed now, not deferring them ({@code ackBytes}). */
    private boolean ackNow;
    /** The peer takes ACK counts in request headers ({@link #FLAG_PIGGY_ACK}). */
    private boolean peerPiggy;
    /** Listed in the loop's deferred-ACK list; loop owner only. */
    boolean ackListed;

    // outbound
    private final ByteBuffer hdrOut = ByteBuffer.allocateDirect(HEADER);
    /** Header and first payload segment of a gathering write (loop owner only). */
    private final ByteBuffer[] gather = new ByteBuffer[2];
    private ByteBuffer stage;
    private java.lang.foreign.MemorySegment stageSeg;
    private boolean staged;
    private final ArrayDeque<Out> control = new ArrayDeque<>();
    private final ArrayDeque<Out> free = new ArrayDeque<>();
    private final ArrayDeque<PostedOperation> awaiting = new ArrayDeque<>();
    private Out curOut;
    private PostedOperation curReq;
    private ByteBuffer curPdata;
    private int outSeg;
    private long outSegDone;
    private long outDone;
    private boolean writeInterest;

    // ending
    private boolean closing;
    private boolean draining;
    private int closingEnd;
    private String closingReason;
    private boolean gracefulPending;
    private EventNumber failNumber;
    private byte[] failPdata;

    // silent-peer detection
    final Liveness live = new Liveness();
    /** The request that completes DAT_DTO_ERR_TRANSPORT when the transport timeout ends the connection. */
    private PostedOperation transportFailed;

    /** An active connection for an EP's connect. */
    TcpConnection(final TcpTransport transport, final IoLoop loop, final SocketChannel ch, final TcpEndpoint ep,
            final int in, final int out) {
        this.transport = transport;
        this.loop = loop;
        this.sendCopyMax = transport.config.sendCopyMax();
        this.fullReadSkipsMax = transport.config.fullReadSkips();
        this.ackBytes = transport.config.ackBytes();
        this.ch = ch;
        this.sp = null;
        this.faults = transport.adapter.remoteFaults();
        this.ep = ep;
        this.slot = loop.index;
        this.myIn = in;
        this.myOut = out;
    }

    /** A passive connection accepted by a listener. */
    TcpConnection(final TcpTransport transport, final IoLoop loop, final SocketChannel ch,
            final ServicePointUpcalls sp) {
        this.transport = transport;
        this.loop = loop;
        this.sendCopyMax = transport.config.sendCopyMax();
        this.fullReadSkipsMax = transport.config.fullReadSkips();
        this.ackBytes = transport.config.ackBytes();
        this.ch = ch;
        this.sp = sp;
        this.faults = sp.remoteFaults();
        this.slot = loop.index;
    }

    /** Queues a connection upcall (it takes the EP's lock, ranked above this one); caller holds {@link #lock}. */
    private void upcall(final Runnable r) {
        upcalls.add(r);
    }

    /**
     * Releases {@link #lock}. When this ends the thread's outermost hold and connection upcalls are queued, makes
     * them first, in order, each with the lock released (so a transport never calls up holding its own lock), then
     * hands bytes left staged back to the loop ({@code onScheduled} checks under the lock).
     */
    void unlock() {
        if (upcalls.unlock() && resumeRead) {
            loop.schedule(this);
        }
    }

    long deadline() {
        return deadline;
    }

    private void timer(final long nanosFromNow) {
        deadline = nanosFromNow == Long.MAX_VALUE ? Long.MAX_VALUE : System.nanoTime() + nanosFromNow;
        if (deadline != Long.MAX_VALUE) {
            loop.addTimer(this);
        }
    }

    private int rnrRetry() {
        final TcpEndpoint e = ep;
        return e == null ? 7 : e.up.attributes().rnrRetryCount() & 7;
    }

    // ------------------------------------------------------------------ starting

    void startActive(final InetSocketAddress to, final long timeoutNanos, final byte[] pdata) {
        lock.lock();
        try {
            if (ep.conn != this || ep.up.isClosed()) {
                closeChannel();
                phase = P_CLOSED;
                return;
            }
            phase = P_CONNECTING;
            pendingPdata = pdata;
            timer(timeoutNanos);
            try {
                key = ch.register(loop.selector(), 0, this);
                if (ch.connect(to)) {
                    onConnected();
                } else {
                    key.interestOps(SelectionKey.OP_CONNECT);
                }
            } catch (final IOException | java.nio.channels.UnresolvedAddressException
                    | java.nio.channels.UnsupportedAddressTypeException e) {
                connectFailed(e);
            }
        } finally {
            unlock();
        }
    }

    private void connectFailed(final Exception e) {
        failNumber = e instanceof ConnectException ? EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED
                : EventNumber.CONNECTION_EVENT_UNREACHABLE;
        terminate(END_FAILED, "connect failed: " + e, true);
    }

    private void onConnected() {
        interestOff(SelectionKey.OP_CONNECT);
        phase = P_REQ_SENT;
        final Out o = out(REQ);
        o.a = MAGIC;
        o.c = myIn;
        o.d = myOut;
        o.flags = rnrRetry() | FLAG_PIGGY_ACK;
        o.pdata = pendingPdata;
        pendingPdata = null;
        control.add(o);
        interest(SelectionKey.OP_READ);
        flushOut();
    }

    void startPassive() {
        lock.lock();
        try {
            try {
                key = ch.register(loop.selector(), SelectionKey.OP_READ, this);
            } catch (final IOException e) {
                closeChannel();
                phase = P_CLOSED;
                return;
            }
            phase = P_REQ_WAIT;
            timer(HANDSHAKE_NANOS);
        } finally {
            unlock();
        }
    }

    void acceptWith(final TcpEndpoint endpoint, final byte[] pdata, final int in, final int out) {
        lock.lock();
        try {
            ep = endpoint;
            if (phase != P_REQUESTED || closing) {
                // the requester has gone (CRA-06): not established; posted receives are flushed (CRA-07)
                if (phase == P_CLOSED) {
                    endEndpoint(endpoint, END_FAILED, EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null,
                            "the requester has gone", true);
                } else {
                    failNumber = EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR;
                    terminate(END_FAILED, "the requester has gone", true);
                }
                return;
            }
            myIn = in;
            myOut = out;
            readOutLimit = out;
            final Out o = out(REP);
            o.a = MAGIC;
            o.c = in;
            o.d = out;
            o.flags = rnrRetry() | FLAG_PIGGY_ACK;
            o.pdata = pdata;
            control.add(o);
            phase = P_REP_SENT;
            timer(HANDSHAKE_NANOS);
            flushOut();
        } finally {
            unlock();
        }
    }

    @Override
    public void reject(final byte[] privateData) {
        loop.execute(() -> {
            lock.lock();
            try {
                if (phase == P_REQUESTED && !closing) {
                    final Out o = out(REJ);
                    o.flags = 1;
                    o.pdata = privateData;
                    control.add(o);
                    closeAfterFlush(END_SILENT, "rejected");
                }
            } finally {
                unlock();
            }
        });
    }

    void localDisconnect(final CloseMode mode) {
        lock.lock();
        try {
            if (phase == P_CLOSED) {
                final TcpEndpoint e = ep;
                if (e != null && e.conn == this) {
                    flushAll(e);
                }
                return;
            }
            if (phase != P_UP) {
                terminate(END_SILENT, "connect aborted", true);
                return;
            }
            if (closing) {
                if (mode == CloseMode.ABRUPT && !draining) {
                    terminate(closingEnd, closingReason, true);
                }
                return;
            }
            if (mode == CloseMode.GRACEFUL && busy()) {
                gracefulPending = true;
                return;
            }
            sendDisc();
        } finally {
            unlock();
        }
    }

    private boolean busy() {
        return !awaiting.isEmpty() || curReq != null || ep.queues.hasRequests();
    }

    private void checkGraceful() {
        if (gracefulPending && !busy()) {
            gracefulPending = false;
            sendDisc();
        }
    }

    private void sendDisc() {
        addControl(out(DISC));
        closeAfterFlush(END_DISCONNECTED, "disconnected");
    }

    // ------------------------------------------------------------------ readiness

    void onReady(final SelectionKey k) {
        lock.lock();
        try {
            if (!k.isValid() || phase == P_CLOSED) {
                return;
            }
            final int ops = k.readyOps();
            // only while connecting: on POLLERR/POLLHUP (a reset) NIO reports every interest op as ready
            if ((ops & SelectionKey.OP_CONNECT) != 0 && phase == P_CONNECTING) {
                try {
                    if (ch.finishConnect()) {
                        onConnected();
                    }
                } catch (final IOException e) {
                    connectFailed(e);
                    return;
                }
            }
            if ((ops & SelectionKey.OP_READ) != 0 && phase != P_CLOSED) {
                sockEmpty = false;
                fullRead = false;
                onReadable();
            }
            if ((ops & SelectionKey.OP_WRITE) != 0 && phase != P_CLOSED) {
                flushOut();
            }
        } finally {
            unlock();
        }
    }

    void onScheduled() {
        lock.lock();
        try {
            final TcpEndpoint e = ep;
            if (pendingFailure != null) {
                final String f = pendingFailure;
                pendingFailure = null;
                lost(f);
            }
            if (phase == P_CLOSED) {
                if (e != null && e.conn == this) {
                    flushRequests(e);
                }
                return;
            }
            if (resumeRead && upcalls.isEmpty()) {
                resumeRead = false;
                if (!rnrWaiting) {
                    onReadable();
                }
            }
            if (rnrWaiting && e != null && e.queues.hasRecv()) {
                rnrWaiting = false;
                deadline = Long.MAX_VALUE;
                interest(SelectionKey.OP_READ);
                if (startSend(pendingSendLen)) {
                    sockEmpty = false;
                    fullRead = false;
                    onReadable();
                    return;
                }
            }
            if (phase == P_UP) {
                flushOut();
            }
        } finally {
            unlock();
        }
    }

    void onTimer() {
        lock.lock();
        try {
            final long d = deadline;
            deadline = Long.MAX_VALUE;
            if (d == Long.MAX_VALUE || phase == P_CLOSED) {
                return;
            }
            if (draining) {
                terminate(closingEnd, closingReason, true);
                return;
            }
            switch (phase) {
                case P_CONNECTING, P_REQ_SENT -> {
                    failNumber = EventNumber.CONNECTION_EVENT_TIMED_OUT;
                    terminate(END_FAILED, "connect timed out", true);
                }
                case P_REQ_WAIT -> terminate(END_SILENT, "no connection request within the handshake timeout", true);
                case P_REP_SENT -> {
                    failNumber = EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR;
                    terminate(END_FAILED, "no RTU within the handshake timeout", true);
                }
                case P_UP -> {
                    if (rnrWaiting) {
                        rnrWaiting = false;
                        sendNak(NAK_RNR, "a SEND arrived and no receive was posted within the RNR retry budget");
                    }
                }
                default -> {
                    // nothing
                }
            }
        } finally {
            unlock();
        }
    }

    void fail(final String reason) {
        lock.lock();
        try {
            lost(reason);
        } finally {
            unlock();
        }
    }

    /** The connection went away unexpectedly: map to the event of the phase. */
    private void lost(final String reason) {
        LOG.debug("connection {} lost in phase {} (closing {}): {}", this, phase, closing, reason);
        if (phase == P_CLOSED) {
            return;
        }
        if (closing) {
            terminate(closingEnd, closingReason, true);
            return;
        }
        switch (phase) {
            case P_CONNECTING, P_REQ_SENT -> {
                failNumber = EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED;
                terminate(END_FAILED, reason, true);
            }
            case P_REP_SENT -> {
                failNumber = EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR;
                terminate(END_FAILED, reason, true);
            }
            case P_UP -> terminate(END_BROKEN, reason, true);
            default -> terminate(END_SILENT, reason, true);
        }
    }

    private void protocol(final String what) {
        faults.warn("connection " + this + ": protocol violation from the peer: " + what + "; closing the connection");
        lost("protocol violation: " + what);
    }

    // ------------------------------------------------------------------ inbound

    private void onReadable() {
        while (phase != P_CLOSED && !rnrWaiting) {
            if (!upcalls.isEmpty()) {
                // a frame queued a connection upcall (a request, ESTABLISHED): no later frame is handled before it is
                // made, so that its event comes before their completions; unlock() hands the rest back to the loop
                resumeRead = true;
                break;
            }
            if (draining) {
                drain();
                return;
            }
            if (closing || (sockEmpty && !inStage.hasRemaining())) {
                // (an empty socket: no read that would only return EAGAIN; the selector reports new data)
                break;
            }
            final boolean boundary = inState == IN_HEADER && fullRead && !inStage.hasRemaining()
                    && hdrIn.position() == 0;
            if (boundary && fullReadSkips > 0) {
                // a frame ended with a full read, and the last such guess found nothing: leave it to the selector
                fullReadSkips--;
                break;
            }
            final int r;
            switch (inState) {
                case IN_HEADER -> {
                    r = read(hdrIn);
                    if (r < 0) {
                        return;
                    }
                    if (boundary) {
                        fullReadSkips = r == 0 ? fullReadSkipsMax : 0;
                    }
                    if (hdrIn.hasRemaining()) {
                        flushOut();
                        return;
                    }
                    hdrIn.flip();
                    fType = hdrIn.get(0) & 0xff;
                    fFlags = hdrIn.get(1) & 0xff;
                    fLen = hdrIn.getInt(4);
                    fA = hdrIn.getLong(8);
                    fB = hdrIn.getLong(16);
                    fC = hdrIn.getInt(24);
                    fD = hdrIn.getInt(28);
                    hdrIn.clear();
                    if (ackOwedBytes >= ackBytes && ackOwed > 0) {
                        // a further frame is here already: a stream, whose sender waits for these ACKs
                        ackNow = true;
                        flushOut();
                        ackNow = false;
                        if (phase == P_CLOSED) {
                            return;
                        }
                    }
                    onHeader();
                }
                case IN_PDATA -> {
                    r = read(pdataIn);
                    if (r < 0) {
                        return;
                    }
                    if (pdataIn.hasRemaining()) {
                        return;
                    }
                    inState = IN_HEADER;
                    onControl(pdataIn.array());
                    pdataIn = null;
                }
                case IN_SEND, IN_READ_RESP -> {
                    r = readScatter();
                    if (r <= 0) {
                        if (r == 0) {
                            flushOut();
                        }
                        return;
                    }
                    if (inState == IN_SEND) {
                        finishSend();
                    } else {
                        finishReadResp();
                    }
                }
                case IN_WRITE -> {
                    r = readRegion();
                    if (r <= 0) {
                        if (r == 0) {
                            flushOut();
                        }
                        return;
                    }
                    inRegion = null;
                    inState = IN_HEADER;
                    enqueueAck(inTotal);
                }
                default -> throw new IllegalStateException("inbound state " + inState);
            }
        }
        if (phase != P_CLOSED) {
            flushOut();
        }
    }

    /**
     * Reads into {@code dst}: bytes already staged first, then the socket. A read shorter than {@link #IN_STAGE}
     * bytes goes through the stage, which takes whatever the socket has, so that one system call brings several
     * headers and small payloads instead of one call per header and one per payload; longer reads go straight into
     * {@code dst}. Allocation-free.
     *
     * @return bytes transferred, 0 when nothing is available, -1 at end of stream with nothing transferred
     */
    private int in(final ByteBuffer dst) throws IOException {
        int n = 0;
        if (inStage.hasRemaining()) {
            n = unstage(dst);
            if (!dst.hasRemaining()) {
                return n;
            }
        }
        if (dst.remaining() >= IN_STAGE) {
            final int want = dst.remaining();
            final int r = ch.read(dst);
            if (r > 0) {
                live.received += r;
            }
            afterRead(r, want);
            return r < 0 ? (n > 0 ? n : -1) : n + r;
        }
        inStage.clear();
        final int r;
        try {
            r = ch.read(inStage);
        } finally {
            inStage.flip();
        }
        afterRead(r, inStage.capacity());
        if (r < 0) {
            return n > 0 ? n : -1;
        }
        live.received += r;
        return n + unstage(dst);
    }

    /** After a socket read of {@code r} bytes out of {@code want}: a short read says that the socket is empty. */
    private void afterRead(final int r, final int want) {
        sockEmpty = r < want;
        fullRead = r >= want;
    }

    private int unstage(final ByteBuffer dst) {
        final int k = Math.min(inStage.remaining(), dst.remaining());
        dst.put(dst.position(), inStage, inStage.position(), k);
        dst.position(dst.position() + k);
        inStage.position(inStage.position() + k);
        return k;
    }

    private int read(final ByteBuffer b) {
        try {
            final int n = in(b);
            if (n < 0) {
                lost("the peer closed the connection");
            }
            return n;
        } catch (final IOException e) {
            lost("read failed: " + e.getMessage());
            return -1;
        }
    }

    private void drain() {
        final ByteBuffer scratch = loop.scratch();
        while (true) {
            scratch.clear();
            final int n;
            try {
                n = ch.read(scratch);
            } catch (final IOException e) {
                terminate(closingEnd, closingReason, true);
                return;
            }
            if (n < 0) {
                terminate(closingEnd, closingReason, true);
                return;
            }
            if (n == 0) {
                return;
            }
        }
    }

    private void onHeader() {
        if (fLen < 0) {
            protocol("negative payload length " + fLen);
            return;
        }
        switch (fType) {
            case REQ, REP, REJ -> {
                final int expected = fType == REQ ? P_REQ_WAIT : P_REQ_SENT;
                if (phase != expected) {
                    protocol("handshake frame " + fType + " in phase " + phase);
                } else if (fLen > MAX_PDATA) {
                    protocol("private data of " + fLen + " bytes exceeds " + MAX_PDATA);
                } else if (fType != REJ && (fA != MAGIC || fC < 0 || fC > MAX_DEPTH || fD < 0 || fD > MAX_DEPTH)) {
                    protocol("bad handshake fields (magic or RDMA read depths)");
                } else if (fLen == 0) {
                    onControl(new byte[0]);
                } else {
                    pdataIn = ByteBuffer.allocate(fLen);
                    inState = IN_PDATA;
                }
            }
            case RTU -> {
                if (phase != P_REP_SENT || fLen != 0) {
                    protocol("unexpected RTU");
                } else {
                    onRtu();
                }
            }
            case SEND -> {
                if (phase != P_UP) {
                    protocol("SEND before the connection is established");
                } else if (!piggyAcks()) {
                    return;
                } else if (fLen > ep.up.attributes().maxMessageSize()) {
                    sendNak(NAK_LENGTH, "SEND of " + fLen + " bytes exceeds maxMessageSize "
                            + ep.up.attributes().maxMessageSize());
                } else {
                    startSend(fLen);
                }
            }
            case WRITE -> {
                if (phase != P_UP) {
                    protocol("RDMA WRITE before the connection is established");
                } else if (!piggyAcks()) {
                    return;
                } else if (fLen > ep.up.attributes().maxRdmaSize()) {
                    sendNak(NAK_LENGTH, "RDMA WRITE of " + fLen + " bytes exceeds maxRdmaSize");
                } else {
                    startWrite(fA, fC, fLen);
                }
            }
            case READ_REQ -> {
                if (phase != P_UP || fLen != 0) {
                    protocol("bad RDMA READ request");
                } else if (!piggyAcks()) {
                    return;
                } else if (fB < 0 || fB > ep.up.attributes().maxRdmaSize()) {
                    sendNak(NAK_LENGTH, "RDMA READ of " + fB + " bytes exceeds maxRdmaSize");
                } else if (queuedReadResps >= myIn) {
                    protocol("more RDMA reads outstanding than the negotiated depth " + myIn);
                } else {
                    startReadReq(fA, fB, fC);
                }
            }
            case READ_RESP -> onReadRespHeader();
            case ACK -> {
                if (phase != P_UP || fLen != 0 || fC < 1 || fC > awaiting.size()) {
                    protocol("bad ACK (count " + fC + ", " + awaiting.size() + " awaiting)");
                } else {
                    onAck(fC);
                }
            }
            case NAK -> {
                if (phase != P_UP || fLen != 0 || (awaiting.isEmpty() && curReq == null)) {
                    protocol("unexpected NAK");
                } else {
                    onNak(fFlags);
                }
            }
            case DISC -> {
                if (phase != P_UP || fLen != 0) {
                    protocol("unexpected DISC");
                } else {
                    terminate(END_DISCONNECTED, "the peer disconnected", true);
                }
            }
            case KEEPALIVE -> {
                if (phase != P_UP || fLen != 0) {
                    protocol("unexpected KEEPALIVE");
                } else if ((fFlags & KEEPALIVE_PROBE) != 0) {
                    keepalive(0);
                }
            }
            default -> protocol("unknown frame type " + fType);
        }
    }

    /**
     * Handles the ACK count carried in field d of a request header (before the request itself: the ACKs are for
     * frames the peer received earlier).
     *
     * @return false if the frame must not be handled further (a bad count, or the connection started closing)
     */
    private boolean piggyAcks() {
        if (fD == 0) {
            return true;
        }
        if (fD < 0 || fD > awaiting.size()) {
            protocol("bad ACK count " + fD + " in a request header (" + awaiting.size() + " awaiting)");
            return false;
        }
        onAck(fD);
        return phase == P_UP && !closing;
    }

    private void onControl(final byte[] pdata) {
        switch (fType) {
            case REQ -> onReq(pdata);
            case REP -> onRep(pdata);
            case REJ -> {
                failNumber = fFlags == 1 ? EventNumber.CONNECTION_EVENT_PEER_REJECTED
                        : EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED;
                failPdata = pdata;
                terminate(END_FAILED, "rejected", true);
            }
            default -> protocol("frame " + fType + " carries no private data");
        }
    }

    private void onReq(final byte[] pdata) {
        phase = P_REQUESTED;
        deadline = Long.MAX_VALUE;
        peerRnr = fFlags & 7;
        peerPiggy = (fFlags & FLAG_PIGGY_ACK) != 0;
        final int in = fC;
        final int out = fD;
        InetSocketAddress remote = null;
        try {
            remote = (InetSocketAddress) ch.getRemoteAddress();
        } catch (final IOException e) {
            LOG.debug("remote address", e);
        }
        final InetSocketAddress from = remote;
        upcall(() -> {
            if (!sp.connectionRequested(this, from, pdata, in, out)) {
                lock.lock();
                try {
                    if (phase == P_REQUESTED) {
                        final Out o = out(REJ);
                        o.flags = 0;
                        control.add(o);
                        closeAfterFlush(END_SILENT, "refused by the service point");
                    }
                } finally {
                    unlock();
                }
            }
        });
    }

    private void onRep(final byte[] pdata) {
        peerRnr = fFlags & 7;
        peerPiggy = (fFlags & FLAG_PIGGY_ACK) != 0;
        final int peerIn = fC;
        final int peerOut = fD;
        if (peerOut > myIn) {
            protocol("the responder's RDMA read depth out " + peerOut + " exceeds our depth in " + myIn);
            return;
        }
        myOut = Math.min(myOut, peerIn);
        readOutLimit = myOut;
        // RTU is not sent until the kit agrees that the EP still waits for this connection: an EP whose pending
        // connect was aborted must not let the passive side establish (conformance CM-04). The connection stays in
        // P_REQ_SENT meanwhile (the passive side sends nothing before the RTU); the timer is off.
        deadline = Long.MAX_VALUE;
        final TcpEndpoint e = ep;
        final int in = myIn;
        final int out = myOut;
        final InetSocketAddress local = local();
        final InetSocketAddress remote = remote();
        upcall(() -> {
            final boolean ok = e.up.established(pdata, in, out, local, remote);
            lock.lock();
            try {
                if (phase != P_REQ_SENT) {
                    return; // lost meanwhile: its connectionFailed finds the EP established and reports BROKEN
                }
                if (!ok) {
                    terminate(END_SILENT, "the EP no longer waits for the connection", true);
                    return;
                }
                phase = P_UP;
                control.add(out(RTU));
                loop.liveness.watch(this);
                flushOut();
            } finally {
                unlock();
            }
        });
    }

    private void onRtu() {
        // P_UP at once: the requester may send right behind its RTU. Its frames wait (onReadable stops) until the
        // kit has taken ESTABLISHED, so the event comes before their completions.
        phase = P_UP;
        deadline = Long.MAX_VALUE;
        final TcpEndpoint e = ep;
        final int in = myIn;
        final int out = myOut;
        final InetSocketAddress local = local();
        final InetSocketAddress remote = remote();
        upcall(() -> {
            final boolean ok = e.up.established(null, in, out, local, remote);
            lock.lock();
            try {
                if (phase != P_UP) {
                    return; // lost meanwhile: its connectionFailed finds the EP established and reports BROKEN
                }
                if (!ok) {
                    terminate(END_SILENT, "the EP no longer waits for the connection", true);
                    return;
                }
                loop.liveness.watch(this);
                flushOut();
            } finally {
                unlock();
            }
        });
    }

    private InetSocketAddress local() {
        try {
            return (InetSocketAddress) ch.getLocalAddress();
        } catch (final IOException e) {
            return null;
        }
    }

    private InetSocketAddress remote() {
        try {
            return (InetSocketAddress) ch.getRemoteAddress();
        } catch (final IOException e) {
            return null;
        }
    }

    /** @return true if the payload can be read now */
    private boolean startSend(final int len) {
        final TcpEndpoint e = ep;
        final PostedOperation op = e.queues.pollRecv();
        if (op == null) {
            if (peerRnr == 0) {
                sendNak(NAK_RNR, "a SEND arrived and no receive is posted (rnr_retry 0)");
                return false;
            }
            pendingSendLen = len;
            rnrWaiting = true;
            interestOff(SelectionKey.OP_READ);
            timer(peerRnr == 7 ? Long.MAX_VALUE : peerRnr * RNR_DELAY_NANOS);
            if (e.queues.hasRecv()) {
                loop.schedule(this);
            }
            return false;
        }
        if (len > op.totalLength()) {
            e.up.complete(op, DtoStatus.LOCAL_LENGTH, 0);
            sendNak(NAK_LENGTH, "a SEND of " + len + " bytes does not fit the posted receive of "
                    + op.totalLength());
            return false;
        }
        inOp = op;
        inTotal = len;
        inDone = 0;
        inSeg = 0;
        inSegDone = 0;
        inState = IN_SEND;
        if (len == 0) {
            finishSend();
        }
        return true;
    }

    private void finishSend() {
        final PostedOperation op = inOp;
        inOp = null;
        inState = IN_HEADER;
        ep.up.complete(op, DtoStatus.SUCCESS, inTotal);
        enqueueAck(inTotal);
    }

    private void startWrite(final long address, final int rmr, final int len) {
        if (len == 0) {
            enqueueAck(0);
            return;
        }
        final RegionTable table = transport.adapter.regions();
        final RegisteredRegion r = table.acquire(ep.up, rmr, address, len, true);
        if (r == null) {
            sendNak(NAK_ACCESS, "RDMA WRITE refused: " + table.refusal(ep.up, rmr, address, len, true));
            return;
        }
        r.release();
        inRegion = r;
        inOffset = address - r.baseAddress();
        inTotal = len;
        inDone = 0;
        inState = IN_WRITE;
    }

    private void startReadReq(final long address, final long len, final int rmr) {
        final Out o = out(READ_RESP);
        if (len > 0) {
            final RegionTable table = transport.adapter.regions();
            final RegisteredRegion r = table.acquire(ep.up, rmr, address, len, false);
            if (r == null) {
                sendNak(NAK_ACCESS, "RDMA READ refused: " + table.refusal(ep.up, rmr, address, len, false));
                free.add(o);
                return;
            }
            r.release();
            o.region = r;
            o.offset = address - r.baseAddress();
        }
        o.length = len;
        queuedReadResps++;
        addControl(o);
    }

    private void onReadRespHeader() {
        final PostedOperation head = awaiting.peek();
        if (phase != P_UP || head == null || head.kind() != DtoOperation.RDMA_READ) {
            protocol("READ response with no RDMA read outstanding");
            return;
        }
        if (fFlags != 0) {
            if (fLen != 0) {
                protocol("READ error response with a payload");
            } else {
                onNak(fFlags);
            }
            return;
        }
        if (fLen != head.totalLength()) {
            protocol("READ response of " + fLen + " bytes for a read of " + head.totalLength());
            return;
        }
        inOp = head;
        inTotal = fLen;
        inDone = 0;
        inSeg = 0;
        inSegDone = 0;
        inState = IN_READ_RESP;
        if (fLen == 0) {
            finishReadResp();
        }
    }

    private void finishReadResp() {
        final PostedOperation op = awaiting.poll();
        inOp = null;
        inState = IN_HEADER;
        inflightReads--;
        ep.up.complete(op, DtoStatus.SUCCESS, inTotal);
        checkGraceful();
    }

    private void onAck(final int count) {
        for (int i = 0; i < count; i++) {
            final PostedOperation op = awaiting.peek();
            if (op.kind() == DtoOperation.RDMA_READ) {
                protocol("ACK for an RDMA read");
                return;
            }
            awaiting.poll();
            ep.up.complete(op, DtoStatus.SUCCESS, op.totalLength());
        }
        checkGraceful();
    }

    /**
     * The peer refused a request. Responses come in request order and every earlier SEND and WRITE was acknowledged
     * before the NAK, so the refused one is the oldest awaiting a response or, when none awaits, the one whose
     * payload is still being written: the target refuses at the header, whatever the size, and drains the rest.
     */
    private void onNak(final int code) {
        final PostedOperation op;
        if (awaiting.isEmpty()) {
            op = takeCurrentRequest();
        } else {
            op = awaiting.poll();
            if (op.kind() == DtoOperation.RDMA_READ) {
                inflightReads--;
            }
        }
        final DtoStatus s = switch (code) {
            case NAK_RNR -> DtoStatus.RECEIVER_NOT_READY;
            case NAK_ACCESS -> DtoStatus.REMOTE_ACCESS;
            default -> DtoStatus.REMOTE_RESPONDER;
        };
        ep.up.complete(op, s, 0);
        terminate(END_BROKEN, "the peer refused " + op.kind() + " with " + s, true);
    }

    /**
     * Reads from the socket into part of a registered region, bracketed by {@link RegisteredRegion#acquire()} and
     * {@link RegisteredRegion#release()} (released on every path).
     *
     * @return the bytes read (0 when the socket has none now), -1 when the connection ended ({@link #lost} called: the
     *         read failed or the peer closed), or {@link #GONE} when the region was freed or the memory under it was
     *         (the consumer closed its arena while it was registered); the caller reports that
     */
    private int readWindow(final RegisteredRegion r, final long offset, final long want) {
        if (!r.acquire()) {
            return GONE;
        }
        final int n;
        try {
            n = in(window(r, offset, want));
        } catch (final IOException e) {
            lost("read failed: " + e.getMessage());
            return -1;
        } catch (final IllegalStateException e) {
            return GONE;
        } finally {
            r.release();
        }
        if (n < 0) {
            lost("the peer closed the connection");
            return -1;
        }
        return n;
    }

    /** {@return whether a region's memory can be touched now: not freed, and its arena open} */
    private static boolean usable(final RegisteredRegion r) {
        if (!r.acquire()) {
            return false;
        }
        try {
            return r.memory().scope().isAlive();
        } finally {
            r.release();
        }
    }

    /**
     * The memory of the receive or RDMA read target being filled went away (the LMR was freed, or the consumer closed
     * the arena under it). A receive completes LOCAL_PROTECTION and the sender is told (NAK: REMOTE_RESPONDER, as a
     * verbs responder's local error gives the requester a remote operation error); an RDMA read completes
     * LOCAL_PROTECTION and the connection breaks. The rest is flushed.
     */
    private void inboundMemoryGone() {
        final PostedOperation op = inOp;
        inOp = null;
        final String reason = "the memory of a local LMR of " + op + " was freed while data arrived into it (a "
                + "consumer error: free an LMR before the memory under it)";
        if (inState == IN_SEND) {
            ep.up.complete(op, DtoStatus.LOCAL_PROTECTION, 0);
            sendNak(NAK_REMOTE_OP, reason);
        } else {
            LOG.warn("connection {}: {}; the connection is closed", this, reason);
            awaiting.poll();
            inflightReads--;
            ep.up.complete(op, DtoStatus.LOCAL_PROTECTION, 0);
            lost(reason);
        }
    }

    /** @return 1 when the message is complete, 0 when the socket has no more now, -1 when the connection ended */
    private int readScatter() {
        final PostedOperation op = inOp;
        while (inDone < inTotal) {
            final long segLen = op.length(inSeg);
            final long want = Math.min(segLen - inSegDone, inTotal - inDone);
            final int n = readWindow(op.region(inSeg), op.offset(inSeg) + inSegDone, want);
            if (n == GONE) {
                inboundMemoryGone();
                return -1;
            }
            if (n < 0) {
                return -1;
            }
            inDone += n;
            inSegDone += n;
            if (inSegDone == segLen) {
                inSeg++;
                inSegDone = 0;
            }
            if (n < want) {
                return 0;
            }
        }
        return 1;
    }

    private int readRegion() {
        final RegisteredRegion r = inRegion;
        while (inDone < inTotal) {
            final long want = inTotal - inDone;
            final int n = readWindow(r, inOffset + inDone, want);
            if (n == GONE) {
                // refused as at the header: the initiator completes REMOTE_ACCESS, the rest of the payload is drained
                inRegion = null;
                sendNak(NAK_ACCESS, "RDMA WRITE refused: the target LMR (rmr_context 0x"
                        + Integer.toHexString(fC) + ") was freed, or the memory under it, during the write");
                return -1;
            }
            if (n < 0) {
                return -1;
            }
            inDone += n;
            if (n < want) {
                return 0;
            }
        }
        return 1;
    }

    private ByteBuffer window(final RegisteredRegion r, final long offset, final long length) {
        final ByteBuffer v = r.view(slot);
        if (v != null) {
            v.clear();
            v.limit((int) (offset + length));
            v.position((int) offset);
            return v;
        }
        return r.memory().asSlice(offset, Math.min(length, 1L << 30)).asByteBuffer();
    }

    private void enqueueAck(final long bytes) {
        ackOwed++;
        ackOwedBytes += bytes;
    }

    /**
     * Queues a control frame behind the ACKs owed so far: responses reach the initiator in the order of its requests
     * (an ACK owed for an earlier WRITE must not follow a READ_RESP for a later READ_REQ).
     */
    private void addControl(final Out o) {
        if (ackOwed > 0) {
            control.add(ackFrame());
        }
        control.add(o);
    }

    /** {@return an ACK frame for every ACK owed}, which are then no longer owed */
    private Out ackFrame() {
        final Out a = out(ACK);
        a.c = ackOwed;
        ackOwed = 0;
        ackOwedBytes = 0;
        return a;
    }

    /** {@return the ACK count for field d of a request header}: the ACKs owed when the peer takes them there */
    private int takePiggyAcks() {
        if (!peerPiggy) {
            return 0;
        }
        final int n = ackOwed;
        ackOwed = 0;
        ackOwedBytes = 0;
        return n;
    }

    /** Writes the ACKs a driving consumer deferred, unless a request carried them meanwhile; loop owner only. */
    void flushAcks() {
        lock.lock();
        try {
            if (ackOwed > 0 && phase == P_UP) {
                flushOut();
            }
        } finally {
            unlock();
        }
    }

    private void sendNak(final int code, final String reason) {
        faults.warn("connection " + this + ": " + reason + "; the connection is closed");
        final Out o = out(NAK);
        o.flags = code;
        addControl(o);
        closeAfterFlush(END_BROKEN, reason);
    }

    // ------------------------------------------------------------------ outbound

    private Out out(final int type) {
        Out o = free.poll();
        if (o == null) {
            o = new Out();
        }
        o.type = type;
        o.flags = 0;
        o.a = 0;
        o.b = 0;
        o.c = 0;
        o.d = 0;
        o.pdata = null;
        o.region = null;
        o.offset = 0;
        o.length = 0;
        return o;
    }

    private void header(final int type, final int flags, final long len, final long a, final long b, final int c,
            final int d) {
        hdrOut.clear();
        hdrOut.put(0, (byte) type);
        hdrOut.put(1, (byte) flags);
        hdrOut.putShort(2, (short) 0);
        hdrOut.putInt(4, (int) len);
        hdrOut.putLong(8, a);
        hdrOut.putLong(16, b);
        hdrOut.putInt(24, c);
        hdrOut.putInt(28, d);
    }

    private void requestHeader(final PostedOperation op) {
        final int acks = takePiggyAcks();
        switch (op.kind()) {
            case SEND -> header(SEND, 0, op.totalLength(), 0, 0, 0, acks);
            case RDMA_WRITE -> header(WRITE, 0, op.totalLength(), op.remoteAddress(), 0, op.rmrContext(), acks);
            case RDMA_READ -> header(READ_REQ, 0, 0, op.remoteAddress(), op.totalLength(), op.rmrContext(), acks);
            default -> throw new IllegalStateException("not a request: " + op.kind());
        }
    }

    private void flushOut() {
        if (phase == P_CLOSED || key == null || draining || pendingFailure != null) {
            // (a failure handed over by a posting thread may have cut a frame short: nothing may follow it)
            return;
        }
        while (true) {
            if (curOut == null && curReq == null) {
                Out o = control.poll();
                PostedOperation op = null;
                if (o == null) {
                    if (!closing && phase == P_UP) {
                        op = ep.queues.peekRequest();
                        if (op != null && op.kind() == DtoOperation.RDMA_READ && inflightReads >= readOutLimit) {
                            op = null;
                        }
                    }
                    if (ackOwed > 0 && (op == null || !peerPiggy)) {
                        if (op == null && peerPiggy && !closing && !ackNow && loop.mayDeferAcks()) {
                            // the consumer this loop wakes may answer at once: let its request carry the ACKs
                            loop.defer(this);
                            break;
                        }
                        o = ackFrame();
                    }
                }
                if (o != null) {
                    curOut = o;
                    final long len = o.type == READ_RESP ? o.length : o.pdata == null ? 0 : o.pdata.length;
                    header(o.type, o.flags, len, o.a, o.b, o.c, o.d);
                    curPdata = o.pdata == null || o.pdata.length == 0 ? null : ByteBuffer.wrap(o.pdata);
                } else if (op != null) {
                    curReq = op;
                    requestHeader(op);
                } else {
                    break;
                }
                outSeg = 0;
                outSegDone = 0;
                outDone = 0;
            }
            final int r = writeCurrent();
            if (r < 0) {
                return;
            }
            if (r == 0) {
                interest(SelectionKey.OP_WRITE);
                return;
            }
            finishCurrent();
        }
        interestOff(SelectionKey.OP_WRITE);
        if (closing && !draining && curOut == null && control.isEmpty()) {
            startDraining();
        }
    }

    /** @return 1 done, 0 the socket is full, -1 the connection ended */
    private int writeCurrent() {
        try {
            if (staged) {
                ch.write(stage);
                return stage.hasRemaining() ? 0 : 1;
            }
            if (curOut != null) {
                if (curOut.type == READ_RESP && curOut.length > 0 && hdrOut.position() == 0) {
                    // nothing of the response is out yet: a region freed since the READ_REQ was checked is still
                    // refused as at the request (an error response), not by breaking the connection
                    if (curOut.length <= STAGE_MAX) {
                        if (stageRegion(curOut)) {
                            return writeStaged();
                        }
                    } else if (!usable(curOut.region)) {
                        refuseReadResponse(curOut);
                    }
                }
                if (hdrOut.hasRemaining()) {
                    ch.write(hdrOut);
                    if (hdrOut.hasRemaining()) {
                        return 0;
                    }
                }
                if (curPdata != null) {
                    ch.write(curPdata);
                    return curPdata.hasRemaining() ? 0 : 1;
                }
                if (curOut.type == READ_RESP && curOut.length > 0) {
                    return writeRegion(curOut);
                }
                return 1;
            }
            final PostedOperation op = curReq;
            if (op.kind() == DtoOperation.RDMA_READ || op.segmentCount() == 0) {
                ch.write(hdrOut);
                return hdrOut.hasRemaining() ? 0 : 1;
            }
            if (op.totalLength() <= sendCopyMax && hdrOut.position() == 0) {
                return stageSegments(op) ? writeStaged() : -1;
            }
            if (op.totalLength() <= STAGE_MAX && op.segmentCount() == 1 && hdrOut.position() == 0
                    && outSegDone == 0) {
                // header and payload in one gathering write (see sendCopyMax): a header written alone would wake
                // the receiver for it alone
                final RegisteredRegion r = op.region(0);
                if (!r.acquire()) {
                    return failCurrentRequest("a local LMR of " + op + " was freed while it was being sent");
                }
                final long h = hdrOut.remaining();
                final long n;
                try {
                    gather[0] = hdrOut;
                    gather[1] = window(r, op.offset(0), op.length(0));
                    n = ch.write(gather);
                } catch (final IllegalStateException e) {
                    return failCurrentRequest(memoryGone(op));
                } finally {
                    gather[1] = null;
                    r.release();
                }
                if (hdrOut.hasRemaining()) {
                    return 0;
                }
                outSegDone = n - h;
                if (outSegDone == op.length(0)) {
                    outSeg++;
                    outSegDone = 0;
                } else {
                    return 0;
                }
            }
            if (hdrOut.hasRemaining()) {
                ch.write(hdrOut);
                if (hdrOut.hasRemaining()) {
                    return 0;
                }
            }
            while (outSeg < op.segmentCount()) {
                final RegisteredRegion r = op.region(outSeg);
                final long segLen = op.length(outSeg);
                if (!r.acquire()) {
                    return failCurrentRequest("a local LMR of " + op + " was freed while it was being sent");
                }
                final int n;
                try {
                    n = ch.write(window(r, op.offset(outSeg) + outSegDone, segLen - outSegDone));
                } catch (final IllegalStateException e) {
                    return failCurrentRequest(memoryGone(op));
                } finally {
                    r.release();
                }
                outSegDone += n;
                if (outSegDone == segLen) {
                    outSeg++;
                    outSegDone = 0;
                } else {
                    return 0;
                }
            }
            return 1;
        } catch (final IOException e) {
            writeLost("write failed: " + e.getMessage());
            return -1;
        }
    }

    private ByteBuffer stage(final long payload) {
        if (stage == null || stage.capacity() < HEADER + payload) {
            stage = ByteBuffer.allocateDirect(HEADER + payload <= STAGE_INITIAL ? STAGE_INITIAL : HEADER + STAGE_MAX);
            stageSeg = java.lang.foreign.MemorySegment.ofBuffer(stage);
        }
        stage.clear();
        stage.put(hdrOut);
        return stage;
    }

    /**
     * Copies header and payload into the stage with MemorySegment.copy: no shared view, any thread.
     *
     * @return false when a source region was freed or its memory was: the request (the current one) has completed
     *         LOCAL_PROTECTION and the connection is breaking
     */
    private boolean stageSegments(final PostedOperation op) {
        final ByteBuffer st = stage(op.totalLength());
        int pos = HEADER;
        for (int i = 0; i < op.segmentCount(); i++) {
            final RegisteredRegion r = op.region(i);
            if (!r.acquire()) {
                failCurrentRequest("a local LMR of " + op + " was freed while it was being sent");
                return false;
            }
            try {
                java.lang.foreign.MemorySegment.copy(r.memory(), op.offset(i), stageSeg, pos, op.length(i));
            } catch (final IllegalStateException e) {
                failCurrentRequest(memoryGone(op));
                return false;
            } finally {
                r.release();
            }
            pos += (int) op.length(i);
        }
        st.position(0).limit(pos);
        staged = true;
        return true;
    }

    /** @return false when the region or its memory was freed: the response is now an error response (unstaged) */
    private boolean stageRegion(final Out o) {
        final ByteBuffer st = stage(o.length);
        final RegisteredRegion r = o.region;
        if (!r.acquire()) {
            refuseReadResponse(o);
            return false;
        }
        try {
            java.lang.foreign.MemorySegment.copy(r.memory(), o.offset, stageSeg, HEADER, o.length);
        } catch (final IllegalStateException e) {
            refuseReadResponse(o);
            return false;
        } finally {
            r.release();
        }
        st.position(0).limit(HEADER + (int) o.length);
        staged = true;
        return true;
    }

    /**
     * Turns a READ_RESP none of which is written yet into an error response (access: the initiator's read completes
     * REMOTE_ACCESS) because its region was freed since the READ_REQ was checked; the connection then closes as after
     * any NAK. Caller: {@link #writeCurrent()}, which writes the new header.
     */
    private void refuseReadResponse(final Out o) {
        faults.warn("connection " + this + ": RDMA READ refused: the region was freed, or the memory under it, after"
                + " the request was checked; the connection is closed");
        o.flags = NAK_ACCESS;
        o.length = 0;
        o.region = null;
        header(READ_RESP, NAK_ACCESS, 0, 0, 0, 0, 0);
        if (!closing) {
            closing = true;
            closingEnd = END_BROKEN;
            closingReason = "RDMA READ refused: the region was freed";
            rnrWaiting = false;
        }
    }

    private static String memoryGone(final PostedOperation op) {
        return "the memory of a local LMR of " + op + " was freed while it was being sent (a consumer error: free an"
                + " LMR before the memory under it)";
    }

    /**
     * The request being written cannot be: its source region or the memory under it was freed. It completes
     * LOCAL_PROTECTION (the peer may have part of it: the connection breaks, and everything after it is flushed).
     *
     * @return -1, for {@link #writeCurrent()}
     */
    private int failCurrentRequest(final String reason) {
        LOG.warn("connection {}: {}; the connection is closed", this, reason);
        final PostedOperation op = takeCurrentRequest();
        ep.up.complete(op, DtoStatus.LOCAL_PROTECTION, 0);
        writeLost(reason);
        return -1;
    }

    /** {@return the request being written, taken off the EP's queue}: it will not be written further */
    private PostedOperation takeCurrentRequest() {
        final PostedOperation op = curReq;
        curReq = null;
        staged = false;
        hdrOut.clear().limit(0);
        ep.queues.popRequest();
        return op;
    }

    /** A write-side failure: handled at once on the I/O thread, handed to it from a posting thread. */
    private void writeLost(final String reason) {
        if (loop.inLoop()) {
            lost(reason);
        } else {
            pendingFailure = reason;
            loop.schedule(this);
        }
    }

    /**
     * Writes small requests straight from the posting thread (which holds {@link #lock}), saving the hand-over to
     * the I/O thread. Anything else (control frames pending, a large payload, a partial write, an ending
     * connection) is left to the I/O thread.
     */
    void inlineFlush() {
        if (phase != P_UP || closing || draining || key == null || pendingFailure != null || curOut != null
                || curReq != null || !control.isEmpty() || (ackOwed > 0 && !peerPiggy)) {
            loop.schedule(this);
            return;
        }
        while (true) {
            final PostedOperation op = ep.queues.peekRequest();
            if (op == null) {
                return;
            }
            switch (op.kind()) {
                case RDMA_READ -> {
                    if (inflightReads >= readOutLimit) {
                        if (ackOwed > 0) {
                            loop.schedule(this);
                        }
                        return;
                    }
                    requestHeader(op);
                }
                case SEND, RDMA_WRITE -> {
                    if (op.totalLength() > sendCopyMax) {
                        writeLargeAsOwner();
                        return;
                    }
                    requestHeader(op);
                }
                default -> {
                    loop.schedule(this);
                    return;
                }
            }
            curReq = op;
            outSeg = 0;
            outSegDone = 0;
            outDone = 0;
            final ByteBuffer b;
            if (op.kind() == DtoOperation.RDMA_READ || op.segmentCount() == 0) {
                b = hdrOut;
            } else {
                if (!stageSegments(op)) {
                    return;
                }
                b = stage;
            }
            try {
                ch.write(b);
            } catch (final IOException e) {
                writeLost("write failed: " + e.getMessage());
                return;
            }
            if (b.hasRemaining()) {
                loop.schedule(this);
                return;
            }
            finishCurrent();
        }
    }

    /**
     * A request too large to stage: the posting thread writes it straight from registered memory if it can take the
     * loop (the region views are the loop owner's), else the loop does. Caller holds {@link #lock}.
     */
    private void writeLargeAsOwner() {
        if (!loop.tryOwn()) {
            loop.schedule(this);
            return;
        }
        boolean unfinished;
        try {
            flushOut();
            unfinished = phase == P_UP && (curReq != null || curOut != null || ep.queues.hasRequests());
        } finally {
            loop.disown();
        }
        if (unfinished) {
            loop.schedule(this);
        }
    }

    private int writeStaged() throws IOException {
        ch.write(stage);
        return stage.hasRemaining() ? 0 : 1;
    }

    private int writeRegion(final Out o) throws IOException {
        final RegisteredRegion r = o.region;
        while (outDone < o.length) {
            // part of the response is out: a region freed now can only break the connection (the read: FLUSHED)
            if (!r.acquire()) {
                writeLost("the LMR an RDMA read was reading was freed");
                return -1;
            }
            final int n;
            try {
                n = ch.write(window(r, o.offset + outDone, o.length - outDone));
            } catch (final IllegalStateException e) {
                writeLost("the memory of the LMR an RDMA read was reading was freed");
                return -1;
            } finally {
                r.release();
            }
            outDone += n;
            if (outDone < o.length && n == 0) {
                return 0;
            }
        }
        return 1;
    }

    private void finishCurrent() {
        staged = false;
        if (curOut != null) {
            if (curOut.type == READ_RESP) {
                queuedReadResps--;
            }
            curOut.pdata = null;
            curOut.region = null;
            free.add(curOut);
            curOut = null;
            curPdata = null;
            return;
        }
        final PostedOperation op = curReq;
        curReq = null;
        ep.queues.popRequest();
        awaiting.add(op);
        if (op.kind() == DtoOperation.RDMA_READ) {
            inflightReads++;
        }
    }

    private void interest(final int op) {
        if (key != null && key.isValid() && (key.interestOps() & op) == 0) {
            key.interestOps(key.interestOps() | op);
        }
    }

    private void interestOff(final int op) {
        if (key != null && key.isValid() && (key.interestOps() & op) != 0) {
            key.interestOps(key.interestOps() & ~op);
        }
    }

    // ------------------------------------------------------------------ ending

    private void closeAfterFlush(final int end, final String reason) {
        if (closing) {
            return;
        }
        closing = true;
        closingEnd = end;
        closingReason = reason;
        rnrWaiting = false;
        flushOut();
    }

    private void startDraining() {
        draining = true;
        try {
            ch.shutdownOutput();
        } catch (final IOException e) {
            terminate(closingEnd, closingReason, true);
            return;
        }
        interest(SelectionKey.OP_READ);
        timer(DRAIN_NANOS);
        drain();
    }

    private void closeChannel() {
        if (key != null) {
            key.cancel();
        }
        try {
            ch.close();
        } catch (final IOException e) {
            LOG.debug("close", e);
        }
    }

    /**
     * Ends the connection: closes the socket, tells the EP (unless silent) and flushes its operations.
     *
     * @param end END_SILENT, END_DISCONNECTED, END_BROKEN or END_FAILED (with {@link #failNumber})
     * @param reason for the log
     * @param complete true to complete outstanding operations with FLUSHED, false to only drop them
     */
    void terminate(final int end, final String reason, final boolean complete) {
        lock.lock();
        try {
            if (phase == P_CLOSED) {
                return;
            }
            phase = P_CLOSED;
            deadline = Long.MAX_VALUE;
            rnrWaiting = false;
            closeChannel();
            final TcpEndpoint e = ep;
            if (e == null || e.conn != this) {
                dropAll();
                return;
            }
            endEndpoint(e, end, failNumber, failPdata, reason, complete);
        } finally {
            unlock();
        }
    }

    /**
     * Completes what the connection held FLUSHED and tells the EP the connection ended, as one queued upcall (the
     * completions first, then the event); caller holds {@link #lock}.
     */
    private void endEndpoint(final TcpEndpoint e, final int end, final EventNumber number, final byte[] pdata,
            final String reason, final boolean complete) {
        LOG.debug("connection {} ends ({}): {}", this, end, reason);
        final List<PostedOperation> ops = new ArrayList<>();
        final List<DtoStatus> statuses = new ArrayList<>();
        if (complete) {
            takeAll(e, ops, statuses);
        } else {
            dropAll();
        }
        if (end == END_SILENT && ops.isEmpty()) {
            return;
        }
        upcall(() -> {
            // completions first: once the event is out, the consumer may reset the EP and post again, and what it
            // posts then belongs to its next connection (ResetRepostTest); those ops were taken above, under the lock
            for (int i = 0; i < ops.size(); i++) {
                e.up.complete(ops.get(i), statuses.get(i), 0);
            }
            switch (end) {
                case END_DISCONNECTED -> e.up.disconnected();
                case END_BROKEN -> e.up.broken(reason);
                case END_FAILED -> {
                    if (!e.up.connectionFailed(number, pdata)) {
                        // the kit took ESTABLISHED from an upcall queued before this one: the connection broke
                        e.up.broken(reason);
                    }
                }
                default -> {
                    // silent
                }
            }
        });
    }

    /** Takes every operation the connection and its EP hold, with the status each completes with. */
    private void takeAll(final TcpEndpoint e, final List<PostedOperation> ops, final List<DtoStatus> statuses) {
        PostedOperation op;
        if (inOp != null && inState == IN_SEND) {
            ops.add(inOp);
            statuses.add(DtoStatus.FLUSHED);
        }
        inOp = null;
        while ((op = awaiting.poll()) != null) {
            ops.add(op);
            statuses.add(flushStatus(op));
        }
        curReq = null;
        while ((op = e.queues.pollRequest()) != null) {
            ops.add(op);
            statuses.add(flushStatus(op));
        }
        while ((op = e.queues.pollPostedRecv()) != null) {
            ops.add(op);
            statuses.add(DtoStatus.FLUSHED);
        }
        control.clear();
        curOut = null;
    }

    private void dropAll() {
        ackOwed = 0;
        ackOwedBytes = 0;
        awaiting.clear();
        curReq = null;
        inOp = null;
        inRegion = null;
        control.clear();
        curOut = null;
    }

    private void flushAll(final TcpEndpoint e) {
        PostedOperation op;
        if (inOp != null && inState == IN_SEND) {
            op = inOp;
            inOp = null;
            e.up.complete(op, DtoStatus.FLUSHED, 0);
        }
        inOp = null;
        while ((op = awaiting.poll()) != null) {
            e.up.complete(op, flushStatus(op), 0);
        }
        curReq = null;
        flushRequests(e);
        while ((op = e.queues.pollPostedRecv()) != null) {
            e.up.complete(op, DtoStatus.FLUSHED, 0);
        }
        control.clear();
        curOut = null;
    }

    private void flushRequests(final TcpEndpoint e) {
        PostedOperation op;
        while ((op = e.queues.pollRequest()) != null) {
            e.up.complete(op, flushStatus(op), 0);
        }
    }

    private DtoStatus flushStatus(final PostedOperation op) {
        return op == transportFailed ? DtoStatus.TRANSPORT : DtoStatus.FLUSHED;
    }

    // ------------------------------------------------------------------ silent peer (see Liveness)

    /**
     * One sample of {@link Liveness.Sweep}, on the I/O thread.
     *
     * @return false once the connection is closed (no longer watched)
     */
    boolean livenessSample(final long now, final long attemptNanos) {
        lock.lock();
        try {
            if (phase != P_UP || draining) {
                return phase != P_CLOSED;
            }
            final TcpEndpoint e = ep;
            final boolean unwritten = curOut != null || curReq != null || !control.isEmpty();
            final boolean outstanding = unwritten || !awaiting.isEmpty() || e.queues.hasRequests();
            final boolean holding = rnrWaiting || inState != IN_HEADER;
            final int retries = e.up.attributes().retryCount();
            switch (live.sample(now, attemptNanos, retries, outstanding, holding)) {
                case Liveness.KEEPALIVE -> {
                    if (keepalive(0)) {
                        flushOut();
                    }
                }
                case Liveness.PROBE -> {
                    if (keepalive(KEEPALIVE_PROBE)) {
                        flushOut();
                    }
                }
                case Liveness.EXPIRED -> {
                    final String reason = "no byte from the peer for " + live.silence(now) / 1_000_000L
                            + " ms with operations outstanding (transport timeout " + attemptNanos / 1_000_000L
                            + " ms x (retry_count " + retries + " + 1))";
                    faults.warn("connection " + this + ": " + reason + "; the connection is broken");
                    final PostedOperation head = awaiting.peek();
                    transportFailed = head != null ? head : e.queues.peekRequest();
                    lost(reason);
                }
                default -> {
                    // nothing
                }
            }
            return phase != P_CLOSED;
        } finally {
            unlock();
        }
    }

    /**
     * Queues a keepalive unless another frame is being or about to be written (any byte tells the peer); the caller
     * flushes.
     *
     * @return whether one was queued
     */
    private boolean keepalive(final int flags) {
        if (curOut != null || curReq != null || !control.isEmpty() || closing) {
            return false;
        }
        final Out o = out(KEEPALIVE);
        o.flags = flags;
        control.add(o);
        return true;
    }

    @Override
    public String toString() {
        String where = "?";
        try {
            where = ch.getLocalAddress() + "->" + ch.getRemoteAddress();
        } catch (final IOException | RuntimeException e) {
            // closed
        }
        return "tcp[" + where + "]";
    }
}
