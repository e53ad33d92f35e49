package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Dat;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParseResult;

class ArgumentsTest {

    private static Object leaf(final String... args) {
        ParseResult pr = DatCommand.commandLine().parseArgs(args);
        while (pr.hasSubcommand()) {
            pr = pr.subcommand();
        }
        return pr.commandSpec().userObject();
    }

    /** Runs the command; returns exit code, stdout and stderr. */
    private static String[] run(final String... args) {
        return Cli.capture(args);
    }

    @Test
    void shouldParsePerfLatencyClientOptions() {
        final PerfCommand.Runner r = (PerfCommand.Runner) leaf("perf", "lat", "-h", "10.0.0.2", "-p", "1234",
                "--sizes", "64,4096", "--iterations", "10", "--op", "send,read", "--json", "-P", "tcp-lo",
                "--plot", "lat.png");
        assertTrue(r instanceof PerfCommand.Latency);
        assertEquals("10.0.0.2", r.peerOptions().host);
        assertFalse(r.peerOptions().server);
        assertEquals(1234, r.options().port);
        assertArrayEquals(new long[] {64, 4096}, r.options().sizes);
        assertEquals(10, r.options().iterations);
        assertEquals(List.of(PerfOp.SEND, PerfOp.RDMA_READ), r.options().distinctOps());
        assertTrue(r.options().json);
        assertEquals(Path.of("lat.png"), r.options().plot);
        assertEquals("tcp-lo", r.commonOptions().ia);
    }

    @Test
    void shouldUsePerftestAndDatDefaults() {
        final PerfCommand.Runner r = (PerfCommand.Runner) leaf("perf", "bw", "-s");
        assertTrue(r instanceof PerfCommand.Bandwidth);
        assertTrue(r.peerOptions().server);
        assertNull(r.peerOptions().host);
        assertEquals(PerfCommand.DEFAULT_PORT, r.options().port);
        assertEquals(1000, r.options().iterations);
        assertEquals(List.of(PerfOp.SEND, PerfOp.RDMA_WRITE, PerfOp.RDMA_READ), r.options().distinctOps());
        assertEquals(Dat.defaultInterfaceAdapterName(), r.commonOptions().ia);
        assertEquals(300, r.peerOptions().waitSeconds);
    }

    @Test
    void shouldParseWarmupAndBytesAndSizeTheIterations() {
        final PerfCommand.Runner r = (PerfCommand.Runner) leaf("perf", "bw", "-h", "x", "-n", "200", "--warmup",
                "500", "--bytes", "1048576");
        assertEquals(500, r.options().warmup);
        assertEquals(16384, r.options().iterationsFor(64), "enough 64-byte messages to move the bytes");
        assertEquals(200, r.options().iterationsFor(65536), "never fewer than -n");
        final PerfCommand.Runner d = (PerfCommand.Runner) leaf("perf", "lat", "-h", "x", "-n", "30");
        assertNull(d.options().warmup, "no --warmup: the old default (10 % of -n, 1..100)");
        assertEquals(30, d.options().iterationsFor(1 << 20), "no --bytes: -n for every size");
        assertEquals("2", run("perf", "lat", "-h", "x", "--warmup", "-1")[0]);
        assertEquals(0, d.options().settle, "no --settle: a fixed warm-up");
        assertEquals("2", run("perf", "lat", "-h", "x", "--settle", "-1")[0]);
        assertEquals("2", run("perf", "bw", "-h", "x", "--settle", "3601")[0]);
        assertEquals("2", run("perf", "bw", "-h", "x", "--bytes", "-5")[0]);
    }

    @Test
    void shouldParseAndBoundTheReceiveDepth() {
        final PerfCommand.Runner r = (PerfCommand.Runner) leaf("perf", "bw", "-h", "x", "-r", "128");
        assertEquals(128, r.options().rxDepth(Wire.MODE_BANDWIDTH));
        assertEquals(128, r.options().rxDepth(Wire.MODE_LATENCY), "-r applies to both modes");
        final PerfCommand.PerfOptions d = ((PerfCommand.Runner) leaf("perf", "bw", "-h", "x", "--sizes", "4096"))
                .options();
        assertEquals(PerfCommand.BW_RX_DEPTH, d.rxDepth(Wire.MODE_BANDWIDTH), "bw default: perftest's 512");
        assertEquals(PerfCommand.SLOTS, d.rxDepth(Wire.MODE_LATENCY));
        assertEquals(PerfCommand.BW_RX_DEPTH, ((PerfCommand.Runner) leaf("perf", "bw", "-h", "x", "--sizes",
                "4096,4194304")).options().rxDepth(Wire.MODE_BANDWIDTH), "bw: 512 at every size, as perftest");
        // the server's ring: one slot that every receive shares for lat; for bw the receives share 64 MiB (at least 2
        // slots)
        assertEquals(512, PerfCommand.ringSlots(512, 4096, Wire.MODE_BANDWIDTH));
        assertEquals(64, PerfCommand.ringSlots(512, 1 << 20, Wire.MODE_BANDWIDTH), "64 MiB of 1 MiB slots");
        assertEquals(16, PerfCommand.ringSlots(512, 4 << 20, Wire.MODE_BANDWIDTH));
        assertEquals(2, PerfCommand.ringSlots(512, 64 << 20, Wire.MODE_BANDWIDTH));
        assertEquals(16, PerfCommand.ringSlots(16, 4096, Wire.MODE_BANDWIDTH), "never more slots than receives");
        assertEquals(1, PerfCommand.ringSlots(512, 1 << 20, Wire.MODE_LATENCY));
        assertEquals(1L << 20, PerfCommand.ringBytes(512, 1 << 20, Wire.MODE_LATENCY), "lat: one slot");
        assertEquals(64L << 20, PerfCommand.ringBytes(512, 4 << 20, Wire.MODE_BANDWIDTH));
        assertEquals(128, PerfCommand.announcedRxDepth(PerfCommand.pdata(4096, 128)));
        assertEquals(PerfCommand.SLOTS, PerfCommand.announcedRxDepth(java.util.Arrays.copyOf(
                PerfCommand.pdata(4096, 128), PerfCommand.PDATA_SIZE)), "a 16-byte request from an older client");
        assertEquals("2", run("perf", "bw", "-h", "x", "-r", "1")[0]);
        assertEquals("2", run("perf", "bw", "-h", "x", "--rx-depth", "5000")[0]);
        assertTrue(PerfCommand.ringBytes(512, 1 << 20, Wire.MODE_BANDWIDTH) <= PerfCommand.MAX_RX_BYTES,
                "bw -r 512 of 1 MiB fits: the receives share 64 MiB");
        final String[] huge = run("perf", "bw", "-h", "x", "-r", "4", "--sizes", "268435456");
        assertEquals("2", huge[0], "two 256 MiB slots exceed the cap");
    }

    @Test
    void shouldCollapseRepeatedOps() {
        final PerfCommand.Runner r = (PerfCommand.Runner) leaf("perf", "lat", "-h", "x", "--op", "read",
                "--op", "rdma_read,write");
        assertEquals(List.of(PerfOp.RDMA_WRITE, PerfOp.RDMA_READ), r.options().distinctOps());
    }

    @Test
    void shouldRefuseServerAndClientTogetherWithExitCode2() {
        final String[] r = run("perf", "lat", "-s", "-h", "localhost");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("either -s"), r[2]);
        assertEquals("", r[1], "nothing on stdout");
        assertEquals("2", run("test")[0], "neither -s nor -h");
        assertEquals("2", run("cm", "-h", "x", "--forever")[0]);
        assertEquals("2", run("cm", "-h", "x", "--warmup", "-1")[0]);
    }

    @Test
    void shouldRefuseBadPerfOptionsWithExitCode2() {
        assertEquals("2", run("perf", "lat", "-h", "x", "--json", "--csv")[0]);
        assertEquals("2", run("perf", "bw", "-h", "x", "--sizes", "0")[0]);
        assertEquals("2", run("perf", "bw", "-h", "x", "--iterations", "0")[0]);
        final String[] r = run("perf", "lat", "-h", "x", "--op", "atomic");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("unknown operation 'atomic'"), r[2]);
        assertEquals("2", run("perf")[0]);
        assertEquals("2", run()[0]);
        assertEquals("2", run("no-such-command")[0]);
    }

    @Test
    void shouldParseDtestStyleOptions() {
        final Object t = leaf("test", "-h", "server1", "-b", "1024", "-B", "5", "--poll", "-P", "ofa-v2-rxe0");
        assertTrue(t instanceof TestCommand);
        final Object s = leaf("test", "-s");
        assertTrue(s instanceof TestCommand);
        final Object c = leaf("cm", "-h", "server1", "-c", "50", "-b", "5");
        assertTrue(c instanceof CmCommand);
    }

    @Test
    void shouldExplainMinusPInEveryCommandsHelp() {
        for (final String cmd : List.of("test", "cm", "demo", "providers")) {
            final String[] r = run(cmd, "--help");
            assertEquals("0", r[0], cmd);
            assertTrue(r[1].contains("-P, --ia=IA_NAME"), cmd + ": " + r[1]);
        }
        for (final String mode : List.of("lat", "bw")) {
            final String[] r = run("perf", mode, "--help");
            assertEquals("0", r[0]);
            assertTrue(r[1].contains("-P, --ia=IA_NAME") && r[1].contains("tcp-lo"), r[1]);
        }
    }

    @Test
    void shouldPrintTheVersion() {
        final String[] r = run("--version");
        assertEquals("0", r[0]);
        assertTrue(r[1].startsWith("dat ") && r[1].contains("DAT 2.0"), r[1]);
    }
}
