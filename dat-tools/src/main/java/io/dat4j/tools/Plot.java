package io.dat4j.tools;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Writes a perf run as a PNG: latency (RTT p50 and p99) or bandwidth against message size, one series per op. */
final class Plot {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;
    private static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c)};

    private Plot() {
    }

    /**
     * Builds the chart.
     *
     * @param results the points of one run (latency or bandwidth)
     * @param title the chart title
     * @return the chart
     */
    static XYChart chart(final List<? extends PerfResult> results, final String title) {
        final boolean lat = !results.isEmpty() && results.getFirst() instanceof PerfResult.LatencyResult;
        final XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("message size [bytes]").yAxisTitle(lat ? "round-trip time [us]" : "bandwidth [Gbit/s]")
                .build();
        chart.getStyler().setXAxisLogarithmic(true);
        if (lat) {
            chart.getStyler().setYAxisLogarithmic(true);
        }
        final Map<String, List<double[]>> series = new LinkedHashMap<>();
        for (final PerfResult r : results) {
            switch (r) {
                case PerfResult.LatencyResult l -> {
                    series.computeIfAbsent(l.op().label() + " p50", k -> new ArrayList<>())
                            .add(new double[] {l.size(), l.rtt().p50Us()});
                    series.computeIfAbsent(l.op().label() + " p99", k -> new ArrayList<>())
                            .add(new double[] {l.size(), l.rtt().p99Us()});
                }
                case PerfResult.BandwidthResult b -> series.computeIfAbsent(b.op().label(), k -> new ArrayList<>())
                        .add(new double[] {b.size(), b.gbitPerSecond()});
            }
        }
        for (final Map.Entry<String, List<double[]>> e : series.entrySet()) {
            final double[] x = new double[e.getValue().size()];
            final double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                x[i] = e.getValue().get(i)[0];
                y[i] = Math.max(e.getValue().get(i)[1], lat ? 1e-3 : 0);
            }
            final XYSeries line = chart.addSeries(e.getKey(), x, y);
            line.setMarker(SeriesMarkers.CIRCLE);
            // one colour per operation; the p99 line of a latency plot is dashed beside its solid p50
            final PerfOp op = PerfOp.parse(e.getKey().split(" ")[0]);
            line.setLineColor(COLOURS[op.ordinal()]);
            line.setMarkerColor(COLOURS[op.ordinal()]);
            if (e.getKey().endsWith(" p99")) {
                line.setLineStyle(SeriesLines.DASH_DASH);
            }
        }
        return chart;
    }

    /**
     * Writes the chart as PNG.
     *
     * @param file the file; {@code .png} is added by XChart if missing
     * @param results the points
     * @param title the chart title
     * @throws IOException if the file cannot be written
     */
    static void write(final Path file, final List<? extends PerfResult> results, final String title)
            throws IOException {
        BitmapEncoder.saveBitmap(chart(results, title), file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
