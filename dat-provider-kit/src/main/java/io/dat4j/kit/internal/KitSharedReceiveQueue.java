package io.dat4j.kit.internal;

import io.dat4j.AsyncErrorReason;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoStatus;
import io.dat4j.EventNumber;
import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.ProtectionZone;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.SharedReceiveTransport;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The kit's shared receive queue ({@code DAT_SRQ_HANDLE}, libdapl {@code dapl_srq_*}): a FIFO of posted receive
 * buffers, resolved against the IA's LMRs at post time. An EP created with the SRQ takes the head buffer when a
 * message arrives ({@link KitEndpoint#takeSharedReceive()}); the buffer becomes an operation of that EP's receive
 * queue, so its completion goes to that EP's recv EVD with the cookie given here.
 *
 * <p>Thread safety: the FIFO and the attributes are guarded by {@link #lock} ({@link LockRank#SHARED_RECEIVE_QUEUE}),
 * taken under an EP's receive queue when a transport takes a buffer; a device SRQ's post and resize hooks run under
 * it. The set of EPs is concurrent. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class KitSharedReceiveQueue extends KitHandle implements SharedReceiveQueue {

    private final KitLock lock = new KitLock(LockRank.SHARED_RECEIVE_QUEUE, this);
    private final KitInterfaceAdapter ia;
    private final KitProtectionZone pz;
    private final ArrayDeque<KitSharedReceiveBuffer> posted = new ArrayDeque<>();
    /** The device's queue (verbs: an {@code ibv_srq}), or null when this FIFO is the SRQ. */
    private final SharedReceiveTransport transport;
    private long nextSequence;
    private final Set<KitEndpoint> users = ConcurrentHashMap.newKeySet();
    /**
     * Held while an EP of the SRQ posts the end of its connection and its EP_BROKEN, so that both EVDs see the EPs in
     * the same order (a C program pairs each DISCONNECTED with the next EP_BROKEN). Taken under the EP's lock and
     * before the EVDs' ({@link LockRank#SHARED_RECEIVE_END}).
     */
    final KitLock endLock = new KitLock(LockRank.SHARED_RECEIVE_END, this);
    private int maxRecvDtos;
    private final int maxRecvIov;
    private int lowWatermark;
    /** A crossed watermark whose event is still to be posted (0: none), and the buffers left then. */
    private int pendingWatermark;
    private int pendingLeft;

    /**
     * Checks SRQ attributes against the IA's limits ({@code dat_srq_create}).
     *
     * @param attributes the consumer's attributes
     * @param lim the IA's attributes
     * @param arg the argument position, for the message
     */
    static void checkAttributes(final SrqAttributes attributes, final InterfaceAdapterAttributes lim, final int arg) {
        if (attributes == null) {
            throw Checks.invalidArg(arg, "SRQ attributes are null");
        }
        if (attributes.maxRecvDtos() < 1 || attributes.maxRecvDtos() > lim.maxRecvPerSrq()) {
            throw Checks.invalidArg(arg, "SRQ maxRecvDtos must be 1.." + lim.maxRecvPerSrq()
                    + " (the IA's maxRecvPerSrq), was " + attributes.maxRecvDtos());
        }
        if (attributes.maxRecvIov() < 1 || attributes.maxRecvIov() > lim.maxIovSegmentsPerDto()) {
            throw Checks.invalidArg(arg, "SRQ maxRecvIov must be 1.." + lim.maxIovSegmentsPerDto() + ", was "
                    + attributes.maxRecvIov());
        }
        if (attributes.lowWatermark() < 0 || attributes.lowWatermark() > attributes.maxRecvDtos()) {
            throw Checks.invalidArg(arg, "SRQ lowWatermark must be 0..maxRecvDtos, was " + attributes.lowWatermark());
        }
    }

    KitSharedReceiveQueue(final KitInterfaceAdapter ia, final KitProtectionZone pz, final SrqAttributes attributes,
            final SharedReceiveTransport transport) {
        this.ia = ia;
        this.transport = transport;
        this.pz = pz;
        this.maxRecvDtos = attributes.maxRecvDtos();
        this.maxRecvIov = attributes.maxRecvIov();
        this.lowWatermark = attributes.lowWatermark();
    }

    @Override
    KitInterfaceAdapter owner() {
        return ia;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.INVALID_HANDLE_SRQ;
    }

    KitProtectionZone pz() {
        return pz;
    }

    SharedReceiveTransport transport() {
        return transport;
    }

    @Override
    public HandleType handleType() {
        return HandleType.SRQ;
    }

    /** {@inheritDoc} ({@code dat_srq_query}: ia_handle) */
    @Override
    public InterfaceAdapter interfaceAdapter() {
        checkOpen();
        return ia;
    }

    /** {@inheritDoc} ({@code dat_srq_query}: pz_handle) */
    @Override
    public ProtectionZone protectionZone() {
        checkOpen();
        return pz;
    }

    /** {@inheritDoc} */
    @Override
    public SrqAttributes query() {
        lock.lock();
        try {
            checkOpen();
            return new SrqAttributes(maxRecvDtos, maxRecvIov, lowWatermark);
        } finally {
            lock.unlock();
        }
    }

    /** {@inheritDoc} */
    @Override
    public int available() {
        lock.lock();
        try {
            checkOpen();
            return posted.size();
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@inheritDoc} Local triplets are checked as for {@code dat_ep_post_recv}: a segment of an unknown or freed
     * LMR, of another PZ, out of bounds or without LOCAL_WRITE makes the buffer complete with LOCAL_PROTECTION (zero
     * length) on the EP that consumes it, and that EP takes the next buffer for the message.
     */
    @Override
    public void postRecv(final List<LocalMemoryTriplet> segments, final long cookie, final Set<CompletionFlag> flags) {
        checkOpen();
        if (segments == null) {
            throw Checks.invalidArg(3, "segment list is null (use an empty list for none)");
        }
        if (flags == null) {
            // C's dat_srq_post_recv has no flags argument, so no DAT_INVALID_ARGn names this one
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.NO_SUBTYPE, "completion flags are"
                    + " null; use postRecv(segments, cookie), the form of C's dat_srq_post_recv, for the default");
        }
        final int n = segments.size();
        final int iov;
        lock.lock();
        try {
            iov = maxRecvIov;
        } finally {
            lock.unlock();
        }
        if (n > iov) {
            throw Checks.invalidArg(2, n + " segments exceed the SRQ's limit of " + iov + " per receive");
        }
        final KitRegion[] regions = new KitRegion[n];
        final long[] offsets = new long[n];
        final long[] lengths = new long[n];
        int used = 0;
        long total = 0;
        DtoStatus local = null;
        for (int i = 0; i < n; i++) {
            final LocalMemoryTriplet t = segments.get(i);
            final long len = MemoryRules.segmentLength(t, i);
            if (len == 0) {
                continue;
            }
            total += len;
            if (total < 0) {
                throw Checks.lengthError("total length overflows");
            }
            if (local == null) {
                final KitMemoryRegion r = MemoryRules.usableRegion(ia, pz, t, len, true);
                if (r == null) {
                    local = DtoStatus.LOCAL_PROTECTION;
                } else {
                    regions[used] = r.region();
                    offsets[used] = t.virtualAddress() - r.region().baseAddress();
                    lengths[used] = len;
                    used++;
                }
            }
        }
        final long max = ia.limits().maxMessageSize();
        if (total > max) {
            throw Checks.lengthError("receive of " + total + " bytes exceeds the IA's message limit of " + max);
        }
        final int mask = flags.isEmpty() ? 0 : CompletionFlag.mask(flags);
        lock.lock();
        try {
            checkOpen();
            if (posted.size() >= maxRecvDtos) {
                throw new DatException(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_SRQ,
                        "the SRQ holds " + maxRecvDtos + " unconsumed receives; resize it or wait for consumption");
            }
            final KitSharedReceiveBuffer e = new KitSharedReceiveBuffer(nextSequence++, cookie, mask, regions, offsets,
                    lengths, local);
            posted.add(e);
            if (transport != null && local == null) {
                try {
                    transport.post(e);
                } catch (final RuntimeException ex) {
                    posted.removeLast();
                    throw ex;
                }
            }
        } finally {
            lock.unlock();
        }
        for (final KitEndpoint ep : users) {
            ep.sharedReceivePosted();
        }
    }

    /** {@inheritDoc} */
    @Override
    public void resize(final int newMaxRecvDtos) {
        lock.lock();
        try {
            checkOpen();
            final int limit = ia.limits().maxRecvPerSrq();
            if (newMaxRecvDtos < 1 || newMaxRecvDtos > limit) {
                throw Checks.invalidArg(2, "SRQ size must be 1.." + limit + " (the IA's maxRecvPerSrq), was "
                        + newMaxRecvDtos);
            }
            if (newMaxRecvDtos < posted.size()) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_SRQ_OPERATIONAL, posted.size()
                        + " receives are posted and unconsumed, more than the new size " + newMaxRecvDtos);
            }
            if (transport != null && newMaxRecvDtos > maxRecvDtos) {
                transport.resize(newMaxRecvDtos);
            }
            maxRecvDtos = newMaxRecvDtos;
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@inheritDoc} The watermark is one-shot, as the verbs SRQ limit is: when a receive is taken from the SRQ and
     * fewer than {@code watermark} remain posted, the IA's async EVD gets one {@link io.dat4j.AsyncErrorEvent} with
     * the SRQ as source and reason code {@link io.dat4j.AsyncErrorReason#SRQ_LOW_WATERMARK_EVENT}, and the watermark
     * goes back to 0 (disarmed; {@link #query()} shows it) until the consumer sets it again. 0 disarms it at once.
     */
    @Override
    public void setLowWatermark(final int watermark) {
        lock.lock();
        try {
            checkOpen();
            if (watermark < 0 || watermark > maxRecvDtos) {
                throw Checks.invalidArg(2, "low watermark must be 0.." + maxRecvDtos + ", was " + watermark);
            }
            lowWatermark = watermark;
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@return the head buffer, removed, or null when none is posted}; a removal that leaves fewer posted than an
     * armed low watermark posts the SRQ_LOW_WATERMARK_EVENT
     */
    KitSharedReceiveBuffer take() {
        final KitSharedReceiveBuffer b;
        lock.lock();
        try {
            b = posted.poll();
            if (b != null) {
                checkWatermarkLocked();
            }
        } finally {
            lock.unlock();
        }
        firePendingWatermark();
        return b;
    }

    /**
     * {@return the first buffer posted before {@code sequence} that failed the local checks (never given to the
     * device), removed, or null}
     *
     * @param sequence a buffer's sequence
     */
    KitSharedReceiveBuffer takeFailedBefore(final long sequence) {
        final KitSharedReceiveBuffer b = removeFailedBefore(sequence);
        firePendingWatermark();
        return b;
    }

    private KitSharedReceiveBuffer removeFailedBefore(final long sequence) {
        lock.lock();
        try {
            for (final java.util.Iterator<KitSharedReceiveBuffer> i = posted.iterator(); i.hasNext();) {
                final KitSharedReceiveBuffer b = i.next();
                if (b.sequence() >= sequence) {
                    return null;
                }
                if (b.localError() != null) {
                    i.remove();
                    checkWatermarkLocked();
                    return b;
                }
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@return the buffer with this sequence, removed, or null}
     *
     * @param sequence the sequence
     */
    KitSharedReceiveBuffer take(final long sequence) {
        final KitSharedReceiveBuffer b = remove(sequence);
        firePendingWatermark();
        return b;
    }

    private KitSharedReceiveBuffer remove(final long sequence) {
        lock.lock();
        try {
            for (final java.util.Iterator<KitSharedReceiveBuffer> i = posted.iterator(); i.hasNext();) {
                final KitSharedReceiveBuffer b = i.next();
                if (b.sequence() == sequence) {
                    i.remove();
                    checkWatermarkLocked();
                    return b;
                }
                if (b.sequence() > sequence) {
                    return null;
                }
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /** After a removal, under this monitor: disarms a watermark the queue fell below and remembers the event. */
    private void checkWatermarkLocked() {
        final int mark = lowWatermark;
        if (mark > 0 && posted.size() < mark) {
            lowWatermark = 0;
            pendingWatermark = mark;
            pendingLeft = posted.size();
        }
    }

    /** Posts the remembered low-watermark event, outside this monitor (the async EVD has its own lock). */
    private void firePendingWatermark() {
        final int mark;
        final int left;
        lock.lock();
        try {
            mark = pendingWatermark;
            left = pendingLeft;
            pendingWatermark = 0;
        } finally {
            lock.unlock();
        }
        if (mark > 0) {
            ia.asyncError(EventNumber.ASYNC_ERROR_PROVIDER_INTERNAL_ERROR, this,
                    AsyncErrorReason.SRQ_LOW_WATERMARK_EVENT, "SRQ low watermark: " + left
                            + " receive(s) posted, fewer than the watermark " + mark
                            + "; the watermark is disarmed until set again");
        }
    }

    boolean hasPosted() {
        lock.lock();
        try {
            return !posted.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    int capacity() {
        lock.lock();
        try {
            return maxRecvDtos;
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@return false if the SRQ is freed}; under the SRQ's lock, as {@link #close()}, so a free never misses a new user
     *
     * @throws DatException INSUFFICIENT_RESOURCES when the SRQ feeds the IA's {@code maxEndpointsPerSrq} EPs already
     */
    boolean attach(final KitEndpoint ep) {
        lock.lock();
        try {
            if (isClosed()) {
                return false;
            }
            final int limit = ia.limits().maxEndpointsPerSrq();
            if (users.size() >= limit) {
                throw new DatException(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_SRQ,
                        "the SRQ feeds " + users.size() + " EPs, the IA's limit (maxEndpointsPerSrq)");
            }
            users.add(ep);
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The connection of an EP of this SRQ ended: it takes no more buffers. libdapl reports that (verbs:
     * {@code IBV_EVENT_QP_LAST_WQE_REACHED} of a QP with an SRQ) as {@code DAT_ASYNC_ERROR_EP_BROKEN} about the EP on
     * the IA's async EVD, without changing the EP's state; C programs wait for it before they free the EP
     * (dtestsrq). The kit posts it for its FIFO; a transport with its own SRQ forwards the device's event
     * ({@link SharedReceiveTransport}).
     *
     * @param ep the EP
     */
    void lastReceiveTaken(final KitEndpoint ep) {
        if (transport == null) {
            ia.asyncError(EventNumber.ASYNC_ERROR_EP_BROKEN, ep, AsyncErrorReason.EP_OTHER_ERROR,
                    "last receive reached: the EP's connection ended and it takes no more receives from its SRQ");
        }
    }

    void detach(final KitEndpoint ep) {
        users.remove(ep);
    }

    /** {@inheritDoc} ({@code dat_srq_free}) */
    @Override
    public void close() {
        lock.lock();
        try {
            if (isClosed()) {
                return;
            }
            final int n = users.size();
            if (n > 0) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_SRQ_IN_USE,
                        n + " EP(s) still use this SRQ; free them first");
            }
            forceClose();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Frees the SRQ. Buffers still posted are discarded without completion events: no EP consumed them, so there is
     * no recv EVD to report them on (as a freed EP's receives, they are not the consumer's any more).
     */
    @Override
    void forceClose() {
        if (markClosed()) {
            lock.lock();
            try {
                posted.clear();
            } finally {
                lock.unlock();
            }
            if (transport != null) {
                try {
                    transport.close();
                } catch (final RuntimeException e) {
                    KitInterfaceAdapter.LOG.warn("freeing the transport's SRQ of {} failed", this, e);
                }
            }
            pz.release();
            ia.removeChild(this);
        }
    }
}
