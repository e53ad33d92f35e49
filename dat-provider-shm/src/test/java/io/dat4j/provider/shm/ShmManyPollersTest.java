package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventHandler;
import io.dat4j.LocalMemoryRegion;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many threads poll one EVD while the peer sends: their empty polls look at the connection without its lock
 * ({@link LastRound#quiet}) while another poller holds it for a round, a poller reposts a receive (a SEND may wait
 * for it: RNR), and the sender writes records, some larger than a quarter of the ring (streamed in pieces over several
 * rounds), so the pollers meet every state a round can leave. Every message must arrive exactly once, whole, in the
 * receive it was matched with, and every send must complete exactly once; nothing may be left over or flushed.
 */
@Timeout(300)
class ShmManyPollersTest {

    private static final int SLOTS = 16;
    private static final int MAX = 20_000;
    /** Sizes in turn: 20 000 and 17 000 are streamed through the 64 KiB ring (more than a quarter). */
    private static final int[] SIZES = {8, 64, 1000, 4096, 8, MAX, 16, 17_000, 200};
    private static final int MESSAGES = 3000;
    private static final int POLLERS = 4;
    private static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(180);

    @Test
    void everyMessageArrivesOnceWhileFourThreadsPollTheReceiversEvd() throws Exception {
        try (Fixture f = new Fixture("dat4j.shm.ringBytes=65536")) {
            final EndpointAttributes attrs = EndpointAttributes.builder().maxMessageSize(MAX).maxRecvDtos(SLOTS)
                    .maxRequestDtos(SLOTS).rnrRetryCount(7).build();
            final Endpoint[] eps = f.connect(attrs, attrs, null);
            final LocalMemoryRegion src = f.lmr(f.c, (long) SLOTS * MAX);
            final LocalMemoryRegion dst = f.lmr(f.s, (long) SLOTS * MAX);
            for (int i = 0; i < SLOTS; i++) {
                eps[1].postRecv(List.of(dst.triplet((long) i * MAX, MAX)), i, CompletionFlag.DEFAULT);
            }
            final AtomicIntegerArray received = new AtomicIntegerArray(MESSAGES);
            final AtomicIntegerArray sent = new AtomicIntegerArray(MESSAGES);
            final AtomicLong receivedCount = new AtomicLong();
            final AtomicLong sentCount = new AtomicLong();
            final AtomicReference<Throwable> failure = new AtomicReference<>();
            final long deadline = System.nanoTime() + DEADLINE_NANOS;
            final MemorySegment in = dst.segment();
            final EventHandler onReceive = EventHandler.of((ep, cookie, status, length, op, rmr) -> {
                final int slot = (int) cookie;
                final long off = (long) slot * MAX;
                final int seq = (int) in.get(JAVA_LONG, off);
                if (status != DtoStatus.SUCCESS || op != DtoOperation.RECEIVE || seq < 0 || seq >= MESSAGES
                        || length != SIZES[seq % SIZES.length]
                        || length > 8 && in.get(JAVA_BYTE, off + length - 1) != (byte) (seq * 31 + 7)) {
                    throw new AssertionError("receive in slot " + slot + ": " + status + ", " + op + ", " + length
                            + " bytes, sequence " + seq);
                }
                received.incrementAndGet(seq);
                eps[1].postRecv(List.of(dst.triplet(off, MAX)), slot, CompletionFlag.DEFAULT);
                receivedCount.incrementAndGet();
            }, e -> {
                throw new AssertionError("unexpected event on the receiver's EVD: " + e);
            });
            final EventHandler onSend = EventHandler.of((ep, cookie, status, length, op, rmr) -> {
                if (status != DtoStatus.SUCCESS || op != DtoOperation.SEND) {
                    throw new AssertionError("send " + cookie + ": " + status + ", " + op);
                }
                sent.incrementAndGet((int) cookie);
                sentCount.incrementAndGet();
            }, e -> {
                throw new AssertionError("unexpected event on the sender's EVD: " + e);
            });
            final List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < POLLERS; i++) {
                threads.add(poller("receiver-poller-" + i, () -> f.s.evd.poll(onReceive, 1 + (threadNo() & 3)),
                        () -> receivedCount.get() < MESSAGES, deadline, failure));
            }
            threads.add(poller("sender-poller", () -> f.c.evd.poll(onSend, 2), () -> sentCount.get() < MESSAGES,
                    deadline, failure));
            final MemorySegment out = src.segment();
            for (int k = 0; k < MESSAGES && failure.get() == null; k++) {
                while (k - sentCount.get() >= SLOTS) { // the slice of send k - SLOTS is written again: it must be done
                    if (f.c.evd.poll(onSend, 1) == 0) {
                        Thread.yield();
                    }
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("send " + (k - SLOTS) + " never completed; " + sentCount.get()
                                + " sends and " + receivedCount.get() + " receives completed");
                    }
                }
                final int size = SIZES[k % SIZES.length];
                final long off = (long) (k % SLOTS) * MAX;
                out.set(JAVA_BYTE, off + size - 1, (byte) (k * 31 + 7)); // the last byte of a streamed record too
                out.set(JAVA_LONG, off, k);
                eps[0].postSend(List.of(src.triplet(off, size)), k, CompletionFlag.DEFAULT);
            }
            for (final Thread t : threads) {
                t.join(TimeUnit.NANOSECONDS.toMillis(Math.max(1, deadline - System.nanoTime())) + 1000);
            }
            if (failure.get() != null) {
                throw new AssertionError("a polling thread failed", failure.get());
            }
            assertEquals(MESSAGES, receivedCount.get(), "receives completed");
            assertEquals(MESSAGES, sentCount.get(), "sends completed");
            for (int k = 0; k < MESSAGES; k++) {
                assertEquals(1, received.get(k), "message " + k + " received");
                assertEquals(1, sent.get(k), "send " + k + " completed");
            }
            final Event left = f.s.evd.poll();
            final Event leftC = f.c.evd.poll();
            if (left != null || leftC != null) {
                throw new AssertionError("events left over: " + left + ", " + leftC);
            }
        }
    }

    private static int threadNo() {
        return (int) Thread.currentThread().threadId();
    }

    /** A thread that polls while {@code more} holds, yielding after each empty poll. */
    private static Thread poller(final String name, final java.util.function.IntSupplier poll,
            final java.util.function.BooleanSupplier more, final long deadline,
            final AtomicReference<Throwable> failure) {
        return Thread.ofPlatform().name(name).daemon().start(() -> {
            try {
                while (more.getAsBoolean() && failure.get() == null) {
                    if (poll.getAsInt() == 0) {
                        Thread.yield();
                    }
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError(name + " gave up at the deadline");
                    }
                }
            } catch (final RuntimeException | Error e) {
                failure.compareAndSet(null, e);
            }
        });
    }
}
