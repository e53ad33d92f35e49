package io.dat4j.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws the comparison plots of a benchmark run (XChart), one PNG per kind of series, {@code OUTDIR/KIND.png}, from the
 * run's {@code series.csv}: {@code kind,label,size,value} lines (the points; labels without commas), and optionally
 * {@code title,kind,TEXT} and {@code yaxis,kind,TEXT} lines that name a kind's plot and its vertical axis. A kind whose
 * name contains {@code lat} is a latency plot (log-log), any other a bandwidth plot (log size, linear Gbit/s).
 * {@code scripts/bench-peers.sh} writes kinds such as {@code tcp-lat-split}; {@code scripts/bench-softroce.sh} writes
 * {@code lat} and {@code bw}.
 *
 * <pre>
 * java -cp ... io.dat4j.benchmarks.BenchPlot SERIES.csv OUTDIR [CONTEXT]
 * </pre>
 *
 * <p>With CONTEXT (for example {@code "Soft-RoCE guest"}) the default titles name it and the default latency axis is
 * the p50 one-way latency of the series.
 */
public final class BenchPlot {

    private BenchPlot() {
    }

    /**
     * Entry point.
     *
     * @param args the series file, the output directory and optionally the context for the titles
     * @throws IOException when a file cannot be read or written
     */
    public static void main(final String[] args) throws IOException {
        if (args.length != 2 && args.length != 3) {
            System.err.println("usage: BenchPlot SERIES.csv OUTDIR [CONTEXT]");
            System.exit(2);
        }
        final Map<String, Map<String, List<double[]>>> kinds = new LinkedHashMap<>();
        final Map<String, String> titles = new LinkedHashMap<>();
        final Map<String, String> yAxes = new LinkedHashMap<>();
        for (final String line : Files.readAllLines(Path.of(args[0]))) {
            final String[] c = line.split(",", -1);
            if (c.length >= 3 && (c[0].equals("title") || c[0].equals("yaxis"))) {
                (c[0].equals("title") ? titles : yAxes).put(c[1], line.substring(c[0].length() + c[1].length() + 2));
                continue;
            }
            if (c.length != 4) {
                continue;
            }
            kinds.computeIfAbsent(c[0], k -> new LinkedHashMap<>()).computeIfAbsent(c[1], k -> new ArrayList<>())
                    .add(new double[] {Double.parseDouble(c[2]), Double.parseDouble(c[3])});
        }
        for (final Map.Entry<String, Map<String, List<double[]>>> kind : kinds.entrySet()) {
            final boolean lat = kind.getKey().contains("lat");
            String title;
            String yAxis;
            if (args.length == 3) {
                title = (lat ? "Latency, " : "Bandwidth, ") + args[2];
                yAxis = lat ? "p50 one-way latency [us]" : "Gbit/s";
            } else {
                title = lat ? "Ping-pong over TCP loopback, two processes" : "Streaming over TCP loopback";
                yAxis = lat ? "p50 round trip [us]" : "Gbit/s";
            }
            title = titles.getOrDefault(kind.getKey(), title);
            yAxis = yAxes.getOrDefault(kind.getKey(), yAxis);
            final XYChart chart = new XYChartBuilder().width(900).height(560).title(title)
                    .xAxisTitle("message size [bytes]").yAxisTitle(yAxis).build();
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmic(lat);
            for (final Map.Entry<String, List<double[]>> s : kind.getValue().entrySet()) {
                final double[] x = s.getValue().stream().mapToDouble(p -> p[0]).toArray();
                final double[] y = s.getValue().stream().mapToDouble(p -> Math.max(p[1], 1e-3)).toArray();
                chart.addSeries(s.getKey(), x, y).setMarker(SeriesMarkers.CIRCLE);
            }
            BitmapEncoder.saveBitmap(chart, Path.of(args[1], kind.getKey() + ".png").toString(),
                    BitmapEncoder.BitmapFormat.PNG);
        }
    }
}
