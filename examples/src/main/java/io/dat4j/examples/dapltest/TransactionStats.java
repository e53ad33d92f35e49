package io.dat4j.examples.dapltest;

/**
 * The client's transaction statistics, summed over its threads ({@code Transaction_Stats_t},
 * {@code dapl_transaction_stats.c}), and the countdown of sync messages the client threads wait for before the
 * first send. Sizes are counted in C's {@code unsigned int}, so they wrap as C's do.
 *
 * <p>Thread safety: every method locks the object.
 */
final class TransactionStats {

    /** How long a client thread waits for the others' sync messages ({@code DT_transaction_stats_wait_for_all}). */
    private static final long WAIT_FOR_ALL_MILLIS = 10_000;

    private int waitCount;
    private int numOps;
    private int timeMs;
    private int bytesSend;
    private int bytesRecv;
    private int bytesRdmaRead;
    private int bytesRdmaWrite;

    /** @param num sync messages to wait for: every EP of every thread */
    TransactionStats(final int num) {
        waitCount = num;
    }

    /** A sync message arrived ({@code DT_transaction_stats_set_ready}). */
    synchronized void setReady(final Log log) {
        waitCount--;
        log.debugf("Received Sync Message from server (%d left)\n", waitCount);
        notifyAll();
    }

    synchronized void resetWaitCount(final int num) {
        waitCount = num;
    }

    /**
     * Waits up to 10 s until every sync message arrived.
     *
     * @param log where a timeout is reported
     * @return false on timeout
     */
    synchronized boolean waitForAll(final Log log) {
        final long deadline = System.nanoTime() + WAIT_FOR_ALL_MILLIS * 1_000_000L;
        try {
            while (waitCount != 0) {
                final long left = deadline - System.nanoTime();
                if (left <= 0) {
                    log.printf("FAIL: %d Server test connections did not report ready.\n", waitCount);
                    return false;
                }
                wait(Math.max(1, left / 1_000_000L));
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            log.printf("FAIL: %d Server test connections did not report ready.\n", waitCount);
            return false;
        }
        return true;
    }

    /** Adds a thread's counts; the time is the longest of the threads' ({@code DT_update_transaction_stats}). */
    synchronized void update(final int ops, final int ms, final int send, final int recv, final int rdmaRead,
            final int rdmaWrite) {
        if (Integer.compareUnsigned(ms, timeMs) > 0) {
            timeMs = ms;
        }
        numOps += ops;
        bytesSend += send;
        bytesRecv += recv;
        bytesRdmaRead += rdmaRead;
        bytesRdmaWrite += rdmaWrite;
    }

    /** {@code DT_print_transaction_stats}: the client's result lines. */
    synchronized void print(final Log log, final int numThreads, final int numEps) {
        final double timeS = Integer.toUnsignedLong(timeMs) / 1000.0;
        if (timeS == 0.0) {
            log.printf("----- Test completed successfully, but cannot calculate stats as not\n"
                    + "----- enough time has lapsed.\n"
                    + "----- Try running the test with more iterations.\n");
            return;
        }
        final double send = Integer.toUnsignedLong(bytesSend) / 1000.0 / 1000.0;
        final double recv = Integer.toUnsignedLong(bytesRecv) / 1000.0 / 1000.0;
        final double read = Integer.toUnsignedLong(bytesRdmaRead) / 1000.0 / 1000.0;
        final double write = Integer.toUnsignedLong(bytesRdmaWrite) / 1000.0 / 1000.0;
        if (numOps == 0) {
            log.printf("----- Test completed successfully, but no operations!\n");
            return;
        }
        log.printf("----- Stats ---- : %d threads, %d EPs\n", Integer.toUnsignedLong(numThreads),
                Integer.toUnsignedLong(numEps));
        final double ops = numOps / timeS;
        log.printf("Total WQE        : %7d.%02d WQE/Sec\n", whole(ops), hundredths(ops));
        log.printf("Total Time       : %7d.%02d sec\n", whole(timeS), hundredths(timeS));
        log.printf("Total Send       : %7d.%02d MB - %7d.%02d MB/Sec\n", whole(send), hundredths(send),
                whole(send / timeS), hundredths(send / timeS));
        log.printf("Total Recv       : %7d.%02d MB - %7d.%02d MB/Sec\n", whole(recv), hundredths(recv),
                whole(recv / timeS), hundredths(recv / timeS));
        log.printf("Total RDMA Read  : %7d.%02d MB - %7d.%02d MB/Sec\n", whole(read), hundredths(read),
                whole(read / timeS), hundredths(read / timeS));
        log.printf("Total RDMA Write : %7d.%02d MB - %7d.%02d MB/Sec\n", whole(write), hundredths(write),
                whole(write / timeS), hundredths(write / timeS));
    }

    /**
     * {@return {@code whole(num)}: the integer part as C's {@code (unsigned int)} cast makes it on x86-64 (through a
     * 64-bit conversion), which C then prints with %d, so as a signed int: -1.0 prints as -1}
     */
    static int whole(final double num) {
        return (int) (long) num;
    }

    /** {@return {@code hundredths(num)}: the first two decimals, truncated, the same way} */
    static int hundredths(final double num) {
        return (int) (long) ((num - Integer.toUnsignedLong(whole(num))) * 100);
    }
}
