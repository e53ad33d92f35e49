package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the tests that run a server and a client of the {@code dat} command share: skipped without {@code tcp-lo},
 * a pool for the commands run on threads of this JVM, and a check that they all ended.
 */
abstract class PeerTestBase {

    /** Runs servers (and clients) of the {@code dat} command; interrupted and checked after each test. */
    final ExecutorService pool = Executors.newCachedThreadPool();

    @BeforeEach
    void needsTheLoopbackIa() {
        Cli.needLoopback();
    }

    @AfterEach
    void stopThreads() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "the commands' threads end");
    }
}
