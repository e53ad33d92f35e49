package io.dat4j.provider.tcp;

import io.dat4j.CloseMode;
import io.dat4j.DtoStatus;
import io.dat4j.EventNumber;
import io.dat4j.kit.ConnectionUpcalls;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.PostedOperation;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The end of one connection: a consumer's disconnect (graceful once nothing is outstanding, or abrupt), ending after
 * the frames queued so far are written (DISC, NAK, REJ) and the peer's bytes drained, a connection lost or refused
 * for a protocol violation, and {@link #terminate}: closing the socket, completing or dropping what the connection
 * and its EP hold, and the end upcall (the transport trigger DISCONNECTED, BROKEN, CONNECTION_FAILED or ACCEPT_FAILED
 * of the kit's EP state machine, see {@link ConnectionEnd}). It moves the connection's {@link ConnectionPhase} to
 * {@link ConnectionPhase#CLOSED}.
 *
 * <p>Threading: under the connection's lock ({@link TcpConnection#lock}), on the loop owner or, for
 * {@link #terminate} of an EP being freed, a consumer thread once the loop stopped; upcalls are queued and made by
 * {@link TcpConnection#unlock()}. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class ConnectionClose {

    static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final TcpConnection c;
    /** Ending after the queued frames are written: nothing new is queued or read. */
    boolean closing;
    /** The output is shut down; the peer's bytes are read and discarded until it closes or {@link #DRAIN_NANOS}. */
    boolean draining;
    private ConnectionEnd closingEnd;
    private String closingReason;
    /** A graceful disconnect waits for the requests outstanding to complete. */
    private boolean gracefulPending;
    private EventNumber failNumber;
    private byte[] failPdata;
    /** The request that completes DAT_DTO_ERR_TRANSPORT when the transport timeout ends the connection. */
    PostedOperation transportFailed;
    /**
     * Set (under the lock) before {@link #endEndpoint} takes the EP's operations, never cleared: from then on an
     * operation posted on the EP while it is still bound to this connection completes FLUSHED on the posting thread
     * ({@link TcpEndpoint#post}), since nothing of this connection will take it. Volatile: the poster reads it after
     * queueing its operation, so either the end took the operation or the poster sees the flag.
     */
    volatile boolean ended;
    /**
     * Test seam: when set, runs on the thread making an EP's end upcall, after the operations were completed FLUSHED
     * and before the end reaches the kit (the EP is still CONNECTED then). Null in production.
     */
    static volatile Consumer<EndpointUpcalls> beforeEndUpcall;

    ConnectionClose(final TcpConnection c) {
        this.c = c;
    }

    // ------------------------------------------------------------------ the consumer's disconnect

    void localDisconnect(final CloseMode mode) {
        c.lock.lock();
        try {
            if (c.phase == ConnectionPhase.CLOSED) {
                final TcpEndpoint e = c.ep;
                if (e != null && e.conn == c) {
                    flushAll(e);
                }
                return;
            }
            if (c.phase != ConnectionPhase.UP) {
                terminate(ConnectionEnd.SILENT, "connect aborted", true);
                return;
            }
            if (closing) {
                if (mode == CloseMode.ABRUPT && !draining) {
                    terminate();
                }
                return;
            }
            if (mode == CloseMode.GRACEFUL && c.out.busy()) {
                gracefulPending = true;
                return;
            }
            sendDisc();
        } finally {
            c.unlock();
        }
    }

    /** A request completed: a graceful disconnect waiting for the last one goes out now. */
    void checkGraceful() {
        if (gracefulPending && !c.out.busy()) {
            gracefulPending = false;
            sendDisc();
        }
    }

    private void sendDisc() {
        c.out.addControl(c.out.frame(Wire.DISC));
        closeAfterFlush(ConnectionEnd.DISCONNECTED, "disconnected");
    }

    /** Refuses a frame of the peer: a NAK after the ACKs owed, then the connection breaks. */
    void sendNak(final int code, final String reason) {
        c.faults.warn("connection " + c + ": " + reason + "; the connection is closed");
        final Wire.Control o = c.out.frame(Wire.NAK);
        o.flags = code;
        c.out.addControl(o);
        closeAfterFlush(ConnectionEnd.BROKEN, reason);
    }

    // ------------------------------------------------------------------ ending in order

    void closeAfterFlush(final ConnectionEnd end, final String reason) {
        if (closing) {
            return;
        }
        beginClosing(end, reason);
        c.out.flushOut();
    }

    /** Marks the connection as ending with {@code end} once its queued frames are out; nothing else is queued. */
    void beginClosing(final ConnectionEnd end, final String reason) {
        closing = true;
        closingEnd = end;
        closingReason = reason;
        c.in.rnrWaiting = false;
    }

    /** The last queued frame is out: shut the output down and drain the peer. */
    void startDraining() {
        draining = true;
        try {
            c.ch.shutdownOutput();
        } catch (final IOException e) {
            terminate();
            return;
        }
        c.interest(SelectionKey.OP_READ);
        c.timer(DRAIN_NANOS);
        drain();
    }

    /** Reads and discards what the peer sends until it closes (then the connection ends as decided). */
    void drain() {
        final ByteBuffer scratch = c.loop.scratch();
        while (true) {
            scratch.clear();
            final int n;
            try {
                n = c.io.read(scratch);
            } catch (final IOException e) {
                terminate();
                return;
            }
            if (n < 0) {
                terminate();
                return;
            }
            if (n == 0) {
                return;
            }
        }
    }

    void closeChannel() {
        if (c.key != null) {
            c.key.cancel();
        }
        c.io.closing();
        try {
            c.ch.close();
        } catch (final IOException e) {
            TcpConnection.LOG.debug("close", e);
        }
    }

    // ------------------------------------------------------------------ ending at once

    /** The connection went away unexpectedly: map to the event of the phase. */
    void lost(final String reason) {
        TcpConnection.LOG.debug("connection {} lost in phase {} (closing {}): {}", c, c.phase, closing, reason);
        if (c.phase == ConnectionPhase.CLOSED) {
            return;
        }
        if (closing) {
            terminate();
            return;
        }
        switch (c.phase) {
            case CONNECTING, REQ_SENT -> fail(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED, null, reason);
            case REP_SENT -> fail(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, null, reason);
            case UP -> terminate(ConnectionEnd.BROKEN, reason, true);
            default -> terminate(ConnectionEnd.SILENT, reason, true);
        }
    }

    void protocol(final String what) {
        c.faults.warn("connection " + c + ": protocol violation from the peer: " + what
                + "; closing the connection");
        lost("protocol violation: " + what);
    }

    /** Establishment failed: ends the connection with the EP's {@code connectionFailed(number, pdata)}. */
    void fail(final EventNumber number, final byte[] pdata, final String reason) {
        failNumber = number;
        failPdata = pdata;
        terminate(ConnectionEnd.FAILED, reason, true);
    }

    /** Ends the connection as decided when it began closing. */
    void terminate() {
        terminate(closingEnd, closingReason, true);
    }

    /**
     * Ends the connection: closes the socket, tells the EP (unless silent) and flushes its operations.
     *
     * @param end how the EP is told ({@link ConnectionEnd#FAILED}: with the number given to {@link #fail})
     * @param reason for the log
     * @param complete true to complete outstanding operations with FLUSHED, false to only drop them
     */
    void terminate(final ConnectionEnd end, final String reason, final boolean complete) {
        c.lock.lock();
        try {
            if (c.phase == ConnectionPhase.CLOSED) {
                return;
            }
            c.phase = ConnectionPhase.CLOSED;
            c.cancelTimer();
            c.in.rnrWaiting = false;
            closeChannel();
            final TcpEndpoint e = c.ep;
            if (e == null || e.conn != c) {
                dropAll();
                return;
            }
            endEndpoint(e, end, failNumber, failPdata, reason, complete);
        } finally {
            c.unlock();
        }
    }

    /**
     * Completes what the connection held FLUSHED and tells the EP the connection ended, as one queued upcall (the
     * completions first, then the event); caller holds the connection's lock.
     */
    void endEndpoint(final TcpEndpoint e, final ConnectionEnd end, final EventNumber number, final byte[] pdata,
            final String reason, final boolean complete) {
        TcpConnection.LOG.debug("connection {} ends ({}): {}", c, end, reason);
        ended = true;
        final List<PostedOperation> ops = new ArrayList<>();
        final List<DtoStatus> statuses = new ArrayList<>();
        if (complete) {
            takeAll(e, ops, statuses);
        } else {
            dropAll();
        }
        if (end == ConnectionEnd.SILENT && ops.isEmpty()) {
            return;
        }
        final ConnectionUpcalls connection = c.epConnection;
        c.upcall(() -> {
            // completions first: once the event is out, the consumer may reset the EP and post again, and what it
            // posts then belongs to its next connection (ResetRepostTest); those ops were taken above, under the lock.
            // What the consumer posts until the event is applied (the EP is CONNECTED) completes FLUSHED at once
            // (ended; TcpEndpoint.post), and so does a receive posted after it (the kit: the EP is DISCONNECTED)
            for (int i = 0; i < ops.size(); i++) {
                e.up.complete(ops.get(i), statuses.get(i), 0);
            }
            final Consumer<EndpointUpcalls> hook = beforeEndUpcall;
            if (hook != null) {
                hook.accept(e.up);
            }
            // through this connection's upcalls: if the kit ended it meanwhile (an ABRUPT disconnect that outlasted
            // dat4j.kit.abruptDisconnectMillis) and the EP was reset and connected again, the kit ignores this end
            // rather than apply it to the next connection (AbruptResetTest)
            switch (end) {
                case DISCONNECTED -> connection.disconnected();
                case BROKEN -> connection.broken(reason);
                case FAILED -> {
                    if (!connection.connectionFailed(number, pdata)) {
                        // the kit took ESTABLISHED from an upcall queued before this one: the connection broke
                        connection.broken(reason);
                    }
                }
                default -> {
                    // silent
                }
            }
        });
    }

    // ------------------------------------------------------------------ what the connection holds

    /** Takes every operation the connection and its EP hold, with the status each completes with. */
    private void takeAll(final TcpEndpoint e, final List<PostedOperation> ops, final List<DtoStatus> statuses) {
        PostedOperation op = c.in.takeReceiving();
        if (op != null) {
            ops.add(op);
            statuses.add(DtoStatus.FLUSHED);
        }
        takeRequests(e, ops, statuses);
        while ((op = e.queues.pollPostedRecv()) != null) {
            ops.add(op);
            statuses.add(DtoStatus.FLUSHED);
        }
        c.out.dropControl();
    }

    /** Takes the requests the connection and its EP hold: awaiting an answer, being written, not yet written. */
    private void takeRequests(final TcpEndpoint e, final List<PostedOperation> ops, final List<DtoStatus> statuses) {
        PostedOperation op;
        while ((op = c.out.awaiting.poll()) != null) {
            ops.add(op);
            statuses.add(flushStatus(op));
        }
        op = c.out.curReq;
        if (op != null) {
            c.out.curReq = null;
            ops.add(op);
            statuses.add(flushStatus(op));
        }
        while ((op = e.queues.pollRequest()) != null) {
            ops.add(op);
            statuses.add(flushStatus(op));
        }
    }

    /**
     * The EP is being reset while this connection has not ended: the kit made it DISCONNECTED without the
     * connection's end (an ABRUPT disconnect that outlasted {@code dat4j.kit.abruptDisconnectMillis}). The connection
     * ends now, with no event (the EP has had its DISCONNECTED), and what it holds completes FLUSHED: the receive
     * being filled and the requests, the EP's unwritten ones included (they were posted while it was connected).
     * Receives the EP holds stay for its next connection. Called by the EP's reset hook (under the EP's lock, which
     * ranks above this connection's); the completions are data upcalls.
     */
    void detach(final TcpEndpoint e) {
        c.lock.lock();
        try {
            if (c.phase == ConnectionPhase.CLOSED || c.ep != e) {
                return;
            }
            TcpConnection.LOG.debug("connection {} ends: its EP is reset", c);
            c.phase = ConnectionPhase.CLOSED;
            c.cancelTimer();
            c.in.rnrWaiting = false;
            closeChannel();
            final List<PostedOperation> ops = new ArrayList<>();
            final List<DtoStatus> statuses = new ArrayList<>();
            final PostedOperation receiving = c.in.takeReceiving();
            if (receiving != null) {
                ops.add(receiving);
                statuses.add(DtoStatus.FLUSHED);
            }
            takeRequests(e, ops, statuses);
            c.acks.clear();
            c.responder.dropInbound();
            c.out.dropControl();
            for (int i = 0; i < ops.size(); i++) {
                e.up.complete(ops.get(i), statuses.get(i), 0);
            }
        } finally {
            c.unlock();
        }
    }

    private void dropAll() {
        c.acks.clear();
        c.out.awaiting.clear();
        c.out.curReq = null;
        c.in.takeReceiving();
        c.responder.dropInbound();
        c.out.dropControl();
    }

    /** A consumer's disconnect after the connection ended: completes what the EP still holds FLUSHED. */
    private void flushAll(final TcpEndpoint e) {
        PostedOperation op = c.in.takeReceiving();
        if (op != null) {
            e.up.complete(op, DtoStatus.FLUSHED, 0);
        }
        while ((op = c.out.awaiting.poll()) != null) {
            e.up.complete(op, flushStatus(op), 0);
        }
        op = c.out.curReq;
        if (op != null) {
            c.out.curReq = null;
            e.up.complete(op, flushStatus(op), 0);
        }
        flushRequests(e);
        while ((op = e.queues.pollPostedRecv()) != null) {
            e.up.complete(op, DtoStatus.FLUSHED, 0);
        }
        c.out.dropControl();
    }

    /** Completes the requests posted on the EP after the connection ended. */
    void flushRequests(final TcpEndpoint e) {
        PostedOperation op;
        while ((op = e.queues.pollRequest()) != null) {
            e.up.complete(op, flushStatus(op), 0);
        }
    }

    private DtoStatus flushStatus(final PostedOperation op) {
        return op == transportFailed ? DtoStatus.TRANSPORT : DtoStatus.FLUSHED;
    }
}
