package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The lock-order assertion mode: a wrong order fails at once, naming both locks (the build runs tests with it on). */
class KitLockTest {

    @BeforeAll
    static void checking() {
        assumeTrue(KitLock.CHECKING, "the assertion mode is off (-D" + KitLock.CHECK_PROP_NAME + "=true or -ea)");
    }

    @Test
    void shouldFailAtOnceOnAWrongOrderNamingBothLocks() {
        final KitLock ep = new KitLock(LockRank.ENDPOINT, "EP@1");
        final KitLock evd = new KitLock(LockRank.EVENT_DISPATCHER, "EVD@2");
        evd.lock();
        try {
            final AssertionError e = assertThrows(AssertionError.class, ep::lock);
            assertTrue(e.getMessage().contains("EP@1") && e.getMessage().contains("EVD@2")
                    && e.getMessage().contains("ENDPOINT") && e.getMessage().contains("EVENT_DISPATCHER"),
                    e.getMessage());
            assertTrue(!ep.isHeldByCurrentThread(), "the refused lock is not taken");
        } finally {
            evd.unlock();
        }
        ep.lock();
        try {
            evd.lock();
            evd.unlock();
        } finally {
            ep.unlock();
        }
    }

    @Test
    void shouldRefuseTwoLocksOfOneRankButAllowReentryAndTries() {
        final KitLock a = new KitLock(LockRank.ENDPOINT, "EP@a");
        final KitLock b = new KitLock(LockRank.ENDPOINT, "EP@b");
        final KitLock up = new KitLock(LockRank.ADAPTER, "IA");
        a.lock();
        try {
            assertDoesNotThrow(() -> {
                a.lock();
                a.unlock();
            }, "taking a lock held already is allowed");
            assertThrows(AssertionError.class, b::lock);
            assertTrue(up.tryLock(), "a try cannot deadlock: allowed out of order");
            up.unlock();
        } finally {
            a.unlock();
        }
    }

    @Test
    void shouldCheckThatNoLockIsHeldBeforeAHookThatNeedsNone() {
        final KitLock q = new KitLock(LockRank.OPERATION_QUEUE, "queue");
        KitLock.assertNoneHeld("Transport.close");
        q.lock();
        try {
            assertThrows(AssertionError.class, () -> KitLock.assertNoneHeld("Transport.close"));
            assertThrows(AssertionError.class, () -> KitLock.assertMayTake(LockRank.ENDPOINT, "an upcall"));
            KitLock.assertMayTake(LockRank.EVENT_DISPATCHER, "an event");
        } finally {
            q.unlock();
        }
        KitLock.assertNoneHeld("Transport.close");
    }
}
