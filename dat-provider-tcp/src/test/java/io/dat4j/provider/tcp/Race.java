package io.dat4j.provider.tcp;

import io.dat4j.DatException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs actions in a loop, one thread each, for a bounded time, and fails at once when the threads deadlock
 * ({@link ThreadMXBean#findDeadlockedThreads()}), stop making progress, or throw anything but a
 * {@link DatException}. The threads are daemons: a deadlocked pair does not keep the JVM alive.
 */
final class Race {

    private static final long STALL_NANOS = Duration.ofSeconds(10).toNanos();

    private Race() {
    }

    /**
     * Races the actions.
     *
     * @param time how long they run
     * @param actions one loop body per thread
     * @throws AssertionError with the stacks of the threads involved
     */
    static void run(final Duration time, final Runnable... actions) throws InterruptedException {
        final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final AtomicLong[] rounds = new AtomicLong[actions.length];
        final List<Thread> threads = new ArrayList<>();
        final long end = System.nanoTime() + time.toNanos();
        for (int i = 0; i < actions.length; i++) {
            final Runnable a = actions[i];
            final AtomicLong n = new AtomicLong();
            rounds[i] = n;
            final Thread t = Thread.ofPlatform().daemon().name("race-" + i).unstarted(() -> {
                while (System.nanoTime() - end < 0 && failure.get() == null) {
                    try {
                        a.run();
                    } catch (final DatException expected) {
                        // a refusal is an answer; only a hang or another exception is a failure
                    } catch (final Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                    n.incrementAndGet();
                }
            });
            threads.add(t);
        }
        threads.forEach(Thread::start);
        final long[] last = new long[actions.length];
        final long[] since = new long[actions.length];
        java.util.Arrays.fill(since, System.nanoTime());
        while (true) {
            Thread.sleep(20);
            final long[] dead = mx.findDeadlockedThreads();
            if (dead != null && involves(dead, threads)) {
                throw new AssertionError("deadlock:\n" + describe(mx.getThreadInfo(dead, true, true)));
            }
            final Throwable f = failure.get();
            if (f != null) {
                throw new AssertionError("a racing thread failed: " + f, f);
            }
            boolean alive = false;
            for (int i = 0; i < threads.size(); i++) {
                alive |= threads.get(i).isAlive();
                final long r = rounds[i].get();
                if (r != last[i]) {
                    last[i] = r;
                    since[i] = System.nanoTime();
                } else if (threads.get(i).isAlive() && System.nanoTime() - since[i] > STALL_NANOS) {
                    final long[] ids = threads.stream().mapToLong(Thread::threadId).toArray();
                    throw new AssertionError("no progress for 10 s:\n" + describe(mx.getThreadInfo(ids, true, true)));
                }
            }
            if (!alive) {
                return;
            }
        }
    }

    private static boolean involves(final long[] ids, final List<Thread> threads) {
        for (final long id : ids) {
            for (final Thread t : threads) {
                if (t.threadId() == id) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String describe(final ThreadInfo[] infos) {
        final StringBuilder b = new StringBuilder();
        for (final ThreadInfo t : infos) {
            if (t == null) {
                continue;
            }
            b.append('"').append(t.getThreadName()).append("\" ").append(t.getThreadState());
            if (t.getLockName() != null) {
                b.append(" waiting for ").append(t.getLockName()).append(" held by ").append(t.getLockOwnerName());
            }
            b.append('\n');
            for (final StackTraceElement e : t.getStackTrace()) {
                b.append("    at ").append(e).append('\n');
            }
        }
        return b.toString();
    }
}
