package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventSlot;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The data path allocates nothing per operation after warm-up, on any thread (consumers, the progress and connection
 * threads), when completions are taken into a reused {@link EventSlot}: SEND and receive through the ring, RDMA write
 * and read by CMA ({@code cma=auto}, in-process copies) and through the ring ({@code cma=off}).
 */
@Timeout(300)
class ShmAllocationTest {

    private static Method allocated;

    static {
        // the test runs patched into the provider's module, which does not read java.management
        ModuleLayer.boot().findModule("java.management").ifPresent(ShmAllocationTest.class.getModule()::addReads);
        ModuleLayer.boot().findModule("jdk.management").ifPresent(ShmAllocationTest.class.getModule()::addReads);
    }

    private static long allocated(final Thread t) {
        try {
            return (long) allocated.invoke(ManagementFactory.getThreadMXBean(), t.threadId());
        } catch (final ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static void requireCounters() {
        try {
            final Class<?> c = Class.forName("com.sun.management.ThreadMXBean");
            Assumptions.assumeTrue(c.isInstance(ManagementFactory.getThreadMXBean()), "no allocation counters");
            allocated = c.getMethod("getThreadAllocatedBytes", long.class);
            Assumptions.assumeTrue((boolean) c.getMethod("isThreadAllocatedMemoryEnabled")
                    .invoke(ManagementFactory.getThreadMXBean()), "thread allocation counting is off");
        } catch (final ReflectiveOperationException e) {
            Assumptions.abort("no per-thread allocation counters on this JVM: " + e);
        }
    }

    private static void round(final Fixture f, final Endpoint[] ep, final List<LocalMemoryTriplet> src,
            final RemoteMemoryTriplet dst, final List<LocalMemoryTriplet> recv, final EventSlot slot, final int n) {
        for (int i = 0; i < n; i++) {
            ep[1].postRecv(recv, i, CompletionFlag.DEFAULT);
            ep[0].postSend(src, i, CompletionFlag.DEFAULT);
            ep[0].postRdmaWrite(src, i, dst, CompletionFlag.DEFAULT);
            ep[0].postRdmaRead(src, i, dst, CompletionFlag.DEFAULT);
            for (int k = 0; k < 3; k++) {
                f.c.evd.await(Fixture.WAIT, slot);
                if (slot.status() != DtoStatus.SUCCESS) {
                    fail("client completion " + slot);
                }
            }
            f.s.evd.await(Fixture.WAIT, slot);
            if (slot.status() != DtoStatus.SUCCESS || slot.transferredLength() != 256) {
                fail("server completion " + slot);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "off"})
    void underOneBytePerOperationOnEveryThread(final String cma) {
        requireCounters();
        try (Fixture f = new Fixture("cma=" + cma)) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion a = f.lmr(f.c, 4096);
            final LocalMemoryRegion b = f.lmr(f.s, 4096);
            final List<LocalMemoryTriplet> src = List.of(a.triplet(0, 256));
            final List<LocalMemoryTriplet> recv = List.of(b.triplet(0, 256));
            final RemoteMemoryTriplet dst = b.remoteTriplet(1024, 256);
            final EventSlot slot = new EventSlot();
            round(f, ep, src, dst, recv, slot, 20_000);
            final List<Thread> threads = new ArrayList<>();
            for (final Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("dat4j-shm-")) {
                    threads.add(t);
                }
            }
            threads.add(Thread.currentThread());
            final int n = 10_000;
            long before = 0;
            for (final Thread t : threads) {
                before += allocated(t);
            }
            round(f, ep, src, dst, recv, slot, n);
            long after = 0;
            for (final Thread t : threads) {
                after += allocated(t);
            }
            final double perOp = (after - before) / (4.0 * n);
            System.out.printf("allocation (cma=%s): %d bytes over %d operations on %d threads (%.4f per operation)%n",
                    cma, after - before, 4 * n, threads.size(), perOp);
            assertTrue(perOp < 1.0, "allocated " + (after - before) + " bytes over " + 4 * n + " operations: " + perOp
                    + " per operation");
        }
    }
}
