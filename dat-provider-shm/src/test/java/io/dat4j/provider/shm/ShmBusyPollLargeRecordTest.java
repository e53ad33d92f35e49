package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.LocalMemoryRegion;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A thread waiting on an EVD with busy polling takes a SEND larger than the ring: the record's header arrives in one
 * round, its last piece in a later one, and the receive completes in that later round, on the waiting thread itself.
 * The kit wakes no waiter for its own completions, so the round must tell the waiter it moved a completion; when it
 * reported "nothing happened" (it counted record headers, not completions), the waiter spun on, armed, found the peer
 * quiet and slept through the rest of its timeout with the completion in its EVD (the {@code dat perf bw --op send}
 * stall). Each SEND here ends alone in the ring, so its last piece always lands in a round without a header. The
 * receiver's wait is long and the test bounds it instead: a stall fails the test; no duration is asserted.
 */
@Timeout(120)
class ShmBusyPollLargeRecordTest {

    private static final long RING = 64 << 10;
    /** The waiter polls for a whole second before it would arm and sleep. */
    private static final String PARAMS = "dat4j.shm.busyPollMicros=1000000 dat4j.shm.ringBytes=" + RING;
    /**
     * The receiver's wait: long, as the kit rescues a waiter that slept through its own completion when the wait's
     * time is spent (one last non-blocking round), which would hide the stall.
     */
    private static final Duration WAIT = Duration.ofMinutes(5);
    /** How long the test waits for the receiver: a stall (not a slow machine) outlasts it. */
    private static final long STALL_SECONDS = 30;

    @Test
    void aReceiveCompletedByTheBusyPollingWaiterReleasesIt() throws Exception {
        try (Fixture f = new Fixture(PARAMS)) {
            final Endpoint[] eps = f.connect();
            final long[] sizes = {RING * 4, RING * 16 + 96, RING + 1, RING * 3 - 8, RING * 2, RING * 5 + 32, RING * 8,
                    RING + 4096};
            final LocalMemoryRegion src = f.lmr(f.c, RING * 16 + 96);
            final LocalMemoryRegion dst = f.lmr(f.s, RING * 16 + 96);
            for (int i = 0; i < 2 * sizes.length; i++) {
                final long size = sizes[i % sizes.length];
                eps[1].postRecv(List.of(dst.triplet(0, RING * 16 + 96)), 100 + i, CompletionFlag.DEFAULT);
                final CompletableFuture<DtoCompletionEvent> received = CompletableFuture.supplyAsync(
                        () -> dto(f.s.evd));
                Thread.sleep(20); // lets the receiver start polling first (the stall needs no more than that)
                eps[0].postSend(List.of(src.triplet(0, size)), i, CompletionFlag.DEFAULT);
                final DtoCompletionEvent sent = dto(f.c.evd);
                assertEquals(DtoStatus.SUCCESS, sent.status(), sent.toString());
                assertEquals(i, sent.cookie());
                final DtoCompletionEvent r;
                try {
                    r = received.get(STALL_SECONDS, TimeUnit.SECONDS);
                } catch (final TimeoutException e) {
                    throw new AssertionError("SEND " + i + " of " + size + " bytes was sent and consumed, and the"
                            + " receiver still waits after " + STALL_SECONDS + " s: it slept with its completion"
                            + " queued", e);
                }
                assertEquals(DtoStatus.SUCCESS, r.status(), r.toString());
                assertEquals(100 + i, r.cookie());
                assertEquals(size, r.transferredLength(), "SEND " + i);
            }
        }
    }

    /** {@return the next event of {@code evd} as a DTO completion} (a wait that times out throws: the stall fails) */
    private static DtoCompletionEvent dto(final EventDispatcher evd) {
        return assertInstanceOf(DtoCompletionEvent.class, evd.await(WAIT));
    }
}
