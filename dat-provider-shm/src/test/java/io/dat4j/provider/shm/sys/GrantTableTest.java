package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Grants: the owner's publish and revoke, the initiator's take and give, and the in-use handshake between them. */
class GrantTableTest {

    private static final ConnectionLayout LAYOUT = new ConnectionLayout(4096, 64);

    @Test
    void aGrantCoversExactlyItsRangeAndPrivilege() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final GrantTable owner = new GrantTable(m, LAYOUT, 0, true);
            final GrantTable peer = new GrantTable(m, LAYOUT, 0, false);
            assertTrue(owner.publish(0x1234, 1000, 100, GrantTable.WRITE));
            int s = peer.take(0x1234, 1000, 100, true);
            assertTrue(s >= 0);
            peer.give(s);
            assertEquals(-1, peer.take(0x1234, 1000, 100, false), "no read privilege");
            assertEquals(-1, peer.take(0x1234, 999, 10, true), "before the start");
            assertEquals(-1, peer.take(0x1234, 1050, 51, true), "past the end");
            assertEquals(-1, peer.take(0x1234, 1000, Long.MAX_VALUE, true), "overflowing length");
            assertEquals(-1, peer.take(0x1235, 1000, 10, true), "another context");
            s = peer.take(0x1234, 1099, 1, true);
            assertTrue(s >= 0);
            peer.give(s);
            assertTrue(owner.revoke(0x1234, TimeUnit.SECONDS.toNanos(1)));
            assertEquals(-1, peer.take(0x1234, 1000, 10, true), "revoked");
        }
    }

    /**
     * A revoke that must not wait (timeout 0: a connection's end, then its drain thread) still revokes an idle
     * grant and clears VALID of a held one; it tried its deadline before the compare-and-set, so with 0 it gave up
     * before it cleared anything and called every grant held.
     */
    @Test
    void aRevokeWithoutWaitRevokesAnIdleGrantAndClosesAHeldOne() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final GrantTable owner = new GrantTable(m, LAYOUT, 0, true);
            final GrantTable peer = new GrantTable(m, LAYOUT, 0, false);
            owner.publish(5, 0, 4096, GrantTable.WRITE);
            owner.publish(6, 0, 4096, GrantTable.WRITE);
            final int held = peer.take(6, 0, 10, true);
            assertTrue(held >= 0);
            assertTrue(owner.revoke(5, 0), "idle: revoked without waiting");
            assertEquals(-1, peer.take(5, 0, 10, true), "revoked");
            assertFalse(owner.revokeAll(0), "one grant is still held");
            assertEquals(-1, peer.take(6, 0, 10, true), "but no new use of it is given out");
            peer.give(held);
            assertTrue(owner.revokeAll(0), "given back: revoked without waiting");
        }
    }

    @Test
    void revokeWaitsForUsesInProgressAndGivesUpAtItsTimeout() throws Exception {
        try (Arena a = Arena.ofShared()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final GrantTable owner = new GrantTable(m, LAYOUT, 0, true);
            final GrantTable peer = new GrantTable(m, LAYOUT, 0, false);
            owner.publish(77, 0, 4096, GrantTable.READ | GrantTable.WRITE);
            final int s = peer.take(77, 0, 10, false);
            assertTrue(s >= 0);
            assertFalse(owner.revoke(77, TimeUnit.MILLISECONDS.toNanos(20)), "held: the revoke times out");
            assertEquals(-1, peer.take(77, 0, 10, false), "but no new use is given out");
            final Thread giver = Thread.ofPlatform().start(() -> {
                try {
                    Thread.sleep(50);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                peer.give(s);
            });
            final long t0 = System.nanoTime();
            assertTrue(owner.revoke(77, TimeUnit.SECONDS.toNanos(5)));
            assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(40), "it waited for the give");
            giver.join();
            assertTrue(owner.publish(77, 0, 4096, GrantTable.READ), "the slot is reusable once idle");
        }
    }

    @Test
    void noCopyEverStartsAfterTheRevokeReturned() throws Exception {
        try (Arena a = Arena.ofShared()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final GrantTable owner = new GrantTable(m, LAYOUT, 0, true);
            final GrantTable peer = new GrantTable(m, LAYOUT, 0, false);
            final AtomicBoolean freed = new AtomicBoolean();
            final AtomicLong violations = new AtomicLong();
            final AtomicBoolean stop = new AtomicBoolean();
            for (int round = 0; round < 200; round++) {
                freed.set(false);
                owner.publish(99, 0, 4096, GrantTable.WRITE);
                final Thread copier = Thread.ofPlatform().start(() -> {
                    while (!stop.get()) {
                        final int s = peer.take(99, 0, 8, true);
                        if (s < 0) {
                            return;
                        }
                        if (freed.get()) {
                            violations.incrementAndGet(); // a copy into freed memory
                        }
                        peer.give(s);
                    }
                });
                Thread.onSpinWait();
                assertTrue(owner.revoke(99, TimeUnit.SECONDS.toNanos(5)));
                freed.set(true);
                copier.join();
            }
            stop.set(true);
            assertEquals(0, violations.get());
        }
    }

    @Test
    void anOldGenerationCannotBeTakenAgain() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final GrantTable owner = new GrantTable(m, LAYOUT, 0, true);
            final GrantTable peer = new GrantTable(m, LAYOUT, 0, false);
            owner.publish(5, 0, 10, GrantTable.WRITE);
            final int s = peer.take(5, 0, 10, true);
            final long before = m.get(JAVA_LONG, LAYOUT.grants(0) + 32L * s);
            peer.give(s);
            owner.revoke(5, 1_000_000);
            owner.publish(5, 100, 10, GrantTable.WRITE);
            final long after = m.get(JAVA_LONG, LAYOUT.grants(0) + 32L * s);
            assertTrue(after >>> 32 > before >>> 32, "a new generation");
            assertEquals(-1, peer.take(5, 0, 10, true), "the old range is gone");
        }
    }

    /** A peer that scribbles over the table can make takes fail or revokes time out, nothing else. */
    @Property(tries = 500)
    void scribblesOnlyDenyGrants(@ForAll final long state, @ForAll final int rmr, @ForAll final long base,
            @ForAll final long len, @ForAll final int privileges) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment m = a.allocate(LAYOUT.totalBytes(), 4096);
            final GrantTable owner = new GrantTable(m, LAYOUT, 0, true);
            final GrantTable peer = new GrantTable(m, LAYOUT, 0, false);
            owner.publish(42, 4096, 4096, GrantTable.WRITE);
            for (int i = 0; i < 64; i++) {
                final long s = LAYOUT.grants(0) + 32L * i;
                if (m.get(JAVA_LONG, s) == 0) {
                    m.set(JAVA_LONG, s, state);
                    m.set(java.lang.foreign.ValueLayout.JAVA_INT, s + 8, rmr);
                    m.set(java.lang.foreign.ValueLayout.JAVA_INT, s + 12, privileges);
                    m.set(JAVA_LONG, s + 16, base);
                    m.set(JAVA_LONG, s + 24, len);
                }
            }
            final int t = peer.take(rmr, base, 1, true);
            if (t >= 0) {
                peer.give(t);
            }
            owner.revoke(42, 1_000_000);
            owner.publish(rmr == 0 ? 1 : rmr, 0, 1, GrantTable.READ);
        }
    }
}
