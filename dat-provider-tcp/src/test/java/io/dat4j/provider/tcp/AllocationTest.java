package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.testsupport.ThreadAllocations.allocated;
import static io.dat4j.testsupport.ThreadAllocations.postRound;
import static io.dat4j.testsupport.ThreadAllocations.requireCounters;
import static io.dat4j.testsupport.ThreadAllocations.slotRound;
import static io.dat4j.testsupport.ThreadAllocations.threadsNamed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventHandler;
import io.dat4j.EventSlot;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The data path allocates nothing per operation: on the I/O threads even with the record API, and on every thread
 * (the consumer runs the I/O loop itself) when completions are taken into a reused {@link EventSlot} (issue 3).
 */
@Timeout(120)
class AllocationTest {

    @Test
    @DisplayName("issue 3: under 1 byte allocated per operation on every thread after warm-up (EventSlot)")
    void shouldNotAllocatePerOperationOnAnyThreadWithEventSlots() {
        requireCounters();
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion a = f.lmr(f.c, 4096);
            final LocalMemoryRegion b = f.lmr(f.s, 4096);
            final List<LocalMemoryTriplet> src = List.of(a.triplet(0, 256));
            final List<LocalMemoryTriplet> recv = List.of(b.triplet(0, 256));
            final RemoteMemoryTriplet dst = b.remoteTriplet(1024, 256);
            final EventSlot slot = new EventSlot();
            slotRound(f, ep, src, dst, recv, slot, 20_000);
            final List<Thread> threads = threadsNamed("dat4j-tcp-");
            final Thread me = Thread.currentThread();
            final int n = 10_000;
            final long before = allocated(me) + allocated(threads);
            slotRound(f, ep, src, dst, recv, slot, n);
            final long after = allocated(me) + allocated(threads);
            final double perOp = (after - before) / (4.0 * n);
            System.out.printf("allocation: %d bytes over %d operations on the consumer and %d I/O threads (%.4f per"
                    + " operation)%n", after - before, 4 * n, threads.size(), perOp);
            assertTrue(perOp < 1.0, "the consumer and the I/O threads allocated " + (after - before) + " bytes over "
                    + 4 * n + " operations: " + perOp + " per operation");
        }
    }

    /** Counts what a drain hands it, in fields: allocation-free. */
    private static final class Counter implements EventHandler {
        long dtos;
        long bytes;
        long failures;

        @Override
        public void onDtoCompletion(final Endpoint endpoint, final long cookie, final DtoStatus status,
                final long transferredLength, final DtoOperation operation, final int rmrContext) {
            dtos++;
            bytes += transferredLength;
            if (status != DtoStatus.SUCCESS) {
                failures++;
            }
        }

        @Override
        public void onEvent(final Event event) {
            failures++;
        }
    }

    /** Batches of 4 SENDs and their receives, each side drained by poll(handler, 64) until all 4 arrived. */
    private static void drainRound(final Fixture f, final Endpoint[] ep, final List<LocalMemoryTriplet> src,
            final List<LocalMemoryTriplet> recv, final Counter client, final Counter server, final int batches) {
        for (int i = 0; i < batches; i++) {
            for (int k = 0; k < 4; k++) {
                ep[1].postRecv(recv, k, CompletionFlag.DEFAULT);
            }
            for (int k = 0; k < 4; k++) {
                ep[0].postSend(src, k, CompletionFlag.DEFAULT);
            }
            final long c = client.dtos + 4;
            final long s = server.dtos + 4;
            final long deadline = System.nanoTime() + Fixture.WAIT.toNanos();
            while (client.dtos < c || server.dtos < s) {
                if (f.c.evd.poll(client, 64) + f.s.evd.poll(server, 64) == 0) {
                    if (System.nanoTime() > deadline) {
                        fail("completions missing: client " + client.dtos + "/" + c + ", server " + server.dtos
                                + "/" + s);
                    }
                    Thread.onSpinWait();
                }
            }
        }
    }

    @Test
    @DisplayName("issue 20: EventDispatcher.poll(handler, limit) drains DTO completions with under 1 byte allocated "
            + "per event on every thread after warm-up")
    void shouldNotAllocatePerEventWhenDrainingIntoAHandler() {
        requireCounters();
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion a = f.lmr(f.c, 4096);
            final LocalMemoryRegion b = f.lmr(f.s, 4096);
            final List<LocalMemoryTriplet> src = List.of(a.triplet(0, 256));
            final List<LocalMemoryTriplet> recv = List.of(b.triplet(0, 256));
            final Counter client = new Counter();
            final Counter server = new Counter();
            drainRound(f, ep, src, recv, client, server, 5_000);
            final List<Thread> threads = threadsNamed("dat4j-tcp-");
            final Thread me = Thread.currentThread();
            final int batches = 5_000;
            final long before = allocated(me) + allocated(threads);
            final long events = client.dtos + server.dtos;
            drainRound(f, ep, src, recv, client, server, batches);
            final long after = allocated(me) + allocated(threads);
            final long drained = client.dtos + server.dtos - events;
            assertEquals(8L * batches, drained);
            assertEquals(0, client.failures + server.failures);
            assertEquals(256L * (client.dtos + server.dtos), client.bytes + server.bytes);
            final double perEvent = (after - before) / (double) drained;
            System.out.printf("allocation: %d bytes over %d drained events (%.4f per event)%n", after - before,
                    drained, perEvent);
            assertTrue(perEvent < 1.0, "the drain allocated " + (after - before) + " bytes over " + drained
                    + " events: " + perEvent + " per event");
        }
    }

    private static void round(final Fixture f, final Endpoint[] ep, final List<LocalMemoryTriplet> src,
            final RemoteMemoryTriplet dst, final List<LocalMemoryTriplet> recv, final int n) {
        for (int i = 0; i < n; i++) {
            postRound(ep, src, dst, recv, i);
            for (int k = 0; k < 3; k++) {
                assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
            }
            assertEquals(DtoStatus.SUCCESS, dto(f.s.evd).status());
        }
    }

    @Test
    void shouldNotAllocatePerOperationOnTheIoThreads() {
        requireCounters();
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion a = f.lmr(f.c, 4096);
            final LocalMemoryRegion b = f.lmr(f.s, 4096);
            final List<LocalMemoryTriplet> src = List.of(a.triplet(0, 256));
            final List<LocalMemoryTriplet> recv = List.of(b.triplet(0, 256));
            final RemoteMemoryTriplet dst = b.remoteTriplet(1024, 256);
            round(f, ep, src, dst, recv, 5000);
            final int n = 5000;
            final long before = allocated(threadsNamed("dat4j-tcp-"));
            round(f, ep, src, dst, recv, n);
            final long perOp = (allocated(threadsNamed("dat4j-tcp-")) - before) / (4L * n);
            // the record API builds one record per completion, on the consumer thread; 64 bytes per operation on the
            // I/O threads leaves room for such records should a transport build them there
            assertTrue(perOp <= 64, "I/O threads allocated " + perOp + " bytes per operation");
        }
    }
}
