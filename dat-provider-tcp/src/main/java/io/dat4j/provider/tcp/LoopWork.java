package io.dat4j.provider.tcp;

import io.dat4j.internal.logging.Logging;
import java.util.ArrayDeque;
import org.apache.logging.log4j.Logger;

/**
 * The work queued for one I/O loop by other threads: tasks (connect, accept, disconnect, close, a listener's accept)
 * and connections with work to do (posted requests, a receive posted while a SEND waits, a failure handed over). Any
 * thread adds; the loop owner runs them, in order, once per round.
 *
 * <p>Threading: each queue is guarded by its own monitor, a leaf under which nothing else is taken; the work runs on
 * the loop owner with no lock held (a connection takes its own lock). Each queue's length is also a volatile count,
 * written under its monitor, so that finding both queues empty (every round of a driving consumer, twice) takes no
 * monitor: an adder wakes the loop after it added, so a round that saw a queue empty just before an add is followed by
 * one that sees it. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class LoopWork {

    private static final Logger LOG = Logging.logger(LoopWork.class);

    private final String name;
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    private final ArrayDeque<TcpConnection> ready = new ArrayDeque<>();
    /** {@link #tasks}' length, written under its monitor. */
    private volatile int taskCount;
    /** {@link #ready}'s length, written under its monitor. */
    private volatile int readyCount;

    /** @param name the loop's thread name, for the log */
    LoopWork(final String name) {
        this.name = name;
    }

    /** Queues a task. */
    void addTask(final Runnable task) {
        synchronized (tasks) {
            tasks.add(task);
            taskCount = tasks.size();
        }
    }

    /**
     * Queues a connection unless it is queued already; allocation-free.
     *
     * @return true if it was queued now (the loop should be woken)
     */
    boolean addReady(final TcpConnection c) {
        if (!c.scheduled.compareAndSet(false, true)) {
            return false;
        }
        synchronized (ready) {
            ready.add(c);
            readyCount = ready.size();
        }
        return true;
    }

    /** {@return true if a task or a connection is queued} */
    boolean hasWork() {
        return taskCount != 0 || readyCount != 0;
    }

    /** Runs the queued tasks, those queued meanwhile included; loop owner only. */
    void runTasks() {
        while (taskCount != 0) {
            final Runnable r;
            synchronized (tasks) {
                r = tasks.poll();
                taskCount = tasks.size();
            }
            if (r == null) {
                return;
            }
            try {
                r.run();
            } catch (final RuntimeException e) {
                LOG.error("I/O thread {}: task failed", name, e);
            }
        }
    }

    /**
     * Works on the connections queued when it is called ({@link TcpConnection#onScheduled()}); loop owner only. One
     * queued again meanwhile (by itself: a read turn that ended with bytes left, {@link InboundReader#STEPS_PER_TURN})
     * waits for the next round, which does not block ({@link #hasWork()}), so that the selection serves the others
     * first.
     */
    void runReady() {
        for (int n = readyCount; n > 0; n--) {
            final TcpConnection c;
            synchronized (ready) {
                c = ready.poll();
                readyCount = ready.size();
            }
            if (c == null) {
                return;
            }
            c.scheduled.set(false);
            try {
                c.onScheduled();
            } catch (final RuntimeException e) {
                LOG.error("I/O thread {}: {} failed", name, c, e);
                c.fail("internal error: " + e);
            }
        }
    }
}
