package io.dat4j.provider.shm.sys;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The futex doorbell: a ring through a second mapping wakes a sleeper; a stale value does not sleep. */
class DoorbellTest {

    @Test
    void aRingThroughThePeersMappingWakesTheSleeper() throws Exception {
        try (Doorbell mine = Doorbell.create("dat4j-bell");
                Doorbell theirs = Doorbell.open(ProcessHandle.current().pid(), mine.descriptor());
                Arena a = Arena.ofShared()) {
            final MemorySegment ts = Doorbell.timespec(a);
            final CountDownLatch asleep = new CountDownLatch(1);
            final long[] slept = new long[1];
            final Thread t = Thread.ofPlatform().start(() -> {
                final int seen = mine.sequence();
                asleep.countDown();
                final long t0 = System.nanoTime();
                mine.await(seen, TimeUnit.SECONDS.toNanos(30), ts);
                slept[0] = System.nanoTime() - t0;
            });
            asleep.await();
            Thread.sleep(50);
            theirs.ring();
            t.join(10_000);
            assertTrue(!t.isAlive() && slept[0] < TimeUnit.SECONDS.toNanos(20), "woken by the ring");
        }
    }

    @Test
    void aValueThatChangedDoesNotSleepAndTheTimeoutEnds() throws Exception {
        try (Doorbell bell = Doorbell.create("dat4j-bell"); Arena a = Arena.ofConfined()) {
            final MemorySegment ts = Doorbell.timespec(a);
            final int seen = bell.sequence();
            bell.ring();
            final long t0 = System.nanoTime();
            bell.await(seen, TimeUnit.SECONDS.toNanos(30), ts);
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20), "did not sleep");
            bell.await(bell.sequence(), TimeUnit.MILLISECONDS.toNanos(5), ts); // returns by its timeout
        }
    }
}
