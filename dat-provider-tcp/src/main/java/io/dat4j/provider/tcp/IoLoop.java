package io.dat4j.provider.tcp;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One I/O thread of an IA: a selector over many connections, a task queue, a queue of connections with work to do,
 * and the connections' timers. Every socket of the connections it owns is touched only by this thread.
 */
final class IoLoop implements Runnable {

    private static final Logger LOG = LogManager.getLogger(IoLoop.class);

    final int index;
    private final Selector selector;
    private final Thread thread;
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    private final ArrayDeque<TcpConnection> ready = new ArrayDeque<>();
    private final ArrayList<TcpConnection> timed = new ArrayList<>();
    private final java.nio.ByteBuffer scratch = java.nio.ByteBuffer.allocateDirect(64 * 1024);
    private final java.util.function.Consumer<SelectionKey> handler = this::handle;
    private volatile boolean selecting;
    private volatile boolean running = true;
    /** Silent-peer detection of this thread's established connections. */
    final Liveness.Sweep liveness;

    IoLoop(final String name, final int index, final long ackTimeoutNanos) throws IOException {
        this.index = index;
        this.liveness = new Liveness.Sweep(ackTimeoutNanos);
        this.selector = Selector.open();
        this.thread = new Thread(this, name);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** {@return a buffer for discarding bytes, loop thread only} */
    java.nio.ByteBuffer scratch() {
        return scratch;
    }

    Selector selector() {
        return selector;
    }

    boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    /** Runs a task on the loop thread (soon). */
    void execute(final Runnable task) {
        synchronized (tasks) {
            tasks.add(task);
        }
        wakeup();
    }

    /**
     * Runs a task on the loop thread and waits for it (inline when called on the loop thread or after the loop
     * stopped).
     *
     * @return false on timeout
     */
    boolean executeAndWait(final Runnable task, final long timeoutMillis) {
        if (inLoop() || !running) {
            task.run();
            return true;
        }
        final CountDownLatch done = new CountDownLatch(1);
        execute(() -> {
            try {
                task.run();
            } finally {
                done.countDown();
            }
        });
        try {
            return done.await(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Marks a connection as having work (posted operations, a new receive); allocation-free. */
    void schedule(final TcpConnection c) {
        if (c.scheduled.compareAndSet(false, true)) {
            synchronized (ready) {
                ready.add(c);
            }
            wakeup();
        }
    }

    private void wakeup() {
        if (selecting && !inLoop()) {
            selector.wakeup();
        }
    }

    void addTimer(final TcpConnection c) {
        if (!timed.contains(c)) {
            timed.add(c);
        }
    }

    @Override
    public void run() {
        try {
            while (running) {
                final long wait = Math.min(checkTimers(), liveness.run());
                selecting = true;
                if (hasWork()) {
                    selector.selectNow(handler);
                } else if (wait == Long.MAX_VALUE) {
                    selector.select(handler);
                } else {
                    selector.select(handler, Math.max(1, wait));
                }
                selecting = false;
                runTasks();
                runReady();
            }
        } catch (final Throwable t) {
            LOG.error("I/O thread {} failed; its connections are closed", thread.getName(), t);
        } finally {
            shutdown();
        }
    }

    /**
     * Runs one non-blocking selection on the loop thread, so that channels closed by the current task are really
     * closed (NIO defers the close of a registered channel until its key is deregistered by a selection): a freed
     * listener's port is free again when its close returns (conformance CM-14).
     *
     * @throws IOException if the selector fails
     */
    void deregisterCancelledKeys() throws IOException {
        selector.selectNow(handler);
    }

    private boolean hasWork() {
        synchronized (tasks) {
            if (!tasks.isEmpty()) {
                return true;
            }
        }
        synchronized (ready) {
            return !ready.isEmpty();
        }
    }

    private void handle(final SelectionKey k) {
        final Object a = k.attachment();
        try {
            if (a instanceof TcpConnection c) {
                c.onReady(k);
            } else if (a instanceof TcpListener l) {
                l.onAcceptable();
            }
        } catch (final RuntimeException e) {
            LOG.error("I/O thread {}: handling {} failed", thread.getName(), a, e);
            if (a instanceof TcpConnection c) {
                c.fail("internal error: " + e);
            }
        }
    }

    private void runTasks() {
        while (true) {
            final Runnable r;
            synchronized (tasks) {
                r = tasks.poll();
            }
            if (r == null) {
                return;
            }
            try {
                r.run();
            } catch (final RuntimeException e) {
                LOG.error("I/O thread {}: task failed", thread.getName(), e);
            }
        }
    }

    private void runReady() {
        while (true) {
            final TcpConnection c;
            synchronized (ready) {
                c = ready.poll();
            }
            if (c == null) {
                return;
            }
            c.scheduled.set(false);
            try {
                c.onScheduled();
            } catch (final RuntimeException e) {
                LOG.error("I/O thread {}: {} failed", thread.getName(), c, e);
                c.fail("internal error: " + e);
            }
        }
    }

    private long checkTimers() {
        if (timed.isEmpty()) {
            return Long.MAX_VALUE;
        }
        final long now = System.nanoTime();
        long next = Long.MAX_VALUE;
        for (int i = timed.size() - 1; i >= 0; i--) {
            final TcpConnection c = timed.get(i);
            final long d = c.deadline();
            if (d == Long.MAX_VALUE) {
                timed.remove(i);
            } else if (d - now <= 0) {
                timed.remove(i);
                try {
                    c.onTimer();
                } catch (final RuntimeException e) {
                    LOG.error("timer of {} failed", c, e);
                }
                if (c.deadline() != Long.MAX_VALUE) {
                    addTimer(c);
                    next = Math.min(next, Math.max(1, (c.deadline() - now) / 1_000_000L));
                }
            } else {
                next = Math.min(next, Math.max(1, (d - now) / 1_000_000L + 1));
            }
        }
        return next;
    }

    /** Stops the loop and waits for its thread; closes every channel it owns. */
    void stop(final long timeoutMillis) {
        running = false;
        selector.wakeup();
        if (!inLoop()) {
            try {
                thread.join(timeoutMillis);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive()) {
                LOG.warn("I/O thread {} did not stop within {} ms", thread.getName(), timeoutMillis);
            }
        }
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    private void shutdown() {
        running = false;
        runTasks();
        for (final SelectionKey k : new ArrayList<>(selector.keys())) {
            final Object a = k.attachment();
            if (a instanceof TcpConnection c) {
                c.fail("the IA is closing");
            } else if (a instanceof TcpListener l) {
                l.closeNow();
            }
        }
        runTasks();
        try {
            selector.close();
        } catch (final IOException e) {
            LOG.debug("closing selector", e);
        }
    }
}
