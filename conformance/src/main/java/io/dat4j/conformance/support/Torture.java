package io.dat4j.conformance.support;

import io.dat4j.DatException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.opentest4j.AssertionFailedError;

/**
 * A torture run: several threads call actions on shared handles for a bounded time, while a watchdog looks for
 * deadlocks ({@link ThreadMXBean#findDeadlockedThreads()}) and for a stall (no action finished for a while), and every
 * throwable other than a {@link DatException} is recorded as a violation. A failure prints the seed, the deadlocked or
 * stalled threads with their stacks and held locks, and the first violations; the seed replays each thread's sequence
 * of actions ({@value #SEED_PROP_NAME}), though not the interleaving.
 *
 * <p>Thread safety: one test thread calls {@link #run}; the workers and the watchdog are its own threads, named
 * {@value LeakCheckExtension#OWN_THREAD_PREFIX}{@code torture-*}, and all end before {@code run} returns (or are
 * reported as stuck).
 */
public final class Torture {

    /** System property: the seed to replay (decimal or 0x hex); a fresh one is drawn otherwise. */
    public static final String SEED_PROP_NAME = "dat.conformance.seed";
    /** System property: how long each torture phase runs, in milliseconds (not scaled). */
    public static final String MILLIS_PROP_NAME = "dat.conformance.torture.millis";
    /** How long a phase runs when the property is unset. */
    public static final long MILLIS_DEFAULT = 2_000;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int MAX_REPORTED = 8;

    /** One thing a worker does; it may throw a {@link DatException}, which counts by status. */
    @FunctionalInterface
    public interface Action {
        /**
         * Runs once.
         *
         * @param random this worker's generator
         */
        void run(SplittableRandom random);
    }

    /**
     * An action with its name and weight.
     *
     * @param name name, for the report
     * @param weight relative frequency, 1 or more
     * @param action what it does
     */
    public record Step(String name, int weight, Action action) {
        /**
         * Checks the weight.
         *
         * @param name name, for the report
         * @param weight relative frequency, 1 or more
         * @param action what it does
         */
        public Step {
            if (weight < 1) {
                throw new IllegalArgumentException("weight must be at least 1");
            }
        }
    }

    private final String rule;
    private final long seed;
    private final List<String> violations = new CopyOnWriteArrayList<>();
    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
    private final AtomicLong progress = new AtomicLong();
    private volatile boolean stop;
    private volatile boolean stuck;

    /**
     * A run for one rule; prints the seed on standard output.
     *
     * @param rule the rule id, for messages
     */
    public Torture(final String rule) {
        this.rule = rule;
        this.seed = initialSeed();
        System.out.println(rule + ": torture seed 0x" + Long.toHexString(seed) + " (replay with -D" + SEED_PROP_NAME
                + "=0x" + Long.toHexString(seed) + ")");
    }

    private static long initialSeed() {
        final String s = System.getProperty(SEED_PROP_NAME);
        if (s == null || s.isBlank()) {
            return new SplittableRandom().nextLong();
        }
        final String t = s.trim();
        return t.startsWith("0x") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
    }

    /** {@return the seed of this run} */
    public long seed() {
        return seed;
    }

    /** {@return a generator for the test thread's own choices, derived from the seed} */
    public SplittableRandom random() {
        return new SplittableRandom(seed ^ 0x5DEECE66DL);
    }

    /** {@return the phase length from {@value #MILLIS_PROP_NAME}} */
    public static Duration phase() {
        final String s = System.getProperty(MILLIS_PROP_NAME);
        return Duration.ofMillis(s == null || s.isBlank() ? MILLIS_DEFAULT : Long.parseLong(s.trim()));
    }

    /**
     * Records a broken invariant (the run fails at {@link #check()}).
     *
     * @param what what happened
     */
    public void violation(final String what) {
        violations.add(what);
    }

    /**
     * Runs the steps on {@code threads} workers for {@code duration}, each worker choosing steps by weight with its
     * own generator. Returns when every worker has stopped; a worker that does not stop within the stall limit is
     * reported with its stack (and left running: it is stuck in the provider).
     *
     * @param phaseName the phase, for messages
     * @param threads how many workers
     * @param duration how long
     * @param steps what they do
     */
    public void run(final String phaseName, final int threads, final Duration duration, final List<Step> steps) {
        run(phaseName, threads, duration, steps, List.of());
    }

    /**
     * Like {@link #run(String, int, Duration, List)}, with extra threads that each run one task once (a chaos thread
     * that disconnects and reconnects, say) beside the workers; they must end by themselves within the stall limit
     * after the duration.
     *
     * @param phaseName the phase, for messages
     * @param threads how many workers
     * @param duration how long
     * @param steps what the workers do
     * @param tasks one-shot tasks, each on its own thread; they should watch {@link #stopping()}
     */
    public void run(final String phaseName, final int threads, final Duration duration, final List<Step> steps,
            final List<Action> tasks) {
        stop = false;
        final int total = steps.stream().mapToInt(Step::weight).sum();
        final List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            final SplittableRandom r = new SplittableRandom(seed + 0x9E3779B97F4A7C15L * (i + 1));
            workers.add(start(phaseName + "-" + i, () -> {
                while (!stop) {
                    int pick = r.nextInt(total);
                    Step chosen = null;
                    for (final Step s : steps) {
                        pick -= s.weight();
                        if (pick < 0) {
                            chosen = s;
                            break;
                        }
                    }
                    attempt(chosen.name(), chosen.action(), r);
                }
            }));
        }
        int t = 0;
        for (final Action task : tasks) {
            final SplittableRandom r = new SplittableRandom(seed - 0x9E3779B97F4A7C15L * (++t));
            workers.add(start(phaseName + "-task" + t, () -> attempt("task", task, r)));
        }
        final long end = System.nanoTime() + duration.toNanos();
        final long stallLimit = ConformanceTimeouts.event().toNanos();
        long lastProgress = progress.get();
        long lastChange = System.nanoTime();
        while (true) {
            sleep(50);
            final long[] dead = ours(THREADS.findDeadlockedThreads(), workers);
            if (dead.length > 0) {
                violation("deadlock in phase " + phaseName + ":\n" + describe(dead));
                stuck = true;
                stop = true;
                return;
            }
            final long now = System.nanoTime();
            final long p = progress.get();
            if (p != lastProgress) {
                lastProgress = p;
                lastChange = now;
            } else if (now - lastChange > stallLimit) {
                violation("no call returned for " + Duration.ofNanos(now - lastChange).toMillis() + " ms in phase "
                        + phaseName + " (hang):\n" + describe(ids(workers)));
                stuck = true;
                stop = true;
                return;
            }
            if (now - end >= 0) {
                stop = true;
            }
            if (stop && workers.stream().noneMatch(Thread::isAlive)) {
                return;
            }
        }
    }

    /**
     * {@return true if threads are deadlocked or hung in the provider}; the test must then fail at once and leave the
     * handles alone, since closing them would block on the same locks
     */
    public boolean stuck() {
        return stuck;
    }

    /** {@return true once the current phase is ending} */
    public boolean stopping() {
        return stop;
    }

    private void attempt(final String name, final Action action, final SplittableRandom r) {
        try {
            action.run(r);
            count(name + " ok");
        } catch (final DatException e) {
            count(name + " " + e.type());
        } catch (final Throwable e) {
            violation(name + " threw " + e + " (only DatException is allowed)\n" + stack(e.getStackTrace()));
        } finally {
            progress.incrementAndGet();
        }
    }

    private void count(final String key) {
        outcomes.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    private Thread start(final String name, final Runnable body) {
        final Thread t = new Thread(body, LeakCheckExtension.OWN_THREAD_PREFIX + "torture-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** {@return how many calls returned or threw so far} */
    public long calls() {
        return progress.get();
    }

    /** {@return the outcome counts, for the report: "postSend ok" = 1234, "postSend INVALID_STATE" = 5, ...} */
    public Map<String, Long> outcomes() {
        final Map<String, Long> m = new TreeMap<>();
        outcomes.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    /**
     * Fails the test if any invariant broke; prints the outcome counts either way.
     *
     * @throws AssertionFailedError with the seed and the first violations
     */
    public void check() {
        System.out.println(rule + ": " + calls() + " calls, outcomes " + outcomes());
        if (!violations.isEmpty()) {
            final StringBuilder b = new StringBuilder(rule).append(": ").append(violations.size())
                    .append(" violation(s), seed 0x").append(Long.toHexString(seed)).append(" (replay with -D")
                    .append(SEED_PROP_NAME).append("=0x").append(Long.toHexString(seed)).append(")");
            for (int i = 0; i < Math.min(MAX_REPORTED, violations.size()); i++) {
                b.append("\n- ").append(violations.get(i));
            }
            throw new AssertionFailedError(b.toString());
        }
    }

    /** {@return the deadlocked threads that are this phase's (an earlier rule's stuck threads stay stuck)} */
    private static long[] ours(final long[] deadlocked, final List<Thread> threads) {
        if (deadlocked == null) {
            return new long[0];
        }
        final java.util.Set<Long> mine = new java.util.HashSet<>();
        threads.forEach(t -> mine.add(t.threadId()));
        return java.util.Arrays.stream(deadlocked).filter(mine::contains).toArray();
    }

    private static long[] ids(final List<Thread> threads) {
        return threads.stream().filter(Thread::isAlive).mapToLong(Thread::threadId).toArray();
    }

    /**
     * {@return the threads' stacks with the monitors and locks they hold and wait for}
     *
     * @param ids thread ids
     */
    public static String describe(final long[] ids) {
        final StringBuilder b = new StringBuilder();
        for (final ThreadInfo ti : THREADS.getThreadInfo(ids, true, true)) {
            if (ti == null) {
                continue;
            }
            b.append('"').append(ti.getThreadName()).append("\" ").append(ti.getThreadState());
            if (ti.getLockInfo() != null) {
                b.append(" waiting for ").append(ti.getLockInfo());
                if (ti.getLockOwnerName() != null) {
                    b.append(" held by \"").append(ti.getLockOwnerName()).append('"');
                }
            }
            b.append('\n');
            final StackTraceElement[] st = ti.getStackTrace();
            for (int i = 0; i < st.length; i++) {
                b.append("    at ").append(st[i]).append('\n');
                for (final MonitorInfo m : ti.getLockedMonitors()) {
                    if (m.getLockedStackDepth() == i) {
                        b.append("      - holds monitor ").append(m).append('\n');
                    }
                }
            }
            for (final LockInfo l : ti.getLockedSynchronizers()) {
                b.append("    - holds ").append(l).append('\n');
            }
        }
        return b.toString();
    }

    private static String stack(final StackTraceElement[] st) {
        final StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(12, st.length); i++) {
            b.append("    at ").append(st[i]).append('\n');
        }
        return b.toString();
    }

    private static void sleep(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionFailedError("interrupted");
        }
    }
}
