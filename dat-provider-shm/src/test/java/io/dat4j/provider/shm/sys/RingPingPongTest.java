package io.dat4j.provider.shm.sys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.testsupport.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The transport pieces across two processes: this JVM serves (echoes), a child JVM connects through the socket,
 * maps this process's memfd through {@code /proc}, and checks every echo, with spinning and with futex sleeps. No
 * timing is asserted; afterwards no descriptor and no socket file is left here.
 */
class RingPingPongTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"spin", "wait"})
    void echoesEveryRecordBetweenTwoProcesses(final String mode) throws Exception {
        final long fds = Descriptors.openDescriptors();
        final long q = 40_000 + ProcessHandle.current().pid() % 10_000;
        final CountDownLatch listening = new CountDownLatch(1);
        final CompletableFuture<Long> served = CompletableFuture.supplyAsync(() -> {
            try {
                return RingPingPong.serve(dir, q, "spin".equals(mode), listening::countDown);
            } catch (final Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(listening.await(30, TimeUnit.SECONDS));
        // spinning on both sides, every hop waits for the scheduler on a loaded machine (1000 round trips of each
        // size took 54-66 s at load 21-29, 1 s idle): 300 still wrap the 64 KiB ring 18 times with 4 KiB records
        final int iterations = "spin".equals(mode) ? 300 : 1000;
        final Process child = new ProcessBuilder(ChildJvm.command(RingPingPong.class, List.of(), "client",
                dir.toString(), Long.toString(q), mode, Integer.toString(iterations), "8,4096,100000"))
                .redirectErrorStream(true).start();
        final String out = ChildJvm.output(child, Duration.ofMinutes(5));
        assertEquals(0, child.exitValue(), out);
        assertTrue(out.contains("size=100000 iterations=" + iterations), out);
        assertTrue(out.contains("cma=OK") || out.contains("cma=REFUSED"), out);
        assertEquals(3L * iterations, served.get(60, TimeUnit.SECONDS));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "no socket file left");
        }
        assertTrue(Descriptors.settle(fds) <= fds, () -> {
            try {
                return "no descriptor left: " + Descriptors.describe();
            } catch (final java.io.IOException e) {
                return e.toString();
            }
        });
    }
}
