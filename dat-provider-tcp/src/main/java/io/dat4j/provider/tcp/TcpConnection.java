package io.dat4j.provider.tcp;

import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.ConnectionUpcalls;
import io.dat4j.kit.DeferredUpcalls;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.RemoteFaultLog;
import io.dat4j.kit.RequestTransport;
import io.dat4j.kit.ServicePointUpcalls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Logger;

/**
 * One TCP connection carrying one DAT connection ({@code docs/tcp-wire.md}): the socket, its phase on the wire, its
 * lock, and the loop's entry points (readiness, scheduled work, the timer), which hand over to the parts that each do
 * one job:
 * <ul>
 * <li>{@link Handshake}: REQ/REP/RTU/REJ, the negotiated depths, the connection upcalls that establish;</li>
 * <li>{@link InboundReader}: reading and checking frames, received SENDs, READ responses, RNR holding;</li>
 * <li>{@link OutboundWriter}: the control-frame queue, the requests being written (three write strategies), their
 * completions by ACK, NAK and READ response;</li>
 * <li>{@link AckPolicy}: when the ACKs owed for received SENDs and WRITEs are written or piggy-backed;</li>
 * <li>{@link RdmaResponder}: incoming RDMA WRITEs and READ requests against the IA's regions;</li>
 * <li>{@link ConnectionClose}: ending in order or not, draining, flushing what the connection holds, the end
 * upcalls;</li>
 * <li>{@link Liveness}: silent-peer detection.</li>
 * </ul>
 * Frames from the peer are untrusted: every field is checked against limits before anything is allocated or copied,
 * and a bad frame ends only this connection.
 *
 * <p>Threading: all connection state, here and in the parts, is guarded by {@link #lock} ({@link LockRank#TRANSPORT}),
 * held by the loop owner while it works on the connection and by a posting thread that writes small requests itself
 * (under the EP's lock, which ranks above). Data upcalls (completions, SRQ takes) are made under it; connection
 * upcalls (established, failed, disconnected, broken, a connection request) take the EP's lock, so they wait in
 * {@link #upcalls} and {@link #unlock()} makes them once the lock is released. The socket is read by the loop owner
 * only (one reader at a time): under the lock, or, for a driving consumer alone on the loop, in one blocking recv
 * without it ({@link IoLoop#recvRound}, {@link #onReceived}); it is written under the lock. See "Threading and locks"
 * in {@code docs/provider-kit.md}.
 */
final class TcpConnection implements RequestTransport {

    static final Logger LOG = Logging.logger(TcpConnection.class);

    final TcpTransport transport;
    final IoLoop loop;
    final AtomicBoolean scheduled = new AtomicBoolean();
    /** Guards all connection state: held by the I/O thread while it works on the connection, and by a posting thread
     * that writes small requests itself ({@link OutboundWriter#inlineFlush()}). Release it with {@link #unlock()}. */
    final KitLock lock = new KitLock(LockRank.TRANSPORT, this);
    /** Connection upcalls queued under {@link #lock}, made by {@link #unlock()} in order. */
    private final DeferredUpcalls upcalls = new DeferredUpcalls(lock, this);
    /**
     * The inbound loop stopped with bytes possibly still staged, for a queued upcall (read on once it is made) or at
     * the end of its read turn (the connection is queued with its loop: read on at its next round).
     */
    boolean resumeRead;
    /** A write failure a posting thread handed over to the loop owner ({@link OutboundWriter#writeLost}). */
    String pendingFailure;
    final SocketChannel ch;
    /** Reads and writes of {@link #ch}: NIO, or libc on the descriptor once adopted ({@link SocketIo}). */
    final SocketIo io;
    final ServicePointUpcalls sp;
    /**
     * Where faults the peer causes are logged, rate-limited: the listener's log for an accepted connection, the IA's
     * for a connect (a flood of bad connections gives a summary per listener, not a line each).
     */
    final RemoteFaultLog faults;
    private final int slot;
    volatile TcpEndpoint ep;
    /**
     * The kit's view of this connection of {@link #ep} (from the EP's connect or accept hook): every connection upcall
     * of this connection goes through it, so one made after the connection ended is ignored by the kit.
     */
    volatile ConnectionUpcalls epConnection;
    SelectionKey key;
    ConnectionPhase phase = ConnectionPhase.NEW;
    /** The connection's one timer (handshake, RNR hold, drain), in its loop's {@link TimerHeap}. */
    final TimerHeap.Timer timer = new TimerHeap.Timer(this, this::onTimer);

    final Handshake handshake;
    final InboundReader in;
    final OutboundWriter out;
    final AckPolicy acks;
    final RdmaResponder responder;
    final ConnectionClose close;
    /** Silent-peer detection. */
    final Liveness live = new Liveness();

    /** An active connection for an EP's connect. */
    TcpConnection(final TcpTransport transport, final IoLoop loop, final SocketChannel ch, final TcpEndpoint ep,
            final ConnectionUpcalls connection, final int in, final int out) {
        this(transport, loop, ch, null, transport.adapter.remoteFaults(), ep);
        epConnection = connection;
        handshake.myIn = in;
        handshake.myOut = out;
    }

    /** A passive connection accepted by a listener. */
    TcpConnection(final TcpTransport transport, final IoLoop loop, final SocketChannel ch,
            final ServicePointUpcalls sp) {
        this(transport, loop, ch, sp, sp.remoteFaults(), null);
    }

    private TcpConnection(final TcpTransport transport, final IoLoop loop, final SocketChannel ch,
            final ServicePointUpcalls sp, final RemoteFaultLog faults, final TcpEndpoint ep) {
        this.transport = transport;
        this.loop = loop;
        this.ch = ch;
        this.io = new SocketIo(ch, transport.config.nativeSockets());
        this.sp = sp;
        this.faults = faults;
        this.ep = ep;
        this.slot = loop.index;
        this.handshake = new Handshake(this);
        this.in = new InboundReader(this, transport.config.fullReadSkips());
        this.out = new OutboundWriter(this, transport.config.sendCopyMax());
        this.acks = new AckPolicy(this, transport.config.ackBytes(), transport.config.ackHoldNanos());
        this.responder = new RdmaResponder(this);
        this.close = new ConnectionClose(this);
    }

    /** Queues a connection upcall (it takes the EP's lock, ranked above this one); caller holds {@link #lock}. */
    void upcall(final Runnable r) {
        upcalls.add(r);
    }

    /** {@return true if connection upcalls wait to be made}: no further frame is handled before they are */
    boolean upcallsPending() {
        return !upcalls.isEmpty();
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

    /** Arms the connection's timer {@code nanosFromNow} from now ({@link Long#MAX_VALUE}: disarms it). */
    void timer(final long nanosFromNow) {
        if (nanosFromNow == Long.MAX_VALUE) {
            timer.deadline = Long.MAX_VALUE;
        } else {
            timer.deadline = System.nanoTime() + nanosFromNow;
            loop.timers.schedule(timer);
        }
    }

    /** Disarms the connection's timer (its heap entry is dropped when it comes due). */
    void cancelTimer() {
        timer.deadline = Long.MAX_VALUE;
    }

    /** {@return the rnr_retry this side announces: the EP's, 7 (forever) while there is none} */
    int rnrRetry() {
        final TcpEndpoint e = ep;
        return e == null ? 7 : e.up.attributes().rnrRetryCount() & 7;
    }

    /** {@return whether a SEND waits for a receive to be posted}; read without the lock by a posting thread */
    boolean waitsForReceive() {
        return in.rnrWaiting;
    }

    // ------------------------------------------------------------------ the loop's entry points

    /**
     * The socket is ready for {@code readyOps} ({@link SelectionKey} bits; -1: the key's ready set, after a
     * selection).
     */
    void onReady(final SelectionKey k, final int readyOps) {
        lock.lock();
        try {
            if (!k.isValid() || phase == ConnectionPhase.CLOSED) {
                return;
            }
            final int ops = readyOps == -1 ? k.readyOps() : readyOps;
            // only while connecting: on POLLERR/POLLHUP (a reset) NIO reports every interest op as ready
            if ((ops & SelectionKey.OP_CONNECT) != 0 && phase == ConnectionPhase.CONNECTING) {
                try {
                    if (ch.finishConnect()) {
                        handshake.onConnected();
                    }
                } catch (final IOException e) {
                    handshake.connectFailed(e);
                    return;
                }
            }
            if ((ops & SelectionKey.OP_READ) != 0 && phase != ConnectionPhase.CLOSED) {
                in.socketReadable();
                in.onReadable();
            }
            if ((ops & SelectionKey.OP_WRITE) != 0 && phase != ConnectionPhase.CLOSED) {
                out.flushOut();
            }
        } finally {
            unlock();
        }
    }

    /**
     * A driving consumer's blocking recv ({@link IoLoop#recvRound}) brought {@code n} bytes into the inbound stage (0:
     * the end of the stream; -2: an error, which a read under the lock now reports): handled as after a selection.
     */
    void onReceived(final int n) {
        lock.lock();
        try {
            if (phase == ConnectionPhase.CLOSED) {
                return;
            }
            in.received(n);
            in.onReadable();
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
                close.lost(f);
            }
            if (phase == ConnectionPhase.CLOSED) {
                if (e != null && e.conn == this) {
                    close.flushRequests(e);
                }
                return;
            }
            if (resumeRead && upcalls.isEmpty()) {
                resumeRead = false;
                if (!in.rnrWaiting) {
                    in.onReadable();
                }
            }
            if (in.rnrWaiting && e != null && e.queues.hasRecv() && in.resumeSend()) {
                return;
            }
            if (phase == ConnectionPhase.UP) {
                out.flushOut();
            }
        } finally {
            unlock();
        }
    }

    void onTimer() {
        lock.lock();
        try {
            final long d = timer.deadline;
            timer.deadline = Long.MAX_VALUE;
            if (d == Long.MAX_VALUE || phase == ConnectionPhase.CLOSED) {
                return;
            }
            if (close.draining) {
                close.terminate();
                return;
            }
            switch (phase) {
                case CONNECTING, REQ_SENT, REQ_WAIT, REP_SENT -> handshake.timedOut();
                case UP -> in.rnrExpired();
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
            close.lost(reason);
        } finally {
            unlock();
        }
    }

    // ------------------------------------------------------------------ shared helpers (caller holds the lock)

    void interest(final int op) {
        if (key != null && key.isValid() && (key.interestOps() & op) == 0) {
            key.interestOps(key.interestOps() | op);
        }
    }

    /** {@return whether the key is valid and OP_WRITE is in its interest set} (a selection will report room) */
    boolean writeArmed() {
        final SelectionKey k = key;
        try {
            return k != null && k.isValid() && (k.interestOps() & SelectionKey.OP_WRITE) != 0;
        } catch (final java.nio.channels.CancelledKeyException e) {
            return false;
        }
    }

    void interestOff(final int op) {
        if (key != null && key.isValid() && (key.interestOps() & op) != 0) {
            key.interestOps(key.interestOps() & ~op);
        }
    }

    /** {@return a buffer over part of a region}: the loop's reusable view when it has one, else a new slice */
    ByteBuffer window(final RegisteredRegion r, final long offset, final long length) {
        final ByteBuffer v = r.view(slot);
        if (v != null) {
            v.clear();
            v.limit((int) (offset + length));
            v.position((int) offset);
            return v;
        }
        return r.memory().asSlice(offset, Math.min(length, 1L << 30)).asByteBuffer();
    }

    InetSocketAddress local() {
        try {
            return (InetSocketAddress) ch.getLocalAddress();
        } catch (final IOException e) {
            return null;
        }
    }

    InetSocketAddress remote() {
        try {
            return (InetSocketAddress) ch.getRemoteAddress();
        } catch (final IOException e) {
            return null;
        }
    }

    @Override
    public void reject(final byte[] privateData) {
        handshake.reject(privateData);
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
