package io.dat4j.provider.tcp;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RegisteredRegion;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.concurrent.TimeUnit;

/**
 * The inbound side of one connection: reads the socket (through a small stage, so that one system call brings several
 * small frames), decodes and checks each header ({@link Wire}) against the phase and the limits, and hands the frame
 * to its owner: handshake frames to {@link Handshake}, ACK, NAK and READ responses to {@link OutboundWriter} (they
 * complete its requests), RDMA WRITE and READ requests to {@link RdmaResponder}, DISC to {@link ConnectionClose}. It
 * reads a SEND's payload into a posted (or SRQ) receive itself, and holds a SEND for which no receive is posted while
 * the peer's rnr_retry allows (RNR).
 *
 * <p>Threading: the loop owner, under the connection's lock ({@link TcpConnection#lock}); {@link #rnrWaiting} is
 * also read by a posting thread without it; the stage is filled without the lock by the loop owner's blocking recv
 * ({@link #recvInto}), which only the owner calls, as every read of the socket. See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class InboundReader {

    /**
     * Reads shorter than this go through a per-connection buffer (see {@link #in}), so that a frame with a payload of
     * up to this size comes in one system call.
     */
    static final int IN_STAGE = 16 * 1024;
    /**
     * The steps (reads and the frames they complete) one call of {@link #onReadable} takes before it hands the rest
     * back to the loop ({@code resumeRead}, and the connection queued with it: {@link LoopWork#runReady()} goes on
     * after the connections selected with it, or at the next round), so that a peer streaming small frames without
     * pause cannot keep the loop from its other connections: they are served between two such turns.
     */
    static final int STEPS_PER_TURN = 256;
    /**
     * The per-connection buffer's size beyond a header: as large as a sender's batch ({@link OutboundStage}), so that
     * a stream of small frames comes up to 64 KiB to a system call. After a frame whose payload was not small (at
     * least {@link #IN_STAGE}) a read takes a header alone, as the next payload is likely large too and is better read
     * straight into registered memory (with the header after it: {@link #direct}) than copied through the buffer.
     */
    static final int IN_STAGE_CAPACITY = OutboundWriter.STAGE_MAX;
    static final long RNR_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** {@link #readWindow} result: the region was freed, or the memory under it (its arena closed). */
    static final int GONE = -2;

    /** Payload bytes copied through the stage into registered memory, all connections of the JVM (approximate). */
    private static volatile long stagedPayload;

    private static final int IN_HEADER = 0;
    private static final int IN_PDATA = 1;
    private static final int IN_SEND = 2;
    private static final int IN_WRITE = 3;
    private static final int IN_READ_RESP = 4;

    private final TcpConnection c;
    /*
     * dat4j.tcp.fullReadSkips (fullReadSkipsMax here): when a frame ends with a socket read that got all it asked
     * for, the socket may hold the next frame (a stream) or nothing (a request and its response): the next read
     * tells. Once such a read found nothing, the next this many frames that end so leave the socket to the selector
     * (which reports data if there are any) instead of a read that would most likely return nothing; then one read
     * probes again. 0 reads every time.
     */
    private final int fullReadSkipsMax;
    /** A SEND waits for a receive to be posted (RNR); the socket's read interest is off meanwhile. */
    volatile boolean rnrWaiting;

    private final ByteBuffer hdrIn = ByteBuffer.allocateDirect(Wire.HEADER);
    /** Bytes read from the socket and not yet consumed (position..limit); see {@link #in}. */
    private final ByteBuffer inStage = ByteBuffer.allocateDirect(Wire.HEADER + IN_STAGE_CAPACITY).limit(0);
    /** The address of the stage's first byte, for a recv into it ({@link #recvInto}). */
    private final long stageBase = MemorySegment.ofBuffer(inStage.duplicate().clear()).address();
    /** The last frame's payload was at least {@link #IN_STAGE} bytes: the next read through the stage is short. */
    private boolean largeFrames;
    /** What the last {@link #recvInto} asked for (a shorter answer says the socket is empty). */
    private int asked;
    /** The last socket read got less than it asked for: the socket is empty until the selector says otherwise. */
    private boolean sockEmpty;
    /** The last socket read got all it asked for: whether more is there is not known. */
    private boolean fullRead;
    /** Frames ending in a full read that still leave the socket to the selector (see {@code fullReadSkipsMax}). */
    private int fullReadSkips;
    private int inState = IN_HEADER;
    // the header being handled
    private int fType;
    private int fFlags;
    private int fLen;
    private long fA;
    private long fB;
    private int fC;
    private int fD;
    private ByteBuffer pdataIn;
    /** The receive (IN_SEND) or RDMA read (IN_READ_RESP) being filled. */
    private PostedOperation inOp;
    private long inTotal;
    private long inDone;
    private int inSeg;
    private long inSegDone;
    private int pendingSendLen;

    InboundReader(final TcpConnection c, final int fullReadSkipsMax) {
        this.c = c;
        this.fullReadSkipsMax = fullReadSkipsMax;
    }

    /** {@return about how many payload bytes were copied through the stage so far, all connections of the JVM} */
    static long stagedPayload() {
        return stagedPayload;
    }

    /** The selector reported the socket readable. */
    void socketReadable() {
        sockEmpty = false;
        fullRead = false;
    }

    /**
     * {@return whether the loop's driving consumer may read the socket into the stage itself} ({@link #recvInto}):
     * established, nothing held back (RNR, upcalls, a read to resume, a failure handed over, closing) and the stage
     * consumed. Whether the socket holds bytes does not matter: a blocking recv returns at once with what is there,
     * one system call where a selection and a read would be two. Under the lock.
     */
    boolean mayWaitInRecv() {
        return c.phase == ConnectionPhase.UP && !rnrWaiting && !c.upcallsPending() && !c.resumeRead
                && c.pendingFailure == null && !c.close.closing && !c.close.draining && !inStage.hasRemaining();
    }

    /**
     * One recv into the emptied stage ({@link SocketIo#recvStage}): waiting until bytes come or another thread
     * releases it, or, unless {@code wait}, not at all. After a large payload ({@link #largeFrames}), at a frame
     * boundary, it asks for one header only: the next payload is likely large too, and the read that follows the
     * header puts it straight into the posted receive or region ({@link #in}) instead of through the stage (a copy).
     * The loop owner, without the lock, after {@link #mayWaitInRecv()}: only the owner touches the stage.
     *
     * @return as {@link SocketIo#recvStage}
     */
    int recvInto(final boolean wait) {
        inStage.clear();
        if (largeFrames) {
            inStage.limit(inState == IN_HEADER && hdrIn.position() == 0 ? Wire.HEADER : Wire.HEADER + IN_STAGE);
        }
        asked = inStage.remaining();
        final int n = c.io.recvStage(inStage, stageBase, wait);
        inStage.flip();
        return n;
    }

    /** After {@link #recvInto} returned {@code n} (not -1), under the lock: {@link #onReadable()} follows. */
    void received(final int n) {
        if (n > 0) {
            c.live.received += n;
            afterRead(n, asked);
        } else {
            socketReadable(); // (the end of the stream or an error: the next read reports it)
        }
    }

    /** {@return the receive being filled by a SEND, if any}, no longer held here (the connection ends) */
    PostedOperation takeReceiving() {
        final PostedOperation op = inOp != null && (inState == IN_SEND || inState == IN_WRITE) ? inOp : null;
        inOp = null;
        return op;
    }

    /** {@return whether this side keeps the peer waiting on purpose}: an RNR hold, or a frame half read */
    boolean holding() {
        return rnrWaiting || inState != IN_HEADER;
    }

    void onReadable() {
        int steps = 0;
        while (c.phase != ConnectionPhase.CLOSED && !rnrWaiting) {
            if (++steps > STEPS_PER_TURN) {
                // this connection's turn is over: the loop serves the others, then calls again (onScheduled). Queued
                // for that here: the rest may all be in the stage, the socket empty, and then no selection reports it
                // (ReadTurnResumeTest; before, a sender's frames sat in the stage for ever)
                c.resumeRead = true;
                c.loop.schedule(c);
                break;
            }
            if (c.upcallsPending()) {
                // a frame queued a connection upcall (a request, ESTABLISHED): no later frame is handled before it is
                // made, so that its event comes before their completions; unlock() hands the rest back to the loop
                c.resumeRead = true;
                break;
            }
            if (c.close.draining) {
                c.close.drain();
                return;
            }
            if (c.close.closing || (sockEmpty && !inStage.hasRemaining())) {
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
                        c.out.flushOut();
                        return;
                    }
                    hdrIn.flip();
                    fType = hdrIn.get(Wire.OFF_TYPE) & 0xff;
                    fFlags = hdrIn.get(Wire.OFF_FLAGS) & 0xff;
                    fLen = hdrIn.getInt(Wire.OFF_LENGTH);
                    largeFrames = fLen >= IN_STAGE;
                    fA = hdrIn.getLong(Wire.OFF_A);
                    fB = hdrIn.getLong(Wire.OFF_B);
                    fC = hdrIn.getInt(Wire.OFF_C);
                    fD = hdrIn.getInt(Wire.OFF_D);
                    hdrIn.clear();
                    if (c.acks.streamDue()) {
                        // a further frame is here already: a stream, whose sender waits for these ACKs
                        c.acks.flushNow();
                        if (c.phase == ConnectionPhase.CLOSED) {
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
                    final byte[] pdata = pdataIn.array();
                    pdataIn = null;
                    if (fType == TcpExtensions.ATOMIC) {
                        TcpExtensions.onAtomic(c, fFlags, fA, fB, fC, pdata);
                    } else {
                        c.handshake.onControl(fType, fFlags, fC, fD, pdata);
                    }
                }
                case IN_SEND, IN_READ_RESP -> {
                    r = readScatter();
                    if (r <= 0) {
                        if (r == 0) {
                            c.out.flushOut();
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
                    r = c.responder.readWrite();
                    if (r <= 0) {
                        if (r == 0) {
                            c.out.flushOut();
                        }
                        return;
                    }
                    inState = IN_HEADER;
                    finishWriteImmediate();
                    c.acks.enqueue(c.responder.writeLength(), fFlags);
                }
                default -> throw new IllegalStateException("inbound state " + inState);
            }
        }
        if (c.phase != ConnectionPhase.CLOSED) {
            c.out.flushOut();
        }
    }

    /**
     * Reads into {@code dst}: bytes already staged first, then the socket. A read shorter than {@link #IN_STAGE}
     * bytes goes through the stage, which takes whatever the socket has up to {@link #stageLimit()}, so that one
     * system call brings several headers and small payloads instead of one call per header and one per payload;
     * longer reads, and every read of a large frame's payload (its tail too, when the frame came in pieces), go
     * straight into {@code dst} with the next header ({@link #direct}). Allocation-free.
     *
     * @param keep the consumer's segment {@code dst} lies in (a registered region's memory), or NULL
     *
     * @return bytes transferred, 0 when nothing is available, -1 at end of stream with nothing transferred
     */
    private int in(final ByteBuffer dst, final MemorySegment keep) throws IOException {
        int n = 0;
        if (inStage.hasRemaining()) {
            n = unstage(dst);
            if (keep != MemorySegment.NULL) {
                stagedPayload += n;
            }
            if (!dst.hasRemaining()) {
                return n;
            }
        }
        if (dst.remaining() >= IN_STAGE || (largeFrames && keep != MemorySegment.NULL)) {
            final int d = direct(dst, keep);
            return d < 0 ? (n > 0 ? n : -1) : n + d;
        }
        inStage.clear().limit(stageLimit());
        final int want = inStage.remaining();
        final int r;
        try {
            r = c.io.read(inStage);
        } finally {
            inStage.flip();
        }
        afterRead(r, want);
        if (r < 0) {
            return n > 0 ? n : -1;
        }
        c.live.received += r;
        final int k = unstage(dst);
        if (keep != MemorySegment.NULL) {
            stagedPayload += k;
        }
        return n + k;
    }

    /**
     * Reads a large payload's bytes straight into {@code dst} (the stage is empty), and with them, in the same system
     * call, the header that follows the payload into the stage: a stream of large frames takes one call a frame, and
     * no byte of a payload passes through the stage.
     *
     * @return bytes transferred into {@code dst}, 0 when nothing is available, -1 at end of stream
     */
    private int direct(final ByteBuffer dst, final MemorySegment keep) throws IOException {
        final int want = dst.remaining();
        inStage.clear().limit(Wire.HEADER);
        final long r;
        try {
            r = c.io.read(dst, inStage, keep);
        } finally {
            inStage.flip();
        }
        if (r > 0) {
            c.live.received += r;
        }
        afterRead(r < 0 ? -1 : (int) r, want + Wire.HEADER);
        return r < 0 ? -1 : (int) r - inStage.remaining();
    }

    /**
     * {@return how much of the stage a read of {@link #in} may fill now}: all of it in a stream of small frames; after
     * a large payload ({@link #largeFrames}), at a frame boundary, one header only (the next payload is likely large
     * too, and the read after the header puts it straight into the posted receive or region instead of through the
     * stage: a copy); within a large frame (not a payload: those go {@link #direct}) a header and {@link #IN_STAGE}
     * bytes. {@link #recvInto}'s blocking recv, which reads into the stage only, follows the same rule.
     */
    private int stageLimit() {
        if (!largeFrames) {
            return inStage.capacity();
        }
        return inState == IN_HEADER && hdrIn.position() == 0 ? Wire.HEADER : Wire.HEADER + IN_STAGE;
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
            final int n = in(b, MemorySegment.NULL);
            if (n < 0) {
                c.close.lost("the peer closed the connection");
            }
            return n;
        } catch (final IOException e) {
            c.close.lost("read failed: " + e.getMessage());
            return -1;
        }
    }

    /**
     * Reads from the socket into part of a registered region, bracketed by {@link RegisteredRegion#acquire()} and
     * {@link RegisteredRegion#release()} (released on every path).
     *
     * @return the bytes read (0 when the socket has none now), -1 when the connection ended (the read failed or the
     *         peer closed: the connection is lost), or {@link #GONE} when the region was freed or the memory under it
     *         was (the consumer closed its arena while it was registered); the caller reports that
     */
    int readWindow(final RegisteredRegion r, final long offset, final long want) {
        if (!r.acquire()) {
            return GONE;
        }
        final int n;
        try {
            n = in(c.window(r, offset, want), r.memory());
        } catch (final IOException e) {
            c.close.lost("read failed: " + e.getMessage());
            return -1;
        } catch (final IllegalStateException e) {
            return GONE;
        } finally {
            r.release();
        }
        if (n < 0) {
            c.close.lost("the peer closed the connection");
            return -1;
        }
        return n;
    }

    // ------------------------------------------------------------------ frames

    private void onHeader() {
        if (fLen < 0) {
            c.close.protocol("negative payload length " + fLen);
            return;
        }
        final TcpEndpoint e = c.ep;
        final boolean up = c.phase == ConnectionPhase.UP;
        switch (fType) {
            case Wire.REQ, Wire.REP, Wire.REJ -> {
                if (!c.handshake.onHeader(fType, fLen, fA, fC, fD)) {
                    return;
                }
                if (fLen == 0) {
                    c.handshake.onControl(fType, fFlags, fC, fD, new byte[0]);
                } else {
                    pdataIn = ByteBuffer.allocate(fLen);
                    inState = IN_PDATA;
                }
            }
            case Wire.RTU -> c.handshake.onHeader(fType, fLen, fA, fC, fD);
            case Wire.SEND -> {
                if (!up) {
                    c.close.protocol("SEND before the connection is established");
                } else if (!piggyAcks()) {
                    return;
                } else if (fLen > e.up.attributes().maxMessageSize()) {
                    c.close.sendNak(Wire.NAK_LENGTH, "SEND of " + fLen + " bytes exceeds maxMessageSize "
                            + e.up.attributes().maxMessageSize());
                } else {
                    startSend(fLen);
                }
            }
            case Wire.WRITE -> {
                if (!up) {
                    c.close.protocol("RDMA WRITE before the connection is established");
                } else if (!piggyAcks()) {
                    return;
                } else if (fLen > e.up.attributes().maxRdmaSize()) {
                    c.close.sendNak(Wire.NAK_LENGTH, "RDMA WRITE of " + fLen + " bytes exceeds maxRdmaSize");
                } else if (c.responder.startWrite(fA, fC, fLen, fFlags)) {
                    inState = IN_WRITE;
                }
            }
            case Wire.READ_REQ -> {
                if (!up || fLen != 0) {
                    c.close.protocol("bad RDMA READ request");
                } else if (!piggyAcks()) {
                    return;
                } else if (fB < 0 || fB > e.up.attributes().maxRdmaSize()) {
                    c.close.sendNak(Wire.NAK_LENGTH, "RDMA READ of " + fB + " bytes exceeds maxRdmaSize");
                } else {
                    c.responder.onReadRequest(fA, fB, fC);
                }
            }
            case Wire.READ_RESP -> onReadRespHeader();
            case TcpExtensions.WRITE_IMM -> {
                if (!up) {
                    c.close.protocol("RDMA WRITE with immediate data before the connection is established");
                } else if (piggyAcks()) {
                    startWriteImmediate();
                }
            }
            case TcpExtensions.ATOMIC -> {
                if (!up || fLen != TcpExtensions.WORD) {
                    c.close.protocol("bad atomic request");
                } else if (piggyAcks()) {
                    pdataIn = ByteBuffer.allocate(TcpExtensions.WORD);
                    inState = IN_PDATA;
                }
            }
            case TcpExtensions.ATOMIC_RESP -> TcpExtensions.onAtomicResponse(c, fLen, fFlags, fA);
            case Wire.ACK -> {
                if (!up || fLen != 0 || fC < 1 || fC > c.out.awaiting.size()) {
                    c.close.protocol("bad ACK (count " + fC + ", " + c.out.awaiting.size() + " awaiting)");
                } else {
                    c.out.onAck(fC);
                }
            }
            case Wire.NAK -> {
                if (!up || fLen != 0 || !c.out.requestsOutstanding()) {
                    c.close.protocol("unexpected NAK");
                } else {
                    c.out.onNak(fFlags);
                }
            }
            case Wire.DISC -> {
                if (!up || fLen != 0) {
                    c.close.protocol("unexpected DISC");
                } else {
                    c.close.terminate(ConnectionEnd.DISCONNECTED, "the peer disconnected", true);
                }
            }
            case Wire.ACK_REQ -> {
                if (!up || fLen != 0) {
                    c.close.protocol("unexpected ACK_REQ");
                } else {
                    c.acks.requested();
                }
            }
            case Wire.KEEPALIVE -> {
                if (!up || fLen != 0) {
                    c.close.protocol("unexpected KEEPALIVE");
                } else if ((fFlags & Wire.KEEPALIVE_PROBE) != 0) {
                    c.out.keepalive(0);
                }
            }
            default -> c.close.protocol("unknown frame type " + fType);
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
        if (fD < 0 || fD > c.out.awaiting.size()) {
            c.close.protocol("bad ACK count " + fD + " in a request header (" + c.out.awaiting.size()
                    + " awaiting)");
            return false;
        }
        c.out.onAck(fD);
        return c.phase == ConnectionPhase.UP && !c.close.closing;
    }

    // ------------------------------------------------------------------ RDMA write with immediate data

    /**
     * WRITE_IMM header ({@link TcpExtensions}): takes a receive first (none: NAK RNR at once, whatever rnr_retry),
     * then is an RDMA write whose end completes the receive as RECEIVE_IMMEDIATE ({@link #finishWriteImmediate()}).
     * The receive is held in {@link #inOp} while the payload is read, and flushed with the rest if the connection ends.
     */
    private void startWriteImmediate() {
        if (fLen > c.ep.up.attributes().maxRdmaSize()) {
            c.close.sendNak(Wire.NAK_LENGTH, "RDMA WRITE with immediate data of " + fLen + " bytes exceeds"
                    + " maxRdmaSize");
            return;
        }
        final PostedOperation recv = c.ep.queues.pollRecv();
        if (recv == null) {
            c.close.sendNak(Wire.NAK_RNR, "an RDMA WRITE with immediate data arrived and no receive is posted");
            return;
        }
        inOp = recv;
        if (c.responder.startWrite(fA, fC, fLen, fFlags)) {
            inState = IN_WRITE;
        } else if (fLen == 0) {
            finishWriteImmediate();
        } else {
            // refused (NAK access sent): the write did not consume the receive; it is flushed with the others
            inOp = null;
            c.ep.up.complete(recv, DtoStatus.FLUSHED, 0);
        }
    }

    private void finishWriteImmediate() {
        final PostedOperation recv = inOp;
        if (recv != null && fType == TcpExtensions.WRITE_IMM) {
            inOp = null;
            c.ep.up.completeReceiveImmediate(recv, DtoStatus.SUCCESS, fLen, (int) fB);
        }
    }

    // ------------------------------------------------------------------ SEND into a receive

    /** @return true if the payload can be read now */
    private boolean startSend(final int len) {
        final TcpEndpoint e = c.ep;
        final PostedOperation op = e.queues.pollRecv();
        if (op == null) {
            final int peerRnr = c.handshake.peerRnr;
            if (peerRnr == 0) {
                c.close.sendNak(Wire.NAK_RNR, "a SEND arrived and no receive is posted (rnr_retry 0)");
                return false;
            }
            pendingSendLen = len;
            rnrWaiting = true;
            c.interestOff(SelectionKey.OP_READ);
            c.timer(peerRnr == 7 ? Long.MAX_VALUE : peerRnr * RNR_DELAY_NANOS);
            if (e.queues.hasRecv()) {
                c.loop.schedule(c);
            }
            return false;
        }
        if (len > op.totalLength()) {
            e.up.complete(op, DtoStatus.LOCAL_LENGTH, 0);
            c.close.sendNak(Wire.NAK_LENGTH, "a SEND of " + len + " bytes does not fit the posted receive of "
                    + op.totalLength());
            return false;
        }
        beginScatter(op, len, IN_SEND);
        if (len == 0) {
            finishSend();
        }
        return true;
    }

    /**
     * A receive was posted while a SEND waited (RNR): the SEND goes into it and reading resumes.
     *
     * @return true if reading resumed (the caller has nothing more to do)
     */
    boolean resumeSend() {
        rnrWaiting = false;
        c.cancelTimer();
        c.interest(SelectionKey.OP_READ);
        if (startSend(pendingSendLen)) {
            socketReadable();
            onReadable();
            return true;
        }
        return false;
    }

    /** The RNR hold expired (the timer, in phase UP): the SEND is refused. */
    void rnrExpired() {
        if (rnrWaiting) {
            rnrWaiting = false;
            c.close.sendNak(Wire.NAK_RNR, "a SEND arrived and no receive was posted within the RNR retry budget");
        }
    }

    private void finishSend() {
        final PostedOperation op = inOp;
        inOp = null;
        inState = IN_HEADER;
        c.ep.up.complete(op, DtoStatus.SUCCESS, inTotal);
        c.acks.enqueue(inTotal, fFlags);
    }

    // ------------------------------------------------------------------ READ response into an RDMA read

    private void onReadRespHeader() {
        final PostedOperation head = c.out.awaiting.peek();
        if (c.phase != ConnectionPhase.UP || head == null || head.kind() != DtoOperation.RDMA_READ) {
            c.close.protocol("READ response with no RDMA read outstanding");
            return;
        }
        if (fFlags != 0) {
            if (fLen != 0) {
                c.close.protocol("READ error response with a payload");
            } else {
                c.out.onNak(fFlags);
            }
            return;
        }
        if (fLen != head.totalLength()) {
            c.close.protocol("READ response of " + fLen + " bytes for a read of " + head.totalLength());
            return;
        }
        beginScatter(head, fLen, IN_READ_RESP);
        if (fLen == 0) {
            finishReadResp();
        }
    }

    private void finishReadResp() {
        inOp = null;
        inState = IN_HEADER;
        c.out.readCompleted(inTotal);
    }

    /** A payload of {@code len} bytes is to be read into the segments of {@code op} ({@link #readScatter()}). */
    private void beginScatter(final PostedOperation op, final long len, final int state) {
        inOp = op;
        inTotal = len;
        inDone = 0;
        inSeg = 0;
        inSegDone = 0;
        inState = state;
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

    /**
     * The memory of the receive or RDMA read target being filled went away (the LMR was freed, or the consumer closed
     * the arena under it). A receive completes LOCAL_PROTECTION and the sender is told (NAK: REMOTE_RESPONDER, as a
     * verbs responder's local error gives the requester a remote operation error); an RDMA read completes
     * LOCAL_PROTECTION and the connection breaks. The rest is flushed.
     */
    private void inboundMemoryGone() {
        final PostedOperation op = inOp;
        inOp = null;
        final String reason = "the local LMR of " + op + ", or the memory under it, was freed while data arrived"
                + " into it (a consumer error: keep an LMR until the operations that name it complete, and its memory"
                + " until the LMR is freed)";
        if (inState == IN_SEND) {
            c.ep.up.complete(op, DtoStatus.LOCAL_PROTECTION, 0);
            c.close.sendNak(Wire.NAK_REMOTE_OP, reason);
        } else {
            TcpConnection.LOG.warn("connection {}: {}; the connection is closed", c, reason);
            c.out.readFailed(op);
            c.close.lost(reason);
        }
    }
}
