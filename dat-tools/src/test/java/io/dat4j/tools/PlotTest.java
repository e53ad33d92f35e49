package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

class PlotTest {

    @Test
    void shouldPlotP50AndP99PerOperation(@TempDir final Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        final Stats.Latency l = Stats.latency(new long[] {2_000, 4_000});
        final List<PerfResult> r = List.of(new PerfResult.LatencyResult(PerfOp.SEND, 64, 2, l, 0),
                new PerfResult.LatencyResult(PerfOp.SEND, 4096, 2, l, 0),
                new PerfResult.LatencyResult(PerfOp.RDMA_READ, 64, 2, l, 0));
        final XYChart chart = Plot.chart(r, "t");
        assertEquals(List.of("send p50", "send p99", "rdma_read p50", "rdma_read p99"),
                List.copyOf(chart.getSeriesMap().keySet()));
        final Path png = dir.resolve("lat.png");
        Plot.write(png, r, "test");
        final byte[] head = Arrays.copyOf(Files.readAllBytes(png), 8);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, head);
    }

    @Test
    void shouldPlotBandwidthPerOperation() {
        System.setProperty("java.awt.headless", "true");
        final XYChart chart = Plot.chart(List.of(new PerfResult.BandwidthResult(PerfOp.RDMA_WRITE, 64, 10, 1000, 0),
                new PerfResult.BandwidthResult(PerfOp.RDMA_WRITE, 128, 10, 1000, 0)), "bw");
        assertEquals(List.of("rdma_write"), List.copyOf(chart.getSeriesMap().keySet()));
        assertEquals("bandwidth [Gbit/s]", chart.getYAxisTitle());
    }
}
