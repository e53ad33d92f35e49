package io.dat4j.provider.tcp;

/**
 * When one connection acknowledges the SENDs and RDMA WRITEs it received: each is owed an ACK, which goes out in an
 * ACK frame, or counted in field d of the next request's header when the peer takes that ({@link Wire#FLAG_PIGGY_ACK}).
 * <ul>
 * <li>Before any other control frame (responses reach the initiator in the order of its requests).</li>
 * <li>At once when a further frame's header is here and the ACKs owed cover at least {@code dat4j.tcp.ackBytes}
 * (a stream, whose sender waits for them: {@link #streamDue()}).</li>
 * <li>Held for a piggy-back while a consumer drives the loop (it may answer at once); the loop writes them at its
 * next round, or after {@code dat4j.tcp.ackDelay} ({@link DeferredAcks}).</li>
 * <li>Otherwise as an ACK frame when {@link OutboundWriter#flushOut()} has nothing else to write.</li>
 * </ul>
 *
 * <p>Threading: under the connection's lock ({@link TcpConnection#lock}); {@link #listed} is the loop owner's. See
 * "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class AckPolicy {

    private final TcpConnection c;
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

    AckPolicy(final TcpConnection c, final long ackBytes) {
        this.c = c;
        this.ackBytes = ackBytes;
    }

    /** A SEND or WRITE of {@code bytes} was received: it is owed an ACK. */
    void enqueue(final long bytes) {
        owed++;
        owedBytes += bytes;
    }

    /** {@return the number of ACKs owed} */
    int owed() {
        return owed;
    }

    /** Forgets the ACKs owed (the connection ended). */
    void clear() {
        owed = 0;
        owedBytes = 0;
    }

    /** {@return whether the ACKs owed must go out before the frame whose header was just read} */
    boolean streamDue() {
        return owedBytes >= ackBytes && owed > 0;
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

    /** {@return whether the ACKs owed must go out in an ACK frame before a request could carry them} */
    boolean needFrame(final boolean requestNext) {
        return owed > 0 && (!requestNext || !peerPiggy);
    }

    /** {@return an ACK frame for every ACK owed}, which are then no longer owed */
    Wire.Control frame() {
        final Wire.Control a = c.out.frame(Wire.ACK);
        a.c = owed;
        owed = 0;
        owedBytes = 0;
        return a;
    }

    /** {@return the ACK count for field d of a request header}: the ACKs owed when the peer takes them there */
    int takePiggy() {
        if (!peerPiggy) {
            return 0;
        }
        final int n = owed;
        owed = 0;
        owedBytes = 0;
        return n;
    }

    /** Writes the ACKs a driving consumer deferred, unless a request carried them meanwhile; loop owner only. */
    void flushDeferred() {
        c.lock.lock();
        try {
            if (owed > 0 && c.phase == ConnectionPhase.UP) {
                c.out.flushOut();
            }
        } finally {
            c.unlock();
        }
    }
}
