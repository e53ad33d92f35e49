package io.dat4j.tools;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;

/**
 * {@code dat cm --steps}: the provider's own per-step connection times, read in-process from its JFR events (the
 * rdmacm provider's {@value #EVENT}: one event per step of an EP's set-up and teardown, committed when the step ends,
 * with how long it took). A provider that emits none gives an empty table.
 *
 * <p>Per step it reports count, min/avg/max of the single steps and, like librdmacm's {@code cmtime} (whose steps run
 * for all connections at once), {@code us_per_conn}: the wall time of the step per connection, summed over the phases
 * the caller {@link #mark marks} (each burst's connect, its disconnect, ...), from the first start to the last end
 * of the step within the phase, divided by the connections.
 *
 * <p>Threads: the stream's thread adds samples to a concurrent queue; marks and summaries come from the caller's
 * thread (one).
 */
final class ProviderSteps implements AutoCloseable {

    /** The rdmacm provider's event ({@code io.dat4j.provider.rdmacm.ConnectionStepEvent}). */
    static final String EVENT = "io.dat4j.rdmacm.ConnectionStep";

    /**
     * One step as recorded.
     *
     * @param step its name
     * @param end when it ended
     * @param tookNanos how long it took
     */
    record Sample(String step, Instant end, long tookNanos) {

        /** {@return when it began} */
        Instant start() {
            return end.minusNanos(tookNanos);
        }
    }

    private final RecordingStream stream;
    private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
    private final List<Instant> marks = new ArrayList<>();

    private ProviderSteps(final RecordingStream stream) {
        this.stream = stream;
    }

    /** {@return a started recording of the provider's step events} */
    static ProviderSteps start() {
        final RecordingStream rs = new RecordingStream();
        rs.enable(EVENT).withoutThreshold();
        final ProviderSteps s = new ProviderSteps(rs);
        rs.onEvent(EVENT, s::add);
        rs.startAsync();
        return s;
    }

    private void add(final RecordedEvent e) {
        samples.add(new Sample(e.getString("step"), e.getEndTime(), e.getLong("took")));
    }

    /**
     * Starts a phase: the steps that begin from now on until the next mark belong to it (by their start: a step the
     * previous phase began, such as the last establishment's upcall, may end after the caller moved on).
     */
    void mark() {
        marks.add(Instant.now());
    }

    /** Waits until every event committed so far has been read (the stream delivers them about once a second). */
    void stop() {
        stream.stop();
    }

    /**
     * {@return per step (in the order they first ended): count, min_us, avg_us, max_us and us_per_conn, of the
     * samples that began at or after {@code from}}
     *
     * @param from the first instant counted (null: all)
     * @param connections what {@code us_per_conn} divides by
     */
    Map<String, Object> summary(final Instant from, final int connections) {
        final Map<String, List<Sample>> byStep = new LinkedHashMap<>();
        for (final Sample s : samples) {
            if (from == null || !s.start().isBefore(from)) {
                byStep.computeIfAbsent(s.step(), k -> new ArrayList<>()).add(s);
            }
        }
        final Map<String, Object> m = new LinkedHashMap<>();
        for (final Map.Entry<String, List<Sample>> e : byStep.entrySet()) {
            final CmCommand.Step st = new CmCommand.Step();
            // phase -> [first start, last end] in nanoseconds since the epoch
            final Map<Integer, long[]> spans = new TreeMap<>();
            for (final Sample s : e.getValue()) {
                st.add(s.tookNanos());
                final long end = nanos(s.end());
                final long[] span = spans.computeIfAbsent(phase(s.start()), k -> new long[] {Long.MAX_VALUE, 0});
                span[0] = Math.min(span[0], end - s.tookNanos());
                span[1] = Math.max(span[1], end);
            }
            long wall = 0;
            for (final long[] span : spans.values()) {
                wall += span[1] - span[0];
            }
            final Map<String, Object> f = st.fields();
            f.put("us_per_conn", connections <= 0 ? null : wall / 1e3 / connections);
            m.put(e.getKey().replace(' ', '_'), f);
        }
        return m;
    }

    /** {@return the phase an instant falls in: the number of marks at or before it} */
    private int phase(final Instant t) {
        int lo = 0;
        int hi = marks.size();
        while (lo < hi) {
            final int mid = (lo + hi) >>> 1;
            if (marks.get(mid).isAfter(t)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static long nanos(final Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /**
     * Prints a summary as a table.
     *
     * @param out where
     * @param summary from {@link #summary}
     */
    @SuppressWarnings("unchecked")
    static void print(final java.io.PrintWriter out, final Map<String, Object> summary) {
        out.printf(Locale.ROOT, "%-20s %7s %12s %12s %12s %12s%n", "provider step", "count", "min[us]", "avg[us]",
                "max[us]", "us/conn");
        for (final Map.Entry<String, Object> e : summary.entrySet()) {
            final Map<String, Object> f = (Map<String, Object>) e.getValue();
            out.printf(Locale.ROOT, "%-20s %7d %12.2f %12.2f %12.2f %12s%n", e.getKey().replace('_', ' '),
                    (Long) f.get("count"), (Double) f.get("min_us"), (Double) f.get("avg_us"),
                    (Double) f.get("max_us"), f.get("us_per_conn") == null ? "-"
                    : String.format(Locale.ROOT, "%.2f", (Double) f.get("us_per_conn")));
        }
    }

    /** Forgets the samples read so far (a server between runs). */
    void clear() {
        samples.clear();
        marks.clear();
    }

    @Override
    public void close() {
        stream.close();
    }
}
