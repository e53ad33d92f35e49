package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.SelectionKey;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A handler of the IA's connection manager that throws (a bug of this process) ends itself; the loop goes on serving
 * every other connection and listener. Before, the exception stopped the loop's thread, and every later connect,
 * accept and teardown of the IA waited in vain.
 */
@Timeout(60)
class CmLoopTest {

    @Test
    void shouldKeepServingAfterAHandlerThrew() throws Exception {
        final CmLoop loop = new CmLoop("cm-loop-test", io.dat4j.kit.ConsumerGate.OFF);
        loop.start();
        try {
            final AtomicReference<RuntimeException> failed = new AtomicReference<>();
            final AtomicInteger expirations = new AtomicInteger();
            final CmLoop.Handler broken = new CmLoop.Handler() {
                private long deadline = System.nanoTime();

                @Override
                public void ready(final SelectionKey key) {
                    // not registered with a channel
                }

                @Override
                public long deadline() {
                    return deadline;
                }

                @Override
                public void expired(final long now) {
                    expirations.incrementAndGet();
                    deadline = Long.MAX_VALUE;
                    throw new IllegalStateException("a bug in a handler");
                }

                @Override
                public void failed(final RuntimeException e) {
                    failed.set(e);
                    loop.unwatch(this);
                }
            };
            assertTrue(loop.executeAndWait(() -> loop.watch(broken), 10_000));
            final CountDownLatch later = new CountDownLatch(1);
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (failed.get() == null && System.nanoTime() < until) {
                Thread.sleep(5);
            }
            loop.post(later::countDown);
            assertTrue(later.await(30, TimeUnit.SECONDS), "the loop stopped after a handler threw");
            assertTrue(loop.isAlive());
            assertEquals("a bug in a handler", failed.get().getMessage());
            assertEquals(1, expirations.get());
        } finally {
            loop.stop(10_000);
        }
    }
}
