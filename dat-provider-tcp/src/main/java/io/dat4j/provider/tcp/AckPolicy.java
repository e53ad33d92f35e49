package io.dat4j.provider.tcp;

/**
 * When one connection acknowledges the SENDs and RDMA WRITEs it received, and (as their sender) which of its own
 * frames it asks the peer to acknowledge now. Each frame received is owed an ACK, which goes out in an ACK frame, or
 * counted in field d of the next request's header when the peer takes that ({@link Wire#FLAG_PIGGY_ACK}).
 * <ul>
 * <li>Before any other control frame (responses reach the initiator in the order of its requests).</li>
 * <li>At once when a further frame's header is here and the ACKs owed cover at least {@code dat4j.tcp.ackBytes}
 * (a stream, whose sender waits for them: {@link #streamDue()}); with ACK coalescing, only when one of them was asked
 * for.</li>
 * <li>Held for a piggy-back while a consumer drives the loop (it may answer at once); the loop writes them at its
 * next round, or after {@code dat4j.tcp.ackDelay} ({@link DeferredAcks}).</li>
 * <li>ACK coalescing ({@link Wire#FLAG_ACK_REQ} set by both sides): ACKs that no frame asked for
 * ({@link Wire#FLAG_ACK_NOW}, {@link Wire#ACK_REQ}) are held until one does, a request carries them, a control
 * frame goes out, or {@code dat4j.tcp.ackHoldMicros} passes ({@link #lazyTimer}, a backstop).</li>
 * <li>Otherwise as an ACK frame when {@link OutboundWriter#flushOut()} has nothing else to write.</li>
 * </ul>
 *
 * <p>As a sender with coalescing, a SEND or WRITE asks for its ACK ({@link #markRequest}) when at most
 * {@link #MARK_FRAMES} are unacknowledged (a ping-pong, a small window: as before), when {@link #ASK_EVERY} frames or
 * {@link #ASK_BYTES} x {@code ackBytes} were written since the last frame that asked, or when no frame that asked is unacknowledged. An
 * ACK that leaves frames unacknowledged with none of them asking, and nothing left to write, sends an
 * {@link Wire#ACK_REQ} ({@link #acked}); when a driving consumer read that ACK, the ACK_REQ is deferred as its ACKs
 * are ({@link DeferredAcks}): its next request asks instead, and the loop's next round sends the ACK_REQ if none did.
 * So every frame written is followed by one that asks, or an ACK_REQ, and a sender never waits for the backstop.
 *
 * <p>Threading: under the connection's lock ({@link TcpConnection#lock}); {@link #listed} is the loop owner's. See
 * "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class AckPolicy {

    /** A sender with at most this many unacknowledged SEND/WRITE frames asks for the ACK of each. */
    static final int MARK_FRAMES = 16;
    /** Beyond {@link #MARK_FRAMES}, a sender asks for an ACK every this many frames (or {@link #ASK_BYTES}). */
    static final int ASK_EVERY = 32;
    /**
     * Beyond {@link #MARK_FRAMES}, a sender asks for an ACK at least every this many times {@code ackBytes} of payload
     * (512 KiB by default): each ACK wakes the sender, and a stream of 64 KiB frames asking every 4 x ackBytes woke it
     * eight times a MiB, where a plain TCP stream wakes about once.
     */
    static final int ASK_BYTES = 16;
    /**
     * In a deeper window the byte interval grows with it, to a quarter of the payload unacknowledged (the ACK for
     * a frame that asked still leaves three quarters of the window in flight, so the pipe does not drain while it
     * travels), at most this many times {@code ackBytes} (2 MiB by default): a stream of 64 KiB frames 128 deep asks
     * every 32 frames instead of every 8, a quarter of the ACK frames, and of the sender's wake-ups for them.
     */
    static final int ASK_BYTES_MAX = 64;

    private final TcpConnection c;
    /** Holds ACKs no frame asked for at most {@code dat4j.tcp.ackHoldMicros} ({@link #lazyExpired()}). */
    final TimerHeap.Timer lazyTimer;
    private final long lazyNanos;
    /*
     * dat4j.tcp.ackBytes (ackBytes here): ACKs owed for at least this many payload bytes are written as soon as the
     * header of a further frame has been read (the sender streams faster than this side empties the socket), not at
     * the end of the read round nor held for a piggy-back: the sender would otherwise see no completion until its
     * window of requests drained. A ping-pong, whose next frame comes only after the answer, keeps its piggy-backed
     * ACKs.
     */
    private final long ackBytes;
    /** SEND/WRITE frames received and not yet acknowledged: sent as an ACK frame or in the next request's header. */
    private int owed;
    /** Payload bytes of the frames counted in {@link #owed}. */
    private long owedBytes;
    /** {@link OutboundWriter#flushOut()} writes the ACKs owed now, not deferring them ({@code ackBytes}). */
    private boolean now;
    /** The peer takes ACK counts in request headers ({@link Wire#FLAG_PIGGY_ACK}); set by the handshake. */
    boolean peerPiggy;
    /** Listed in the loop's deferred-ACK list; loop owner only. */
    boolean listed;
    /**
     * ACK coalescing: the peer asks for ACKs ({@link Wire#FLAG_ACK_NOW}, {@link Wire#ACK_REQ}) and honours this side's
     * asks ({@link Wire#FLAG_ACK_REQ} in its REQ/REP); set by the handshake.
     */
    boolean coalesce;
    /** A frame among those owed an ACK asked for it now (its sender may be waiting). */
    private boolean asked;
    /** Sender: SEND/WRITE frames written, and completed by ACKs (plain or piggy-backed), since the connection began. */
    private long written;
    private long ackedFrames;
    /** Sender: the number of the last frame that asked for its ACK (or that an ACK_REQ followed). */
    private long askedUpTo;
    /** Sender: the number of the last frame that asked for its ACK and has left whole for the socket. */
    private long askedOnWire;
    /** Sender: frames and payload bytes written since the last one that asked. */
    private int sinceAsk;
    private long sinceAskBytes;
    /** Sender: payload bytes of the SEND/WRITE frames written and not yet acknowledged (coalescing only). */
    private long unackedBytes;
    /** Sender: an ACK left frames unacknowledged that none asked for, and the ACK_REQ for them waits in the loop's
     * deferred list for the driving consumer's next request to make it needless ({@link #acked}). */
    private boolean requestDeferred;
    /** Sender: the payload sizes of those frames, oldest first (a ring; at most the EP's request depth). */
    private long[] unackedSizes = new long[64];

    AckPolicy(final TcpConnection c, final long ackBytes, final long lazyNanos) {
        this.c = c;
        this.ackBytes = ackBytes;
        this.lazyNanos = lazyNanos;
        this.lazyTimer = new TimerHeap.Timer(c, this::lazyExpired);
    }

    /**
     * A SEND or WRITE of {@code bytes} was received: it is owed an ACK.
     *
     * @param flags the frame's flags: {@link Wire#FLAG_ACK_NOW} asks for the ACK now
     */
    void enqueue(final long bytes, final int flags) {
        owed++;
        owedBytes += bytes;
        if ((flags & Wire.FLAG_ACK_NOW) != 0) {
            asked = true;
        }
    }

    /** The peer sent {@link Wire#ACK_REQ}: the ACKs owed (if any: others may be on their way) go out now. */
    void requested() {
        if (owed > 0) {
            asked = true;
        }
    }

    /** {@return the number of ACKs owed} */
    int owed() {
        return owed;
    }

    /** Forgets the ACKs owed (the connection ended). */
    void clear() {
        taken();
    }

    private void taken() {
        owed = 0;
        owedBytes = 0;
        asked = false;
        lazyTimer.deadline = Long.MAX_VALUE;
    }

    /** {@return whether the ACKs owed must go out before the frame whose header was just read} */
    boolean streamDue() {
        return owedBytes >= ackBytes && owed > 0 && (asked || !coalesce);
    }

    /** Writes the ACKs owed now (a stream's further frame is here). */
    void flushNow() {
        now = true;
        c.out.flushOut();
        now = false;
    }

    /**
     * {@return whether {@link OutboundWriter#flushOut()}, with nothing to write but ACKs, may hold them for the
     * driving consumer's next request}
     */
    boolean mayDefer() {
        return peerPiggy && !c.close.closing && !now && c.loop.mayDeferAcks();
    }

    /**
     * {@return whether {@link OutboundWriter#flushOut()}, with nothing to write but ACKs, holds them because no frame
     * asked for them (coalescing)}; arms the backstop. Only the loop's owner holds (the timer heap is its).
     */
    boolean holdLazily() {
        if (!coalesce || asked || now || c.close.closing || !c.loop.inLoop()) {
            return false;
        }
        if (lazyTimer.deadline == Long.MAX_VALUE) {
            lazyTimer.deadline = System.nanoTime() + lazyNanos;
            c.loop.timers.schedule(lazyTimer);
        }
        return true;
    }

    /** The backstop: ACKs held because no frame asked for them go out now. */
    private void lazyExpired() {
        c.lock.lock();
        try {
            final long d = lazyTimer.deadline;
            lazyTimer.deadline = Long.MAX_VALUE;
            if (d != Long.MAX_VALUE && owed > 0 && c.phase == ConnectionPhase.UP) {
                flushNow();
            }
        } finally {
            c.unlock();
        }
    }

    /** {@return whether the ACKs owed must go out in an ACK frame before a request could carry them} */
    boolean needFrame(final boolean requestNext) {
        return owed > 0 && (!requestNext || !peerPiggy);
    }

    /** {@return an ACK frame for every ACK owed}, which are then no longer owed */
    Wire.Control frame() {
        final Wire.Control a = c.out.frame(Wire.ACK);
        a.c = owed;
        taken();
        return a;
    }

    /** {@return the ACK count for field d of a request header}: the ACKs owed when the peer takes them there */
    int takePiggy() {
        if (!peerPiggy) {
            return 0;
        }
        final int n = owed;
        taken();
        return n;
    }

    // ------------------------------------------------------------------ as the sender

    /**
     * A SEND or WRITE of {@code bytes} is being written: {@return its flags}, {@link Wire#FLAG_ACK_NOW} when it asks
     * for its ACK (the rules in the class comment)
     */
    int markRequest(final long bytes) {
        if (!coalesce) {
            return 0;
        }
        track(bytes);
        written++;
        sinceAsk++;
        sinceAskBytes += bytes;
        if (written - ackedFrames <= MARK_FRAMES || sinceAsk >= ASK_EVERY || sinceAskBytes >= askBytes()
                || askedUpTo <= ackedFrames) {
            askedUpTo = written;
            sinceAsk = 0;
            sinceAskBytes = 0;
            return Wire.FLAG_ACK_NOW;
        }
        return 0;
    }

    /**
     * {@return the payload after which a frame asks for its ACK}: {@link #ASK_BYTES} x {@code ackBytes}, or a quarter
     * of the payload unacknowledged when that is more, at most {@link #ASK_BYTES_MAX} x {@code ackBytes}
     */
    private long askBytes() {
        final long base = ASK_BYTES * ackBytes;
        return Math.max(base, Math.min(unackedBytes >> 2, ASK_BYTES_MAX * ackBytes));
    }

    /** Frame number {@code written + 1} of {@code bytes} is being written: it is unacknowledged until an ACK. */
    private void track(final long bytes) {
        final int inFlight = (int) (written - ackedFrames);
        if (inFlight == unackedSizes.length) {
            // (grown rarely: the ring holds at most the EP's request depth; frame f sits at f % length)
            final long[] old = unackedSizes;
            final long[] grown = new long[old.length * 2];
            for (long f = ackedFrames; f < written; f++) {
                grown[(int) (f % grown.length)] = old[(int) (f % old.length)];
            }
            unackedSizes = grown;
        }
        unackedSizes[(int) (written % unackedSizes.length)] = bytes;
        unackedBytes += bytes;
    }

    /** {@return the number of the SEND/WRITE frame {@link #markRequest} marked last} (coalescing only) */
    long frameNumber() {
        return written;
    }

    /** Frame number {@code frame}, which asked for its ACK, has been written whole to the socket. */
    void onWire(final long frame) {
        if (frame > askedOnWire) {
            askedOnWire = frame;
        }
    }

    /**
     * {@return whether a posting thread may leave its batch of requests unwritten for the next post to add to}: with
     * coalescing, while more than {@link #MARK_FRAMES} frames are unacknowledged (a stream, not a ping-pong or a small
     * window) and a frame that asked for its ACK is on the wire and not acknowledged: that ACK is due without any
     * timer (a receiver acknowledges an asking frame at the end of its read round), and the read round that takes it
     * writes the batch ({@link OutboundWriter#flushOut()}).
     */
    boolean mayCork() {
        return coalesce && askedOnWire > ackedFrames && written - ackedFrames > MARK_FRAMES;
    }

    /**
     * {@code n} SEND/WRITE frames were acknowledged. If frames stay unacknowledged, none of them asked, and nothing is
     * left to write (a request that is would ask), an {@link Wire#ACK_REQ} follows the frames written.
     */
    void acked(final int n) {
        if (!coalesce) {
            return;
        }
        for (int i = 0; i < n; i++) {
            unackedBytes -= unackedSizes[(int) ((ackedFrames + i) % unackedSizes.length)];
        }
        ackedFrames += n;
        if (ackRequestDue()) {
            if (!now && c.loop.mayDeferAcks()) {
                // the consumer driving the loop took these completions and most likely posts next: its first request
                // asks (askedUpTo <= ackedFrames), which makes the ACK_REQ needless; the loop's next round, or the I/O
                // thread after ackDelay, sends it if no request did (flushDeferred)
                requestDeferred = true;
                c.loop.deferredAcks.defer(c);
            } else {
                requestAcks();
            }
        }
    }

    /** {@return whether frames are unacknowledged, none of them asked, and no request is queued to ask} */
    private boolean ackRequestDue() {
        return written > ackedFrames && askedUpTo <= ackedFrames && !c.ep.queues.hasRequests()
                && c.phase == ConnectionPhase.UP && !c.close.closing;
    }

    /** Queues an {@link Wire#ACK_REQ} behind the frames written (the caller flushes). */
    private void requestAcks() {
        askedUpTo = written;
        sinceAsk = 0;
        sinceAskBytes = 0;
        c.out.addControl(c.out.frame(Wire.ACK_REQ));
    }

    /**
     * Writes the ACKs a driving consumer deferred, unless a request carried them meanwhile, and the ACK_REQ it deferred
     * ({@link #acked}), unless a request asked meanwhile; loop owner only.
     */
    void flushDeferred() {
        c.lock.lock();
        try {
            boolean write = owed > 0;
            if (requestDeferred) {
                requestDeferred = false;
                if (ackRequestDue()) {
                    requestAcks();
                    write = true;
                }
            }
            if (write && c.phase == ConnectionPhase.UP) {
                c.out.flushOut();
            }
        } finally {
            c.unlock();
        }
    }
}
