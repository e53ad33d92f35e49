package io.dat4j.provider.shm;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.CrossMemory;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.GrantTable;
import io.dat4j.provider.shm.sys.Libc;
import io.dat4j.provider.shm.sys.ProtocolViolation;
import io.dat4j.provider.shm.sys.RecordHeader;
import io.dat4j.provider.shm.sys.RingReader;
import io.dat4j.provider.shm.sys.RingWriter;
import io.dat4j.provider.shm.sys.SharedMapping;
import io.dat4j.provider.shm.sys.WakeControl;
import io.dat4j.provider.shm.sys.WakeControl;
import io.dat4j.spi.KitMemoryRegion;
import io.dat4j.spi.PostedOperation;
import io.dat4j.spi.RegionTable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The data path of one established connection: the ring this side produces into (requests, READ responses, NAKs),
 * the ring it consumes (the peer's), and one-sided copies with CMA. The record protocol is in docs/providers.md
 * ("shm: records"); in short:
 *
 * <ul>
 *   <li>SEND (length = message) lands in the oldest posted receive (or the SRQ's); the sender's SEND completes when
 *       the receiver's HEAD passes the record's end, which it publishes only after the receive completed.</li>
 *   <li>WRITE (a = address, c = rmr_context) and READ_REQ (a, b = length, c) are checked by the target against its
 *       {@link RegionTable} with the EP the connection serves (rmr_context, bounds, privilege, PZ); READ_RESP
 *       (flags 0: data, 2: refused) answers READ_REQs in order.</li>
 *   <li>NAK (flags = code, a = the refused record's position in the peer's ring) refuses a request; both sides then
 *       break the connection.</li>
 *   <li>With CMA, a WRITE or READ whose region the target granted ({@link GrantTable}) is copied by the initiator
 *       with process_vm_writev/readv and completes at once; it waits until every earlier request was consumed and
 *       answered, so it never overtakes them. Without a grant it goes through the ring.</li>
 * </ul>
 *
 * Every index, length and field read from the mapping is checked ({@link ProtocolViolation} breaks this connection
 * only); copies touch registered memory only between {@link KitMemoryRegion#acquire()} and
 * {@link KitMemoryRegion#release()}.
 *
 * <p>Thread safety: guarded by {@link ShmConnection#lock}: one thread at a time services the connection (the
 * progress thread or a consumer in {@code dat_evd_dequeue/wait}); see docs/providers.md, "shm: threads".
 */
final class DataPath {

    static final int SEND = 1;
    static final int WRITE = 2;
    static final int READ_REQ = 3;
    static final int READ_RESP = 4;
    static final int NAK = 5;
    static final int MAX_TYPE = NAK;

    static final int NAK_RNR = 1;
    static final int NAK_ACCESS = 2;
    static final int NAK_LENGTH = 3;
    static final int NAK_REMOTE_OP = 4;

    private static final int IN_HEADER = 0;
    private static final int IN_RNR = 1;
    private static final int IN_SEND = 2;
    private static final int IN_WRITE = 3;
    private static final int IN_READ_RESP = 4;
    private static final int CMA_DONE = 0;
    private static final int CMA_LOCAL = 1;
    private static final int CMA_FAILED = 2;
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
    private final GrantTable peerGrants;
    private final Arena arena;
    private CrossMemory cma;
    /** The local regions a CMA copy holds, released before it completes. */
    private final KitMemoryRegion[] heldRegions;
    private final long peerPid;
    private final RegionTable regions;
    private final long maxMessage;
    private final long maxRdma;
    private final int depthIn;
    private final int depthOut;
    private final long rnrBudgetNanos;

    // outbound, in posting order: the request being written, then those written and awaiting their end
    private PostedOperation cur;
    private int curSeg;
    private long curSegDone;
    private long curStart;
    private final PostedOperation[] infl;
    private final long[] inflStart;
    private final long[] inflEnd;
    private final boolean[] inflDone;
    private int inflHead;
    private int inflCount;
    private int readsOut;

    // responses this side owes (READ_REQs of the peer), in order
    private final int[] respRmr;
    private final long[] respAddr;
    private final long[] respLen;
    private final KitMemoryRegion[] respRegion;
    private int respHead;
    private int respCount;
    private long respDone;
    private boolean respStarted;
    private int nakCode;
    private long nakPosition;
    private String nakReason;
    private boolean nakSent;
    /** The peer's TAIL and HEAD as the last round left them, for {@link #peerMoved} (read without the lock). */
    private volatile long seenTail;
    private volatile long seenConsumed;

    // inbound
    private final RecordHeader h = new RecordHeader();
    private int inState = IN_HEADER;
    private PostedOperation inOp;
    private int inSeg;
    private long inSegDone;
    private long inTotal;
    private long inDone;
    private KitMemoryRegion inRegion;
    private long inOffset;
    private long rnrSince;

    DataPath(final ShmConnection conn, final ShmEndpoint ep, final SharedMapping mapping, final ConnectionLayout layout,
            final int side, final Doorbell peerBell, final long peerPid, final boolean cmaToPeer,
            final boolean grantToPeer, final int depthIn, final int depthOut, final int peerRnrRetry) {
        this.conn = conn;
        this.ep = ep;
        this.mapping = mapping;
        final MemorySegment m = mapping.segment();
        this.out = new RingWriter(m, layout, side);
        this.in = new RingReader(m, layout, side, MAX_TYPE);
        this.wake = new WakeControl(m, layout, side);
        this.peerBell = peerBell;
        this.myGrants = grantToPeer ? new GrantTable(m, layout, side, true) : null;
        this.peerGrants = cmaToPeer ? new GrantTable(m, layout, 1 - side, false) : null;
        this.arena = Arena.ofShared();
        final int segs = Math.max(1, Math.max(ep.up.attributes().maxRequestIov(),
                Math.max(ep.up.attributes().maxRdmaReadIov(), ep.up.attributes().maxRdmaWriteIov())));
        this.cma = cmaToPeer ? new CrossMemory(arena, segs) : null;
        this.heldRegions = new KitMemoryRegion[segs];
        this.peerPid = peerPid;
        this.regions = ep.transport.adapter.regions();
        this.maxMessage = ep.up.attributes().maxMessageSize();
        this.maxRdma = ep.up.attributes().maxRdmaSize();
        this.depthIn = depthIn;
        this.depthOut = Math.max(0, depthOut);
        this.rnrBudgetNanos = peerRnrRetry == 7 ? Long.MAX_VALUE : peerRnrRetry * RNR_UNIT_NANOS;
        final int cap = Math.max(1, ep.up.attributes().maxRequestDtos());
        this.infl = new PostedOperation[cap];
        this.inflStart = new long[cap];
        this.inflEnd = new long[cap];
        this.inflDone = new boolean[cap];
        final int rcap = Math.max(1, depthIn);
        this.respRmr = new int[rcap];
        this.respAddr = new long[rcap];
        this.respLen = new long[rcap];
        this.respRegion = new KitMemoryRegion[rcap];
    }

    GrantTable grants() {
        return myGrants;
    }

    /**
     * {@return true if the peer published what a sleeper waits for since the last round}: new records in its ring
     * ({@link WakeControl#DATA}), or consumed records of this side's ring ({@link WakeControl#SPACE}). Called after
     * {@link #arm}, before sleeping.
     *
     * @param what what the sleeper waits for
     */
    boolean peerMoved(final int what) {
        return (what & WakeControl.DATA) != 0 && in.peekTail() != seenTail
                || (what & WakeControl.SPACE) != 0 && out.peekConsumed() != seenConsumed;
    }

    /**
     * {@return true while this side has records to write and waits for room}: whoever sleeps must then be woken by
     * the peer's HEAD too, whatever EVD it waits on (a read without the lock: the servicing thread arms it as well)
     */
    boolean outboundWaits() {
        return cur != null || respCount > 0 || ep.hasRequests();
    }

    /**
     * One round of work: incoming records, completions by the peer's consumed position, outgoing records. Caller
     * holds the connection's lock.
     *
     * @return how much happened (0: nothing)
     * @throws ProtocolViolation when the peer broke the protocol
     */
    int service() {
        int n = inbound();
        n += reap();
        n += outbound();
        final boolean tail = out.hasUnpublished();
        final boolean head = in.position() != in.published();
        out.publish();
        in.publish();
        // each handshake answered is a wake-up owed: evaluate both, ring once
        boolean ring = false;
        if (tail) {
            ring = wake.peerArmed(WakeControl.DATA);
        }
        if (head) {
            ring |= wake.peerArmed(WakeControl.SPACE);
        }
        if (ring) {
            peerBell.ring();
        }
        if (n > 0) {
            wake.beat();
        }
        seenTail = in.position() + in.availableCached();
        seenConsumed = out.consumed();
        if (outboundWaits()) {
            wake.arm(WakeControl.SPACE); // room will appear when the peer consumes: have it ring then
        }
        return n;
    }

    /**
     * Writes what was posted, on the posting thread (no inbound work, so that a poster makes no upcall for another
     * queue than its own). Caller holds the connection's lock.
     *
     * @return how much happened
     */
    int serviceOutbound() {
        final int n = outbound();
        if (out.hasUnpublished()) {
            out.publish();
            if (wake.peerArmed(WakeControl.DATA)) {
                peerBell.ring();
            }
        }
        if (outboundWaits()) {
            wake.arm(WakeControl.SPACE); // the poster leaves: whoever sleeps on this IA's doorbell goes on later
        }
        return n;
    }

    /**
     * Arms the connection before a thread sleeps; the caller looks at {@link #peerMoved} once more after.
     *
     * @param what {@link WakeControl#DATA} (records from the peer), {@link WakeControl#SPACE} (the peer consumed
     *        records of this side: completions, room) or both
     */
    void arm(final int what) {
        wake.arm(what);
    }

    long peerHeartbeat() {
        return wake.peerHeartbeat();
    }

    void beat() {
        wake.beat();
    }

    /** {@return true while this side waits for the peer: requests written and not answered, or unwritten} */
    boolean waitsForPeer() {
        return inflCount > 0 || cur != null || ep.hasRequests();
    }

    /** {@return true while an incoming SEND waits for a receive (RNR)} */
    boolean holdsForReceive() {
        return inState == IN_RNR;
    }

    /** {@return the nanoTime at which the RNR wait gives up, or Long.MAX_VALUE} */
    long rnrDeadline() {
        return inState != IN_RNR || rnrBudgetNanos == Long.MAX_VALUE ? Long.MAX_VALUE : rnrSince + rnrBudgetNanos;
    }

    /** {@return true if a NAK is owed (the connection breaks once it is written)} */
    boolean nakPending() {
        return nakCode != 0;
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
                    if (in.available() < RecordHeader.BYTES) {
                        return n;
                    }
                    in.readHeader(h);
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
            case SEND -> {
                if (h.flags != 0) {
                    throw violation("SEND with flags " + h.flags);
                }
                if (h.length > maxMessage) {
                    nak(NAK_LENGTH, h.position, "a SEND of " + h.length + " bytes exceeds maxMessageSize "
                            + maxMessage);
                    return;
                }
                inTotal = h.length;
                inDone = 0;
                rnrSince = System.nanoTime();
                inState = IN_RNR;
                takeReceive();
            }
            case WRITE -> {
                if (h.flags != 0) {
                    throw violation("WRITE with flags " + h.flags);
                }
                if (h.length > maxRdma) {
                    nak(NAK_LENGTH, h.position, "an RDMA WRITE of " + h.length + " bytes exceeds maxRdmaSize "
                            + maxRdma);
                    return;
                }
                inTotal = h.length;
                inDone = 0;
                if (h.length == 0) {
                    inState = IN_HEADER; // zero-length RDMA is not checked, as on InfiniBand
                    return;
                }
                final KitMemoryRegion r = regions.acquire(ep.up, h.c, h.a, h.length, true);
                if (r == null) {
                    nak(NAK_ACCESS, h.position, "RDMA WRITE refused: " + regions.refusal(ep.up, h.c, h.a, h.length,
                            true));
                    return;
                }
                r.release();
                inRegion = r;
                inOffset = h.a - r.baseAddress();
                inState = IN_WRITE;
            }
            case READ_REQ -> {
                if (h.flags != 0 || h.length != 0 || h.b < 0) {
                    throw violation("READ_REQ with flags " + h.flags + ", payload " + h.length + ", length " + h.b);
                }
                if (respCount == respRmr.length || respCount >= depthIn) {
                    throw violation("more than the negotiated " + depthIn + " RDMA reads outstanding");
                }
                if (h.b > maxRdma) {
                    nak(NAK_LENGTH, h.position, "an RDMA READ of " + h.b + " bytes exceeds maxRdmaSize " + maxRdma);
                    return;
                }
                KitMemoryRegion r = null;
                if (h.b > 0) {
                    r = regions.acquire(ep.up, h.c, h.a, h.b, false);
                    if (r == null) {
                        nak(NAK_ACCESS, h.position, "RDMA READ refused: " + regions.refusal(ep.up, h.c, h.a, h.b,
                                false));
                        return;
                    }
                    r.release();
                }
                final int i = (respHead + respCount) % respRmr.length;
                respRmr[i] = h.c;
                respAddr[i] = h.a;
                respLen[i] = h.b;
                respRegion[i] = r;
                respCount++;
            }
            case READ_RESP -> onReadResponse();
            case NAK -> onNak();
            default -> throw violation("record type " + h.type);
        }
    }

    /** Takes a receive for the SEND in {@link #h}; {@return false while none is posted (RNR)} */
    private boolean takeReceive() {
        final PostedOperation op = ep.pollRecv();
        if (op == null) {
            if (rnrBudgetNanos == 0 || System.nanoTime() - rnrSince >= rnrBudgetNanos) {
                nak(NAK_RNR, h.position, "a SEND arrived and no receive was posted within the RNR retry budget");
            }
            return false;
        }
        if (op.totalLength() < inTotal) {
            ep.up.complete(op, DtoStatus.LOCAL_LENGTH, inTotal);
            nak(NAK_LENGTH, h.position, "a SEND of " + inTotal + " bytes does not fit the posted receive of "
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
            final KitMemoryRegion r = op.region(inSeg);
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
            markDone(op);
        }
        ep.up.complete(op, DtoStatus.SUCCESS, inTotal);
    }

    private boolean landWrite() {
        while (inDone < inTotal) {
            if (in.availableCached() == 0) {
                return false;
            }
            final KitMemoryRegion r = inRegion;
            if (!r.acquire()) {
                nak(NAK_ACCESS, h.position, "RDMA WRITE refused: the target LMR (rmr_context 0x"
                        + Integer.toHexString(h.c) + ") was freed during the transfer");
                return false;
            }
            try {
                inDone += in.read(r.memory(), inOffset + inDone, inTotal - inDone);
            } catch (final IllegalStateException e) {
                nak(NAK_ACCESS, h.position, "RDMA WRITE refused: the memory under the target LMR was freed while"
                        + " it was registered");
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
        int i = 0;
        while (i < inflCount && (inflDone[slot(i)] || infl[slot(i)].kind() != DtoOperation.RDMA_READ)) {
            i++;
        }
        if (i == inflCount || inflEnd[slot(i)] != -1) {
            throw violation("READ response with no RDMA read outstanding");
        }
        final PostedOperation op = infl[slot(i)];
        if (h.flags != 0) {
            if (h.length != 0) {
                throw violation("READ error response with a payload");
            }
            failRemote(op, h.flags, "the peer refused an RDMA READ");
            return;
        }
        if (h.length != op.totalLength()) {
            throw violation("READ response of " + h.length + " bytes for a read of " + op.totalLength());
        }
        inflEnd[slot(i)] = -2; // answered: its completion comes from the payload
        inOp = op;
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
            throw violation("NAK with a payload");
        }
        for (int i = 0; i < inflCount; i++) {
            final int s = slot(i);
            if (!inflDone[s] && inflStart[s] == h.a) {
                failRemote(infl[s], h.flags, "the peer refused " + infl[s].kind());
                return;
            }
        }
        if (cur != null && curStart == h.a) {
            final PostedOperation op = cur;
            cur = null;
            ep.popRequest();
            conn.failed(op, status(h.flags), "the peer refused " + op.kind() + " with " + status(h.flags));
            return;
        }
        throw violation("NAK for ring position " + h.a + ", which names no request awaiting an answer");
    }

    private void failRemote(final PostedOperation op, final int code, final String why) {
        markDone(op);
        conn.failed(op, status(code), why + " with " + status(code));
    }

    private static DtoStatus status(final int code) {
        return switch (code) {
            case NAK_RNR -> DtoStatus.RECEIVER_NOT_READY;
            case NAK_ACCESS -> DtoStatus.REMOTE_ACCESS;
            default -> DtoStatus.REMOTE_RESPONDER;
        };
    }

    private void localFault(final PostedOperation op, final String why) {
        if (op.kind() == DtoOperation.RECEIVE) {
            nak(NAK_REMOTE_OP, h.position, why);
            inOp = null;
            ep.up.complete(op, DtoStatus.LOCAL_PROTECTION, 0);
        } else {
            inOp = null;
            markDone(op);
            conn.failed(op, DtoStatus.LOCAL_PROTECTION, why);
        }
    }

    private void nak(final int code, final long position, final String reason) {
        if (nakCode == 0) {
            nakCode = code;
            nakPosition = position;
            nakReason = reason;
        }
    }

    private static ProtocolViolation violation(final String what) {
        return new ProtocolViolation(what);
    }

    // ---- completions of requests by the peer's consumed position

    private int slot(final int i) {
        final int s = inflHead + i;
        return s >= infl.length ? s - infl.length : s;
    }

    private void markDone(final PostedOperation op) {
        for (int i = 0; i < inflCount; i++) {
            // a done entry's descriptor may already be reused by the kit for a newer operation: skip those
            if (!inflDone[slot(i)] && infl[slot(i)] == op) {
                inflDone[slot(i)] = true;
                return;
            }
        }
    }

    private int reap() {
        if (inflCount == 0) {
            return 0;
        }
        final long consumed = out.refreshConsumed();
        int n = 0;
        for (int i = 0; i < inflCount; i++) {
            final int s = slot(i);
            if (!inflDone[s] && inflEnd[s] >= 0 && inflEnd[s] <= consumed) {
                inflDone[s] = true;
                n++;
                ep.up.complete(infl[s], DtoStatus.SUCCESS, infl[s].totalLength());
            }
        }
        while (inflCount > 0 && inflDone[inflHead]) {
            infl[inflHead] = null;
            inflDone[inflHead] = false;
            inflHead = inflHead + 1 == infl.length ? 0 : inflHead + 1;
            inflCount--;
        }
        return n;
    }

    // ---- outbound

    private int outbound() {
        if (nakCode != 0) {
            if (out.inRecord() || out.free() < RecordHeader.BYTES) {
                return 0;
            }
            out.begin(NAK, nakCode, 0, nakPosition, 0, 0, 0);
            nakSent = true;
            return 1;
        }
        int n = 0;
        while (respCount > 0) {
            if (!respond()) {
                return n;
            }
            n++;
        }
        while (n < ROUND_RECORDS) {
            PostedOperation op = cur;
            if (op == null) {
                op = ep.peekRequest();
                if (op == null || !start(op)) {
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
        if (out.inRecord() || out.free() < RecordHeader.BYTES || inflCount == infl.length) {
            return false;
        }
        final long total = op.totalLength();
        switch (kind) {
            case SEND -> curStart = out.begin(SEND, 0, (int) total, 0, 0, 0, 0);
            case RDMA_WRITE -> curStart = out.begin(WRITE, 0, (int) total, op.remoteAddress(), 0, op.rmrContext(), 0);
            case RDMA_READ -> {
                curStart = out.begin(READ_REQ, 0, 0, op.remoteAddress(), total, op.rmrContext(), 0);
                readsOut++;
                ep.popRequest();
                enqueue(op, curStart, -1);
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
            final KitMemoryRegion r = op.region(curSeg);
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
        ep.popRequest();
        enqueue(op, curStart, out.position());
        return true;
    }

    private void abortCurrent(final PostedOperation op, final String why) {
        cur = null;
        ep.popRequest();
        conn.failed(op, DtoStatus.LOCAL_PROTECTION, why);
    }

    private void enqueue(final PostedOperation op, final long start, final long end) {
        final int s = slot(inflCount);
        infl[s] = op;
        inflStart[s] = start;
        inflEnd[s] = end;
        inflDone[s] = false;
        inflCount++;
    }

    /**
     * One-sided copy with CMA, when the target granted the range and nothing posted earlier is still on its way.
     * {@return true if done (completed, or failed and the connection breaks); false to go through the ring}
     */
    private boolean tryCma(final PostedOperation op) {
        if (inflCount > 0 || out.position() != out.refreshConsumed() || op.totalLength() == 0) {
            return false;
        }
        final boolean write = op.kind() == DtoOperation.RDMA_WRITE;
        final int g = peerGrants.take(op.rmrContext(), op.remoteAddress(), op.totalLength(), write);
        if (g < 0) {
            return false;
        }
        int held = 0;
        int outcome;
        try {
            cma.clear();
            outcome = CMA_DONE;
            for (int i = 0; i < op.segmentCount(); i++) {
                final KitMemoryRegion r = op.region(i);
                if (!r.acquire()) {
                    outcome = CMA_LOCAL;
                    break;
                }
                heldRegions[held++] = r;
                cma.add(r.memory(), op.offset(i), op.length(i));
            }
            if (outcome == CMA_DONE && !cma.transfer(write, peerPid, op.remoteAddress())) {
                outcome = CMA_FAILED;
            }
        } catch (final IllegalStateException e) {
            outcome = CMA_LOCAL; // the memory under an LMR was freed while it was registered
        } finally {
            // released before the operation completes: the kit reuses a completed descriptor
            for (int i = 0; i < held; i++) {
                heldRegions[i].release();
                heldRegions[i] = null;
            }
            peerGrants.give(g);
        }
        switch (outcome) {
            case CMA_DONE -> {
                ep.popRequest();
                ep.up.complete(op, DtoStatus.SUCCESS, op.totalLength());
                return true;
            }
            case CMA_LOCAL -> {
                ep.popRequest();
                conn.failed(op, DtoStatus.LOCAL_PROTECTION, "the LMR of an RDMA " + (write ? "write" : "read")
                        + " was freed during the transfer");
                return true;
            }
            default -> {
                final int errno = cma.lastErrno();
                if (errno == Libc.EPERM || errno == Libc.ENOSYS) {
                    cma = null; // the kernel stopped allowing it: the ring from now on
                    return false;
                }
                ep.popRequest();
                conn.failed(op, errno == Libc.ESRCH ? DtoStatus.FLUSHED : DtoStatus.REMOTE_ACCESS,
                        "a CMA copy " + (write ? "into" : "out of") + " the peer failed (errno " + errno + ")");
                return true;
            }
        }
    }

    /** Writes (part of) the oldest READ response; {@return true when it is complete} */
    private boolean respond() {
        final int i = respHead;
        if (!respStarted) {
            if (out.inRecord() || out.free() < RecordHeader.BYTES) {
                return false;
            }
            final KitMemoryRegion r = respRegion[i];
            if (r != null && !r.acquire()) {
                out.begin(READ_RESP, NAK_ACCESS, 0, 0, 0, 0, 0); // freed after the check, before any byte went out
                popResponse();
                return true;
            }
            if (r != null) {
                r.release();
            }
            out.begin(READ_RESP, 0, (int) respLen[i], 0, 0, 0, 0);
            respStarted = true;
            respDone = 0;
        }
        final KitMemoryRegion r = respRegion[i];
        while (respDone < respLen[i]) {
            if (out.free() == 0) {
                return false;
            }
            if (!r.acquire()) {
                conn.breakLater("the region of an RDMA READ being answered was freed; the read cannot finish");
                return false;
            }
            final long n;
            try {
                n = out.write(r.memory(), respAddr[i] - r.baseAddress() + respDone, respLen[i] - respDone);
            } catch (final IllegalStateException e) {
                conn.breakLater("the memory under the region of an RDMA READ was freed while it was registered");
                return false;
            } finally {
                r.release();
            }
            if (n == 0) {
                return false;
            }
            respDone += n;
        }
        if (out.inRecord()) {
            return false;
        }
        popResponse();
        return true;
    }

    private void popResponse() {
        respRegion[respHead] = null;
        respHead = (respHead + 1) % respRmr.length;
        respCount--;
        respStarted = false;
    }

    // ---- teardown

    /**
     * Completes the oldest request not completed yet with {@code status} (the transport timeout); the connection
     * breaks next and flushes the rest. Caller holds the lock.
     *
     * @param status the status
     */
    void failOldest(final DtoStatus status) {
        for (int i = 0; i < inflCount; i++) {
            final int s = slot(i);
            if (!inflDone[s]) {
                inflDone[s] = true;
                ep.up.complete(infl[s], status, 0);
                return;
            }
        }
        final PostedOperation op = cur != null ? cur : ep.peekRequest();
        if (op != null) {
            cur = null;
            ep.popRequest();
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
        for (int i = 0; i < inflCount; i++) {
            final int s = slot(i);
            if (!inflDone[s]) {
                inflDone[s] = true;
                ep.up.complete(infl[s], DtoStatus.FLUSHED, 0);
            }
            infl[s] = null;
        }
        inflCount = 0;
        if (cur != null) {
            final PostedOperation op = cur;
            cur = null;
            ep.popRequest();
            ep.up.complete(op, DtoStatus.FLUSHED, 0);
        }
        for (int i = 0; i < respRegion.length; i++) {
            respRegion[i] = null;
        }
        respCount = 0;
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
