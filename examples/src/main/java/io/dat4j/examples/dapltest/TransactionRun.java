package io.dat4j.examples.dapltest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The transaction test proper ({@code DT_Transaction_Run}): pre-posts the receives, synchronises with the other side
 * (the server sends "go" on every EP, the client waits for all of its threads' before it answers), runs the
 * operations {@code -i} times over all of the thread's EPs, then a final sync. With {@code -V} the sender fills its
 * buffers with {@code iteration + 1} and the receiver checks them at the barrier operations the parser appended (the
 * client at the third last, the server at the second last). The client adds its counts to the statistics.
 *
 * <p>Not thread safe: run by the test's thread.
 */
final class TransactionRun {

    private final TransactionTest t;
    private final Log log;
    private final TransactionCommand cmd;
    private final TransactionTest.EpContext[] ctx;

    TransactionRun(final TransactionTest t) {
        this.t = t;
        this.log = t.log;
        this.cmd = t.cmd;
        this.ctx = t.ctx;
    }

    /** {@return true if every operation and both syncs succeeded} */
    boolean run() {
        for (int op = 0; op < cmd.numOps(); op++) {
            if (ctx[0].op[op].transferType == TransactionCommand.SEND_RECV && !ours(op)
                    && !TransactionOps.postRecvs(log, ctx, op)) {
                return false;
            }
        }
        if (cmd.validate) {
            fill(0);
        }
        log.debugf("Test[%x]: Synchronize with the other side\n", t.basePort);
        if (!(t.isServer ? serverSync(TransactionTest.SYNC_SEND, "") : clientSync(false))) {
            return false;
        }
        log.debugf("Test[%x]: Begin...\n", t.basePort);
        t.startTime = System.currentTimeMillis();
        final long iterations = Integer.toUnsignedLong(cmd.numIterations);
        for (long iteration = 0; iteration < iterations; iteration++) {
            log.debugf("iteration: %d\n", iteration);
            /* repost unless this is the last iteration, which posts the final sync's receive instead */
            final boolean repost = iteration + 1 != iterations;
            if (!repost) {
                for (final TransactionTest.EpContext c : ctx) {
                    if (!c.bp.postRecv(log, c.ep, TransactionTest.FINAL_SYNC_RECV, TransactionTest.SYNC_BUFF_SIZE)) {
                        return false;
                    }
                }
            }
            for (int op = 0; op < cmd.numOps(); op++) {
                if (!runOp(op, (int) iteration, repost)) {
                    return false;
                }
            }
        }
        /* final sync: every remote operation has finished */
        if (!(t.isServer ? serverSync(TransactionTest.FINAL_SYNC_SEND, " final") : clientSync(true))) {
            return false;
        }
        t.endTime = System.currentTimeMillis();
        if (!t.td.localIsServer) {
            t.td.clientStats.update(cmd.epsPerThread * cmd.numOps() * cmd.numIterations,
                    (int) (t.endTime - t.startTime), t.bytesSend, t.bytesRecv, t.bytesRdmaRead, t.bytesRdmaWrite);
        }
        log.debugf("Test[%x]: End Successfully\n", t.basePort);
        return true;
    }

    private boolean ours(final int op) {
        return t.isServer == ctx[0].op[op].serverInitiated;
    }

    private boolean runOp(final int op, final int iteration, final boolean repost) {
        final TransactionTest.Op o = ctx[0].op[op];
        final boolean ours = ours(op);
        final int bytes = o.segSize * o.numSegs * cmd.epsPerThread;
        switch (o.transferType) {
            case TransactionCommand.RDMA_READ, TransactionCommand.RDMA_WRITE -> {
                final boolean read = o.transferType == TransactionCommand.RDMA_READ;
                if (read) {
                    t.bytesRdmaRead += bytes;
                } else {
                    t.bytesRdmaWrite += bytes;
                }
                if (ours) {
                    log.debugf("Test[%x]: %s [%d]\n", t.basePort, read ? "RdmaRead" : "RdmaWrite", op);
                    if (!TransactionOps.rdma(log, ctx, read, op, cmd.poll)) {
                        log.printf("Test[%x]: %s error[%d]\n", t.basePort, read ? "RdmaRead" : "RdmaWrite", op);
                        return false;
                    }
                }
            }
            default -> {
                if (ours) {
                    t.bytesSend += bytes;
                    log.debugf("Test[%x]: postsend [%d] \n", t.basePort, op);
                    if (!TransactionOps.send(log, ctx, op, cmd.poll)) {
                        return false;
                    }
                } else {
                    t.bytesRecv += bytes;
                    log.debugf("Test[%x]: RecvWait and Re-Post [%d] \n", t.basePort, op);
                    if (!TransactionOps.recv(log, ctx, op, cmd.poll, repost)) {
                        return false;
                    }
                }
                /* the barriers: the client checks at the third last operation, the server at the second last */
                if (cmd.validate && op == cmd.numOps() - (t.td.localIsServer ? 2 : 3)) {
                    if (!check(iteration)) {
                        return false;
                    }
                    fill(iteration + 1);
                }
            }
        }
        return true;
    }

    /** The server's sync: "go" to every EP, the sends reaped, then the client's answer on every EP. */
    private boolean serverSync(final int buffer, final String what) {
        log.debugf("Test[%x]: Send%s Sync to Client\n", t.basePort, what.isEmpty() ? "" : " Final");
        for (final TransactionTest.EpContext c : ctx) {
            if (!c.bp.postSend(log, c.ep, buffer, TransactionTest.SYNC_BUFF_SIZE)) {
                log.debugf("Test[%x]: Server%s sync send error\n", t.basePort, what);
                return false;
            }
        }
        for (final TransactionTest.EpContext c : ctx) {
            if (Events.dtoWait(log, c.reqtEvd) == null) {
                log.debugf("Test[%x]: Server%s sync send error\n", t.basePort, what);
                return false;
            }
        }
        log.debugf("Test[%x]: Wait for%s Sync Message\n", t.basePort, what.isEmpty() ? "" : " Final");
        for (final TransactionTest.EpContext c : ctx) {
            if (Events.dtoWait(log, c.recvEvd) == null) {
                log.debugf("Test[%x]: Server%s sync recv error\n", t.basePort, what);
                return false;
            }
        }
        return true;
    }

    /**
     * The client's sync: the server's message on every EP (the first sync also waits for every thread's), then
     * its answer on every EP.
     */
    private boolean clientSync(final boolean last) {
        final TransactionStats stats = t.td.clientStats;
        log.debugf("Test[%x]: Wait for%s Sync Message\n", t.basePort, last ? " Final" : "");
        if (last) {
            stats.resetWaitCount(cmd.epsPerThread);
        }
        for (final TransactionTest.EpContext c : ctx) {
            if (Events.dtoWait(log, c.recvEvd) == null) {
                log.debugf("Test[%x]: Client%s sync recv error\n", t.basePort, last ? " final" : "");
                return false;
            }
            stats.setReady(log);
        }
        if (!last && !stats.waitForAll(log)) {
            return false;
        }
        log.debugf("Test[%x]: Send%s Sync Msg\n", t.basePort, last ? " Final" : "");
        final int buffer = last ? TransactionTest.FINAL_SYNC_SEND : TransactionTest.SYNC_SEND;
        for (final TransactionTest.EpContext c : ctx) {
            if (!c.bp.postSend(log, c.ep, buffer, TransactionTest.SYNC_BUFF_SIZE)) {
                log.debugf("Test[%x]: Client sync send error\n", t.basePort);
                return false;
            }
        }
        for (final TransactionTest.EpContext c : ctx) {
            if (Events.dtoWait(log, c.reqtEvd) == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code DT_Transaction_Validation_Fill}: every buffer this side sends (SR, RW) or the peer reads (RR) of every
     * operation but the three barriers gets {@code iteration + 1}; nothing after the last iteration.
     */
    private void fill(final int iteration) {
        if (Integer.compareUnsigned(iteration, cmd.numIterations) >= 0) {
            return;
        }
        log.debugf("Test[%x]: FILL Buffers Iteration %d\n", t.basePort, iteration);
        final byte value = (byte) (iteration + 1);
        for (final TransactionTest.EpContext c : ctx) {
            for (int op = 0; op < cmd.numOps() - 3; op++) {
                final TransactionTest.Op o = c.op[op];
                final boolean ours = t.isServer == o.serverInitiated;
                if (o.transferType == TransactionCommand.RDMA_READ ? !ours : ours) {
                    for (int i = 0; i < o.numSegs; i++) {
                        o.bp.buffer(i).asSlice(0, o.segSize).fill(value);
                    }
                }
            }
        }
    }

    /**
     * {@code DT_Transaction_Validation_Check}: every buffer this side received (SR, RW) or read (RR) holds
     * {@code iteration + 1}; prints the first wrong byte of each segment.
     */
    private boolean check(final int iteration) {
        log.debugf("Test[%x]: VALIDATE Buffers Iteration %d\n", t.basePort, iteration);
        final byte expect = (byte) (iteration + 1);
        boolean success = true;
        for (final TransactionTest.EpContext c : ctx) {
            for (int op = 0; op < cmd.numOps() - 3; op++) {
                final TransactionTest.Op o = c.op[op];
                final boolean ours = t.isServer == o.serverInitiated;
                if (o.transferType == TransactionCommand.RDMA_READ ? !ours : ours) {
                    continue;
                }
                for (int i = 0; i < o.numSegs; i++) {
                    final MemorySegment b = o.bp.buffer(i);
                    for (int j = 0; j < o.segSize; j++) {
                        final byte got = b.get(ValueLayout.JAVA_BYTE, j);
                        if (got != expect) {
                            log.printf("Test[%x]: Validation Error :: %d\n", t.basePort, op);
                            log.printf("Test[%x]: Expected %x Got %x\n", t.basePort, expect & 0xff, got & 0xff);
                            success = false;
                            break;
                        }
                    }
                }
            }
        }
        return success;
    }
}
