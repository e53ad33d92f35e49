package io.dat4j.provider.shm.sys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.testsupport.ChildJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
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
        final Process child = new ProcessBuilder(ChildJvm.command(RingPingPong.class, List.of(), "client",
                dir.toString(), Long.toString(q), mode, "1000", "8,4096,100000")).redirectErrorStream(true).start();
        final String out;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            out = r.lines().collect(Collectors.joining("\n"));
        }
        assertTrue(child.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, child.exitValue(), out);
        assertTrue(out.contains("size=100000 iterations=1000"), out);
        assertTrue(out.contains("cma=OK") || out.contains("cma=REFUSED"), out);
        assertEquals(3 * 1000L, served.get(60, TimeUnit.SECONDS));
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
