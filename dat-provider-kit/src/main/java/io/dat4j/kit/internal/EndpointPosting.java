package io.dat4j.kit.internal;

import io.dat4j.Capability;
import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.ConsumerGate;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.internal.EndpointStateMachine.Trigger;
import java.util.List;
import java.util.Set;

/**
 * The data path of a {@link KitEndpoint}: the argument and state checks of {@code dat_ep_post_recv},
 * {@code dat_ep_post_send}, {@code dat_ep_post_rdma_read} and {@code dat_ep_post_rdma_write}, the descriptor reserved
 * and filled against the IA's LMRs, and the transport's post hook. Split out of {@link KitEndpoint}, which keeps the
 * handle, its state and connection management; the {@code post*} and {@code tryPost*} methods of the EP call here.
 *
 * <p>A {@code tryPost*} call takes the same path with {@code tryOnly} set: when the queue has no free descriptor it
 * returns false, building no exception and no message (back-pressure is not an error there).
 *
 * <p>Thread safety: stateless beyond its EP; every post runs under the EP's lock ({@link KitEndpoint#lock}), the
 * descriptor reserved and published on the operation queue's posting side with no further lock. See "Threading and
 * locks" in {@code docs/provider-kit.md}.
 */
final class EndpointPosting {

    private final KitEndpoint ep;
    private final KitInterfaceAdapter ia;
    /** The IA's capabilities for RDMA posts, fixed when it opened: looked up once, not per post. */
    private final boolean rdmaRead;
    private final boolean rdmaWrite;
    /**
     * The LMR the last post resolved (under the EP's lock): the next segment naming the same {@code lmr_context}
     * skips the IA's table ({@link MemoryRules#usableRegion}); every check still runs.
     */
    private KitMemoryRegion lastRegion;
    /** The IA's single-thread gate: a post takes it, and holding it takes no EP lock ({@link ConsumerGate}). */
    private final ConsumerGate gate;

    EndpointPosting(final KitEndpoint ep, final KitInterfaceAdapter ia) {
        this.ep = ep;
        this.ia = ia;
        this.rdmaRead = ia.has(Capability.RDMA_READ);
        this.rdmaWrite = ia.has(Capability.RDMA_WRITE);
        this.gate = ia.gate;
    }

    boolean postRecv(final List<LocalMemoryTriplet> segments, final long cookie, final Set<CompletionFlag> flags,
            final boolean tryOnly) {
        ep.checkOpen();
        if (ep.srq() != null) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_SRQ_IN_USE, "the EP takes its receives from an"
                    + " SRQ (dat_ep_create_with_srq); post receives with SharedReceiveQueue.postRecv");
        }
        if (ep.recvEvd() == null) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_EP_EVD_RECV, "the EP has no recv EVD");
        }
        return post(ep.recvQueue(), DtoOperation.RECEIVE, segments, cookie, flags, null, Trigger.POST_RECV, true,
                tryOnly);
    }

    boolean postSend(final List<LocalMemoryTriplet> segments, final long cookie, final Set<CompletionFlag> flags,
            final boolean tryOnly) {
        ep.checkOpen();
        checkRequestEvd();
        return post(ep.requestQueue(), DtoOperation.SEND, segments, cookie, flags, null, Trigger.POST_REQUEST, false,
                tryOnly);
    }

    boolean postRdmaRead(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags, final boolean tryOnly) {
        ep.checkOpen();
        if (!rdmaRead) {
            throw Checks.notImplemented("dat_ep_post_rdma_read");
        }
        checkRequestEvd();
        if (remote == null) {
            throw Checks.invalidArg(5, "remote triplet is null");
        }
        return post(ep.requestQueue(), DtoOperation.RDMA_READ, segments, cookie, flags, remote, Trigger.POST_REQUEST,
                true, tryOnly);
    }

    boolean postRdmaWrite(final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags, final boolean tryOnly) {
        ep.checkOpen();
        if (!rdmaWrite) {
            throw Checks.notImplemented("dat_ep_post_rdma_write");
        }
        checkRequestEvd();
        if (remote == null) {
            throw Checks.invalidArg(5, "remote triplet is null");
        }
        return post(ep.requestQueue(), DtoOperation.RDMA_WRITE, segments, cookie, flags, remote,
                Trigger.POST_REQUEST, false, tryOnly);
    }

    private void checkRequestEvd() {
        if (ep.requestEvd() == null) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_EP_EVD_REQUEST, "the EP has no request EVD");
        }
    }

    /**
     * Posts under the EP's lock: the state check, the descriptor reserved, filled and published on the queue's posting
     * side (which takes no lock: the EP's lock makes this thread its one poster), then the transport's post hook (one
     * kit lock per post). A receive posted to a DISCONNECTED EP completes FLUSHED here instead of reaching the
     * transport.
     *
     * @return true if posted; false (only with {@code tryOnly}) when the queue has no free descriptor
     */
    private boolean post(final OperationQueue q, final DtoOperation kind, final List<LocalMemoryTriplet> segments,
            final long cookie, final Set<CompletionFlag> flags, final RemoteMemoryTriplet remote,
            final Trigger stateCheck, final boolean localWrite, final boolean tryOnly) {
        return post(q, kind, segments, cookie, flags, remote, stateCheck, localWrite, tryOnly, 0, 0);
    }

    /**
     * Posts an IB extension request whose arguments {@link PostChecks} checked: RDMA_WRITE_IMMEDIATE (operand: the
     * immediate data), FETCH_AND_ADD or COMPARE_AND_SWAP (the atomic's operands).
     *
     * @param kind the operation
     * @param segments the local segments
     * @param cookie the cookie
     * @param remote the remote triplet
     * @param flags the flags
     * @param operand the immediate data, the value to add or the value to compare
     * @param swap the value to swap in
     */
    void postExtension(final DtoOperation kind, final List<LocalMemoryTriplet> segments, final long cookie,
            final RemoteMemoryTriplet remote, final Set<CompletionFlag> flags, final long operand, final long swap) {
        ep.checkOpen();
        checkRequestEvd();
        post(ep.requestQueue(), kind, segments, cookie, flags, remote, Trigger.POST_REQUEST,
                kind != DtoOperation.RDMA_WRITE_IMMEDIATE, false, operand, swap);
    }

    private boolean post(final OperationQueue q, final DtoOperation kind, final List<LocalMemoryTriplet> segments,
            final long cookie, final Set<CompletionFlag> flags, final RemoteMemoryTriplet remote,
            final Trigger stateCheck, final boolean localWrite, final boolean tryOnly, final long operand,
            final long swap) {
        gate.enter();
        final boolean locked = !gate.mine();
        if (locked) {
            ep.lock.lock();
        }
        try {
            ep.checkOpen();
            final EndpointAttributes a = ep.inForce();
            final EndpointStateMachine sm = ep.stateMachine();
            if ((kind == DtoOperation.RDMA_READ || kind == DtoOperation.FETCH_AND_ADD
                    || kind == DtoOperation.COMPARE_AND_SWAP) && sm.state() == EndpointState.CONNECTED
                    && a.maxRdmaReadOut() == 0) {
                throw Checks.invalidState(StatusSubtype.INVALID_STATE_EP_NOTREADY, "the EP's RDMA read depth out is"
                        + " 0 (maxRdmaReadOut as negotiated): it cannot issue RDMA reads or atomics (CRA-11)");
            }
            if (segments == null) {
                throw Checks.invalidArg(3, "segment list is null (use an empty list for none)");
            }
            if (flags == null) {
                throw Checks.invalidArg(remote == null ? 5 : 6,
                        "completion flags are null (use CompletionFlag.DEFAULT)");
            }
            final int maxIov = switch (kind) {
                case RECEIVE -> a.maxRecvIov();
                case SEND -> a.maxRequestIov();
                case RDMA_READ -> a.maxRdmaReadIov();
                default -> a.maxRdmaWriteIov();
            };
            final int n = segments.size();
            if (n > maxIov) {
                throw Checks.invalidArg(2, n + " segments exceed the EP's limit of " + maxIov + " per " + kind);
            }
            if (remote != null && remote.segmentLength() < 0) {
                throw Checks.invalidArg(5, "remote segment length is negative");
            }
            final int mask = flags.isEmpty() ? 0 : CompletionFlag.mask(flags);
            sm.fire(stateCheck);
            final long maxLength = kind == DtoOperation.RECEIVE || kind == DtoOperation.SEND ? a.maxMessageSize()
                    : a.maxRdmaSize();
            // the posting side of the queue: no lock of its own, the EP's lock serialises posters (OperationQueue)
            final KitOperation op = q.reserve(kind, cookie, mask);
            if (op == null) {
                if (tryOnly) {
                    return false;
                }
                throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, "the EP's " + kind
                        + " queue holds " + q.capacity() + " outstanding operations, all in use; reap"
                        + " completions first");
            }
            op.operands(operand, swap);
            final DtoStatus local;
            boolean filled = false;
            try {
                local = fill(op, kind, segments, n, remote, localWrite, maxLength);
                filled = true;
            } finally {
                if (!filled) {
                    op.clearSegments();
                }
            }
            q.commit();
            if (kind == DtoOperation.RECEIVE && sm.state() == EndpointState.DISCONNECTED) {
                // the connection has ended (libdapl: the QP is in the error state, and a receive posted to it
                // completes at once with a flush error); the transport never sees it. Only reset() makes the EP take
                // receives for a next connection again.
                q.complete(op, DtoStatus.FLUSHED, 0);
            } else if (local != null) {
                q.complete(op, local, 0);
            } else {
                try {
                    ep.transport().post(op);
                } catch (final RuntimeException e) {
                    KitInterfaceAdapter.LOG.error("transport post of {} on {} failed", op, ep, e);
                    q.complete(op, DtoStatus.LOCAL_EP, 0);
                }
            }
            return true;
        } finally {
            if (locked) {
                ep.lock.unlock();
            }
        }
    }

    /**
     * Resolves the local segments against the IA's LMRs into a reserved descriptor, and checks the lengths.
     *
     * @return null, or LOCAL_PROTECTION when a segment fails the local checks (the operation then completes with it)
     */
    private DtoStatus fill(final KitOperation op, final DtoOperation kind, final List<LocalMemoryTriplet> segments,
            final int n, final RemoteMemoryTriplet remote, final boolean localWrite, final long maxLength) {
        DtoStatus local = null;
        long total = 0;
        final KitProtectionZone pz = ep.pz();
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
                final KitMemoryRegion r = MemoryRules.usableRegion(ia, pz, t, len, localWrite, lastRegion);
                if (r == null) {
                    local = DtoStatus.LOCAL_PROTECTION;
                    lastRegion = null;
                } else {
                    lastRegion = r;
                    op.addSegment(r.region(), t.virtualAddress() - r.region().baseAddress(), len);
                }
            }
        }
        if (total > maxLength) {
            throw Checks.lengthError(kind + " of " + total + " bytes exceeds the EP's limit of " + maxLength);
        }
        if (remote != null) {
            if (remote.segmentLength() < total) {
                throw Checks.lengthError("remote segment of " + remote.segmentLength()
                        + " bytes is shorter than the local " + total);
            }
            op.remote(remote.rmrContext(), remote.virtualAddress(), remote.segmentLength());
        }
        return local;
    }

    /** Tells the transport that the EP's SRQ got a buffer (it may be holding a message for want of one). */
    void sharedReceivePosted() {
        final EndpointTransport t = ep.transport();
        if (t != null && !ep.isClosed()) {
            try {
                t.sharedReceivePosted();
            } catch (final RuntimeException e) {
                KitInterfaceAdapter.LOG.warn("transport SRQ notification of {} failed", ep, e);
            }
        }
    }
}
