package io.dat4j.provider.rdmacm;

import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.provider.rdmacm.ffi.CompletionBatch;
import io.dat4j.provider.rdmacm.ffi.DataPath;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Logger;

/**
 * The CQ behind an EVD that takes DTO events ({@code dapls_ib_cq_alloc}): the kit's {@link CompletionSource} of the
 * EVD. A poll hands each work completion to the {@link CompletionDemultiplexer}, which completes the operation on its
 * EP; the CQ grows with its EVD ({@link #resize}) and with the QPs that use it ({@link #reserve}), and never shrinks.
 *
 * <p>Threads and locks: polled by whichever thread dequeues, polls or waits on the EVD (the kit, with no kit lock
 * held), and by an EP's teardown and GRACEFUL drain under the EP's transport lock. Guarded by its own lock
 * ({@link LockRank#TRANSPORT_QUEUE}): a poll completes operations under it (data upcalls, ranked below), and an EP's
 * transport lock ({@link LockRank#TRANSPORT}) ranks above it. See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class CompletionQueue implements CompletionSource {

    private static final Logger LOG = Logging.logger(CompletionQueue.class);

    private final KitLock lock = new KitLock(LockRank.TRANSPORT_QUEUE, this);
    private final CompletionChannel channel;
    private final EventSink evd;
    private final MemorySegment cq;
    private final Arena arena = Arena.ofShared();
    private final CompletionBatch wcs;
    private final AtomicBoolean closed = new AtomicBoolean();
    private int entries;
    /** The EVD's queue length. */
    private int queueLength;
    /** Entries the QPs using this CQ may complete at once (each QP's depth, reserved at QP creation). */
    private int reserved;

    /**
     * Creates the CQ of an EVD on the channel's device, with notifications through the channel.
     *
     * @param channel the IA's completion channel
     * @param evd the EVD
     * @param entries the CQ's initial size
     */
    CompletionQueue(final CompletionChannel channel, final EventSink evd, final int entries) {
        this.channel = channel;
        this.evd = evd;
        this.cq = channel.createCq(entries);
        this.entries = entries;
        this.queueLength = entries;
        this.wcs = new CompletionBatch(arena, 16);
    }

    /** {@return the EVD this CQ feeds} */
    EventSink evd() {
        return evd;
    }

    /** {@return the {@code ibv_cq}} */
    MemorySegment cq() {
        return cq;
    }

    @Override
    public int poll() {
        lock.lock();
        try {
            if (closed.get()) {
                return 0;
            }
            int moved = 0;
            while (true) {
                final int n = wcs.poll(channel.ops(), cq);
                if (n <= 0) {
                    if (n < 0) {
                        LOG.error("ibv_poll_cq failed: {}", n);
                    }
                    return moved;
                }
                for (int i = 0; i < n; i++) {
                    channel.demultiplexer().complete(wcs.wrId(i), wcs.qpNum(i), wcs.status(i), wcs.byteLength(i),
                            RdmaCmExtensions.immediate(wcs, i));
                }
                moved += n;
            }
        } finally {
            lock.unlock();
        }
    }

    /** {@inheritDoc} ({@code ibv_resize_cq}: the CQ grows with its EVD and never shrinks) */
    @Override
    public void resize(final int queueLength) {
        lock.lock();
        try {
            if (closed.get()) {
                return;
            }
            final int wanted = Math.min(Math.max(Math.max(queueLength, 1), reserved), channel.maxCqe());
            if (wanted > entries) {
                entries = VerbsCalls.resizeCq(cq, wanted);
            }
            this.queueLength = queueLength;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Counts on room for a new QP's completions: the CQ grows ({@code ibv_resize_cq}) to hold the EVD's queue
     * length or every completion its QPs can have outstanding at once, whichever is more (never past the
     * device's {@code max_cqe}). A device that cannot resize keeps its size, with a warning.
     *
     * @param n the QP's depth on this CQ
     */
    void reserve(final int n) {
        lock.lock();
        try {
            reserved += n;
            if (closed.get()) {
                return;
            }
            final int wanted = Math.min(Math.max(queueLength, reserved), channel.maxCqe());
            if (wanted > entries) {
                try {
                    entries = VerbsCalls.resizeCq(cq, wanted);
                } catch (final RuntimeException e) {
                    LOG.warn("the CQ of EVD {} stays at {} entries for QPs that may complete {}: {}", evd, entries,
                            reserved, e.getMessage());
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Forgets a QP's reservation (the CQ never shrinks).
     *
     * @param n what {@link #reserve} was given
     */
    void release(final int n) {
        lock.lock();
        try {
            reserved = Math.max(0, reserved - n);
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@inheritDoc} Synchronized with {@link #close()} like {@link #poll()}: a consumer arming while another
     * thread frees the EVD (IA close) must not call {@code ibv_req_notify_cq} on a destroyed CQ.
     */
    @Override
    public void arm() {
        lock.lock();
        try {
            if (!closed.get()) {
                final int rc = DataPath.reqNotifyCq(channel.ops(), cq, false);
                if (rc != 0) {
                    LOG.error("ibv_req_notify_cq failed: errno {}", rc);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            lock.lock();
            try {
                channel.forget(this);
                try {
                    VerbsCalls.destroyCq(cq);
                } catch (final RuntimeException e) {
                    // EBUSY: a QP still uses it; logged so that the leak has a name
                    LOG.warn("ibv_destroy_cq of EVD {}: {}", evd, e.getMessage());
                } finally {
                    arena.close();
                }
            } finally {
                lock.unlock();
            }
        }
    }
}
