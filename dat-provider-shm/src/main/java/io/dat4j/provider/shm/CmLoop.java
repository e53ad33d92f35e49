package io.dat4j.provider.shm;

import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.ConsumerGate;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;

/**
 * The connection-management thread of one shared-memory IA: a selector over the IA's Unix domain sockets (listeners,
 * handshakes, and established connections, whose socket only carries DISC and end-of-file), tasks handed over by other
 * threads, and the deadlines of handshakes. Data never passes here.
 *
 * <p>Thread safety: {@link #execute}, {@link #executeAndWait} and {@link #stop} may be called from any thread; every
 * other method runs on the loop thread. In single-thread mode the loop runs its tasks, handlers and deadlines inside
 * the IA's gate ({@link ConsumerGate#enterProvider()}), and selects outside it.
 */
final class CmLoop implements Runnable {

    /** What a selection key or a deadline reports to. */
    interface Handler {
        /**
         * The channel is ready ({@link SelectionKey#readyOps()}).
         *
         * @param key the key
         */
        void ready(SelectionKey key);

        /** {@return the next deadline ({@link System#nanoTime()}), or {@link Long#MAX_VALUE} for none} */
        long deadline();

        /**
         * The deadline passed.
         *
         * @param now the time
         */
        void expired(long now);

        /**
         * {@link #ready} or {@link #expired} threw: a bug of this process, not of the peer. The handler ends what it
         * serves; the loop goes on serving every other connection and listener of the IA.
         *
         * @param e what was thrown
         */
        void failed(RuntimeException e);
    }

    private static final Logger LOG = Logging.logger(CmLoop.class);

    private final Selector selector;
    private final Thread thread;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /** Handlers with a deadline; loop thread only. */
    private final List<Handler> timed = new ArrayList<>();
    private volatile boolean stopping;
    /**
     * The IA's single-thread gate: the loop enters it as a provider for its tasks, handlers and deadlines, and waits
     * in the selector outside it.
     */
    private final ConsumerGate gate;

    CmLoop(final String name, final ConsumerGate gate) throws IOException {
        this.gate = gate;
        this.selector = Selector.open();
        this.thread = Thread.ofPlatform().name(name).daemon().unstarted(this);
    }

    void start() {
        thread.start();
    }

    /** {@return true on the loop thread} */
    boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    /**
     * Runs a task on the loop thread soon (at once when called there). Called by a consumer's call outside the data
     * path (the hooks of connect, accept, reject, disconnect); it gives the single-thread gate back.
     *
     * @param task the task
     */
    void execute(final Runnable task) {
        if (inLoop()) {
            task.run();
            return;
        }
        tasks.add(task);
        selector.wakeup();
        // a consumer's connect, accept, reject or disconnect (never a data-path round, which uses post): in
        // single-thread mode it gives the IA's gate back, so that the loop runs the task now, not at its next call
        gate.releaseForWait();
    }

    /**
     * Queues a task for the loop thread, also when called there: for work that must not run inside the caller's
     * frame (a teardown requested from the middle of a data-path round).
     *
     * @param task the task
     */
    void post(final Runnable task) {
        tasks.add(task);
        selector.wakeup();
    }

    /**
     * Runs a task on the loop thread and waits for it.
     *
     * @param task the task
     * @param timeoutMillis the longest wait
     * @return true if it ran
     */
    boolean executeAndWait(final Runnable task, final long timeoutMillis) {
        if (inLoop()) {
            task.run();
            return true;
        }
        if (!thread.isAlive() || stopping) {
            return false;
        }
        gate.releaseForWait(); // a consumer's call: the loop runs the task holding the gate
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

    /**
     * Registers a channel (loop thread).
     *
     * @param ch the channel, non-blocking
     * @param ops interest
     * @param handler its handler
     * @return the key
     * @throws ClosedChannelException when the channel is closed
     */
    SelectionKey register(final SelectableChannel ch, final int ops, final Handler handler)
            throws ClosedChannelException {
        return ch.register(selector, ops, handler);
    }

    /**
     * Watches a handler's deadline (loop thread); it stays watched until {@link #unwatch}.
     *
     * @param h the handler
     */
    void watch(final Handler h) {
        if (!timed.contains(h)) {
            timed.add(h);
        }
    }

    /**
     * Stops watching a handler's deadline (loop thread).
     *
     * @param h the handler
     */
    void unwatch(final Handler h) {
        timed.remove(h);
    }

    @Override
    public void run() {
        try {
            while (!stopping) {
                runTasks();
                final long now = System.nanoTime();
                long next = Long.MAX_VALUE;
                for (int i = 0; i < timed.size(); i++) {
                    next = Math.min(next, timed.get(i).deadline());
                }
                final long waitMillis = next == Long.MAX_VALUE ? 0
                        : Math.max(1, TimeUnit.NANOSECONDS.toMillis(next - now) + 1);
                if (tasks.isEmpty()) {
                    selector.select(waitMillis);
                } else {
                    selector.selectNow();
                }
                gate.enterProvider();
                try {
                    for (final SelectionKey k : selector.selectedKeys()) {
                        if (k.isValid() && k.attachment() instanceof Handler h) {
                            try {
                                h.ready(k);
                            } catch (final RuntimeException e) {
                                fail(h, e);
                            }
                        }
                    }
                    selector.selectedKeys().clear();
                    expire();
                } finally {
                    gate.exitProvider();
                }
            }
        } catch (final IOException | RuntimeException e) {
            if (!stopping) {
                LOG.error("shared-memory connection manager {} stopped on an unexpected error", thread.getName(), e);
            }
        } finally {
            shutdown();
        }
    }

    private void runTasks() {
        if (tasks.isEmpty()) {
            return;
        }
        gate.enterProvider();
        try {
            Runnable t;
            while ((t = tasks.poll()) != null) {
                try {
                    t.run();
                } catch (final RuntimeException e) {
                    LOG.error("shared-memory connection task failed", e);
                }
            }
        } finally {
            gate.exitProvider();
        }
    }

    private static void fail(final Handler h, final RuntimeException e) {
        LOG.error("shared-memory connection manager: {} failed; ending it, the others go on", h, e);
        try {
            h.failed(e);
        } catch (final RuntimeException again) {
            LOG.error("shared-memory connection manager: ending {} failed too", h, again);
        }
    }

    private void expire() {
        if (timed.isEmpty()) {
            return;
        }
        final long now = System.nanoTime();
        for (final Handler h : timed.toArray(new Handler[0])) {
            if (h.deadline() - now <= 0) {
                try {
                    h.expired(now);
                } catch (final RuntimeException e) {
                    fail(h, e);
                }
            }
        }
    }

    /**
     * Stops the loop and waits for its thread; the tasks still queued run first, then every channel is closed.
     *
     * @param timeoutMillis the longest wait
     */
    void stop(final long timeoutMillis) {
        stopping = true;
        selector.wakeup();
        if (!inLoop()) {
            try {
                thread.join(timeoutMillis);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    private void shutdown() {
        runTasks();
        for (final SelectionKey k : selector.keys()) {
            try {
                k.channel().close();
            } catch (final IOException e) {
                // closing anyway
            }
        }
        try {
            selector.close();
        } catch (final IOException e) {
            // nothing to do
        }
    }
}
