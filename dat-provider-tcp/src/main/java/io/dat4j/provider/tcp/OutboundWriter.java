package io.dat4j.provider.tcp;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RegisteredRegion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.ArrayDeque;

/**
 * The outbound side of one connection, and the requester: writes control frames (handshake, ACK, NAK, READ
 * responses, DISC, keepalives) in order, then the EP's posted requests (SEND, RDMA WRITE, RDMA READ within the
 * negotiated depth), and completes the requests when the peer answers (ACK, NAK, READ response). Frames leave by one
 * of three strategies:
 * <ol>
 * <li>a <em>batch</em>: frames without payload (ACK, ACK_REQ, KEEPALIVE, READ_REQ, ...) and requests whose payload is
 * at most {@code dat4j.tcp.sendCopyMax}, copied back to back into the stage buffer ({@link OutboundStage}, up to
 * {@link #STAGE_MAX} + one header) and written with one call, however many are queued;</li>
 * <li>one segment up to {@link #STAGE_MAX}: header and payload in one gathering write from registered memory;</li>
 * <li>otherwise: the header, then segment by segment from registered memory, resumed on OP_WRITE.</li>
 * </ol>
 * A posting thread writes small requests itself ({@link #inlineFlush()}), saving the hand-over to the I/O thread. In
 * a stream it may leave its batch unwritten for the next post to add to (<em>corked</em>, {@link AckPolicy#mayCork}):
 * only while a frame that asked for its ACK is on the wire and unacknowledged, so the peer's ACK for it is due
 * without any timer, and the read round that handles it writes the batch; never with ACKs in it.
 *
 * <p>A request put in a batch joins {@link #awaiting} at once (its bytes are in the stage, in wire order); it still
 * completes only when the peer answers it. Control frames keep their order in the batch; a READ response (which has
 * its own staging) and a frame with private data end a batch and are written after it.
 *
 * <p>Threading: under the connection's lock ({@link TcpConnection#lock}): the loop owner, or a posting thread (which
 * holds the EP's lock, ranked above) in {@link #inlineFlush()}. The regions' shared views are touched only by the loop
 * owner ({@link #writeLargeAsOwner()} takes the loop for that). See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class OutboundWriter {

    /**
     * Payloads up to this size are copied behind their header and written with one call (a header written alone
     * would wake the receiver once for the header and again for the payload); a batch holds up to this many bytes
     * plus one header.
     */
    static final int STAGE_MAX = 64 * 1024;

    /** Writes the socket refused for want of room, all connections of the JVM (approximate: for tests and diagnostics). */
    private static volatile long refusedWrites;

    private final TcpConnection c;
    /*
     * dat4j.tcp.sendCopyMax (sendCopyMax here, from TcpConfig): the largest SEND or RDMA write payload copied behind
     * its header into the stage (default 16 KiB). A single-segment payload above it, up to STAGE_MAX, goes out with its
     * header in one gathering write straight from the registered memory: one system call as with the stage, without the
     * copy (at 64 KiB the copy on each side was a tenth of the round trip). The JDK allocates two small objects per
     * gathering write from a memory-segment buffer, so small payloads keep the copy.
     */
    private final int sendCopyMax;

    /** A header, and the 8-byte payload of an ATOMIC frame behind it ({@link TcpExtensions}). */
    private final ByteBuffer hdrOut = ByteBuffer.allocateDirect(Wire.HEADER + TcpExtensions.WORD);
    /** Header and first payload segment of a gathering write. */
    private final ByteBuffer[] gather = new ByteBuffer[2];
    /** The stage buffer, and the batch being filled in it. */
    private final OutboundStage stage = new OutboundStage();
    /** The stage holds bytes being written (one frame, or a batch), from its position to its limit. */
    private boolean staged;
    /** The number ({@link AckPolicy#frameNumber()}) of the last frame being written that asked for its ACK, or 0. */
    private long writingAsk;
    /** Set by {@link #requestHeader}: the number of the frame if it asks for its ACK (else 0), and whether it carries
     * ACKs. */
    private long headerAsk;
    private boolean headerAcks;
    /** Control frames to write, in order, before any further request. */
    final ArrayDeque<Wire.Control> control = new ArrayDeque<>();
    private final ArrayDeque<Wire.Control> free = new ArrayDeque<>();
    /** Requests written and not yet answered, in order. */
    final ArrayDeque<PostedOperation> awaiting = new ArrayDeque<>();
    private Wire.Control curOut;
    /** The request being written, taken off the EP's request queue when its write began. */
    PostedOperation curReq;
    private ByteBuffer curPdata;
    private int outSeg;
    private long outSegDone;
    private long outDone;
    /**
     * The last write found the socket's buffer full and OP_WRITE is armed: the selection that reports it resumes
     * {@link #flushOut()}, which takes the requests posted meanwhile; a post neither writes (EAGAIN) nor wakes the loop.
     */
    private boolean socketFull;
    /** RDMA reads written and not yet answered, and how many may be (the negotiated depth out). */
    private int inflightReads;
    int readOutLimit;

    OutboundWriter(final TcpConnection c, final int sendCopyMax) {
        this.c = c;
        this.sendCopyMax = sendCopyMax;
    }

    /** {@return about how many writes found the socket full so far, all connections of the JVM} */
    static long refusedWrites() {
        return refusedWrites;
    }

    // ------------------------------------------------------------------ control frames

    /** {@return a pooled control frame of a type, its fields cleared} */
    Wire.Control frame(final int type) {
        Wire.Control o = free.poll();
        if (o == null) {
            o = new Wire.Control();
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

    /** Returns an unqueued frame to the pool. */
    void recycle(final Wire.Control o) {
        free.add(o);
    }

    /**
     * Queues a control frame behind the ACKs owed so far: responses reach the initiator in the order of its requests
     * (an ACK owed for an earlier WRITE must not follow a READ_RESP for a later READ_REQ).
     */
    void addControl(final Wire.Control o) {
        if (c.acks.owed() > 0) {
            control.add(c.acks.frame());
        }
        control.add(o);
    }

    /**
     * Queues a keepalive unless another frame is being or about to be written (any byte tells the peer); the caller
     * flushes.
     *
     * @return whether one was queued
     */
    boolean keepalive(final int flags) {
        if (unwritten() || c.close.closing) {
            return false;
        }
        final Wire.Control o = frame(Wire.KEEPALIVE);
        o.flags = flags;
        addControl(o);
        return true;
    }

    /** Drops the control frames (the connection ended). */
    void dropControl() {
        control.clear();
        curOut = null;
    }

    /** {@return whether a frame is being written or waits to be} */
    boolean unwritten() {
        return curOut != null || curReq != null || staged || stage.filling() || !control.isEmpty();
    }

    /** {@return whether requests are outstanding: being written, waiting for an answer, or posted} */
    boolean busy() {
        return !awaiting.isEmpty() || curReq != null || c.ep.queues.hasRequests();
    }

    /** {@return whether a NAK has a request to refuse} */
    boolean requestsOutstanding() {
        return !awaiting.isEmpty() || curReq != null;
    }

    void header(final int type, final int flags, final long len, final long a, final long b, final int fc,
            final int fd) {
        Wire.encode(hdrOut, type, flags, len, a, b, fc, fd);
    }

    private void requestHeader(final PostedOperation op) {
        final int acks = c.acks.takePiggy();
        int flags = 0;
        switch (op.kind()) {
            case SEND -> {
                flags = c.acks.markRequest(op.totalLength());
                header(Wire.SEND, flags, op.totalLength(), 0, 0, 0, acks);
            }
            case RDMA_WRITE -> {
                flags = c.acks.markRequest(op.totalLength());
                header(Wire.WRITE, flags, op.totalLength(), op.remoteAddress(), 0, op.rmrContext(), acks);
            }
            case RDMA_READ -> header(Wire.READ_REQ, 0, 0, op.remoteAddress(), op.totalLength(), op.rmrContext(),
                    acks);
            case RDMA_WRITE_IMMEDIATE -> {
                flags = c.acks.markRequest(op.totalLength());
                TcpExtensions.requestHeader(hdrOut, op, acks, flags);
            }
            case FETCH_AND_ADD, COMPARE_AND_SWAP -> TcpExtensions.requestHeader(hdrOut, op, acks, 0);
            default -> throw new IllegalStateException("not a request: " + op.kind());
        }
        headerAsk = (flags & Wire.FLAG_ACK_NOW) != 0 ? c.acks.frameNumber() : 0;
        headerAcks = acks > 0;
    }

    /** {@return whether a request goes out in a batch}: no payload, or one copied (at most sendCopyMax) */
    private boolean batchable(final PostedOperation op) {
        return switch (op.kind()) {
            case RDMA_READ, FETCH_AND_ADD, COMPARE_AND_SWAP -> true;
            case SEND, RDMA_WRITE, RDMA_WRITE_IMMEDIATE -> op.totalLength() <= sendCopyMax;
            default -> false;
        };
    }

    /** {@return the bytes a batchable request takes in a batch} */
    private static int batchBytes(final PostedOperation op) {
        return switch (op.kind()) {
            case RDMA_READ -> Wire.HEADER;
            case FETCH_AND_ADD, COMPARE_AND_SWAP -> Wire.HEADER + TcpExtensions.WORD;
            default -> Wire.HEADER + (int) op.totalLength();
        };
    }

    /** {@return whether a control frame goes out in a batch}: a header alone (READ responses have their own staging) */
    private static boolean batchable(final Wire.Control o) {
        return o.type != Wire.READ_RESP && (o.pdata == null || o.pdata.length == 0);
    }

    // ------------------------------------------------------------------ writing

    void flushOut() {
        if (c.phase == ConnectionPhase.CLOSED || c.key == null || c.close.draining || c.pendingFailure != null) {
            // (a failure handed over by a posting thread may have cut a frame short: nothing may follow it)
            return;
        }
        while (true) {
            if (curOut == null && curReq == null && !staged) {
                final int n = next();
                if (n < 0) {
                    return;
                }
                if (n == 0) {
                    break;
                }
            }
            final int r = writeCurrent();
            if (r < 0) {
                return;
            }
            if (r == 0) {
                refusedWrites++;
                c.interest(SelectionKey.OP_WRITE);
                socketFull = true;
                return;
            }
            finishCurrent();
        }
        socketFull = false;
        c.interestOff(SelectionKey.OP_WRITE);
        if (c.close.closing && !c.close.draining && curOut == null && control.isEmpty()) {
            c.close.startDraining();
        }
    }

    /**
     * Takes what is to be written next, in order: control frames, the ACKs owed, the requests. Batchable frames go
     * into the batch, one after the other, until one is not, the batch is full, or nothing is left; then the batch is
     * staged for writing, and a frame that is not batchable is left for after it.
     *
     * @return 1 something is to be written (the staged batch, {@link #curOut} or {@link #curReq}), 0 nothing, -1 the
     *         connection ended
     */
    private int next() {
        while (true) {
            if (!stage.fits(Wire.HEADER)) {
                return stageBatch();
            }
            Wire.Control o = control.peek();
            boolean queued = o != null;
            PostedOperation op = null;
            if (o == null) {
                if (!c.close.closing && c.phase == ConnectionPhase.UP) {
                    op = c.ep.queues.peekRequest();
                    if (op != null && op.kind() == DtoOperation.RDMA_READ && inflightReads >= readOutLimit) {
                        op = null;
                    }
                }
                if (c.acks.needFrame(op != null)) {
                    if (op == null && c.acks.holdLazily()) {
                        // no frame asked for these ACKs: a request, a control frame or an ask carries them later
                        return stageBatch();
                    }
                    if (op == null && c.acks.mayDefer()) {
                        // the consumer this loop wakes may answer at once: let its request carry the ACKs
                        c.loop.deferredAcks.defer(c);
                        return stageBatch();
                    }
                    o = c.acks.frame();
                }
            }
            if (o != null) {
                if (queued) {
                    if (!batchable(o) && stage.filling()) {
                        return stageBatch();
                    }
                    control.poll();
                }
                if (batchable(o)) {
                    appendControl(o);
                    continue;
                }
                curOut = o;
                header(o.type, o.flags, o.payloadLength(), o.a, o.b, o.c, o.d);
                curPdata = o.pdata == null || o.pdata.length == 0 ? null : ByteBuffer.wrap(o.pdata);
            } else if (op != null) {
                if (batchable(op)) {
                    if (!stage.fits(batchBytes(op))) {
                        return stageBatch();
                    }
                    if (!c.ep.queues.takeRequest(op)) {
                        continue;
                    }
                    if (!appendRequest(op)) {
                        return -1;
                    }
                    continue;
                }
                if (stage.filling()) {
                    return stageBatch();
                }
                if (!c.ep.queues.takeRequest(op)) {
                    continue;
                }
                curReq = op;
                requestHeader(op);
                writingAsk = headerAsk;
            } else {
                return stageBatch();
            }
            outSeg = 0;
            outSegDone = 0;
            outDone = 0;
            return 1;
        }
    }

    // ------------------------------------------------------------------ batches

    /** Puts a header-only control frame (taken off the queue, or a new ACK frame) into the batch. */
    private void appendControl(final Wire.Control o) {
        header(o.type, o.flags, 0, o.a, o.b, o.c, o.d);
        stage.reserve(Wire.HEADER);
        stage.putHeader(hdrOut, Wire.HEADER);
        stage.controlAdded(o.type == Wire.ACK);
        o.pdata = null;
        o.region = null;
        free.add(o);
    }

    /**
     * Puts a batchable request, taken off the EP's queue, into the batch: its header (with the ACKs owed) and its
     * payload copied from registered memory (MemorySegment.copy: no shared view, any thread). It then awaits its
     * answer.
     *
     * @return false when a source region or its memory was freed: the request has completed LOCAL_PROTECTION and the
     *         connection is breaking
     */
    private boolean appendRequest(final PostedOperation op) {
        stage.reserve(batchBytes(op));
        requestHeader(op);
        final int start = stage.position();
        stage.putHeader(hdrOut, hdrOut.remaining());
        if (op.kind() != DtoOperation.RDMA_READ && !TcpExtensions.isAtomic(op.kind())) {
            for (int i = 0; i < op.segmentCount(); i++) {
                final RegisteredRegion r = op.region(i);
                if (!r.acquire()) {
                    return failAppend(op, "a local LMR of " + op + " was freed while it was being sent");
                }
                try {
                    stage.copyIn(r.memory(), op.offset(i), op.length(i));
                } catch (final IllegalStateException e) {
                    return failAppend(op, memoryGone(op));
                } finally {
                    r.release();
                }
            }
        }
        stage.requestAdded(start, headerAcks, headerAsk);
        awaiting.add(op);
        if (op.kind() == DtoOperation.RDMA_READ) {
            inflightReads++;
        }
        return true;
    }

    private boolean failAppend(final PostedOperation op, final String reason) {
        curReq = op;
        failCurrentRequest(reason);
        return false;
    }

    /** @return 1 when a batch is staged for writing ({@link #staged}), 0 when there is none */
    private int stageBatch() {
        if (!stage.filling()) {
            return 0;
        }
        writingAsk = stage.seal();
        staged = true;
        return 1;
    }

    /** @return 1 done, 0 the socket is full, -1 the connection ended */
    private int writeCurrent() {
        try {
            if (staged) {
                return writeStaged();
            }
            if (curOut != null) {
                return writeControl(curOut);
            }
            final PostedOperation op = curReq;
            if (op.kind() == DtoOperation.RDMA_READ || op.segmentCount() == 0 || TcpExtensions.isAtomic(op.kind())) {
                c.io.write(hdrOut);
                return hdrOut.hasRemaining() ? 0 : 1;
            }
            if (op.segmentCount() == 1 && hdrOut.position() == 0 && outSegDone == 0) {
                final int r = writeGathering(op);
                if (r <= 0) {
                    return r;
                }
            }
            return writeSegments(op);
        } catch (final IOException e) {
            writeLost("write failed: " + e.getMessage());
            return -1;
        }
    }

    private int writeControl(final Wire.Control o) throws IOException {
        if (o.type == Wire.READ_RESP && o.length > 0 && hdrOut.position() == 0) {
            // nothing of the response is out yet: a region freed since the READ_REQ was checked is still
            // refused as at the request (an error response), not by breaking the connection
            if (o.length <= STAGE_MAX) {
                if (c.responder.stage(o, stage.single(hdrOut, o.length), stage.segment())) {
                    staged = true;
                    return writeStaged();
                }
            } else {
                c.responder.checkUnstaged(o);
            }
        }
        if (hdrOut.hasRemaining()) {
            c.io.write(hdrOut);
            if (hdrOut.hasRemaining()) {
                return 0;
            }
        }
        if (curPdata != null) {
            c.io.write(curPdata);
            return curPdata.hasRemaining() ? 0 : 1;
        }
        if (o.type == Wire.READ_RESP && o.length > 0) {
            final long d = c.responder.write(o, outDone);
            if (d < 0) {
                return -1;
            }
            outDone = d;
            return d < o.length ? 0 : 1;
        }
        return 1;
    }

    /**
     * Strategy 2: header and payload in one gathering write (see sendCopyMax): a header written alone would wake the
     * receiver for it alone.
     *
     * @return 1 when the payload is out (strategy 3 then finds nothing left), 0 the socket is full, -1 ended
     */
    private int writeGathering(final PostedOperation op) throws IOException {
        final RegisteredRegion r = op.region(0);
        if (!r.acquire()) {
            return failCurrentRequest("a local LMR of " + op + " was freed while it was being sent");
        }
        final long h = hdrOut.remaining();
        final long n;
        try {
            gather[0] = hdrOut;
            gather[1] = c.window(r, op.offset(0), op.length(0));
            n = c.io.write(gather, r.memory());
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
            return 1;
        }
        return 0;
    }

    /** Strategy 3: the header, then segment by segment from registered memory. */
    private int writeSegments(final PostedOperation op) throws IOException {
        if (hdrOut.hasRemaining()) {
            c.io.write(hdrOut);
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
                n = c.io.write(c.window(r, op.offset(outSeg) + outSegDone, segLen - outSegDone), r.memory());
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
    }

    private int writeStaged() throws IOException {
        c.io.write(stage.buffer());
        return stage.buffer().hasRemaining() ? 0 : 1;
    }

    private void finishCurrent() {
        staged = false;
        if (writingAsk != 0) {
            // the frame that asked for its ACK is on the wire: its ACK is due (AckPolicy#mayCork)
            c.acks.onWire(writingAsk);
            writingAsk = 0;
        }
        if (curOut != null) {
            if (curOut.type == Wire.READ_RESP) {
                c.responder.responseWritten();
            }
            curOut.pdata = null;
            curOut.region = null;
            free.add(curOut);
            curOut = null;
            curPdata = null;
            return;
        }
        final PostedOperation op = curReq;
        if (op == null) {
            // a batch: its requests joined awaiting when they were put in
            return;
        }
        curReq = null;
        awaiting.add(op);
        if (op.kind() == DtoOperation.RDMA_READ) {
            inflightReads++;
        }
    }

    // ------------------------------------------------------------------ written by a posting thread

    /**
     * Writes small requests straight from the posting thread (which holds the connection's lock), saving the
     * hand-over to the I/O thread: the requests queued, and a batch a post before left corked, in one write. In a
     * stream ({@link AckPolicy#mayCork}) the batch is left for the next post while it has room for another frame
     * like the last. Anything else (control frames pending, a large payload, a partial write, an ending connection)
     * is left to the I/O thread.
     */
    void inlineFlush() {
        if (socketFull && c.phase == ConnectionPhase.UP && c.pendingFailure == null && !c.close.closing
                && (curReq != null || curOut != null || staged) && c.writeArmed()) {
            // the socket is full and the loop waits for room: it writes this request after the one in progress
            return;
        }
        if (c.phase != ConnectionPhase.UP || c.close.closing || c.close.draining || c.key == null
                || c.pendingFailure != null || curOut != null || curReq != null || staged || !control.isEmpty()
                || (c.acks.owed() > 0 && !c.acks.peerPiggy)) {
            c.loop.schedule(c);
            return;
        }
        while (true) {
            final PostedOperation op = c.ep.queues.peekRequest();
            if (op == null) {
                break;
            }
            if (op.kind() == DtoOperation.RDMA_READ && inflightReads >= readOutLimit) {
                if (c.acks.owed() > 0) {
                    c.loop.schedule(c);
                }
                break;
            }
            if (!batchable(op)) {
                // too large to copy: written straight from registered memory, after the batch
                writeLargeAsOwner();
                return;
            }
            if (TcpExtensions.isAtomic(op.kind())) {
                // the loop writes atomics (after the batch)
                c.loop.schedule(c);
                break;
            }
            if (!stage.fits(batchBytes(op))) {
                if (!writeBatchInline()) {
                    return;
                }
                continue;
            }
            if (!c.ep.queues.takeRequest(op)) {
                c.loop.schedule(c);
                break;
            }
            if (!appendRequest(op)) {
                return;
            }
        }
        if (stage.corkable() && c.acks.mayCork()) {
            // corked: the next post adds to it; the peer's ACK for a frame on the wire is due, and the read round
            // that handles it writes the batch (flushOut)
            return;
        }
        writeBatchInline();
    }

    /** Writes the batch from the posting thread. @return false when the loop is to finish it (or the write failed) */
    private boolean writeBatchInline() {
        if (stageBatch() == 0) {
            return true;
        }
        try {
            c.io.write(stage.buffer());
        } catch (final IOException e) {
            writeLost("write failed: " + e.getMessage());
            return false;
        }
        if (stage.buffer().hasRemaining()) {
            c.loop.schedule(c);
            return false;
        }
        finishCurrent();
        return true;
    }

    /**
     * A request too large to stage: the posting thread writes it straight from registered memory if it can take the
     * loop (the region views are the loop owner's), else the loop does. Caller holds the connection's lock.
     *
     * <p>When the write stops at a full socket, OP_WRITE is armed and the loop is not woken for it: the next selection
     * of the loop resumes the write, as for the posts that find the socket full ({@link #inlineFlush()}). The loop was
     * free (this thread took it), so nobody is selecting and the I/O thread is parked: while consumers drive the loop
     * (the streaming consumer that posted this waits on its EVD next, and selects), it takes the loop back at the latest
     * when they have not driven it for {@code dat4j.tcp.driveGraceMicros}; after a long consumer's hold it is unparked
     * by {@link IoLoop#disown()}. Waking it here instead cost a sender of 64 KiB writes about one futex wake-up, an I/O
     * thread round and a hand-over of the loop back to its waiting consumer for every few frames.
     */
    private void writeLargeAsOwner() {
        if (!c.loop.tryOwn()) {
            c.loop.schedule(c);
            return;
        }
        boolean unfinished;
        try {
            flushOut();
            unfinished = c.phase == ConnectionPhase.UP
                    && (curReq != null || curOut != null || staged || c.ep.queues.hasRequests())
                    && !(socketFull && c.pendingFailure == null && !c.close.closing && c.writeArmed());
        } finally {
            c.loop.disown();
        }
        if (unfinished) {
            c.loop.schedule(c);
        }
    }

    // ------------------------------------------------------------------ failures while writing

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
        TcpConnection.LOG.warn("connection {}: {}; the connection is closed", c, reason);
        final PostedOperation op = takeCurrentRequest();
        c.ep.up.complete(op, DtoStatus.LOCAL_PROTECTION, 0);
        writeLost(reason);
        return -1;
    }

    /** {@return the request being written}: it will not be written further */
    private PostedOperation takeCurrentRequest() {
        final PostedOperation op = curReq;
        curReq = null;
        staged = false;
        stage.drop();
        writingAsk = 0;
        hdrOut.clear().limit(0);
        return op;
    }

    /** A write-side failure: handled at once on the I/O thread, handed to it from a posting thread. */
    void writeLost(final String reason) {
        if (c.loop.inLoop()) {
            c.close.lost(reason);
        } else {
            c.pendingFailure = reason;
            c.loop.schedule(c);
        }
    }

    // ------------------------------------------------------------------ the peer's answers

    void onAck(final int count) {
        if (count > awaiting.size() - stage.requests()) {
            // (the reader checked against awaiting; the requests of a corked batch have not left yet)
            c.close.protocol("ACK for " + count + " requests, " + (awaiting.size() - stage.requests()) + " written");
            return;
        }
        for (int i = 0; i < count; i++) {
            final PostedOperation op = awaiting.peek();
            if (TcpExtensions.awaitsResponse(op.kind())) {
                c.close.protocol("ACK for an " + op.kind());
                return;
            }
            awaiting.poll();
            c.ep.up.complete(op, DtoStatus.SUCCESS, op.totalLength());
        }
        c.acks.acked(count);
        if (stage.filling()) {
            // a corked batch waited for this ACK: the read round ends with flushOut, and the loop makes sure
            c.loop.schedule(c);
        }
        c.close.checkGraceful();
    }

    /** The RDMA read at the head of {@link #awaiting} got its data ({@link InboundReader}). */
    void readCompleted(final long length) {
        final PostedOperation op = awaiting.poll();
        inflightReads--;
        c.ep.up.complete(op, DtoStatus.SUCCESS, length);
        c.close.checkGraceful();
    }

    /** The RDMA read at the head of {@link #awaiting} lost its target memory while its data arrived. */
    void readFailed(final PostedOperation op) {
        awaiting.poll();
        inflightReads--;
        c.ep.up.complete(op, DtoStatus.LOCAL_PROTECTION, 0);
    }

    /**
     * The peer refused a request. Responses come in request order and every earlier SEND and WRITE was acknowledged
     * before the NAK, so the refused one is the oldest awaiting a response or, when none awaits, the one whose
     * payload is still being written: the target refuses at the header, whatever the size, and drains the rest.
     */
    void onNak(final int code) {
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
            case Wire.NAK_RNR -> DtoStatus.RECEIVER_NOT_READY;
            case Wire.NAK_ACCESS -> DtoStatus.REMOTE_ACCESS;
            default -> DtoStatus.REMOTE_RESPONDER;
        };
        c.ep.up.complete(op, s, 0);
        c.close.terminate(ConnectionEnd.BROKEN, "the peer refused " + op.kind() + " with " + s, true);
    }
}
