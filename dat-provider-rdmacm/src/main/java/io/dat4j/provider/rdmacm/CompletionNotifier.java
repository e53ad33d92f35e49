package io.dat4j.provider.rdmacm;

import io.dat4j.EventStream;
import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.EventSink;
import io.dat4j.provider.rdmacm.ffi.DataPath;
import io.dat4j.provider.rdmacm.ffi.EventCalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Logger;

/**
 * The CQs of one IA (one per EVD that takes DTO events, each with its own completion channel,
 * {@link CompletionQueue}) and the IA's CQ thread, {@code dat4j-rdmacm-cq}, which watches the channels nobody drives.
 *
 * <p>A thread that waits on an EVD reads its CQ's channel itself ({@link CompletionQueue#progress}): it arms the CQ,
 * blocks in {@code poll(2)} on the channel and takes the event, with no other thread in between. The CQ thread
 * watches a channel only after the kit armed its CQ for a waiter that parks instead ({@link CompletionQueue#arm}:
 * the CQ is then <em>watched</em>); it takes that channel's events and turns each into the EVD's
 * {@link EventSink#signal()}. A waiter that drives the channel again unwatches it first; the thread drops it from its
 * {@code poll(2)} set when it next wakes, and never takes an event from a channel that is unwatched or claimed by its
 * driver (the claim is the CQ's, see {@link CompletionQueue}). The thread's own eventfd wakes it when a channel
 * becomes watched and when it stops, so it sleeps in {@code poll(2)} without a timer while nothing changes.
 *
 * <p>Threads and locks: the CQ maps are concurrent maps (no lock); the thread takes no lock but the EVD's, through
 * {@code signal()}, and the CQ's claim (a flag, below every lock). Started and stopped by the IA's transport. See
 * "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class CompletionNotifier {

    private static final Logger LOG = Logging.logger(CompletionNotifier.class);
    /** The thread's safety-net timeout: every change of its set and its stop are signalled on its eventfd. */
    private static final int IDLE_POLL_MS = 1000;

    private final boolean waiterReadsChannel;
    private final MemorySegment context;
    private final DataPath.VerbsOps ops;
    private final int maxCqe;
    private final CompletionDemultiplexer demultiplexer;
    /** Wakes the thread: a CQ became watched, or {@link #stop()}. */
    private final int wakeFd;
    private final Map<Long, CompletionQueue> byAddress = new ConcurrentHashMap<>();
    private final Map<EventSink, CompletionQueue> byEvd = new ConcurrentHashMap<>();
    /** Threads inside {@link #watchChanged()}; {@link #destroy()} closes the eventfd when none is. */
    private final AtomicInteger wakers = new AtomicInteger();
    private final Thread thread;
    private volatile boolean stopped;

    /**
     * Creates the CQ registry of a device (the thread not yet started).
     *
     * @param context the device context
     * @param ops the device's verbs operations
     * @param maxCqe the device's {@code max_cqe}
     * @param demultiplexer where polled completions go
     * @param waiterReadsChannel whether an EVD's waiter reads its CQ's channel itself ({@link RdmaCmConfig})
     */
    CompletionNotifier(final MemorySegment context, final DataPath.VerbsOps ops, final int maxCqe,
            final CompletionDemultiplexer demultiplexer, final boolean waiterReadsChannel) {
        this.waiterReadsChannel = waiterReadsChannel;
        this.context = context;
        this.ops = ops;
        this.maxCqe = maxCqe;
        this.demultiplexer = demultiplexer;
        this.wakeFd = EventCalls.eventFd();
        this.thread = Thread.ofPlatform().daemon().name("dat4j-rdmacm-cq").unstarted(this::run);
    }

    /** Starts the notification thread. */
    void start() {
        thread.start();
    }

    MemorySegment context() {
        return context;
    }

    /** {@return whether an EVD's waiter reads its CQ's channel itself} */
    boolean waiterReadsChannel() {
        return waiterReadsChannel;
    }

    /** {@return the CQs open now} */
    java.util.Collection<CompletionQueue> queues() {
        return byEvd.values();
    }

    DataPath.VerbsOps ops() {
        return ops;
    }

    int maxCqe() {
        return maxCqe;
    }

    CompletionDemultiplexer demultiplexer() {
        return demultiplexer;
    }

    /** A CQ became watched: the thread rebuilds its {@code poll(2)} set. */
    void watchChanged() {
        wakers.incrementAndGet();
        try {
            if (!stopped) {
                EventCalls.signalEventFd(wakeFd);
            }
        } finally {
            wakers.decrementAndGet();
        }
    }

    /**
     * {@return the CQ of a new EVD, or null if the EVD takes no DTO events}
     *
     * @param sink the EVD
     */
    CompletionQueue create(final EventSink sink) {
        if (!sink.streams().contains(EventStream.DTO)) {
            return null;
        }
        final int entries = Math.min(Math.max(sink.queueLength(), 1), maxCqe);
        final CompletionQueue cq = new CompletionQueue(this, sink, entries);
        byEvd.put(sink, cq);
        byAddress.put(cq.cq().address(), cq);
        return cq;
    }

    /**
     * {@return the CQ of an EVD, or null}
     *
     * @param evd the EVD
     */
    CompletionQueue of(final EventSink evd) {
        return evd == null ? null : byEvd.get(evd);
    }

    /**
     * {@return the CQ at a native address, or null}
     *
     * @param address the {@code ibv_cq} address of an async event
     */
    CompletionQueue at(final long address) {
        return byAddress.get(address);
    }

    /** Called by a CQ that closes, before it destroys its channel. */
    void forget(final CompletionQueue cq) {
        byEvd.remove(cq.evd());
        byAddress.remove(cq.cq().address());
    }

    /**
     * Stops the notification thread and waits for it.
     *
     * @return true if the calling thread was interrupted meanwhile (its flag is left for the caller to restore)
     */
    boolean stop() {
        stopped = true;
        EventCalls.signalEventFd(wakeFd);
        return CmEventChannel.joinUninterruptibly(thread);
    }

    /** Destroys every CQ still open (IA close, after {@link #stop()}). */
    void closeQueues() {
        for (final CompletionQueue cq : byEvd.values()) {
            cq.close();
        }
    }

    /** Closes the thread's eventfd (after {@link #stop()}, or when the IA fails to open). */
    void destroy() {
        stopped = true;
        while (wakers.get() != 0) {
            Thread.onSpinWait();
        }
        EventCalls.closeFd(wakeFd);
    }

    private void run() {
        CompletionQueue[] watched = new CompletionQueue[8];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment set = EventCalls.pollSet(arena, watched.length + 1);
            while (!stopped) {
                try {
                    // the set is rebuilt on every wake-up (rare: a parked waiter's event, a CQ newly watched)
                    EventCalls.watch(set, 0, wakeFd);
                    int n = 0;
                    for (final CompletionQueue cq : byEvd.values()) {
                        if (cq.watched()) {
                            if (n == watched.length) {
                                watched = Arrays.copyOf(watched, n * 2);
                                set = EventCalls.pollSet(arena, watched.length + 1);
                                EventCalls.watch(set, 0, wakeFd);
                                for (int i = 0; i < n; i++) {
                                    EventCalls.watch(set, i + 1, watched[i].channelFd());
                                }
                            }
                            watched[n] = cq;
                            EventCalls.watch(set, ++n, cq.channelFd());
                        }
                    }
                    if (EventCalls.poll(set, n + 1, IDLE_POLL_MS) > 0) {
                        if (EventCalls.ready(set, 0)) {
                            EventCalls.drainEventFd(wakeFd);
                        }
                        for (int i = 0; i < n; i++) {
                            if (EventCalls.ready(set, i + 1)) {
                                watched[i].takeWatchedEvent();
                            }
                        }
                    }
                    Arrays.fill(watched, 0, n, null);
                } catch (final RuntimeException e) {
                    LOG.error("rdmacm completion thread", e);
                }
            }
        }
    }
}
