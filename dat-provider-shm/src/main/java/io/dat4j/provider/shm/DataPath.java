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
 * The data path of one established connection: the ring this side produces into (requests, {@link Outbound}; READ
 * responses, NAKs, RDV_ACKs), the ring it consumes (the peer's), one-sided copies with CMA ({@link CmaCopier}) and
 * rendezvous SENDs pulled from the peer ({@link RendezvousPull}). The records, what completes each request and what
 * the target checks are in docs/shm-wire.md. Every index, length and field read from the mapping is checked
 * ({@link ProtocolViolation} breaks this connection only); copies touch registered memory only between
 * {@link RegisteredRegion#acquire()} and {@link RegisteredRegion#release()}.
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
    private static final int IN_RDV_LIST = 5;
    /** Records handled per service round at most, so that one busy connection does not starve the others. */
    private static final int ROUND_RECORDS = 64;
    /** RNR retry unit: one retry of rnr_retry 1..6 waits this long, as the TCP provider. */
    private static final long RNR_UNIT_NANOS = 100_000_000L;
    /** How often the timers look whether a free started on a region a rendezvous SEND holds. */
    private static final long PULL_PROBE_NANOS = 100_000_000L;
    private static final java.lang.invoke.VarHandle PULLS = java.lang.foreign.ValueLayout.JAVA_LONG.varHandle();

    final ShmConnection conn;
    final ShmEndpoint ep;
    private final SharedMapping mapping;
    final RingWriter out;
    final RingReader in;
    private final WakeControl wake;
    private final Doorbell peerBell;
    private final GrantTable myGrants;
    private final Arena arena;
    /** Whether the last {@link #postDirect} wrote its request ({@link #tookDirect}); lock held. */
    private boolean tookDirect;
    private final GrantTable peerGrants;
    private final long peerPid;
    private final int segments;
    private final int side;
    private final ConnectionLayout layout;
    private final long rendezvousBytes;
    private final RegionTable regions;
    private final long maxMessage;
    private final long maxRdma;
    private final int depthIn;
    private final int depthOut;
    private final long rnrBudgetNanos;
    /** TAIL and HEAD published to the peer, and the wake-ups owed with them. */
    private final Publication publication;

    // outbound, in posting order: the request being written, then those written and awaiting their end
    final InFlight infl;
    private final Outbound requests;
    /** Set in element 0 while the last round stopped for room with requests still to write. */
    private final boolean[] requestsBlocked = new boolean[1];
    /** The READs this side owes the peer. */
    private final Responder responses;
    private int nakCode;
    private long nakPosition;
    private String nakReason;
    /** Why {@link #timers} ended the connection for a region being freed, or null. */
    private String freedReason;
    private boolean nakSent;
    /** What the last round left, for the threads that look without the lock (an empty poll, a sleeper). */
    final LastRound last;
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
    /** The SEND waiting for a receive (IN_RNR) is a SEND_RDV, to be pulled. */
    private boolean inPull;
    /** Pulls the peer's rendezvous SENDs, or null (this side announced no PULLS). */
    private RendezvousPull pull;
    /** The peer disconnected or died: a SEND_RDV left in its ring is not pulled (the peer flushed it), nor read past. */
    private boolean peerLeft;
    private boolean inboundStopped;
    /** A pull ended this round's inbound work, so that its completion and the sender's ack go out at once. */
    private boolean pulledThisRound;
    /** Whether {@link #rnrSince} is set: the clock is read only once a SEND found no receive. */
    private boolean rnrTimed;
    /**
     * This round's inbound work stopped at an empty slot (every record the peer committed was taken), or stopped after
     * one record in the reply pattern ({@link #replyPattern}) as if it had.
     */
    private boolean drained;
    /**
     * The peer writes its records in reply to this side's: a round takes one record and returns without looking at
     * the slot after it. That look is a cache line the producer wrote last (it zeroed the slot's commit word before
     * committing the record), so it would cost a transfer between CPUs before the round hands its completion over;
     * in a ping-pong the slot is empty anyway. Set by a round that took exactly one record and then found the next
     * slot empty; cleared when a round's first record was committed without the peer having consumed anything this
     * side wrote since the last such stop ({@link #stopMark}: a stream, whose records are taken in batches again).
     */
    private boolean replyPattern;
    /** Where this side's ring was written up to when a round last stopped after one record ({@link #replyPattern}). */
    private long stopMark;

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
        this.side = side;
        this.layout = layout;
        // a side with CMA off neither names its memory to the peer nor pulls
        this.rendezvousBytes = conn.transport.config.cma() ? conn.transport.config.sendRendezvousBytes() : 0;
        this.regions = ep.transport.adapter.regions();
        this.maxMessage = ep.up.attributes().maxMessageSize();
        this.maxRdma = ep.up.attributes().maxRdmaSize();
        this.depthIn = depthIn;
        this.depthOut = Math.max(0, depthOut);
        this.publication = new Publication(out, in, wake, peerBell, layout.ringBytes() / 4);
        this.rnrBudgetNanos = peerRnrRetry == 7 ? Long.MAX_VALUE : peerRnrRetry * RNR_UNIT_NANOS;
        this.infl = new InFlight(Math.max(1, ep.up.attributes().maxRequestDtos()));
        this.responses = new Responder(Math.max(1, depthIn));
        this.last = new LastRound(in, out);
        this.requests = new Outbound(this, arena, m, layout.control(1 - side, ConnectionLayout.PULLS),
                rendezvousBytes, this.depthOut);
    }

    GrantTable grants() {
        return myGrants;
    }

    /**
     * The peer's identity is proven: copies RDMA into and out of it with CMA from now on, and (rendezvous on) pulls its
     * large SENDs, announced in this side's PULLS word. Caller holds the lock, or the path is not serviced yet.
     */
    void enableCma() {
        requests.enableCma(new CmaCopier(arena, peerGrants, peerPid, segments));
        if (pull == null && rendezvousBytes > 0) {
            pull = new RendezvousPull(arena, peerPid, Math.max(Records.RDV_SEGMENTS,
                    ep.up.attributes().maxRecvIov()));
            PULLS.setRelease(mapping.segment(), layout.control(side, ConnectionLayout.PULLS), 1L);
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
     * position, outgoing records. HEAD is published when this round took the last record the peer committed (the
     * ring is empty behind it; in the reply pattern, {@link #replyPattern}, the one record it took, without the look)
     * or found none, when a quarter of the ring waits for it, or when the peer sleeps waiting
     * for it; while more records follow, the records this side writes carry the position (field d). Published at the
     * end of a round that took records, HEAD is a plain release store: the peer's SENDs complete at once even if no
     * thread services this connection again soon (one thread driving both ends in one process: it takes the receive
     * here, then waits for the SEND's completion there), and the fence and the look at the peer's ARM_SPACE that must
     * follow come with this side's next request or round ({@link Publication#spaceOwed()}), so that a reply is not preceded by a
     * round or a fence that waits for that line; they come at once when the peer looks armed, and a peer that armed
     * meanwhile sees the new HEAD in its last look before sleeping or is woken by that later fence (at worst the
     * progress thread's round, once no consumer services this connection). Caller holds the connection's lock.
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
        publication.afterRound(got == 0, drained);
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
        final boolean owes = at < 0 || nakCode != 0 || requests.writing() || outboundBlocked || responses.count() > 0
                || pull != null && pull.ackOwed() >= 0 || in.position() != in.published() || out.hasUnpublished();
        last.record(at, in.tailSeen(), out.consumedWord(), out.consumed(), owes ? -1L : at,
                publication.spaceOwed());
    }

    /**
     * {@return how much happened} Writes what was posted, on the posting thread (no inbound work, so that a poster
     * makes no upcall for another queue than its own). Caller holds the connection's lock.
     */
    int serviceOutbound() {
        final int before = completions;
        final int n = outbound() + completions - before;
        outboundDone();
        return n;
    }

    /**
     * A request the poster hands over, written straight into the ring when nothing else of this side waits to be
     * written (no NAK, READ response or RDV_ACK owed, nothing queued or partly written) and it goes whole now
     * ({@link Outbound#writeDirect}): the EP's queue is not touched, then TAIL is published and the peer woken as
     * after {@link #serviceOutbound}. Caller holds the connection's lock.
     *
     * @param op the request, posted now
     * @return true if it was written (or failed), false to queue it
     * @throws ProtocolViolation when the peer's HEAD word, read for room, is out of bounds
     */
    boolean postDirect(final PostedOperation op) {
        tookDirect = false;
        if (nakCode != 0 || responses.count() > 0 || pull != null && pull.ackOwed() >= 0 || out.inRecord()
                || !requests.writeDirect(op)) {
            return false;
        }
        tookDirect = true; // in flight (or failed) now: a violation found after the write must not queue it again
        outboundDone();
        return true;
    }

    /** {@return true if the last {@link #postDirect} wrote its request, even if it then threw} Lock held. */
    boolean tookDirect() {
        return tookDirect;
    }

    /** After this side wrote (outside a full round): TAIL, the wake-ups owed, this round's view. Lock held. */
    private void outboundDone() {
        publication.afterWrite();
        recordRound(); // what it wrote may now wait for room (or no longer)
        if (outboundBlocked) {
            wake.arm(WakeControl.SPACE); // the poster leaves: whoever sleeps on this IA's doorbell goes on later
        }
    }

    /** Arms the connection before a thread sleeps for {@code what} ({@link WakeControl}); then {@link #last}. */
    void arm(final int what) {
        wake.arm(what);
    }

    /** {@return whether rounds take one record and stop ({@link #replyPattern}); for tests} Lock held. */
    boolean replyPattern() {
        return replyPattern;
    }

    /** {@return true while this side waits for the peer: requests written and not answered, or unwritten} */
    boolean waitsForPeer() {
        return infl.count() > 0 || requests.writing() || ep.queues.hasRequests();
    }

    /** What {@link #timers} returns when the transport timeout expired. */
    static final long TIMED_OUT = Long.MIN_VALUE;

    /**
     * The timers of the connection (progress thread, lock held): keeps the peer from timing out while a SEND waits
     * for a receive here (RNR), and fails the oldest request with {@code TRANSPORT} when the peer showed no progress
     * for {@code ackTimeoutNanos} times {@code retryCount + 1} while requests waited for it (a stopped process), and
     * ends the connection when the consumer frees an LMR that a rendezvous SEND not pulled yet holds (the free would
     * otherwise wait 10 s for it and then give up, leaving the memory pullable by the peer).
     *
     * @param now the time
     * @param ackTimeoutNanos one attempt of the transport timeout, 0 for none
     * @param retryCount the EP's retry_count
     * @return the next time this connection needs a look (Long.MAX_VALUE for none), or {@link #TIMED_OUT}
     */
    long timers(final long now, final long ackTimeoutNanos, final int retryCount) {
        long next = rnrDeadline();
        if (infl.awaitsPull()) {
            if (infl.pullFromFreedRegion()) {
                // the consumer frees an LMR the peer may still pull from: end the connection (the SEND completes
                // FLUSHED and releases the region, so the free goes on at once and nothing pulls the memory after it)
                freedReason = "an LMR of a rendezvous SEND the peer has not pulled yet is being freed";
                return TIMED_OUT;
            }
            next = Math.min(next, now + PULL_PROBE_NANOS);
        }
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
        return freedReason != null ? freedReason : liveness.reason();
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

    /** The peer disconnected or died: the drain of its ring (ShmConnection) pulls no SEND_RDV. Under the lock. */
    void peerLeft() {
        peerLeft = true;
    }

    String nakReason() {
        return nakReason;
    }

    // ---- inbound

    private int inbound() {
        int n = 0;
        pulledThisRound = false;
        drained = false;
        while (n < ROUND_RECORDS && nakCode == 0 && !inboundStopped && !pulledThisRound) {
            switch (inState) {
                case IN_HEADER -> {
                    if (n == 1 && replyPattern) {
                        // one whole record taken: hand it over without looking at the next slot (the peer replies)
                        stopMark = out.position();
                        drained = true;
                        return n;
                    }
                    if (!in.readHeader(h)) {
                        drained = true;
                        if (n == 1) {
                            replyPattern = true; // one record, then nothing: the peer waits for this side's reply
                            stopMark = out.position();
                        }
                        return n;
                    }
                    out.acknowledged(h.d);
                    if (n == 0 && replyPattern && out.consumed() <= stopMark) {
                        replyPattern = false; // committed without a reply of this side in between: a stream
                    }
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
                case IN_RDV_LIST -> {
                    if (!pull.readList(in)) {
                        return n;
                    }
                    inTotal = pull.total();
                    inDone = 0;
                    inPull = true;
                    rnrTimed = false; // the RNR clock starts only if no receive is posted (takeReceive)
                    inState = IN_RNR;
                    takeReceive();
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
            case Records.NAK -> requests.onNak(h);
            case Records.SEND_RDV -> {
                if (pull == null) {
                    throw new ProtocolViolation("SEND_RDV, but this side announced no PULLS (no CMA to the peer, or"
                            + " rendezvous off)");
                }
                pull.begin(h);
                if (peerLeft) {
                    inboundStopped = true; // its receive stays posted and completes FLUSHED with the connection
                    return;
                }
                if (h.a > maxMessage) {
                    nak(Records.NAK_LENGTH, h.position, "a SEND of " + h.a + " bytes exceeds maxMessageSize "
                            + maxMessage);
                    return;
                }
                inState = IN_RDV_LIST;
            }
            case Records.RDV_ACK -> requests.onPullAck(h);
            default -> throw new ProtocolViolation("record type " + h.type);
        }
    }

    /** Takes a receive for the SEND in {@link #h}; {@return false while none is posted (RNR)} */
    private boolean takeReceive() {
        final PostedOperation op = ep.recvs.poll();
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
            inPull = false;
            complete(op, DtoStatus.LOCAL_LENGTH, inTotal);
            nak(Records.NAK_LENGTH, h.position, "a SEND of " + inTotal + " bytes does not fit the posted receive of "
                    + op.totalLength());
            return false;
        }
        if (inPull) {
            return pullInto(op);
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

    /**
     * Pulls the SEND_RDV in {@link #h} into {@code op}: completes it and owes the ack, or NAKs (the connection
     * breaks; a receive whose pull failed at the peer's side completes FLUSHED with the connection).
     */
    private boolean pullInto(final PostedOperation op) {
        inPull = false;
        inState = IN_HEADER;
        if (peerLeft) {
            inOp = op; // FLUSHED with the connection
            inboundStopped = true;
            return false;
        }
        final int r = pull.pull(op);
        if (r == RendezvousPull.DONE) {
            pull.pulled(h.position);
            ep.transport.rendezvousPulled.increment();
            complete(op, DtoStatus.SUCCESS, inTotal);
            pulledThisRound = true;
            if (writeAck()) { // now, not after the rest of the round: the sender completes at once
                publication.tailNow();
            }
            return true;
        }
        if (r == RendezvousPull.LOCAL) {
            localFault(op, "the receive's LMR was freed during the transfer");
        } else {
            inOp = op;
            nak(Records.NAK_ACCESS, h.position, pull.failure());
        }
        return false;
    }

    /** Writes the RDV_ACK owed, between records; {@return false if the ring has no room or a record is half written} */
    private boolean writeAck() {
        if (out.inRecord() || !out.fits(0)) {
            return false;
        }
        out.begin(Records.RDV_ACK, 0, 0, pull.ackOwed(), 0, 0, (int) in.announce());
        pull.acked();
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
            requests.readDone();
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
    void complete(final PostedOperation op, final DtoStatus status, final long length) {
        completions++;
        ep.up.complete(op, status, length);
    }

    /** Completes {@code op} with an error and breaks the connection ({@link ShmConnection#failed}), counted as work. */
    void failed(final PostedOperation op, final DtoStatus status, final String why) {
        completions++;
        conn.failed(op, status, why);
    }

    // ---- outbound

    private int outbound() {
        outboundBlocked = true; // until the requests run out
        int n = 0;
        if (pull != null && pull.ackOwed() >= 0 && !out.inRecord()) {
            if (!writeAck()) {
                return 0;
            }
            n++;
        }
        if (nakCode != 0) {
            if (!out.fits(0)) {
                return n;
            }
            out.begin(Records.NAK, nakCode, 0, nakPosition, 0, 0, (int) in.announce());
            nakSent = true;
            outboundBlocked = false;
            return n + 1;
        }
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
        requestsBlocked[0] = true;
        n += requests.write(ROUND_RECORDS - Math.min(n, ROUND_RECORDS), requestsBlocked);
        outboundBlocked = requestsBlocked[0];
        return n;
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
        final PostedOperation op = requests.takeUnwritten();
        if (op != null) {
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
        final PostedOperation op = requests.takeCurrent();
        if (op != null) {
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
