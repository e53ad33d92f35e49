package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.provider.shm.sys.ProtocolViolation;
import io.dat4j.provider.shm.sys.RecordHeader;
import io.dat4j.provider.shm.sys.RingReader;
import io.dat4j.provider.shm.sys.RingWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The requests one connection sends, the outbound half of its {@link DataPath}: the request at the head of the EP's
 * queue is started (a SEND, WRITE or READ_REQ record; a one-sided copy with CMA; a SEND_RDV for a large SEND the peer
 * pulls), its payload gathered into the ring, and once written it waits in {@link InFlight} for what completes it
 * (docs/shm-wire.md). The answers to this side's requests (RDV_ACK, NAK) reach it through {@link DataPath}'s inbound
 * half.
 *
 * <p>Rendezvous: a SEND of at least {@link ShmConfig#sendRendezvousBytes()} bytes to a peer that announced it pulls
 * (its {@code PULLS} control word) goes as a SEND_RDV record naming this process's addresses of its segments; the
 * regions stay acquired until the peer's RDV_ACK (or a NAK, the transport timeout, a flush) takes the entry out of
 * {@link InFlight}, so the LMRs cannot be freed under the peer's {@code process_vm_readv}.
 *
 * <p>Not thread safe: guarded by {@link ShmConnection#lock}, as {@link DataPath}.
 */
final class Outbound {

    private static final ValueLayout.OfLong LE_LONG = JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();

    private final DataPath p;
    private final ShmEndpoint ep;
    private final RingWriter out;
    private final RingReader in;
    private final InFlight infl;
    private final int depthOut;
    /** The smallest SEND sent by rendezvous; Long.MAX_VALUE for none. */
    private final long rendezvousBytes;
    /** The mapping and the offset of the peer's PULLS word. */
    private final MemorySegment map;
    private final long peerPullsWord;
    private boolean peerPulls;
    /** The segment list of the SEND_RDV being written (private: built, then copied into the ring). */
    private final MemorySegment list;
    /** One-sided copies into the peer, or null (CMA off, refused, or the peer's identity not proven). */
    private CmaCopier cma;

    private PostedOperation cur;
    /** Whether {@link #cur} is the head of the EP's queue (false: posted straight into the ring, {@link #writeDirect}). */
    private boolean curQueued;
    private int curSeg;
    private long curSegDone;
    private long curStart;
    private int readsOut;
    /** The EP's count of posted requests when its queue was last found empty here (-1: not yet looked). */
    private long requestsSeenEmpty = -1;
    /**
     * Requests this side took off the EP's queue ({@link #pop}), plus those an earlier connection of the EP left
     * ({@link #queueEmpty}). A flush of the queue by a teardown takes more without counting them, so the queue is
     * empty whenever this equals the EP's count of queued requests (and may be empty otherwise too: on a connection
     * that ends, or the EP's next one until {@link #queueEmpty} catches up).
     */
    private long taken;

    Outbound(final DataPath p, final Arena arena, final MemorySegment map, final long peerPullsWord,
            final long rendezvousBytes, final int depthOut) {
        this.p = p;
        this.ep = p.ep;
        this.out = p.out;
        this.in = p.in;
        this.infl = p.infl;
        this.depthOut = depthOut;
        this.map = map;
        this.peerPullsWord = peerPullsWord;
        this.rendezvousBytes = rendezvousBytes > 0 ? rendezvousBytes : Long.MAX_VALUE;
        this.list = rendezvousBytes > 0 ? arena.allocate((long) Records.RDV_SEGMENTS * Records.RDV_SEGMENT_BYTES, 8)
                : null;
    }

    /** Copies RDMA into and out of the peer with CMA from now on. */
    void enableCma(final CmaCopier copier) {
        if (cma == null) {
            cma = copier;
        }
    }

    /** Takes the request at the head of the EP's queue off it (the one begun or answered here), counted. */
    private void pop() {
        ep.queues.popRequest();
        taken++;
    }

    /**
     * Writes a request the poster hands over straight into the ring, without the EP's queue, if it can go now and
     * whole: nothing posted before it is queued or partly written, it is a SEND or an RDMA WRITE that goes through the
     * ring (no CMA copy, no rendezvous), its record is committed whole, the ring has room and {@link InFlight} a slot.
     * An RDMA write or read with CMA on is copied here instead, under the conditions the queue's head would be
     * ({@link #tryCma}: granted, nothing of this side in flight). Otherwise the caller queues it, as every request was
     * before, and the order of the requests is kept either way: the queue is empty and nothing is being written when
     * this one goes first.
     *
     * @param op the request, posted now
     * @return true if written or copied (or failed: an LMR freed under it, the connection breaks), false to queue it
     */
    boolean writeDirect(final PostedOperation op) {
        if (cur != null || !queueEmpty()) {
            return false;
        }
        final DtoOperation kind = op.kind();
        if (kind != DtoOperation.SEND && cma != null) {
            // a one-sided copy now, on the poster's thread, as the queue's head would be copied: no queue, no round
            return (kind != DtoOperation.RDMA_READ || readsOut < depthOut) && tryCma(op, false);
        }
        final long total = op.totalLength();
        if (kind == DtoOperation.SEND ? total >= rendezvousBytes : kind != DtoOperation.RDMA_WRITE) {
            return false;
        }
        if (!RingReader.inline(RecordHeader.span(total), out.capacity()) || infl.full() || !out.fits(total)) {
            return false;
        }
        beginRecord(op, total, false);
        gather(); // all of it: the room for the whole record was checked (or an LMR freed under it failed it)
        return true;
    }

    /**
     * {@return true if the EP's queue of unwritten requests is empty}; the poster, under the EP's lock (no request is
     * queued meanwhile) and the connection's. Without a monitor when every request queued was taken here; else (a
     * request waits, or this connection is not the EP's first: the EP's count goes on from its earlier connections,
     * whose teardown flushed what they left, uncounted) the queue's monitor says, and an empty queue makes the counts
     * equal again, so that the next post needs no monitor.
     */
    private boolean queueEmpty() {
        final long posted = ep.requestsPosted();
        if (posted == taken) {
            return true;
        }
        if (ep.queues.hasRequests()) {
            return false;
        }
        taken = posted; // every request counted left the queue (written here, or flushed by an earlier connection)
        return true;
    }

    /** {@return true while a request is partly written} */
    boolean writing() {
        return cur != null;
    }

    /** An RDMA read's response was read: one fewer outstanding. */
    void readDone() {
        readsOut--;
    }

    /**
     * {@return how many requests were written or done} Writes requests from the EP's queue while the ring has room.
     *
     * @param budget requests at most
     * @param blocked set to false in element 0 when the queue ran empty
     */
    int write(final int budget, final boolean[] blocked) {
        int n = 0;
        while (n < budget) {
            PostedOperation op = cur;
            if (op == null) {
                // the queue's monitor only if a request was posted since it was last found empty (only posts add)
                final long posted = ep.requestsPosted();
                if (posted == requestsSeenEmpty) {
                    blocked[0] = false;
                    return n;
                }
                op = ep.queues.peekRequest();
                if (op == null) {
                    requestsSeenEmpty = posted;
                    blocked[0] = false;
                    return n;
                }
                if (!start(op)) {
                    return n;
                }
                if (cur == null) {
                    n++; // done at once (CMA, rendezvous)
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
        if (kind != DtoOperation.SEND && cma != null && tryCma(op, true)) {
            return true;
        }
        final long total = op.totalLength();
        if (kind == DtoOperation.SEND && total >= rendezvousBytes && peerPulls()
                && op.segmentCount() <= Records.RDV_SEGMENTS) {
            return startRendezvous(op, total);
        }
        if (infl.full() || !out.fits(kind == DtoOperation.RDMA_READ ? 0 : total)) {
            return false;
        }
        switch (kind) {
            case SEND, RDMA_WRITE -> beginRecord(op, total, true);
            case RDMA_READ -> {
                curStart = out.begin(Records.READ_REQ, 0, 0, op.remoteAddress(), total, op.rmrContext(),
                        (int) in.announce());
                readsOut++;
                pop();
                infl.add(op, curStart, InFlight.AWAITING_RESPONSE);
            }
            default -> throw new IllegalStateException("request kind " + kind);
        }
        return true;
    }

    /**
     * Begins the record of a SEND or an RDMA WRITE through the ring, {@code total} bytes, and makes {@code op} the
     * request being written ({@link #gather} writes its bytes).
     *
     * @param queued whether {@code op} is the head of the EP's queue ({@link #start}) or was handed over by its
     *        poster ({@link #writeDirect})
     */
    private void beginRecord(final PostedOperation op, final long total, final boolean queued) {
        final int ack = (int) in.announce();
        curStart = op.kind() == DtoOperation.SEND ? out.begin(Records.SEND, 0, (int) total, 0, 0, 0, ack)
                : out.begin(Records.WRITE, 0, (int) total, op.remoteAddress(), 0, op.rmrContext(), ack);
        cur = op;
        curQueued = queued;
        curSeg = 0;
        curSegDone = 0;
    }

    /** {@return true once the peer announced that it pulls rendezvous SENDs} (read until seen, then remembered) */
    private boolean peerPulls() {
        if (!peerPulls && (long) WORD.getAcquire(map, peerPullsWord) == 1L) {
            peerPulls = true;
        }
        return peerPulls;
    }

    /**
     * Writes a SEND_RDV naming the SEND's segments in this process, its regions held until the peer's answer.
     * {@return false if it must wait for room}
     */
    private boolean startRendezvous(final PostedOperation op, final long total) {
        int segments = 0;
        for (int i = 0; i < op.segmentCount(); i++) {
            if (op.length(i) > 0) {
                segments++;
            }
        }
        final int bytes = segments * Records.RDV_SEGMENT_BYTES;
        if (infl.full() || !out.fits(bytes)) {
            return false;
        }
        if (!InFlight.acquireRegions(op)) {
            pop();
            p.failed(op, DtoStatus.LOCAL_PROTECTION, "the LMR of a SEND was freed before it was sent");
            return true;
        }
        int k = 0;
        for (int i = 0; i < op.segmentCount(); i++) {
            if (op.length(i) > 0) {
                final RegisteredRegion r = op.region(i);
                list.set(LE_LONG, (long) k * Records.RDV_SEGMENT_BYTES, r.memory().address() + op.offset(i));
                list.set(LE_LONG, (long) k * Records.RDV_SEGMENT_BYTES + 8, op.length(i));
                k++;
            }
        }
        final long at = out.position();
        final long start = out.begin(Records.SEND_RDV, 0, bytes, total, at, segments, (int) in.announce());
        if (out.write(list, 0, bytes) != bytes) {
            throw new IllegalStateException("a SEND_RDV of " + bytes + " bytes did not fit the room checked");
        }
        pop();
        infl.add(op, start, InFlight.AWAITING_PULL);
        ep.transport.rendezvousSent.increment();
        return true;
    }

    /**
     * An RDV_ACK: every rendezvous SEND up to the one whose record is at {@code h.a} was pulled; they complete, in
     * order, after their regions are released.
     *
     * @param h the record
     * @throws ProtocolViolation for flags, a payload, or a position that names no SEND awaiting its pull
     */
    void onPullAck(final RecordHeader h) {
        if (h.flags != 0 || h.length != 0) {
            throw new ProtocolViolation("RDV_ACK with flags " + h.flags + " and a payload of " + h.length + " bytes");
        }
        if (!infl.awaitsPullAt(h.a)) {
            throw new ProtocolViolation("RDV_ACK for ring position " + h.a + ", which names no SEND awaiting its pull"
                    + " (unknown, answered already, or out of order)");
        }
        PostedOperation op;
        while ((op = infl.takePulled(h.a)) != null) {
            p.complete(op, DtoStatus.SUCCESS, op.totalLength());
        }
    }

    /**
     * A NAK: the peer refused the request whose record is at {@code h.a} (written, or still being written); it fails
     * with the status of the NAK's code and the connection breaks.
     *
     * @param h the record
     * @throws ProtocolViolation for a payload, or a position that names no request awaiting an answer
     */
    void onNak(final RecordHeader h) {
        if (h.length != 0) {
            throw new ProtocolViolation("NAK with a payload");
        }
        PostedOperation op = infl.takeAt(h.a);
        if (op == null) {
            op = takeCurrentAt(h.a);
        }
        if (op == null) {
            throw new ProtocolViolation("NAK for ring position " + h.a + ", which names no request awaiting an answer");
        }
        p.failed(op, Records.status(h.flags), "the peer refused " + op.kind() + " with " + Records.status(h.flags));
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
        dropCurrent();
        infl.add(op, curStart, out.position());
        return true;
    }

    /** {@link #cur} is written or given up: off the EP's queue too if it came from there. */
    private void dropCurrent() {
        cur = null;
        if (curQueued) {
            pop();
        }
    }

    private void abortCurrent(final PostedOperation op, final String why) {
        dropCurrent();
        p.failed(op, DtoStatus.LOCAL_PROTECTION, why);
    }

    /**
     * One-sided copy with CMA, when the target granted the range and nothing posted earlier is still on its way.
     * {@return true if done (completed, or failed and the connection breaks); false to go through the ring}
     *
     * @param op the request
     * @param queued whether {@code op} is the head of the EP's queue ({@link #start}; taken off it when done) or was
     *        handed over by its poster ({@link #writeDirect})
     */
    private boolean tryCma(final PostedOperation op, final boolean queued) {
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
        if (queued) {
            pop();
        }
        if (r == CmaCopier.DONE) {
            p.complete(op, DtoStatus.SUCCESS, op.totalLength());
        } else {
            p.failed(op, cma.status(r), cma.failure(op, r));
        }
        return true;
    }

    /**
     * {@return the request partly written whose record is at {@code position}, taken from the EP's queue, or null}
     * (a NAK refused it before its payload was all written)
     *
     * @param position the position the NAK names
     */
    private PostedOperation takeCurrentAt(final long position) {
        if (cur == null || curStart != position) {
            return null;
        }
        final PostedOperation op = cur;
        dropCurrent();
        return op;
    }

    /** {@return the request partly written, taken (from the EP's queue if it is there), or null} (a flush) */
    PostedOperation takeCurrent() {
        return cur == null ? null : takeUnwritten();
    }

    /**
     * {@return the request partly written, or else the oldest queued, taken from the EP's queue, or null} (the
     * transport timeout fails it)
     */
    PostedOperation takeUnwritten() {
        if (cur != null) {
            final PostedOperation op = cur;
            dropCurrent();
            return op;
        }
        final PostedOperation op = ep.queues.peekRequest();
        if (op != null) {
            pop();
        }
        return op;
    }
}
