package io.dat4j.benchmarks;

import io.dat4j.CompletionFlag;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Scale and message rate over one provider in one JVM (client and server IAs), printing a JSON object per line.
 *
 * <pre>
 * java -cp ... io.dat4j.benchmarks.ScaleHarness rate [IA] [SIZE] [DEPTH] [MESSAGES]
 * java -cp ... io.dat4j.benchmarks.ScaleHarness scale [IA] [N,N,...] [SIZE] [SECONDS]
 * </pre>
 * {@code rate}: one connection, SIZE-byte sends with DEPTH outstanding (the server keeps DEPTH receives posted and
 * reposts each as it completes): messages per second. {@code scale}: for each N, N connections; a ping-pong
 * round-robin over them (RTT p50/p99), then a throughput phase with one send outstanding per connection on all of
 * them at once; and the memory: heap used after GC, the process's RSS, and threads, each as the difference to
 * before the two IAs were opened (so N = 1 holds the fixed cost of two IAs; the slope between two N is the cost of a
 * connection, both of its EPs included). One thread drives both sides; the provider's I/O
 * threads move the data.
 */
public final class ScaleHarness {

    private ScaleHarness() {
    }

    /**
     * Entry point.
     *
     * @param args see the class comment
     * @throws Exception on failure
     */
    public static void main(final String[] args) throws Exception {
        final String mode = args.length > 0 ? args[0] : "scale";
        final String ia = args.length > 1 ? args[1] : "tcp-lo";
        if (mode.equals("rate")) {
            rate(ia, arg(args, 2, 64), arg(args, 3, 256), arg(args, 4, 1_000_000));
        } else {
            final int[] ns = Arrays.stream((args.length > 2 ? args[2] : "1,10,100,1000").split(","))
                    .mapToInt(Integer::parseInt).toArray();
            for (final int n : ns) {
                scale(ia, n, arg(args, 3, 4096), arg(args, 4, 5));
            }
        }
    }

    private static int arg(final String[] args, final int i, final int dflt) {
        return args.length > i ? Integer.parseInt(args[i]) : dflt;
    }

    private static void rate(final String ia, final int size, final int depth, final int messages) {
        try (LoopbackRig rig = new LoopbackRig(ia, 1, size, depth, depth)) {
            for (int round = 0; round < 2; round++) { // the first round warms up
                final long t0 = System.nanoTime();
                long posted = 0;
                long sent = 0;
                long received = 0;
                while (sent < messages || received < messages) {
                    while (posted < messages && posted - sent < depth) {
                        rig.client.eps[0].postSend(rig.client.segment, 0, CompletionFlag.DEFAULT);
                        posted++;
                    }
                    // take every receive completion there is, reposting each
                    while (received < posted && rig.server.recvEvd.poll() != null) {
                        rig.server.eps[0].postRecv(rig.server.segment, 0, CompletionFlag.DEFAULT);
                        received++;
                    }
                    while (sent < posted && rig.client.requestEvd.poll() != null) {
                        sent++;
                    }
                    if (sent < posted && posted - sent >= depth) {
                        LoopbackRig.reap(rig.client.requestEvd, false);
                        sent++;
                    }
                }
                final double secs = (System.nanoTime() - t0) / 1e9;
                if (round == 1) {
                    System.out.printf(Locale.ROOT, "{\"test\": \"rate\", \"ia\": \"%s\", \"size\": %d, \"depth\": %d,"
                            + " \"messages\": %d, \"msg_per_s\": %.0f, \"gbit_per_s\": %.4f}%n", ia, size, depth,
                            messages, messages / secs, (double) messages * size * 8 / secs / 1e9);
                }
            }
        }
    }

    private static void scale(final String ia, final int n, final int size, final int seconds) throws Exception {
        final MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        final long heap0 = heapAfterGc(mem);
        final long rss0 = rss();
        final int threads0 = Thread.activeCount();
        final long c0 = System.nanoTime();
        try (LoopbackRig rig = new LoopbackRig(ia, n, size, 2, 2)) {
            final double connectSecs = (System.nanoTime() - c0) / 1e9;
            final long heap1 = heapAfterGc(mem);
            final long rss1 = rss();
            final int threads1 = Thread.activeCount();
            // latency: ping-pongs round-robin over the connections, half the time budget, the first 20 % discarded
            final int cap = 2_000_000;
            final long[] rtt = new long[cap];
            int count = 0;
            final long end = System.nanoTime() + seconds * 500_000_000L;
            final long warm = System.nanoTime() + seconds * 100_000_000L;
            int i = 0;
            while (System.nanoTime() < end && count < cap) {
                final long t0 = System.nanoTime();
                rig.pingPong(i, false);
                final long t1 = System.nanoTime();
                if (t0 > warm) {
                    rtt[count++] = t1 - t0;
                }
                i = (i + 1) % n;
            }
            final long[] sorted = Arrays.copyOf(rtt, count);
            Arrays.sort(sorted);
            // throughput: every connection keeps one send outstanding; the server reposts each receive
            long messages = 0;
            final long tEnd = System.nanoTime() + seconds * 500_000_000L;
            for (int k = 0; k < n; k++) {
                rig.client.eps[k].postSend(rig.client.segment, k, CompletionFlag.DEFAULT);
            }
            long outstanding = n;
            final long t0 = System.nanoTime();
            while (outstanding > 0) {
                final int k = LoopbackRig.reap(rig.server.recvEvd, false);
                rig.server.eps[k].postRecv(rig.server.segment, k, CompletionFlag.DEFAULT);
                // the next send goes on the connection whose send completed (not necessarily k)
                final int done = LoopbackRig.reap(rig.client.requestEvd, false);
                messages++;
                outstanding--;
                if (System.nanoTime() < tEnd) {
                    rig.client.eps[done].postSend(rig.client.segment, done, CompletionFlag.DEFAULT);
                    outstanding++;
                }
            }
            final double secs = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "{\"test\": \"scale\", \"ia\": \"%s\", \"connections\": %d, \"size\": %d,"
                    + " \"connect_s\": %.3f, \"rtt_p50_us\": %.1f, \"rtt_p99_us\": %.1f, \"round_trips\": %d,"
                    + " \"msg_per_s\": %.0f, \"gbit_per_s\": %.4f, \"heap_delta_b\": %d, \"rss_delta_b\": %d,"
                    + " \"threads_added\": %d}%n", ia, n, size, connectSecs, pct(sorted, 0.5), pct(sorted, 0.99),
                    count, messages / secs, messages * size * 8.0 / secs / 1e9, heap1 - heap0, rss1 - rss0,
                    threads1 - threads0);
        }
    }

    private static double pct(final long[] sorted, final double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        final int i = (int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
        return sorted[Math.max(0, i)] / 1000.0;
    }

    private static long heapAfterGc(final MemoryMXBean mem) throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return mem.getHeapMemoryUsage().getUsed();
    }

    /** {@return the resident set size in bytes, from /proc/self/status, or 0 where there is none} */
    private static long rss() throws java.io.IOException {
        final Path p = Path.of("/proc/self/status");
        if (!Files.exists(p)) {
            return 0;
        }
        for (final String line : Files.readAllLines(p)) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return 0;
    }
}
