package io.dat4j.provider.shm;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.GrantTable;
import io.dat4j.provider.shm.sys.ProtocolViolation;
import io.dat4j.provider.shm.sys.RecordHeader;
import io.dat4j.provider.shm.sys.RingReader;
import io.dat4j.provider.shm.sys.RingWriter;
import io.dat4j.provider.shm.sys.SharedMapping;
import io.dat4j.provider.shm.sys.WakeControl;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RegionTable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The data path of one established connection: the ring this side produces into (requests, READ responses, NAKs),
 * the ring it consumes (the peer's), and one-sided copies with CMA ({@link CmaCopier}). The records, what completes
 * each request and what the target checks are in docs/shm-wire.md. Every index, length and field read from the
 * mapping is checked ({@link ProtocolViolation} breaks this connection only); copies touch registered memory only
 * between {@link RegisteredRegion#acquire()} and {@link RegisteredRegion#release()}.
 *
 * <p>Thread safety: guarded by {@link ShmConnection#lock}: one thread at a time services the connection (a poster, a
 * consumer in {@code dat_evd_dequeue/wait}, the progress thread); see docs/providers.md, "Data path and waiting".
 */
final class DataPath {

    private static final int IN_HEADER = 0;
    private static final int IN_RNR = 1;
    private static final int IN_SEND = 2;
    private static final int IN_WRITE = 3;
    private static final int IN_READ_RESP = 4;
    /** Records handled per service round at most, so that one busy connection does not starve the others. */
    private static final int ROUND_RECORDS = 64;
    /** RNR retry unit: one retry of rnr_retry 1..6 waits this long, as the TCP provider. */
    private static final long RNR_UNIT_NANOS = 100_000_000L;

    final ShmConnection conn;
    final ShmEndpoint ep;
    private final SharedMapping mapping;
    private final RingWriter out;
    private final RingReader in;
    private final WakeControl wake;
    private final Doorbell peerBell;
    private final GrantTable myGrants;
    private final Arena arena;
    /** One-sided copies into the peer, or null (CMA off, refused, or the peer's identity not proven). */
    private CmaCopier cma;
    private final GrantTable peerGrants;
    private final long peerPid;
    private final int segments;
    private final RegionTable regions;
    private final long maxMessage;
    private final long maxRdma;
    private final int depthIn;
    private final int depthOut;
    private final long rnrBudgetNanos;
    /** Consumed bytes after which HEAD is published even in a busy round. */
    private final long headBatch;

    // outbound, in posting order: the request being written, then those written and awaiting their end
    private PostedOperation cur;
    private int curSeg;
    private long curSegDone;
    private long curStart;
    private final InFlight infl;
    private int readsOut;
    /** The READs this side owes the peer. */
    private final Responder responses;
    private int nakCode;
    private long nakPosition;
    private String nakReason;
    private boolean nakSent;
    /** What the last round left, for the threads that look without the lock (an empty poll, a sleeper). */
    final LastRound last;
    /** The EP's count of posted requests when its queue was last found empty here (-1: not yet looked). */
    private long requestsSeenEmpty = -1;
    /** The last round stopped for room in the ring with records still to write (read without the lock). */
    private boolean outboundBlocked;

    // inbound
    private final RecordHeader h = new RecordHeader();
    private int inState = IN_HEADER;
    private PostedOperation inOp;
    private int inSeg;
    private long inSegDone;
    private long inTotal;
    private long inDone;
    private RegisteredRegion inRegion;
    private long inOffset;
    private long rnrSince;
    /** Whether {@link #rnrSince} is set: the clock is read only once a SEND found no receive. */
    private boolean rnrTimed;

    private final PeerLiveness liveness = new PeerLiveness();
    /**
     * Completions this path made into the EP's EVDs from a service round ({@link #complete}, {@link #failed}). A round
     * reports them as work done: a thread waiting on an EVD that services the connection itself gets no wake-up from
     * the kit for its own completions, so a round that completed a receive (the last piece of a record larger than the
     * ring, read in a round without a header) and said "nothing happened" left that waiter asleep with its
     * completion queued (see "Data path and waiting" in docs/providers.md).
     */
    private int completions;

    DataPath(final ShmConnection conn, final ShmEndpoint ep, final SharedMapping mapping, final ConnectionLayout layout,
            final int side, final Doorbell peerBell, final long peerPid, final boolean grantToPeer, final int depthIn,
            final int depthOut, final int peerRnrRetry) {
        this.conn = conn;
        this.ep = ep;
        this.mapping = mapping;
        final MemorySegment m = mapping.segment();
        this.out = new RingWriter(m, layout, side);
        this.in = new RingReader(m, layout, side, Records.MAX_TYPE);
        this.wake = new WakeControl(m, layout, side);
        this.peerBell = peerBell;
        this.myGrants = grantToPeer ? new GrantTable(m, layout, side, true) : null;
        this.arena = Arena.ofShared();
        final int segs = Math.max(1, Math.max(ep.up.attributes().maxRequestIov(),
                Math.max(ep.up.attributes().maxRdmaReadIov(), ep.up.attributes().maxRdmaWriteIov())));
        this.peerGrants = new GrantTable(m, layout, 1 - side, false);
        this.peerPid = peerPid;
        this.segments = segs;
        this.regions = ep.transport.adapter.regions();
        this.maxMessage = ep.up.attributes().maxMessageSize();
        this.maxRdma = ep.up.attributes().maxRdmaSize();
        this.depthIn = depthIn;
        this.depthOut = Math.max(0, depthOut);
        this.headBatch = layout.ringBytes() / 4;
        this.rnrBudgetNanos = peerRnrRetry == 7 ? Long.MAX_VALUE : peerRnrRetry * RNR_UNIT_NANOS;
        this.infl = new InFlight(Math.max(1, ep.up.attributes().maxRequestDtos()));
        this.responses = new Responder(Math.max(1, depthIn));
        this.last = new LastRound(in, out);
    }

    GrantTable grants() {
        return myGrants;
    }

    /** Copies RDMA into and out of the peer with CMA from now on (its identity proven). Caller holds the lock. */
    void enableCma() {
        if (cma == null) {
            cma = new CmaCopier(arena, peerGrants, peerPid, segments);
        }
    }

    /**
     * {@return true while this side has records to write and waits for room}: whoever sleeps must then be woken by
     * the peer's HEAD too, whatever EVD it waits on (a read without the lock: the servicing thread arms it as well)
     */
    boolean outboundWaits() {
        return outboundBlocked;
    }

    /**
     * {@return how much happened (0: nothing)} One round of work: incoming records, completions by the peer's consumed
     * position, outgoing records. HEAD is published when this round found no new record (the consumer polls again or
     * goes to sleep), when a quarter of the ring waits for it, or when the peer sleeps waiting for it; otherwise the
     * records this side writes next carry the position (field d), so a reply is not preceded by a store into a line
     * the peer reads. Caller holds the connection's lock.
     *
     * @throws ProtocolViolation when the peer broke the protocol
     */
    int service() {
        final int before = completions;
        final int got = inbound();
        if (got == 0) {
            out.refreshConsumed(); // no record carried the peer's position: its HEAD word (a sleeper compares it)
        }
        int n = got + reap();
        n += outbound();
        n += completions - before;
        final boolean tail = out.hasUnpublished();
        out.publish();
        // each handshake answered is a wake-up owed: evaluate both, ring once
        boolean ring = tail && wake.peerArmed(WakeControl.DATA);
        if (in.position() != in.published() && (got == 0 || in.position() - in.published() >= headBatch
                || wake.peerWaits(WakeControl.SPACE))) {
            in.publish();
            ring |= wake.peerArmed(WakeControl.SPACE);
        }
        if (ring) {
            peerBell.ring();
        }
        if (n > 0) {
            wake.beat();
        }
        recordRound();
        if (outboundBlocked) {
            wake.arm(WakeControl.SPACE); // room will appear when the peer consumes: have it ring then
        }
        return n;
    }

    /** Leaves this round's view for the threads without the lock, and whether it left work owed. Lock held. */
    private void recordRound() {
        final long at = inState == IN_HEADER ? in.position() : -1L;
        final boolean owes = at < 0 || nakCode != 0 || cur != null || outboundBlocked || responses.count() > 0
                || in.position() != in.published() || out.hasUnpublished();
        last.record(at, in.tailSeen(), out.consumedWord(), owes ? -1L : at);
    }

    /**
     * {@return how much happened} Writes what was posted, on the posting thread (no inbound work, so that a poster
     * makes no upcall for another queue than its own). Caller holds the connection's lock.
     */
    int serviceOutbound() {
        final int before = completions;
        final int n = outbound() + completions - before;
        if (out.hasUnpublished()) {
            out.publish();
            if (wake.peerArmed(WakeControl.DATA)) {
                peerBell.ring();
            }
        }
        recordRound(); // what it wrote may now wait for room (or no longer)
        if (outboundBlocked) {
            wake.arm(WakeControl.SPACE); // the poster leaves: whoever sleeps on this IA's doorbell goes on later
        }
        return n;
    }

    /** Arms the connection before a thread sleeps for {@code what} ({@link WakeControl}); then {@link #last}. */
    void arm(final int what) {
        wake.arm(what);
    }

    /** {@return true while this side waits for the peer: requests written and not answered, or unwritten} */
    boolean waitsForPeer() {
        return infl.count() > 0 || cur != null || ep.queues.hasRequests();
    }

    /** What {@link #timers} returns when the transport timeout expired. */
    static final long TIMED_OUT = Long.MIN_VALUE;

    /**
     * The timers of the connection (progress thread, lock held): keeps the peer from timing out while a SEND waits
     * for a receive here (RNR), and fails the oldest request with {@code TRANSPORT} when the peer showed no progress
     * for {@code ackTimeoutNanos} times {@code retryCount + 1} while requests waited for it (a stopped process).
     *
     * @param now the time
     * @param ackTimeoutNanos one attempt of the transport timeout, 0 for none
     * @param retryCount the EP's retry_count
     * @return the next time this connection needs a look (Long.MAX_VALUE for none), or {@link #TIMED_OUT}
     */
    long timers(final long now, final long ackTimeoutNanos, final int retryCount) {
        long next = rnrDeadline();
        if (holdsForReceive()) {
            wake.beat();
            if (ackTimeoutNanos > 0) {
                next = Math.min(next, now + ackTimeoutNanos / 2);
            }
        }
        if (ackTimeoutNanos > 0) {
            if (liveness.expired(now, wake.peerHeartbeat(), waitsForPeer(), ackTimeoutNanos * (retryCount + 1L))) {
                failOldest(DtoStatus.TRANSPORT);
                return TIMED_OUT;
            }
            if (waitsForPeer()) {
                next = Math.min(next, now + ackTimeoutNanos / 2);
            }
        }
        return next;
    }

    String timeoutReason() {
        return liveness.reason();
    }

    /** {@return true while an incoming SEND waits for a receive (RNR)} */
    boolean holdsForReceive() {
        return inState == IN_RNR;
    }

    /** {@return the nanoTime at which the RNR wait gives up, or Long.MAX_VALUE} */
    long rnrDeadline() {
        return inState != IN_RNR || !rnrTimed || rnrBudgetNanos == Long.MAX_VALUE ? Long.MAX_VALUE
                : rnrSince + rnrBudgetNanos;
    }

    String nakReason() {
        return nakReason;
    }

    // ---- inbound

    private int inbound() {
        int n = 0;
        while (n < ROUND_RECORDS && nakCode == 0) {
            switch (inState) {
                case IN_HEADER -> {
                    if (!in.readHeader(h)) {
                        return n;
                    }
                    out.acknowledged(h.d);
                    onHeader();
                    n++;
                }
                case IN_RNR -> {
                    if (!takeReceive()) {
                        return n;
                    }
                }
                case IN_SEND, IN_READ_RESP -> {
                    if (in.available() == 0 && inDone < inTotal) {
                        return n;
                    }
                    if (!scatter()) {
                        return n;
                    }
                }
                case IN_WRITE -> {
                    if (in.available() == 0 && inDone < inTotal) {
                        return n;
                    }
                    if (!landWrite()) {
                        return n;
                    }
                }
                default -> throw new IllegalStateException("inbound state " + inState);
            }
        }
        return n;
    }

    private void onHeader() {
        switch (h.type) {
            case Records.SEND -> {
                if (h.flags != 0) {
                    throw new ProtocolViolation("SEND with flags " + h.flags);
                }
                if (h.length > maxMessage) {
                    nak(Records.NAK_LENGTH, h.position, "a SEND of " + h.length + " bytes exceeds maxMessageSize "
                            + maxMessage);
                    return;
                }
                inTotal = h.length;
                inDone = 0;
                rnrTimed = false; // the RNR clock starts only if no receive is posted (takeReceive)
                inState = IN_RNR;
                takeReceive();
            }
            case Records.WRITE -> {
                if (h.flags != 0) {
                    throw new ProtocolViolation("WRITE with flags " + h.flags);
                }
                if (h.length > maxRdma) {
                    nak(Records.NAK_LENGTH, h.position, "an RDMA WRITE of " + h.length + " bytes exceeds maxRdmaSize "
                            + maxRdma);
                    return;
                }
                inTotal = h.length;
                inDone = 0;
                if (h.length == 0) {
                    inState = IN_HEADER; // zero-length RDMA is not checked, as on InfiniBand
                    return;
                }
                final RegisteredRegion r = regions.acquire(ep.up, h.c, h.a, h.length, true);
                if (r == null) {
                    nak(Records.NAK_ACCESS, h.position, "RDMA WRITE refused: "
                            + regions.refusal(ep.up, h.c, h.a, h.length, true));
                    return;
                }
                r.release();
                inRegion = r;
                inOffset = h.a - r.baseAddress();
                inState = IN_WRITE;
            }
            case Records.READ_REQ -> {
                if (h.flags != 0 || h.length != 0 || h.b < 0) {
                    throw new ProtocolViolation("READ_REQ with flags " + h.flags + ", payload " + h.length + ", length "
                            + h.b);
                }
                if (responses.count() == responses.capacity() || responses.count() >= depthIn) {
                    throw new ProtocolViolation("more than the negotiated " + depthIn + " RDMA reads outstanding");
                }
                if (h.b > maxRdma) {
                    nak(Records.NAK_LENGTH, h.position, "an RDMA READ of " + h.b + " bytes exceeds maxRdmaSize "
                            + maxRdma);
                    return;
                }
                RegisteredRegion r = null;
                if (h.b > 0) {
                    r = regions.acquire(ep.up, h.c, h.a, h.b, false);
                    if (r == null) {
                        nak(Records.NAK_ACCESS, h.position, "RDMA READ refused: "
                                + regions.refusal(ep.up, h.c, h.a, h.b, false));
                        return;
                    }
                    r.release();
                }
                responses.add(h.c, h.a, h.b, r);
            }
            case Records.READ_RESP -> onReadResponse();
            case Records.NAK -> onNak();
            default -> throw new ProtocolViolation("record type " + h.type);
        }
    }

    /** Takes a receive for the SEND in {@link #h}; {@return false while none is posted (RNR)} */
    private boolean takeReceive() {
        final PostedOperation op = ep.queues.pollRecv();
        if (op == null) {
            final long now = System.nanoTime();
            if (!rnrTimed) {
                rnrTimed = true;
                rnrSince = now;
            }
            if (rnrBudgetNanos == 0 || now - rnrSince >= rnrBudgetNanos) {
                nak(Records.NAK_RNR, h.position, "a SEND arrived and no receive was posted within the RNR retry "
                        + "budget");
            }
            return false;
        }
        if (op.totalLength() < inTotal) {
            complete(op, DtoStatus.LOCAL_LENGTH, inTotal);
            nak(Records.NAK_LENGTH, h.position, "a SEND of " + inTotal + " bytes does not fit the posted receive of "
                    + op.totalLength());
            return false;
        }
        inOp = op;
        inSeg = 0;
        inSegDone = 0;
        inState = IN_SEND;
        if (inTotal == 0) {
            finishIn();
        }
        return true;
    }

    /** Copies readable payload into {@link #inOp}'s segments; {@return false if it cannot go on now} */
    private boolean scatter() {
        final PostedOperation op = inOp;
        while (inDone < inTotal) {
            if (in.availableCached() == 0) {
                return false;
            }
            while (op.length(inSeg) == inSegDone) {
                inSeg++;
                inSegDone = 0;
            }
            final RegisteredRegion r = op.region(inSeg);
            if (!r.acquire()) {
                localFault(op, "the receive's LMR was freed during the transfer");
                return false;
            }
            final long n;
            try {
                n = in.read(r.memory(), op.offset(inSeg) + inSegDone, Math.min(op.length(inSeg) - inSegDone,
                        inTotal - inDone));
            } catch (final IllegalStateException e) {
                localFault(op, "the memory under the receive's LMR was freed while it was registered");
                return false;
            } finally {
                r.release();
            }
            inSegDone += n;
            inDone += n;
        }
        finishIn();
        return true;
    }

    private void finishIn() {
        final PostedOperation op = inOp;
        inOp = null;
        inState = IN_HEADER;
        if (op.kind() == DtoOperation.RDMA_READ) {
            readsOut--;
            infl.markDone(op);
        }
        complete(op, DtoStatus.SUCCESS, inTotal);
    }

    private boolean landWrite() {
        while (inDone < inTotal) {
            if (in.availableCached() == 0) {
                return false;
            }
            final RegisteredRegion r = inRegion;
            if (!r.acquire()) {
                nak(Records.NAK_ACCESS, h.position, "RDMA WRITE refused: the target LMR (rmr_context 0x"
                        + Integer.toHexString(h.c) + ") was freed during the transfer");
                return false;
            }
            try {
                inDone += in.read(r.memory(), inOffset + inDone, inTotal - inDone);
            } catch (final IllegalStateException e) {
                nak(Records.NAK_ACCESS, h.position, "RDMA WRITE refused: the memory under the target LMR was freed"
                        + " while it was registered");
                return false;
            } finally {
                r.release();
            }
        }
        inRegion = null;
        inState = IN_HEADER;
        return true;
    }

    private void onReadResponse() {
        final PostedOperation op = infl.answerNextRead();
        if (op == null) {
            throw new ProtocolViolation("READ response with no RDMA read outstanding");
        }
        if (h.flags != 0) {
            if (h.length != 0) {
                throw new ProtocolViolation("READ error response with a payload");
            }
            failRemote(op, h.flags, "the peer refused an RDMA READ");
            return;
        }
        if (h.length != op.totalLength()) {
            throw new ProtocolViolation("READ response of " + h.length + " bytes for a read of " + op.totalLength());
        }
        inOp = op; // answered: its completion comes from the payload
        inTotal = h.length;
        inDone = 0;
        inSeg = 0;
        inSegDone = 0;
        inState = IN_READ_RESP;
        if (inTotal == 0) {
            finishIn();
        }
    }

    private void onNak() {
        if (h.length != 0) {
            throw new ProtocolViolation("NAK with a payload");
        }
        final PostedOperation refused = infl.takeAt(h.a);
        if (refused != null) {
            failed(refused, Records.status(h.flags), "the peer refused " + refused.kind() + " with "
                    + Records.status(h.flags));
            return;
        }
        if (cur != null && curStart == h.a) {
            final PostedOperation op = cur;
            cur = null;
            ep.queues.popRequest();
            failed(op, Records.status(h.flags), "the peer refused " + op.kind() + " with "
                    + Records.status(h.flags));
            return;
        }
        throw new ProtocolViolation("NAK for ring position " + h.a + ", which names no request awaiting an answer");
    }

    private void failRemote(final PostedOperation op, final int code, final String why) {
        infl.markDone(op);
        failed(op, Records.status(code), why + " with " + Records.status(code));
    }

    private void localFault(final PostedOperation op, final String why) {
        if (op.kind() == DtoOperation.RECEIVE) {
            nak(Records.NAK_REMOTE_OP, h.position, why);
            inOp = null;
            complete(op, DtoStatus.LOCAL_PROTECTION, 0);
        } else {
            inOp = null;
            infl.markDone(op);
            failed(op, DtoStatus.LOCAL_PROTECTION, why);
        }
    }

    private void nak(final int code, final long position, final String reason) {
        if (nakCode == 0) {
            nakCode = code;
            nakPosition = position;
            nakReason = reason;
        }
    }

    /** Completes what the peer consumed, by its position as known (HEAD word or carried in a record). */
    private int reap() {
        return infl.count() == 0 ? 0 : infl.reap(out.consumed(), ep.up);
    }

    /** Completes {@code op} into its EVD from a service round, counted as work ({@link #completions}). */
    private void complete(final PostedOperation op, final DtoStatus status, final long length) {
        completions++;
        ep.up.complete(op, status, length);
    }

    /** Completes {@code op} with an error and breaks the connection ({@link ShmConnection#failed}), counted as work. */
    private void failed(final PostedOperation op, final DtoStatus status, final String why) {
        completions++;
        conn.failed(op, status, why);
    }

    // ---- outbound

    private int outbound() {
        outboundBlocked = true; // until the loop below runs out of records to write
        if (nakCode != 0) {
            if (!out.fits(0)) {
                return 0;
            }
            out.begin(Records.NAK, nakCode, 0, nakPosition, 0, 0, (int) in.announce());
            nakSent = true;
            outboundBlocked = false;
            return 1;
        }
        int n = 0;
        while (responses.count() > 0) {
            final int r = responses.respond(out, in);
            if (r == Responder.FAILED) {
                conn.breakLater("the region of an RDMA READ being answered was freed; the read cannot finish");
                return n;
            }
            if (r == Responder.WAIT) {
                return n;
            }
            n++;
        }
        while (n < ROUND_RECORDS) {
            PostedOperation op = cur;
            if (op == null) {
                // the queue's monitor only if a request was posted since it was last found empty (only posts add)
                final long posted = ep.requestsPosted();
                if (posted == requestsSeenEmpty) {
                    outboundBlocked = false;
                    return n;
                }
                op = ep.queues.peekRequest();
                if (op == null) {
                    requestsSeenEmpty = posted;
                    outboundBlocked = false;
                    return n;
                }
                if (!start(op)) {
                    return n;
                }
                if (cur == null) {
                    n++; // done at once (CMA)
                    continue;
                }
            }
            if (!gather()) {
                return n;
            }
            n++;
        }
        return n;
    }

    /** Starts the request at the head of the EP's queue; {@return false if it must wait} */
    private boolean start(final PostedOperation op) {
        final DtoOperation kind = op.kind();
        if (kind == DtoOperation.RDMA_READ && readsOut >= depthOut) {
            return false;
        }
        if (kind != DtoOperation.SEND && cma != null && tryCma(op)) {
            return true;
        }
        final long total = op.totalLength();
        if (infl.full() || !out.fits(kind == DtoOperation.RDMA_READ ? 0 : total)) {
            return false;
        }
        final int ack = (int) in.announce();
        switch (kind) {
            case SEND -> curStart = out.begin(Records.SEND, 0, (int) total, 0, 0, 0, ack);
            case RDMA_WRITE -> curStart = out.begin(Records.WRITE, 0, (int) total, op.remoteAddress(), 0,
                    op.rmrContext(), ack);
            case RDMA_READ -> {
                curStart = out.begin(Records.READ_REQ, 0, 0, op.remoteAddress(), total, op.rmrContext(), ack);
                readsOut++;
                ep.queues.popRequest();
                infl.add(op, curStart, InFlight.AWAITING_RESPONSE);
                return true;
            }
            default -> throw new IllegalStateException("request kind " + kind);
        }
        cur = op;
        curSeg = 0;
        curSegDone = 0;
        return true;
    }

    /** Writes payload of {@link #cur} into the ring; {@return true once it is all written} */
    private boolean gather() {
        final PostedOperation op = cur;
        while (out.inRecord()) {
            if (out.freeCached() == 0 && out.free() == 0) {
                return false;
            }
            while (op.length(curSeg) == curSegDone) {
                curSeg++;
                curSegDone = 0;
            }
            final RegisteredRegion r = op.region(curSeg);
            if (!r.acquire()) {
                abortCurrent(op, "the LMR of a request was freed during the transfer");
                return false;
            }
            final long n;
            try {
                n = out.write(r.memory(), op.offset(curSeg) + curSegDone, Math.min(op.length(curSeg) - curSegDone,
                        out.remaining()));
            } catch (final IllegalStateException e) {
                abortCurrent(op, "the memory under a request's LMR was freed while it was registered");
                return false;
            } finally {
                r.release();
            }
            if (n == 0) {
                return false;
            }
            curSegDone += n;
        }
        cur = null;
        ep.queues.popRequest();
        infl.add(op, curStart, out.position());
        return true;
    }

    private void abortCurrent(final PostedOperation op, final String why) {
        cur = null;
        ep.queues.popRequest();
        failed(op, DtoStatus.LOCAL_PROTECTION, why);
    }

    /**
     * One-sided copy with CMA, when the target granted the range and nothing posted earlier is still on its way.
     * {@return true if done (completed, or failed and the connection breaks); false to go through the ring}
     */
    private boolean tryCma(final PostedOperation op) {
        if (infl.count() > 0 || op.totalLength() == 0
                || out.position() != out.consumed() && out.position() != out.refreshConsumed()) {
            return false;
        }
        final int r = cma.copy(op);
        if (r == CmaCopier.REFUSED) {
            cma = null; // the kernel stopped allowing it: the ring from now on
        }
        if (r == CmaCopier.REFUSED || r == CmaCopier.NOT_GRANTED) {
            return false; // not granted: the target decides
        }
        ep.queues.popRequest();
        if (r == CmaCopier.DONE) {
            complete(op, DtoStatus.SUCCESS, op.totalLength());
        } else {
            failed(op, cma.status(r), cma.failure(op, r));
        }
        return true;
    }

    // ---- teardown

    /**
     * Completes the oldest request not completed yet with {@code status} (the transport timeout); the connection
     * breaks next and flushes the rest. Caller holds the lock.
     *
     * @param status the status
     */
    void failOldest(final DtoStatus status) {
        final PostedOperation oldest = infl.takeOldest();
        if (oldest != null) {
            ep.up.complete(oldest, status, 0);
            return;
        }
        final PostedOperation op = cur != null ? cur : ep.queues.peekRequest();
        if (op != null) {
            cur = null;
            ep.queues.popRequest();
            ep.up.complete(op, status, 0);
        }
    }

    /**
     * Completes every operation this path holds with FLUSHED, in order (the one a NAK named was completed before),
     * and forgets them. Caller holds the lock; the connection is closing.
     */
    void flushHeld() {
        if (inOp != null) {
            final PostedOperation op = inOp;
            inOp = null;
            if (op.kind() == DtoOperation.RECEIVE) {
                ep.up.complete(op, DtoStatus.FLUSHED, 0);
            }
        }
        infl.flush(ep.up);
        if (cur != null) {
            final PostedOperation op = cur;
            cur = null;
            ep.queues.popRequest();
            ep.up.complete(op, DtoStatus.FLUSHED, 0);
        }
        responses.clear();
    }

    /** {@return true once the NAK owed is in the ring and published: the connection may break now} */
    boolean nakWritten() {
        return nakSent && !out.hasUnpublished();
    }

    /** Unmaps the shared memory; the caller revoked the grants and holds the lock. */
    void unmap() {
        mapping.close();
        peerBell.close();
        arena.close();
    }
}
