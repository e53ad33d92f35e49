package io.dat4j.provider.tcp;

import io.dat4j.EventNumber;
import io.dat4j.kit.ConnectionUpcalls;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.util.concurrent.TimeUnit;

/**
 * The handshake of one connection ({@code docs/tcp-wire.md}, "Handshake"): the TCP connect, REQ, REP, RTU and REJ,
 * the negotiated RDMA read depths and rnr_retry, the handshake timeouts, and the connection upcalls that establish
 * (the transport triggers ESTABLISHED, CONNECTION_FAILED and ACCEPT_FAILED of the kit's EP state machine, and the
 * service point's connection request). It moves the connection's {@link ConnectionPhase} up to
 * {@link ConnectionPhase#UP}.
 *
 * <p>Threading: the loop owner, under the connection's lock ({@link TcpConnection#lock}); upcalls are queued and
 * made by {@link TcpConnection#unlock()}. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class Handshake {

    static final long HANDSHAKE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final TcpConnection c;
    /** This side's RDMA read depths: asked for (active) or negotiated (passive, and active after REP). */
    int myIn;
    int myOut;
    /** The peer's rnr_retry (0..7), from its REQ or REP. */
    int peerRnr;
    /** The active side's private data, held until the TCP connect completes. */
    private byte[] pendingPdata;

    Handshake(final TcpConnection c) {
        this.c = c;
    }

    // ------------------------------------------------------------------ active side

    void startActive(final InetSocketAddress to, final long timeoutNanos, final byte[] pdata) {
        c.lock.lock();
        try {
            if (c.ep.conn != c || c.ep.up.isClosed()) {
                c.close.closeChannel();
                c.phase = ConnectionPhase.CLOSED;
                return;
            }
            c.phase = ConnectionPhase.CONNECTING;
            pendingPdata = pdata;
            c.timer(timeoutNanos);
            try {
                c.key = c.ch.register(c.loop.selector(), 0, c);
                c.loop.registered(c);
                if (c.ch.connect(to)) {
                    onConnected();
                } else {
                    c.key.interestOps(SelectionKey.OP_CONNECT);
                }
            } catch (final IOException | java.nio.channels.UnresolvedAddressException
                    | java.nio.channels.UnsupportedAddressTypeException e) {
                connectFailed(e);
            }
        } finally {
            c.unlock();
        }
    }

    void connectFailed(final Exception e) {
        c.close.fail(e instanceof ConnectException ? EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED
                : EventNumber.CONNECTION_EVENT_UNREACHABLE, null, "connect failed: " + e);
    }

    void onConnected() {
        c.interestOff(SelectionKey.OP_CONNECT);
        c.phase = ConnectionPhase.REQ_SENT;
        queue(Wire.REQ, pendingPdata);
        pendingPdata = null;
        c.interest(SelectionKey.OP_READ);
        c.out.flushOut();
    }

    /** Queues REQ or REP: magic, this side's depths, rnr_retry and piggy-backed ACKs, the private data. */
    private void queue(final int type, final byte[] pdata) {
        final Wire.Control o = c.out.frame(type);
        o.a = Wire.MAGIC;
        o.c = myIn;
        o.d = myOut;
        o.flags = c.rnrRetry() | Wire.FLAG_PIGGY_ACK | Wire.FLAG_ACK_REQ;
        o.pdata = pdata;
        c.out.control.add(o);
    }

    // ------------------------------------------------------------------ passive side

    void startPassive() {
        c.lock.lock();
        try {
            try {
                c.key = c.ch.register(c.loop.selector(), SelectionKey.OP_READ, c);
                c.loop.registered(c);
            } catch (final IOException e) {
                c.close.closeChannel();
                c.phase = ConnectionPhase.CLOSED;
                return;
            }
            c.phase = ConnectionPhase.REQ_WAIT;
            c.timer(HANDSHAKE_NANOS);
        } finally {
            c.unlock();
        }
    }

    void acceptWith(final TcpEndpoint endpoint, final ConnectionUpcalls connection, final byte[] pdata, final int in,
            final int out) {
        c.lock.lock();
        try {
            c.epConnection = connection;
            c.ep = endpoint;
            if (c.phase != ConnectionPhase.REQUESTED || c.close.closing) {
                // the requester has gone (CRA-06): not established; posted receives are flushed (CRA-07)
                if (c.phase == ConnectionPhase.CLOSED) {
                    c.close.endEndpoint(endpoint, ConnectionEnd.FAILED,
                            EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null, "the requester has gone", true);
                } else {
                    c.close.fail(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null, "the requester has gone");
                }
                return;
            }
            myIn = in;
            myOut = out;
            c.out.readOutLimit = out;
            queue(Wire.REP, pdata);
            c.phase = ConnectionPhase.REP_SENT;
            c.timer(HANDSHAKE_NANOS);
            c.out.flushOut();
        } finally {
            c.unlock();
        }
    }

    void reject(final byte[] privateData) {
        c.loop.execute(() -> {
            c.lock.lock();
            try {
                if (c.phase == ConnectionPhase.REQUESTED && !c.close.closing) {
                    final Wire.Control o = c.out.frame(Wire.REJ);
                    o.flags = 1;
                    o.pdata = privateData;
                    c.out.control.add(o);
                    c.close.closeAfterFlush(ConnectionEnd.SILENT, "rejected");
                }
            } finally {
                c.unlock();
            }
        });
    }

    /** The handshake timer expired in phase CONNECTING, REQ_SENT, REQ_WAIT or REP_SENT. */
    void timedOut() {
        switch (c.phase) {
            case CONNECTING, REQ_SENT -> c.close.fail(EventNumber.CONNECTION_EVENT_TIMED_OUT, null,
                    "connect timed out");
            case REQ_WAIT -> c.close.terminate(ConnectionEnd.SILENT,
                    "no connection request within the handshake timeout", true);
            case REP_SENT -> c.close.fail(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null,
                    "no RTU within the handshake timeout");
            default -> {
                // nothing
            }
        }
    }

    // ------------------------------------------------------------------ inbound handshake frames

    /**
     * Checks the header of a handshake frame (REQ, REP, REJ, RTU) against the phase and limits.
     *
     * @return true if its private data (REQ, REP, REJ) should be read; false if it was handled or refused
     */
    boolean onHeader(final int type, final int len, final long a, final int fc, final int fd) {
        if (type == Wire.RTU) {
            if (c.phase != ConnectionPhase.REP_SENT || len != 0) {
                c.close.protocol("unexpected RTU");
            } else {
                onRtu();
            }
            return false;
        }
        final ConnectionPhase expected = type == Wire.REQ ? ConnectionPhase.REQ_WAIT : ConnectionPhase.REQ_SENT;
        if (c.phase != expected) {
            c.close.protocol("handshake frame " + type + " in phase " + c.phase);
        } else if (len > Wire.MAX_PDATA) {
            c.close.protocol("private data of " + len + " bytes exceeds " + Wire.MAX_PDATA);
        } else if (type != Wire.REJ && (a != Wire.MAGIC || fc < 0 || fc > Wire.MAX_DEPTH || fd < 0
                || fd > Wire.MAX_DEPTH)) {
            c.close.protocol("bad handshake fields (magic or RDMA read depths)");
        } else {
            return true;
        }
        return false;
    }

    /** A REQ, REP or REJ with its private data read. */
    void onControl(final int type, final int flags, final int fc, final int fd, final byte[] pdata) {
        switch (type) {
            case Wire.REQ -> onReq(flags, fc, fd, pdata);
            case Wire.REP -> onRep(flags, fc, fd, pdata);
            case Wire.REJ -> c.close.fail(flags == 1 ? EventNumber.CONNECTION_EVENT_PEER_REJECTED
                    : EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, pdata, "rejected");
            default -> c.close.protocol("frame " + type + " carries no private data");
        }
    }

    private void onReq(final int flags, final int in, final int out, final byte[] pdata) {
        c.phase = ConnectionPhase.REQUESTED;
        c.cancelTimer();
        peerRnr = flags & 7;
        c.acks.peerPiggy = (flags & Wire.FLAG_PIGGY_ACK) != 0;
        c.acks.coalesce = (flags & Wire.FLAG_ACK_REQ) != 0;
        InetSocketAddress remote = null;
        try {
            remote = (InetSocketAddress) c.ch.getRemoteAddress();
        } catch (final IOException e) {
            TcpConnection.LOG.debug("remote address", e);
        }
        final InetSocketAddress from = remote;
        c.upcall(() -> {
            if (!c.sp.connectionRequested(c, from, pdata, in, out)) {
                c.lock.lock();
                try {
                    if (c.phase == ConnectionPhase.REQUESTED) {
                        final Wire.Control o = c.out.frame(Wire.REJ);
                        o.flags = 0;
                        c.out.control.add(o);
                        c.close.closeAfterFlush(ConnectionEnd.SILENT, "refused by the service point");
                    }
                } finally {
                    c.unlock();
                }
            }
        });
    }

    private void onRep(final int flags, final int peerIn, final int peerOut, final byte[] pdata) {
        peerRnr = flags & 7;
        c.acks.peerPiggy = (flags & Wire.FLAG_PIGGY_ACK) != 0;
        c.acks.coalesce = (flags & Wire.FLAG_ACK_REQ) != 0;
        if (peerOut > myIn) {
            c.close.protocol("the responder's RDMA read depth out " + peerOut + " exceeds our depth in " + myIn);
            return;
        }
        myOut = Math.min(myOut, peerIn);
        c.out.readOutLimit = myOut;
        // RTU is not sent until the kit agrees that the EP still waits for this connection: an EP whose pending
        // connect was aborted must not let the passive side establish (conformance CM-04). The connection stays in
        // REQ_SENT meanwhile (the passive side sends nothing before the RTU); the timer is off.
        establish(pdata, ConnectionPhase.REQ_SENT);
    }

    private void onRtu() {
        // UP at once: the requester may send right behind its RTU. Its frames wait (onReadable stops) until the
        // kit has taken ESTABLISHED, so the event comes before their completions.
        c.phase = ConnectionPhase.UP;
        establish(null, ConnectionPhase.UP);
    }

    /**
     * Queues the upcall that fires ESTABLISHED; once it is made, the connection goes on in phase UP (the active side
     * writes RTU), or ends if the kit refused (the EP no longer waits) or the connection was lost meanwhile.
     *
     * @param pdata the peer's private data for the event (REP's), or null
     * @param waiting the phase the connection waits for the upcall in
     */
    private void establish(final byte[] pdata, final ConnectionPhase waiting) {
        c.cancelTimer();
        final ConnectionUpcalls connection = c.epConnection;
        final int in = myIn;
        final int out = myOut;
        final InetSocketAddress local = c.local();
        final InetSocketAddress remote = c.remote();
        c.upcall(() -> {
            final boolean ok = connection.established(pdata, in, out, local, remote);
            c.lock.lock();
            try {
                if (c.phase != waiting) {
                    return; // lost meanwhile: its connectionFailed finds the EP established and reports BROKEN
                }
                if (!ok) {
                    c.close.terminate(ConnectionEnd.SILENT, "the EP no longer waits for the connection", true);
                    return;
                }
                if (waiting == ConnectionPhase.REQ_SENT) {
                    c.phase = ConnectionPhase.UP;
                    c.out.control.add(c.out.frame(Wire.RTU));
                }
                c.loop.liveness.watch(c);
                c.out.flushOut();
            } finally {
                c.unlock();
            }
        });
    }
}
