package io.dat4j.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventSlot;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * What threads have allocated, from the JVM's per-thread counters ({@code com.sun.management.ThreadMXBean}), for the
 * tests that claim a path allocates nothing per operation; such a test calls {@link #requireCounters()} first and is
 * skipped, with the reason, on a JVM without them. Also the round of operations those tests measure.
 */
public final class ThreadAllocations {

    private static volatile Method allocated;

    private ThreadAllocations() {
    }

    /** Skips the calling test (an assumption) when this JVM counts no allocation per thread. */
    public static void requireCounters() {
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

    /**
     * {@return the bytes a thread has allocated so far} (after {@link #requireCounters()})
     *
     * @param t the thread
     */
    public static long allocated(final Thread t) {
        try {
            return (long) allocated.invoke(ManagementFactory.getThreadMXBean(), t.threadId());
        } catch (final ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * {@return the bytes the threads have allocated so far, summed}
     *
     * @param threads the threads
     */
    public static long allocated(final Collection<Thread> threads) {
        long sum = 0;
        for (final Thread t : threads) {
            sum += allocated(t);
        }
        return sum;
    }

    /**
     * {@return the live threads whose names start with {@code prefix}} (a provider's I/O or progress threads)
     *
     * @param prefix the prefix
     */
    public static List<Thread> threadsNamed(final String prefix) {
        final List<Thread> threads = new ArrayList<>();
        for (final Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix)) {
                threads.add(t);
            }
        }
        return threads;
    }

    /**
     * Posts one round: a receive on the server EP, then a SEND, an RDMA write and an RDMA read on the client EP, all
     * with cookie {@code cookie}.
     *
     * @param ep [client, server], connected
     * @param src the client's 256 bytes
     * @param dst the server's bytes the RDMA write and read use
     * @param recv the server's 256-byte receive
     * @param cookie the cookie
     */
    public static void postRound(final Endpoint[] ep, final List<LocalMemoryTriplet> src,
            final RemoteMemoryTriplet dst, final List<LocalMemoryTriplet> recv, final long cookie) {
        ep[1].postRecv(recv, cookie, CompletionFlag.DEFAULT);
        ep[0].postSend(src, cookie, CompletionFlag.DEFAULT);
        ep[0].postRdmaWrite(src, cookie, dst, CompletionFlag.DEFAULT);
        ep[0].postRdmaRead(src, cookie, dst, CompletionFlag.DEFAULT);
    }

    /**
     * Runs {@code n} rounds of a SEND (into a receive posted first), an RDMA write and an RDMA read from the client
     * EP to the server EP, each reaped into {@code slot}: allocation-free where the provider is. Fails on a
     * completion that is not SUCCESS or a receive that is not 256 bytes.
     *
     * @param f the pair
     * @param ep [client, server], connected
     * @param src the client's 256 bytes
     * @param dst the server's bytes the RDMA write and read use
     * @param recv the server's 256-byte receive
     * @param slot the slot completions are taken into
     * @param n rounds
     */
    public static void slotRound(final AdapterPair f, final Endpoint[] ep, final List<LocalMemoryTriplet> src,
            final RemoteMemoryTriplet dst, final List<LocalMemoryTriplet> recv, final EventSlot slot, final int n) {
        for (int i = 0; i < n; i++) {
            postRound(ep, src, dst, recv, i);
            for (int k = 0; k < 3; k++) {
                f.c.evd.await(AdapterPair.WAIT, slot);
                if (slot.status() != DtoStatus.SUCCESS) {
                    fail("client completion " + slot);
                }
            }
            f.s.evd.await(AdapterPair.WAIT, slot);
            if (slot.status() != DtoStatus.SUCCESS || slot.transferredLength() != 256) {
                fail("server completion " + slot);
            }
        }
    }
}
