package io.dat4j.provider.rdmacm;

import io.dat4j.internal.logging.Logging;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;

/**
 * A GRACEFUL disconnect of one connected EP: DAT wants outstanding sends and RDMA operations to complete first, and
 * {@code rdma_disconnect} moves the QP to the error state, which would flush them (openib_cma calls it at once for both
 * modes; see docs/providers.md). So the disconnect waits until the last request completed ({@link #requestCompleted},
 * from the completion path), polling the send CQ itself every {@value #POLL_MS} ms (the consumer may be waiting only
 * for the DISCONNECTED event), for at most {@code dat4j.rdmacm.gracefulDrainTimeoutMs}: an RC send to a peer that never
 * posts a receive retries for ever with rnr_retry 7, and a disconnect must not hang; after that it disconnects anyway
 * and the requests complete FLUSHED.
 *
 * <p>Threads and locks: begun and ended by its {@link RdmaCmEndpoint} under the EP's transport lock
 * ({@link io.dat4j.kit.LockRank#TRANSPORT}), which guards its fields but {@link #pending} (volatile, read on the
 * completion path). Its steps run on the IA's timer thread and take that lock; the completion path, which may hold a
 * CQ's lock (ranked below), only hands the disconnect to the timer. See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class GracefulDisconnect {

    private static final Logger LOG = Logging.logger(GracefulDisconnect.class);
    /** How often a GRACEFUL disconnect polls the send CQ itself (the consumer may not be dequeuing meanwhile). */
    private static final long POLL_MS = 2;

    private final RdmaCmEndpoint endpoint;
    private final QueuePair queuePair;
    private final RdmaCmTransport transport;
    /** How long to wait for the outstanding requests before disconnecting anyway. */
    private final long drainTimeoutMs;
    private volatile boolean pending;
    private ScheduledFuture<?> timeout;
    private ScheduledFuture<?> poller;

    GracefulDisconnect(final RdmaCmEndpoint endpoint, final QueuePair queuePair, final RdmaCmTransport transport) {
        this.endpoint = endpoint;
        this.queuePair = queuePair;
        this.transport = transport;
        this.drainTimeoutMs = transport.config().gracefulDrainTimeoutMillis();
    }

    /**
     * Starts the wait (once) for the requests outstanding now; caller holds the EP's transport lock and calls
     * {@code rdma_disconnect} itself when none is left.
     */
    void begin() {
        if (!pending) {
            pending = true;
            timeout = transport.timer().schedule(this::onTimeout, drainTimeoutMs, TimeUnit.MILLISECONDS);
            poller = transport.timer().scheduleWithFixedDelay(this::poll, POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** Ends the wait, if any: the disconnect happened, or the connection ended otherwise. Caller holds the lock. */
    void end() {
        pending = false;
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
        if (poller != null) {
            poller.cancel(false);
            poller = null;
        }
    }

    /**
     * Called by the completion path after a send or RDMA completion was reported: when the wait is on and nothing is
     * outstanding any more, the disconnect runs on the timer thread (the completion path may hold a CQ's lock, which
     * the EP's teardown takes under the EP's transport lock).
     */
    void requestCompleted() {
        if (pending && queuePair.requestsOutstanding() == 0) {
            try {
                transport.timer().execute(this::drained);
            } catch (final RejectedExecutionException e) {
                LOG.debug("IA closing: the graceful disconnect is left to the close");
            }
        }
    }

    private void drained() {
        endpoint.lock();
        try {
            if (!pending || !endpoint.establishedLocked() || queuePair.requestsOutstanding() != 0) {
                return;
            }
            end();
            endpoint.disconnectLocked();
        } finally {
            endpoint.unlock();
        }
    }

    /**
     * Polls the send CQ while the wait is on: completions reach the request EVD (and the count) even when the
     * consumer waits only for the DISCONNECTED event. Same lock order as the QP's teardown.
     */
    private void poll() {
        endpoint.lock();
        try {
            if (!pending || !endpoint.establishedLocked()) {
                return;
            }
            final CompletionQueue cq = transport.cqOf(endpoint.upcalls().requestSink());
            if (cq != null) {
                cq.poll();
            }
        } finally {
            endpoint.unlock();
        }
        drained();
    }

    private void onTimeout() {
        endpoint.lock();
        try {
            if (!pending || !endpoint.establishedLocked()) {
                return;
            }
            LOG.warn("GRACEFUL disconnect: {} send/RDMA operation(s) still outstanding after {} ms; disconnecting,"
                    + " they complete FLUSHED", queuePair.requestsOutstanding(), drainTimeoutMs);
            end();
            endpoint.disconnectLocked();
        } finally {
            endpoint.unlock();
        }
    }
}
