package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A parent freed by one thread while another creates a child in it (found from outside: both calls succeeded, and
 * the child lived on in a freed parent, its events lost): exactly one of the two calls wins, round after round, and
 * an IA closed while children are being created leaves none of them open.
 */
class ParentFreeRaceTest {

    private static final int ROUNDS = 1500;

    private static final Set<EventStream> DTO_CONN = Set.of(EventStream.DTO, EventStream.CONNECTION);

    /** {@return null when the call succeeded, the status when it failed with a DatException} */
    private static StatusType outcome(final Future<?> f) throws Exception {
        try {
            f.get(10, TimeUnit.SECONDS);
            return null;
        } catch (final java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof DatException d) {
                return d.status().type();
            }
            throw e;
        }
    }

    /** Runs the two calls at once, ROUNDS times, and checks that exactly one succeeds each time. */
    private static void race(final String what, final RaceRound round) throws Exception {
        final ExecutorService pool = Executors.newFixedThreadPool(2);
        final CyclicBarrier start = new CyclicBarrier(2);
        int childWon = 0;
        int parentWon = 0;
        try (InterfaceAdapter ia = ScriptedTransport.open(new ScriptedTransport())) {
            for (int i = 0; i < ROUNDS; i++) {
                final Handle[] parentAndChild = new Handle[2];
                final Callable<Void> setUp = () -> {
                    round.setUp(ia, parentAndChild);
                    return null;
                };
                setUp.call();
                final Future<?> child = pool.submit(() -> {
                    start.await();
                    parentAndChild[1] = round.createChild(ia, parentAndChild[0]);
                    return null;
                });
                final Future<?> free = pool.submit(() -> {
                    start.await();
                    parentAndChild[0].close();
                    return null;
                });
                final StatusType c = outcome(child);
                final StatusType p = outcome(free);
                if (c == null) {
                    assertEquals(StatusType.INVALID_STATE, p, what + " round " + i
                            + ": the child was created, so the parent's free must be refused (in use)");
                    assertFalse(parentAndChild[0].isClosed(), what + " round " + i + ": the parent was freed under a"
                            + " live child");
                    childWon++;
                    parentAndChild[1].close();
                    parentAndChild[0].close();
                } else {
                    assertEquals(StatusType.INVALID_HANDLE, c, what + " round " + i);
                    assertEquals(null, p, what + " round " + i + ": the child was refused, so the free must succeed");
                    assertTrue(parentAndChild[0].isClosed());
                    parentWon++;
                }
                round.tearDown();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(ROUNDS, childWon + parentWon, what);
    }

    private interface RaceRound {
        void setUp(InterfaceAdapter ia, Handle[] parentAndChild);

        Handle createChild(InterfaceAdapter ia, Handle parent);

        default void tearDown() {
        }
    }

    @Test
    void anLmrAndTheFreeOfItsPzNeverBothSucceed() throws Exception {
        try (Arena arena = Arena.ofShared()) {
            final MemorySegment seg = arena.allocate(4096);
            race("LMR / PZ free", new RaceRound() {
                @Override
                public void setUp(final InterfaceAdapter ia, final Handle[] h) {
                    h[0] = ia.createProtectionZone();
                }

                @Override
                public Handle createChild(final InterfaceAdapter ia, final Handle parent) {
                    return ia.createLocalMemoryRegion((ProtectionZone) parent, seg, MemoryPrivilege.ALL);
                }
            });
        }
    }

    @Test
    void anEndpointAndTheFreeOfItsEvdNeverBothSucceed() throws Exception {
        final ProtectionZone[] pz = new ProtectionZone[1];
        race("EP / EVD free", new RaceRound() {
            @Override
            public void setUp(final InterfaceAdapter ia, final Handle[] h) {
                if (pz[0] == null) {
                    pz[0] = ia.createProtectionZone();
                }
                h[0] = ia.createEventDispatcher(16, null, DTO_CONN);
            }

            @Override
            public Handle createChild(final InterfaceAdapter ia, final Handle parent) {
                final EventDispatcher evd = (EventDispatcher) parent;
                return ia.createEndpoint(pz[0], evd, evd, evd, EndpointAttributes.DEFAULTS);
            }
        });
    }

    @Test
    void aPspAndTheFreeOfItsEvdNeverBothSucceed() throws Exception {
        race("PSP / EVD free", new RaceRound() {
            @Override
            public void setUp(final InterfaceAdapter ia, final Handle[] h) {
                h[0] = ia.createEventDispatcher(16, null, Set.of(EventStream.CR));
            }

            @Override
            public Handle createChild(final InterfaceAdapter ia, final Handle parent) {
                return ia.createPublicServicePointAny((EventDispatcher) parent, ServicePointFlag.CONSUMER);
            }
        });
    }

    /**
     * An IA closed (ABRUPT) while another thread creates PSPs, EVDs and PZs in it: after the close returns, every
     * child that was created is closed, and every create call either succeeded or failed with INVALID_HANDLE.
     */
    @Test
    void anIaClosedWhileChildrenAreCreatedLeavesNoneOpen() throws Exception {
        final ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < 300; i++) {
                final InterfaceAdapter ia = ScriptedTransport.open(new ScriptedTransport());
                final EventDispatcher cr = ia.createEventDispatcher(16, null, Set.of(EventStream.CR));
                final CyclicBarrier start = new CyclicBarrier(2);
                final java.util.List<Handle> made = new java.util.concurrent.CopyOnWriteArrayList<>();
                final Future<?> creator = pool.submit(() -> {
                    start.await();
                    try {
                        for (int k = 0; k < 20; k++) {
                            final PublicServicePoint p = ia.createPublicServicePointAny(cr, ServicePointFlag.CONSUMER);
                            made.add(p);
                            made.add(ia.createEventDispatcher(4, null, Set.of(EventStream.DTO)));
                            if (k < 2) {
                                made.add(ia.createProtectionZone());
                            }
                        }
                    } catch (final DatException e) {
                        assertEquals(StatusType.INVALID_HANDLE, e.status().type(), "a create racing the IA's close");
                    }
                    return null;
                });
                final Future<?> closer = pool.submit(() -> {
                    start.await();
                    ia.close();
                    return null;
                });
                closer.get(10, TimeUnit.SECONDS);
                final int seen = made.size();
                for (int k = 0; k < seen; k++) {
                    assertTrue(made.get(k).isClosed(), "round " + i + ": " + made.get(k)
                            + " created before the IA's close returned is still open");
                }
                creator.get(10, TimeUnit.SECONDS);
                for (final Handle h : made) {
                    assertTrue(h.isClosed(), "round " + i + ": " + h + " is open after its IA closed");
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
