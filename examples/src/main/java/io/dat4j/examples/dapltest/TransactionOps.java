package io.dat4j.examples.dapltest;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Endpoint;
import io.dat4j.RemoteMemoryTriplet;

/**
 * The transaction test's operations over all of a thread's EPs ({@code dapl_transaction_util.c}): post on every EP,
 * then reap one completion per EP and check it (the EP, the length, the cookie: the EP's index in the upper 32 bits,
 * the low 32 bits of the buffer's address in the lower) and that no EP completed twice or not at all. With {@code -f}
 * a client's send is reaped on the receive that follows it.
 */
final class TransactionOps {

    private TransactionOps() {
    }

    /** {@return the cookie of operation {@code op} on EP {@code i}} */
    private static long cookie(final TransactionTest.EpContext[] ctx, final int i, final int op) {
        return ((long) i << 32) | (ctx[i].op[op].bp.address(0) & 0xffffffffL);
    }

    private static long length(final TransactionTest.Op o) {
        return Integer.toUnsignedLong(o.numSegs * o.segSize);
    }

    /** {@code DT_handle_post_recv_buf}: posts operation {@code op}'s receive on every EP. */
    static boolean postRecvs(final Log log, final TransactionTest.EpContext[] ctx, final int op) {
        for (int i = 0; i < ctx.length; i++) {
            final TransactionTest.Op o = ctx[i].op[op];
            try {
                ctx[i].ep.postRecv(o.bp.triplets(o.numSegs, o.segSize), cookie(ctx, i, op), CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                log.printf("Test Error: dat_ep_post_recv failed: %s\n", Log.ret(e));
                return false;
            }
        }
        return true;
    }

    /** {@code DT_handle_send_op}: sends on every EP and reaps the sends, unless they are reaped on a receive. */
    static boolean send(final Log log, final TransactionTest.EpContext[] ctx, final int op, final boolean poll) {
        for (int i = 0; i < ctx.length; i++) {
            final TransactionTest.Op o = ctx[i].op[op];
            try {
                ctx[i].ep.postSend(o.bp.triplets(o.numSegs, o.segSize), cookie(ctx, i, op), CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                log.printf("Test Error: dat_ep_post_send failed: %s\n", Log.ret(e));
                return false;
            }
        }
        for (final TransactionTest.EpContext c : ctx) {
            final TransactionTest.Op o = c.op[op];
            if (o.reapSendOnRecv && !o.serverInitiated) {
                /* a client SR with -f: reaped with the next receive */
                return true;
            }
        }
        final boolean[] reaped = new boolean[ctx.length];
        for (final TransactionTest.EpContext c : ctx) {
            final DtoCompletionEvent dto = Events.dtoReap(log, c.reqtEvd, poll);
            final int ep = reapedEp(log, dto, ctx.length, "Send");
            if (ep < 0 || !Events.dtoCheck(log, dto, ctx[ep].ep, length(ctx[ep].op[op]), cookie(ctx, ep, op),
                    "Send") || !once(log, reaped, ep, ctx[ep].ep, "Send")) {
                return false;
            }
        }
        return allReaped(log, reaped, ctx, "Send");
    }

    /**
     * {@code DT_handle_recv_op}: reaps a receive on every EP (and, for a server SR with {@code -f}, the send of the
     * operation before), then reposts the receives unless this is the last iteration.
     */
    static boolean recv(final Log log, final TransactionTest.EpContext[] ctx, final int op, final boolean poll,
            final boolean repost) {
        final boolean[] recvReaped = new boolean[ctx.length];
        final boolean[] sendReaped = new boolean[ctx.length];
        for (int i = 0; i < ctx.length; i++) {
            DtoCompletionEvent dto = Events.dtoReap(log, ctx[i].recvEvd, poll);
            int ep = reapedEp(log, dto, ctx.length, "Receive");
            if (ep < 0) {
                return false;
            }
            final TransactionTest.Op o = ctx[ep].op[op];
            if (!Events.dtoCheck(log, dto, ctx[ep].ep, length(o), cookie(ctx, ep, op), "Recv")) {
                log.printf("Test Error: recv DTO problem\n");
                return false;
            }
            if (!once(log, recvReaped, ep, ctx[ep].ep, "Receive")) {
                return false;
            }
            if (o.reapSendOnRecv && o.serverInitiated) {
                if (op <= 0) {
                    log.printf("Internal Error: reap_send_on_recv but current op == #%d\n", op);
                    return false;
                }
                dto = Events.dtoReap(log, ctx[i].reqtEvd, poll);
                ep = reapedEp(log, dto, ctx.length, "Send (ror)");
                if (ep < 0) {
                    return false;
                }
                /* the send of the operation before, skipped when it was posted; with several EPs in any order */
                if (!Events.dtoCheck(log, dto, ctx.length == 1 ? ctx[i].ep : null, length(ctx[ep].op[op - 1]),
                        cookie(ctx, ep, op - 1), "Send-reaped-on-recv")) {
                    log.printf("Test Error: send DTO problem\n");
                    return false;
                }
                if (!once(log, sendReaped, ep, ctx[ep].ep, "Send (ror)")) {
                    return false;
                }
            }
        }
        if (!allReaped(log, recvReaped, ctx, "Receive")) {
            return false;
        }
        if (ctx[0].op[op].reapSendOnRecv && ctx[0].op[op].serverInitiated
                && !allReaped(log, sendReaped, ctx, "Send (ror)")) {
            return false;
        }
        if (repost && !postRecvs(log, ctx, op)) {
            log.printf("Test Error: recv re-post problem\n");
            return false;
        }
        return true;
    }

    /** {@code DT_handle_rdma_op}: an RDMA read or write on every EP, then the completions reaped. */
    static boolean rdma(final Log log, final TransactionTest.EpContext[] ctx, final boolean read, final int op,
            final boolean poll) {
        final String name = read ? "RDMA/RD" : "RDMA/WR";
        for (int i = 0; i < ctx.length; i++) {
            final TransactionTest.Op o = ctx[i].op[op];
            final RemoteMemoryTriplet remote = new RemoteMemoryTriplet(o.rdmaContext, o.rdmaAddress, length(o));
            final Endpoint ep = ctx[i].ep;
            try {
                if (read) {
                    ep.postRdmaRead(o.bp.triplets(o.numSegs, o.segSize), cookie(ctx, i, op), remote,
                            CompletionFlag.DEFAULT);
                } else {
                    ep.postRdmaWrite(o.bp.triplets(o.numSegs, o.segSize), cookie(ctx, i, op), remote,
                            CompletionFlag.DEFAULT);
                }
            } catch (final DatException e) {
                log.printf("Test Error: dat_ep_post_rdma_%s failed: %s\n", read ? "read" : "write", Log.ret(e));
                return false;
            }
        }
        final boolean[] reaped = new boolean[ctx.length];
        for (final TransactionTest.EpContext c : ctx) {
            final DtoCompletionEvent dto = Events.dtoReap(log, c.reqtEvd, poll);
            final int ep = reapedEp(log, dto, ctx.length, name);
            if (ep < 0 || !Events.dtoCheck(log, dto, ctx[ep].ep, length(ctx[ep].op[op]), cookie(ctx, ep, op), name)
                    || !once(log, reaped, ep, ctx[ep].ep, name)) {
                return false;
            }
        }
        return allReaped(log, reaped, ctx, name);
    }

    /** {@return the EP index a completion's cookie names, or -1 (printed) for none of ours} */
    private static int reapedEp(final Log log, final DtoCompletionEvent dto, final int numEps, final String what) {
        if (dto == null) {
            return -1;
        }
        final long ep = dto.cookie() >>> 32;
        if (ep >= numEps) {
            log.printf("Test Error: %s: Invalid endpoint completion reaped.\n"
                    + "\tEndpoint: 0x%s, Cookie: 0x%x, Length: %d\n", what, dto.endpoint(), dto.cookie(),
                    dto.transferredLength());
            return -1;
        }
        return (int) ep;
    }

    private static boolean once(final Log log, final boolean[] reaped, final int ep, final Endpoint handle,
            final String what) {
        if (reaped[ep]) {
            log.printf("Test Error: %s: Secondary completion seen for endpoint 0x%s (%d)\n", what, handle, ep);
            return false;
        }
        reaped[ep] = true;
        return true;
    }

    private static boolean allReaped(final Log log, final boolean[] reaped, final TransactionTest.EpContext[] ctx,
            final String what) {
        for (int i = 0; i < reaped.length; i++) {
            if (!reaped[i]) {
                log.printf("Test Error: %s: No completion seen for endpoint 0x%s (#%d)\n", what, ctx[i].ep, i);
                return false;
            }
        }
        return true;
    }
}
