package io.dat4j.provider.rdmacm;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.PostedOperation;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.Logger;

/**
 * Routes the work completions of one IA's CQs to the operations they complete. A {@code wr_id} names its EP by index
 * (its high half, {@link WorkRequestTable}) and the EP's table names the operation; an SRQ buffer's {@code wr_id}
 * ({@link RdmaCmSharedReceiveQueue#WR_ID_FLAG}) names only the buffer, so its EP is the one whose QP number the work
 * completion carries. A completion in error (not FLUSHED) breaks the EP's connection, a request's completion may end a
 * GRACEFUL wait.
 *
 * <p>Threads and locks: {@link #complete} runs on the thread that polls a CQ, under the CQ's lock, and makes only data
 * upcalls. The EP index is copy-on-write under this object's monitor (a leaf) and read without a lock; the QP map is
 * a concurrent map. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class CompletionDemultiplexer {

    private static final Logger LOG = Logging.logger(CompletionDemultiplexer.class);

    /** EPs by the number of their QP, for completions of SRQ buffers (any QP of the SRQ may consume one). */
    private final Map<Integer, RdmaCmEndpoint> endpointsByQpNum = new ConcurrentHashMap<>();
    /** EPs by index (the high half of their wr_ids); copy-on-write, read without a lock on completion. */
    private volatile RdmaCmEndpoint[] endpoints = new RdmaCmEndpoint[16];

    /**
     * Completes the operation of one work completion.
     *
     * @param wrId its {@code wr_id}
     * @param qpNum the QP it belongs to
     * @param status its {@code ibv_wc_status}
     * @param byteLength its byte length
     */
    void complete(final long wrId, final int qpNum, final int status, final int byteLength) {
        if ((wrId & RdmaCmSharedReceiveQueue.WR_ID_FLAG) != 0) {
            completeShared(qpNum, wrId & ~RdmaCmSharedReceiveQueue.WR_ID_FLAG, status, byteLength);
        } else {
            completeOne(wrId, status, byteLength);
        }
    }

    private void completeOne(final long wrId, final int status, final int byteLength) {
        final int idx = (int) (wrId >>> 32);
        final RdmaCmEndpoint[] eps = endpoints;
        final RdmaCmEndpoint e = idx >= 0 && idx < eps.length ? eps[idx] : null;
        final PostedOperation op = e == null ? null : e.completed(wrId);
        if (op == null) {
            if (e != null && WorkRequestTable.isMarker(wrId)) {
                return;
            }
            LOG.debug("completion of a work request that is gone (wr_id 0x{}, status {})", Long.toHexString(wrId),
                    status);
            return;
        }
        final boolean request = op.kind() != DtoOperation.RECEIVE;
        final CompletionStatus wc = CompletionStatus.of(status);
        final DtoStatus s = wc.dtoStatus();
        op.endpoint().complete(op, s, wc == CompletionStatus.SUCCESS
                ? (request ? op.totalLength() : byteLength) : 0);
        if (request) {
            e.requestCompleted();
        }
        if (s != DtoStatus.SUCCESS && s != DtoStatus.FLUSHED) {
            e.errorCompleted(op, s, status);
        }
    }

    /**
     * Completes an SRQ buffer that the QP {@code qpNum} consumed: the kit makes it a receive of that QP's EP.
     *
     * @param qpNum the consuming QP
     * @param sequence the buffer's sequence
     * @param status the work completion status
     * @param byteLength the message length
     */
    private void completeShared(final int qpNum, final long sequence, final int status, final int byteLength) {
        final RdmaCmEndpoint e = endpointsByQpNum.get(qpNum);
        final PostedOperation op = e == null ? null : e.takeSharedReceive(sequence);
        if (op == null) {
            LOG.debug("SRQ completion for a QP or buffer that is gone (qp {}, buffer {}, status {})", qpNum, sequence,
                    status);
            return;
        }
        final CompletionStatus wc = CompletionStatus.of(status);
        final DtoStatus s = wc.dtoStatus();
        op.endpoint().complete(op, s, wc == CompletionStatus.SUCCESS ? byteLength : 0);
        if (s != DtoStatus.SUCCESS && s != DtoStatus.FLUSHED) {
            e.errorCompleted(op, s, status);
        }
    }

    /**
     * Records which EP a QP belongs to (for SRQ completions).
     *
     * @param qpNum the QP number
     * @param ep the EP
     */
    void qpCreated(final int qpNum, final RdmaCmEndpoint ep) {
        endpointsByQpNum.put(qpNum, ep);
    }

    /**
     * Forgets a QP.
     *
     * @param qpNum the QP number
     * @param ep the EP it belonged to
     */
    void qpDestroyed(final int qpNum, final RdmaCmEndpoint ep) {
        endpointsByQpNum.remove(qpNum, ep);
    }

    /**
     * {@return the EP whose QP has a number, or null}
     *
     * @param qpNum the QP number
     */
    RdmaCmEndpoint endpointOfQp(final int qpNum) {
        return endpointsByQpNum.get(qpNum);
    }

    /** {@return the EPs that have a QP now} */
    Collection<RdmaCmEndpoint> endpointsWithQp() {
        return endpointsByQpNum.values();
    }

    /**
     * Gives an EP its index in wr_ids.
     *
     * @param ep the EP
     * @return its index
     */
    synchronized int register(final RdmaCmEndpoint ep) {
        final RdmaCmEndpoint[] eps = endpoints;
        for (int i = 1; i < eps.length; i++) {
            if (eps[i] == null) {
                final RdmaCmEndpoint[] copy = eps.clone();
                copy[i] = ep;
                endpoints = copy;
                return i;
            }
        }
        final RdmaCmEndpoint[] copy = Arrays.copyOf(eps, eps.length * 2);
        copy[eps.length] = ep;
        endpoints = copy;
        return eps.length;
    }

    /**
     * Frees an EP's index.
     *
     * @param index the index
     */
    synchronized void unregister(final int index) {
        final RdmaCmEndpoint[] copy = endpoints.clone();
        copy[index] = null;
        endpoints = copy;
    }
}
