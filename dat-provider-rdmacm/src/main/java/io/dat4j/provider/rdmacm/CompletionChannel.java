package io.dat4j.provider.rdmacm;

import io.dat4j.EventStream;
import io.dat4j.internal.logging.Logging;
import io.dat4j.kit.EventSink;
import io.dat4j.provider.rdmacm.ffi.DataPath;
import io.dat4j.provider.rdmacm.ffi.EventCalls;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.Logger;

/**
 * The completion channel of one IA ({@code ibv_comp_channel}) and the CQs created on it: one per EVD that takes DTO
 * events. Its thread, {@code dat4j-rdmacm-cq}, waits for CQ notifications and turns each into the EVD's
 * {@link EventSink#signal()}; the consumer's thread then polls the CQ ({@link CompletionQueue}).
 *
 * <p>Threads and locks: the CQ maps are concurrent maps (no lock); the thread takes no lock but the EVD's, through
 * {@code signal()}. Started and stopped by the IA's transport. See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class CompletionChannel {

    private static final Logger LOG = Logging.logger(CompletionChannel.class);
    private static final int POLL_TIMEOUT_MS = 50;

    private final MemorySegment context;
    private final DataPath.VerbsOps ops;
    private final int maxCqe;
    private final CompletionDemultiplexer demultiplexer;
    private final MemorySegment channel;
    private final Map<Long, CompletionQueue> byAddress = new ConcurrentHashMap<>();
    private final Map<EventSink, CompletionQueue> byEvd = new ConcurrentHashMap<>();
    private final Thread thread;
    private volatile boolean stopped;

    /**
     * Creates the channel on a device (not yet started).
     *
     * @param context the device context
     * @param ops the device's verbs operations
     * @param maxCqe the device's {@code max_cqe}
     * @param demultiplexer where polled completions go
     */
    CompletionChannel(final MemorySegment context, final DataPath.VerbsOps ops, final int maxCqe,
            final CompletionDemultiplexer demultiplexer) {
        this.context = context;
        this.ops = ops;
        this.maxCqe = maxCqe;
        this.demultiplexer = demultiplexer;
        final MemorySegment cc = VerbsCalls.createCompChannel(context);
        try {
            EventCalls.setNonBlocking(VerbsCalls.compChannelFd(cc));
        } catch (final RuntimeException e) {
            VerbsCalls.destroyCompChannel(cc);
            throw e;
        }
        this.channel = cc;
        this.thread = Thread.ofPlatform().daemon().name("dat4j-rdmacm-cq").unstarted(this::run);
    }

    /** Starts the notification thread. */
    void start() {
        thread.start();
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

    /**
     * {@return a new {@code ibv_cq} on this channel}
     *
     * @param entries its size
     */
    MemorySegment createCq(final int entries) {
        return VerbsCalls.createCq(context, entries, channel);
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

    /** Called by a CQ that closes. */
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
        return CmEventChannel.joinUninterruptibly(thread);
    }

    /** Destroys every CQ still open (IA close, after {@link #stop()}). */
    void closeQueues() {
        for (final CompletionQueue cq : byEvd.values()) {
            cq.close();
        }
    }

    /** Destroys the channel ({@code ibv_destroy_comp_channel}), after its CQs. */
    void destroy() {
        VerbsCalls.destroyCompChannel(channel);
    }

    private void run() {
        final int fd = VerbsCalls.compChannelFd(channel);
        while (!stopped) {
            try {
                if (!EventCalls.pollIn(fd, POLL_TIMEOUT_MS)) {
                    continue;
                }
                // one event per wake-up: a second ibv_get_cq_event would almost always be a read(2) that fails
                // with EAGAIN (an armed CQ fires once; its consumer re-arms it only after this signal), one system
                // call more per completion event than taking it and going back to poll(2), which returns at once when
                // more events are queued
                final MemorySegment cq = EventCalls.getCqEvent(channel);
                if (cq != null) {
                    EventCalls.ackCqEvents(cq, 1);
                    final CompletionQueue source = byAddress.get(cq.address());
                    if (source != null) {
                        source.evd().signal();
                    }
                }
            } catch (final RuntimeException e) {
                LOG.error("rdmacm completion thread", e);
            }
        }
    }
}
