package io.dat4j.provider.shm;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.provider.shm.sys.RingReader;
import io.dat4j.provider.shm.sys.RingWriter;

/**
 * The requests one connection sends, the outbound half of its {@link DataPath}: the request at the head of the EP's
 * queue is started (a SEND, WRITE or READ_REQ record; a one-sided copy with CMA), its payload gathered into the ring,
 * and once written it waits in {@link InFlight} for what completes it (docs/shm-wire.md). The answers to this side's
 * requests (NAK, READ_RESP) reach it through {@link DataPath}'s inbound half.
 *
 * <p>Not thread safe: guarded by {@link ShmConnection#lock}, as {@link DataPath}.
 */
final class Outbound {

    private final DataPath p;
    private final ShmEndpoint ep;
    private final RingWriter out;
    private final RingReader in;
    private final InFlight infl;
    private final int depthOut;
    /** One-sided copies into the peer, or null (CMA off, refused, or the peer's identity not proven). */
    private CmaCopier cma;

    private PostedOperation cur;
    private int curSeg;
    private long curSegDone;
    private long curStart;
    private int readsOut;

    Outbound(final DataPath p, final int depthOut) {
        this.p = p;
        this.ep = p.ep;
        this.out = p.out;
        this.in = p.in;
        this.infl = p.infl;
        this.depthOut = depthOut;
    }

    /** Copies RDMA into and out of the peer with CMA from now on. */
    void enableCma(final CmaCopier copier) {
        if (cma == null) {
            cma = copier;
        }
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
                op = ep.queues.peekRequest();
                if (op == null) {
                    blocked[0] = false;
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
        p.failed(op, DtoStatus.LOCAL_PROTECTION, why);
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
    PostedOperation takeCurrentAt(final long position) {
        if (cur == null || curStart != position) {
            return null;
        }
        final PostedOperation op = cur;
        cur = null;
        ep.queues.popRequest();
        return op;
    }

    /** {@return the request partly written, taken from the EP's queue, or null} (a flush) */
    PostedOperation takeCurrent() {
        return cur == null ? null : takeUnwritten();
    }

    /**
     * {@return the request partly written, or else the oldest queued, taken from the EP's queue, or null} (the
     * transport timeout fails it)
     */
    PostedOperation takeUnwritten() {
        final PostedOperation op = cur != null ? cur : ep.queues.peekRequest();
        if (op != null) {
            cur = null;
            ep.queues.popRequest();
        }
        return op;
    }
}
