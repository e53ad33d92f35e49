package io.dat4j.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The three ways perf prints its results: a table for people, one JSON array, or CSV with a header line. */
final class ResultFormat {

    private ResultFormat() {
    }

    /**
     * {@return one JSON array, an object per operation and size}
     *
     * @param results the points
     */
    static String json(final List<? extends PerfResult> results) {
        final List<Map<String, Object>> all = new ArrayList<>();
        for (final PerfResult r : results) {
            all.add(r.fields());
        }
        return Json.write(all);
    }

    /**
     * {@return CSV: a header line from the first result's fields, then a line per result; empty for no results}
     *
     * @param results the points, all of one kind
     */
    static String csv(final List<? extends PerfResult> results) {
        if (results.isEmpty()) {
            return "";
        }
        final StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", results.getFirst().fields().keySet())).append('\n');
        for (final PerfResult r : results) {
            final List<String> cells = new ArrayList<>();
            for (final Object v : r.fields().values()) {
                cells.add(csvCell(v));
            }
            sb.append(String.join(",", cells)).append('\n');
        }
        return sb.toString();
    }

    private static String csvCell(final Object v) {
        final String s = v instanceof Double d ? (d == Math.rint(d) && Math.abs(d) < 1e15
                ? Long.toString(d.longValue()) : d.toString()) : String.valueOf(v);
        return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    /**
     * {@return an aligned table in the style of perftest}
     *
     * @param results the points
     */
    static String table(final List<? extends PerfResult> results) {
        final StringBuilder sb = new StringBuilder();
        if (results.isEmpty()) {
            return "";
        }
        if (results.getFirst() instanceof PerfResult.LatencyResult) {
            sb.append(String.format(Locale.ROOT, "%-11s %9s %9s %10s %10s %10s %10s %10s %12s%n", "op", "bytes",
                    "iters", "t_min[us]", "t_p50[us]", "t_p99[us]", "t_p99.9[us]", "t_max[us]", "1-way p50[us]"));
            for (final PerfResult r : results) {
                if (r instanceof PerfResult.LatencyResult l) {
                    sb.append(String.format(Locale.ROOT, "%-11s %9d %9d %10.2f %10.2f %10.2f %10.2f %10.2f %12.2f%n",
                            l.op().label(), l.size(), l.iterations(), l.rtt().minUs(), l.rtt().p50Us(),
                            l.rtt().p99Us(), l.rtt().p999Us(), l.rtt().maxUs(), l.rtt().p50Us() / 2));
                }
            }
            sb.append("(t_* are round-trip times; one-way latency as perftest reports it is RTT/2)\n");
        } else {
            sb.append(String.format(Locale.ROOT, "%-11s %9s %9s %12s %14s%n", "op", "bytes", "iters",
                    "BW[Gb/s]", "MsgRate[Mpps]"));
            for (final PerfResult r : results) {
                if (r instanceof PerfResult.BandwidthResult b) {
                    sb.append(String.format(Locale.ROOT, "%-11s %9d %9d %12.3f %14.6f%n", b.op().label(), b.size(),
                            b.iterations(), b.gbitPerSecond(), b.messagesPerSecond() / 1e6));
                }
            }
        }
        return sb.toString();
    }
}
