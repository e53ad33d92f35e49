package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.StatusType;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The IA's limits on PZs, EVDs and LMRs hold when creations run concurrently (found from outside, porting dapltest's
 * limit test: the limit was checked by counting the IA's children, then the child was added after the transport's
 * hook, so creations in flight together all passed the check; the count also walked every child, which made 65,536
 * PZs take a minute). Here each creation is held inside its transport hook until all have arrived, so every one of
 * them has passed the limit check before any is added: at most the free slots may succeed. (For LMRs the old window
 * was only the few instructions between the table's size check and its insert, before the hook, so that test does not
 * catch the old race; it checks that the reservation holds and that freed LMRs give their slots back.)
 */
class IaLimitRaceTest {

    private static final int THREADS = 6;
    private static final int FREE = 2;

    /** A scripted transport whose creation hooks wait, while {@link #gate} is set, until THREADS calls are in. */
    private static final class GatedTransport implements Transport {
        final ScriptedTransport t = new ScriptedTransport();
        volatile CountDownLatch gate;

        void hold() {
            final CountDownLatch g = gate;
            if (g != null) {
                g.countDown();
                try {
                    // all THREADS arrive when the limit check lets them through; with the fix only FREE do, and
                    // the wait ends by its bound (not a timing assertion: the outcome is counted either way)
                    g.await(2, TimeUnit.SECONDS);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public ListenerTransport listen(final long q, final ServicePointUpcalls sp) {
            return t.listen(q, sp);
        }

        @Override
        public ListenerTransport listenAny(final ServicePointUpcalls sp) {
            return t.listenAny(sp);
        }

        @Override
        public Object allocateProtectionZone(final ProtectionZone pz) {
            hold();
            return t.allocateProtectionZone(pz);
        }

        @Override
        public void freeProtectionZone(final ProtectionZone pz, final Object registration) {
            t.freeProtectionZone(pz, registration);
        }

        @Override
        public EndpointTransport createEndpoint(final EndpointUpcalls ep) {
            return t.createEndpoint(ep);
        }

        @Override
        public Object registerMemory(final RegisteredRegion region) {
            hold();
            return t.registerMemory(region);
        }

        @Override
        public void deregisterMemory(final RegisteredRegion region) {
            t.deregisterMemory(region);
        }

        @Override
        public CompletionSource createCompletionSource(final EventSink sink) {
            hold();
            return t.createCompletionSource(sink);
        }

        @Override
        public void close() {
            t.close();
        }
    }

    /** Fills the IA up to FREE below {@code limit}, then runs THREADS creations at once; returns how many succeeded. */
    private static int race(final GatedTransport gt, final int limit, final Callable<Handle> create) throws Exception {
        final List<Handle> made = new ArrayList<>();
        for (int i = 0; i < limit - FREE; i++) {
            made.add(create.call());
        }
        gt.gate = new CountDownLatch(THREADS);
        final ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        int ok = 0;
        try {
            final List<Future<Handle>> fs = new ArrayList<>();
            for (int i = 0; i < THREADS; i++) {
                fs.add(pool.submit(create));
            }
            for (final Future<Handle> f : fs) {
                try {
                    made.add(f.get(30, TimeUnit.SECONDS));
                    ok++;
                } catch (final ExecutionException e) {
                    final DatException d = (DatException) e.getCause();
                    assertEquals(StatusType.INSUFFICIENT_RESOURCES, d.type(), d.getMessage());
                }
            }
        } finally {
            gt.gate = null;
            pool.shutdownNow();
        }
        // freeing gives the slots back: the limit can be reached again, not passed
        for (final Handle h : made) {
            h.close();
        }
        for (int i = 0; i < limit; i++) {
            made.add(create.call());
        }
        final DatException over = org.junit.jupiter.api.Assertions.assertThrows(DatException.class, create::call);
        assertEquals(StatusType.INSUFFICIENT_RESOURCES, over.type());
        return ok;
    }

    private static InterfaceAdapter open(final GatedTransport gt) {
        return ProviderKit.openInterfaceAdapter(ScriptedTransport.config(EnumSet.allOf(io.dat4j.Capability.class), 8),
                a -> {
                    gt.t.adapter = a;
                    return gt;
                });
    }

    @Test
    @DisplayName("PZs created concurrently at the IA's limit: no more than the free slots succeed")
    void shouldHoldThePzLimitUnderConcurrentCreation() throws Exception {
        final GatedTransport gt = new GatedTransport();
        try (InterfaceAdapter ia = open(gt)) {
            final int ok = race(gt, ia.attributes().maxProtectionZones(), ia::createProtectionZone);
            assertTrue(ok <= FREE, ok + " PZs created with " + FREE + " free slots");
            assertEquals(FREE, ok);
        }
    }

    @Test
    @DisplayName("EVDs created concurrently at the IA's limit: no more than the free slots succeed")
    void shouldHoldTheEvdLimitUnderConcurrentCreation() throws Exception {
        final GatedTransport gt = new GatedTransport();
        try (InterfaceAdapter ia = open(gt)) {
            final int ok = race(gt, ia.attributes().maxEventDispatchers(),
                    () -> ia.createEventDispatcher(4, null, Set.of(EventStream.DTO)));
            assertTrue(ok <= FREE, ok + " EVDs created with " + FREE + " free slots");
            assertEquals(FREE, ok);
        }
    }

    @Test
    @DisplayName("LMRs registered concurrently at the IA's limit: no more than the free slots succeed")
    void shouldHoldTheLmrLimitUnderConcurrentCreation() throws Exception {
        final GatedTransport gt = new GatedTransport();
        try (Arena arena = Arena.ofShared(); InterfaceAdapter ia = open(gt)) {
            final ProtectionZone pz = ia.createProtectionZone();
            final int ok = race(gt, ia.attributes().maxLocalMemoryRegions(),
                    () -> ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL));
            assertTrue(ok <= FREE, ok + " LMRs created with " + FREE + " free slots");
            assertEquals(FREE, ok);
        }
    }
}
