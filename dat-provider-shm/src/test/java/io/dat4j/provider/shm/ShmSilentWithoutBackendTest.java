package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.testsupport.ChildJvm;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README "Logging": without a Log4j backend dat4j prints nothing unless something is wrong, and Log4j's "could not find
 * a logging provider" line does not appear. The shm provider once took its loggers from {@code LogManager} directly,
 * which printed that line in every program that opened {@code shm0}; this runs such a program in a JVM whose class
 * path has no backend ({@code log4j-core} removed) and requires an empty stderr.
 */
class ShmSilentWithoutBackendTest {

    @Test
    void noStderrWithoutALoggingBackend(@TempDir final Path dir) throws Exception {
        final String classPath = Arrays.stream(ChildJvm.classPath().split(File.pathSeparator))
                .filter(p -> !p.contains("log4j-core"))
                .collect(Collectors.joining(File.pathSeparator));
        final List<String> cmd = new ArrayList<>(ChildJvm.command(ShmSilentWithoutBackendMain.class,
                List.of("-Ddat4j.shm.dir=" + dir)));
        cmd.set(cmd.indexOf("-cp") + 1, classPath);
        final Path out = dir.resolve("out.txt");
        final Path err = dir.resolve("err.txt");
        final Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM did not end within 120 s");
        final String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "exit status; stderr: " + stderr);
        assertEquals("DONE", Files.readString(out, StandardCharsets.UTF_8).strip());
        assertEquals("", stderr, "a program without a logging backend printed to stderr");
    }
}
