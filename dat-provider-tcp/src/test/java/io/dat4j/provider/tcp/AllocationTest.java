package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The data path allocates nothing per operation on the I/O threads but the completion events. */
@Timeout(120)
class AllocationTest {

    private static Method allocated;

    static {
        // the test runs patched into the provider's module, which does not read java.management
        ModuleLayer.boot().findModule("java.management").ifPresent(AllocationTest.class.getModule()::addReads);
        ModuleLayer.boot().findModule("jdk.management").ifPresent(AllocationTest.class.getModule()::addReads);
    }

    private static long ioAllocated() {
        long sum = 0;
        for (final Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("dat4j-tcp-")) {
                try {
                    sum += (long) allocated.invoke(ManagementFactory.getThreadMXBean(), t.threadId());
                } catch (final ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return sum;
    }

    private static void round(final Fixture f, final Endpoint[] ep, final List<LocalMemoryTriplet> src,
            final RemoteMemoryTriplet dst, final List<LocalMemoryTriplet> recv, final int n) {
        for (int i = 0; i < n; i++) {
            ep[1].postRecv(recv, i, CompletionFlag.DEFAULT);
            ep[0].postSend(src, i, CompletionFlag.DEFAULT);
            ep[0].postRdmaWrite(src, i, dst, CompletionFlag.DEFAULT);
            ep[0].postRdmaRead(src, i, dst, CompletionFlag.DEFAULT);
            for (int k = 0; k < 3; k++) {
                assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
            }
            assertEquals(DtoStatus.SUCCESS, dto(f.s.evd).status());
        }
    }

    @Test
    void shouldNotAllocatePerOperationOnTheIoThreads() {
        try {
            final Class<?> c = Class.forName("com.sun.management.ThreadMXBean");
            Assumptions.assumeTrue(c.isInstance(ManagementFactory.getThreadMXBean()), "no allocation counters");
            allocated = c.getMethod("getThreadAllocatedBytes", long.class);
            Assumptions.assumeTrue((boolean) c.getMethod("isThreadAllocatedMemoryEnabled")
                    .invoke(ManagementFactory.getThreadMXBean()), "thread allocation counting is off");
        } catch (final ReflectiveOperationException e) {
            Assumptions.abort("no per-thread allocation counters on this JVM: " + e);
        }
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion a = f.lmr(f.c, 4096);
            final LocalMemoryRegion b = f.lmr(f.s, 4096);
            final List<LocalMemoryTriplet> src = List.of(a.triplet(0, 256));
            final List<LocalMemoryTriplet> recv = List.of(b.triplet(0, 256));
            final RemoteMemoryTriplet dst = b.remoteTriplet(1024, 256);
            round(f, ep, src, dst, recv, 5000);
            final int n = 5000;
            final long before = ioAllocated();
            round(f, ep, src, dst, recv, n);
            final long perOp = (ioAllocated() - before) / (4L * n);
            // one completion event per operation (a 48-byte record) is allowed; anything more per operation breaks
            // the zero-allocation design of the data path
            assertTrue(perOp <= 64, "I/O threads allocated " + perOp + " bytes per operation");
        }
    }
}
