package io.dat4j.examples.dapltest;

import io.dat4j.ConnectFlag;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Event;
import io.dat4j.EventNumber;
import io.dat4j.InterfaceAdapter;
import io.dat4j.StatusType;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The performance test's client ({@code dapl_performance_client.c}): connects to the test's qualifier, receives the
 * server's buffer, then phase 1 (bandwidth: fill the pipeline, repost as completions are reaped, {@code -i} operations
 * in all, with the CPU use of the whole machine from {@code /proc/stat}) and phase 2 (latency: {@code -i} operations
 * one at a time, polled), then the closing sync and the statistics. A failed test is reported in the output only: the
 * status is success once connected, as in C.
 */
final class PerformanceClient {

    private PerformanceClient() {
    }

    /**
     * {@code DT_Performance_Test_Client}.
     *
     * @param td the run
     * @param ia the client's IA
     * @param remote the server's address
     * @return success, or {@code INSUFFICIENT_RESOURCES} if it never connected
     */
    static DatStatus run(final TestData td, final InterfaceAdapter ia, final InetAddress remote) {
        final Log log = td.log;
        log.debugf("Client: Starting performance test\n");
        final PerformanceTest t = new PerformanceTest(td, ia, remote, false);
        boolean connected = true;
        if (!t.create()) {
            log.debugf("Client: Resource Creation Failed\n");
            connected = false;
        } else if (!connect(t)) {
            log.debugf("Client: Connection Failed\n");
            connected = false;
        }
        if (connected && !exchange(t)) {
            log.debugf("Client: Test Failed\n");
        }
        t.destroy(connected);
        log.debugf("Client: Finished performance test\n");
        return connected ? DatStatus.SUCCESS : DatStatus.error(StatusType.INSUFFICIENT_RESOURCES, null);
    }

    /** Connects; a reject is retried up to 8 times without resetting the EP, as C does. */
    private static boolean connect(final PerformanceTest t) {
        final Log log = t.log;
        log.debugf("Client[%x]: Connect on port 0x%x\n", t.basePort, t.basePort);
        int retries = 0;
        for (;;) {
            try {
                t.ep.connect(t.remote, t.basePort, io.dat4j.EventDispatcher.INFINITE, null, t.cmd.qos,
                        ConnectFlag.DEFAULT);
            } catch (final DatException e) {
                log.printf("Test[%x]: dat_ep_connect error: %s\n", t.basePort, Log.ret(e));
                return false;
            }
            final EventNumber n = Events.connWait(log, t.connEvd);
            if (n == EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                break;
            }
            if (n != EventNumber.CONNECTION_EVENT_PEER_REJECTED) {
                return false;
            }
            Server.sleep(1000);
            log.printf("Test[%x]: retrying connection...\n", t.basePort);
            if (++retries >= Client.MAX_CONN_RETRY) {
                return false;
            }
        }
        log.debugf("Client[%x]: Got Connection\n", t.basePort);
        return true;
    }

    /** {@code DT_Performance_Test_Client_Exchange}. */
    private static boolean exchange(final PerformanceTest t) {
        final Log log = t.log;
        t.opBp = Bpool.alloc(log, t.ia, t.pz, t.cmd.segSize, t.cmd.numSegs);
        if (t.opBp == null) {
            log.printf("Test[%x]: no memory for buffers (RDMA/RD)\n", t.basePort);
            return false;
        }
        log.debugf("Test[%x]: Waiting for Sync Msg\n", t.basePort);
        DtoCompletionEvent dto = Events.dtoWait(log, t.recvEvd);
        if (!Events.dtoCheck(log, dto, t.ep, PerformanceTest.SYNC_BUFF_SIZE, t.bp.address(PerformanceTest.SYNC_RECV),
                "Received Sync_Msg")) {
            return false;
        }
        log.debugf("Test[%x]: Sync Msg Received\n", t.basePort);
        t.rdmaContext = Wire.rmiContext(t.bp.buffer(PerformanceTest.SYNC_RECV), 0);
        t.rdmaAddress = Wire.rmiAddress(t.bp.buffer(PerformanceTest.SYNC_RECV), 0);
        log.debugf("Test[%x]: Begin...\n", t.basePort);
        final PerformanceStats stats = new PerformanceStats();
        if (!bandwidth(t, stats) || !latency(t, stats)) {
            return false;
        }
        log.debugf("Test[%x]: Sending Sync Msg\n", t.basePort);
        if (!t.bp.postSend(log, t.ep, PerformanceTest.SYNC_SEND, PerformanceTest.SYNC_BUFF_SIZE)) {
            return false;
        }
        dto = Events.dtoWait(log, t.reqtEvd);
        if (!Events.dtoCheck(log, dto, t.ep, PerformanceTest.SYNC_BUFF_SIZE, t.bp.address(PerformanceTest.SYNC_SEND),
                "Client_Sync_Send")) {
            return false;
        }
        stats.print(log, t.cmd, t.pipelineLen);
        return true;
    }

    /** Phase 1: the pipeline kept full for {@code -i} operations; time and CPU use. */
    private static boolean bandwidth(final PerformanceTest t, final PerformanceStats stats) {
        final long[] before = cpuStat();
        final double pre = PerformanceStats.now();
        final long iterations = Integer.toUnsignedLong(t.cmd.numIterations);
        long posted;
        for (posted = 0; posted < Integer.toUnsignedLong(t.pipelineLen); posted++) {
            if (!t.postTimed(stats)) {
                t.log.debugf("Test[%x]: Post %d failed\n", t.basePort, posted);
                return false;
            }
        }
        for (long reaped = 0; reaped < iterations;) {
            final int now = t.reap(stats);
            if (now == 0) {
                t.log.debugf("Test[%x]: Poll %d failed\n", t.basePort, reaped);
                return false;
            }
            final long repost = Math.min(iterations - posted, now);
            for (long i = 0; i < repost; i++) {
                if (!t.postTimed(stats)) {
                    t.log.debugf("Test[%x]: Post %d failed\n", t.basePort, posted);
                    return false;
                }
            }
            reaped += now;
            posted += repost;
        }
        stats.time = PerformanceStats.now() - pre;
        stats.numOps = t.cmd.numIterations;
        final long[] after = cpuStat();
        final long system = after[1] - before[1];
        final long user = after[0] - before[0];
        final long idle = after[2] - before[2];
        final long total = system + user + idle;
        stats.cpuUtilization = total == 0 ? 0.0 : (1.0 - (double) idle / total) * 100.0;
        return true;
    }

    /** Phase 2: one operation at a time, its completion polled; the time from post to completion. */
    private static boolean latency(final PerformanceTest t, final PerformanceStats stats) {
        final long iterations = Integer.toUnsignedLong(t.cmd.numIterations);
        for (long i = 0; i < iterations; i++) {
            final double pre = PerformanceStats.now();
            if (!t.post()) {
                return false;
            }
            for (;;) {
                final Event e;
                try {
                    e = t.reqtEvd.poll();
                } catch (final DatException x) {
                    t.log.printf("Test Error: dapl_event_dequeue failed: %s\n", Log.ret(x));
                    return false;
                }
                final double post = PerformanceStats.now();
                if (e == null) {
                    continue;
                }
                if (e instanceof DtoCompletionEvent) {
                    stats.latency.record(post - pre);
                    break;
                }
                t.log.printf("Warning: dapl_performance_wait swallowing %s event\n", Events.name(e.number()));
                return false;
            }
        }
        return true;
    }

    /**
     * {@return user (with nice), system and idle jiffies of all CPUs from {@code /proc/stat}'s "cpu" line; zeros
     * where it cannot be read (C exits then)}
     */
    static long[] cpuStat() {
        try {
            for (final String line : Files.readAllLines(Path.of("/proc/stat"))) {
                if (line.startsWith("cpu")) {
                    final String[] f = line.trim().split("\\s+");
                    return new long[] {Long.parseLong(f[1]) + Long.parseLong(f[2]), Long.parseLong(f[3]),
                        Long.parseLong(f[4])};
                }
            }
        } catch (final IOException | RuntimeException e) {
            // no /proc/stat: utilisation 0
        }
        return new long[3];
    }
}
