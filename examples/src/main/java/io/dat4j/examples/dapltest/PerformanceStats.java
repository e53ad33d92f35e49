package io.dat4j.examples.dapltest;

/**
 * The performance test's statistics and its result lines ({@code Performance_Stats_t},
 * {@code dapl_performance_stats.c}). Times are microseconds (C's {@code DT_Mdep_TimeStamp} without RDTSC timers, its
 * {@code cpu_mhz} 1). C counts no context switches, so every post and reap is one "without"; and C starts each minimum
 * at {@code ~0}, which as a double is -1, so every minimum prints as -1.0 us: the port keeps both, so that the lines
 * compare.
 *
 * <p>Not thread safe: owned by the client's test thread.
 */
final class PerformanceStats {

    /** A series of times ({@code Performance_Stats_Data_t}). */
    static final class Data {
        int num;
        double total;
        double max;
        double min = -1;

        void record(final double ts) {
            num++;
            total += ts;
            max = Math.max(max, ts);
            min = Math.min(min, ts);
        }
    }

    int numOps;
    long bytes;
    double cpuUtilization;
    double time;
    final Data posts = new Data();
    final Data postsWithCtxt = new Data();
    final Data reaps = new Data();
    final Data reapsWithCtxt = new Data();
    final Data latency = new Data();

    /** {@return the time now in microseconds ({@code DT_Mdep_GetTimeStamp})} */
    static double now() {
        return (double) (System.nanoTime() / 1000L);
    }

    private static int whole(final double v) {
        return TransactionStats.whole(v);
    }

    private static int hundredths(final double v) {
        return TransactionStats.hundredths(v);
    }

    /** {@code DT_performance_stats_data_print}; returns the mean. */
    private static double print(final Log log, final Data d) {
        final double average = (long) d.total / (double) d.num;
        log.printf("    Arithmetic mean      : %d.%d us\n    maximum              : %d.%d us\n"
                + "    minimum              : %d.%d us\n", whole(average), hundredths(average),
                whole((long) d.max), hundredths((long) d.max), whole((long) d.min), hundredths((long) d.min));
        return average;
    }

    /**
     * {@code DT_performance_stats_print}: the client's result lines.
     *
     * @param log where they go
     * @param cmd the command
     * @param pipelineLen the pipeline used
     */
    void print(final Log log, final PerformanceCommand cmd, final int pipelineLen) {
        final double timeS = time / 1_000_000.0;
        final double mbytes = bytes / 1024.0 / 1024.0;
        if (timeS == 0.0) {
            log.printf("Error determining time\n");
            return;
        } else if (numOps == 0) {
            log.printf("Error determining number of operations\n");
            return;
        }
        final double opsPerSec = Integer.toUnsignedLong(numOps) / timeS;
        final double bandwidth = mbytes / timeS;
        log.printf("------------------------- Statistics -------------------------\n");
        log.printf("    Mode                 : %s\n    Operation Type       : %s\n"
                + "    Number of Operations : %d\n    Segment Size         : %d\n    Number of Segments   : %d \n"
                + "    Pipeline Length      : %d\n\n", cmd.modeName(), TransactionCommand.shortName(cmd.transferType),
                Integer.toUnsignedLong(cmd.numIterations), Integer.toUnsignedLong(cmd.segSize),
                Integer.toUnsignedLong(cmd.numSegs), Integer.toUnsignedLong(pipelineLen));
        log.printf("    Total Time           : %d.%d sec\n    Total Data Exchanged : %d.%d MB\n"
                + "    CPU Utilization      : %d.%d\n    Operation Throughput : %d.%d ops/sec\n"
                + "    Bandwidth            : %d.%d MB/sec\n", whole(timeS), hundredths(timeS), whole(mbytes),
                hundredths(mbytes), whole(cpuUtilization), hundredths(cpuUtilization), whole(opsPerSec),
                hundredths(opsPerSec), whole(bandwidth), hundredths(bandwidth));
        log.printf("\nLatency\n");
        double meanLatency = 0;
        if (latency.num != 0) {
            meanLatency = print(log, latency);
        }
        log.printf("\nTime Per Post\n    %d posts without context switches\n", Integer.toUnsignedLong(posts.num));
        if (posts.num != 0) {
            print(log, posts);
        }
        log.printf("\n    %d posts with context switches\n", Integer.toUnsignedLong(postsWithCtxt.num));
        log.printf("\nTime Per Reap\n    %d reaps without context switches\n", Integer.toUnsignedLong(reaps.num));
        if (reaps.num != 0) {
            print(log, reaps);
        }
        log.printf("\n    %d reaps with context switches\n", Integer.toUnsignedLong(reapsWithCtxt.num));
        final double timePerPost = (long) (posts.total + postsWithCtxt.total) / (double) (posts.num
                + postsWithCtxt.num);
        final double timePerReap = (long) (reaps.total + reapsWithCtxt.total) / (double) (reaps.num
                + reapsWithCtxt.num);
        log.printf("\nNOTE: 1 MB = 1024 KB = 1048576 B \n");
        log.printf("---------------------------------------------------------------------\n");
        log.printf("raw: %s, %d, %d, %d, %d, %d.%d, %d.%d, %d.%d, %d.%d, %d.%d, %d.%d \n",
                TransactionCommand.shortName(cmd.transferType), Integer.toUnsignedLong(cmd.numIterations),
                Integer.toUnsignedLong(cmd.segSize), Integer.toUnsignedLong(cmd.numSegs),
                Integer.toUnsignedLong(pipelineLen), whole(cpuUtilization), hundredths(cpuUtilization),
                whole(opsPerSec), hundredths(opsPerSec), whole(bandwidth), hundredths(bandwidth), whole(meanLatency),
                hundredths(meanLatency), whole(timePerPost), hundredths(timePerPost), whole(timePerReap),
                hundredths(timePerReap));
        log.printf("---------------------------------------------------------------------\n");
    }
}
