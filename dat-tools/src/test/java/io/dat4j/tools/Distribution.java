package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The distribution archive as a user gets it, for the integration tests: unpacked into a fresh directory (never the
 * source tree), its jars found by name, and processes run from it with their output in files and a deadline.
 * The archive and the version come from failsafe's system properties ({@code dat4j.distribution},
 * {@code dat4j.version}).
 */
final class Distribution {

    /** How long one process may take before the test kills it and fails. */
    static final Duration PROCESS_TIMEOUT = Duration.ofSeconds(180);

    private final Path work;
    private final Path home;
    private final String version;

    private Distribution(final Path work, final Path home, final String version) {
        this.work = work;
        this.home = home;
        this.version = version;
    }

    /**
     * Unpacks the archive with {@code tar} into {@code dir}.
     *
     * @param dir an empty directory
     * @return the unpacked distribution
     * @throws Exception when the archive is missing or does not unpack
     */
    static Distribution unpack(final Path dir) throws Exception {
        final String archive = System.getProperty("dat4j.distribution");
        final String version = System.getProperty("dat4j.version");
        assertTrue(archive != null && version != null, "run by failsafe, which sets dat4j.distribution and"
                + " dat4j.version");
        assertTrue(Files.isRegularFile(Path.of(archive)), "the build made " + archive);
        final Distribution d = new Distribution(dir, dir.resolve("dat4j-" + version), version);
        final Result r = d.run(List.of("tar", "xzf", archive, "-C", dir.toString()), dir, Map.of());
        assertEquals(0, r.exitCode(), () -> "tar: " + r);
        return d;
    }

    /** {@return the top directory of the unpacked distribution, {@code dat4j-<version>}} */
    Path home() {
        return home;
    }

    /** {@return the version the build gave the distribution} */
    String version() {
        return version;
    }

    /** {@return the directory the distribution was unpacked in; tests may make more files there} */
    Path work() {
        return work;
    }

    /**
     * {@return the one jar of {@code lib/} whose name is the artifact id, a dash and a version}
     *
     * @param artifactId for example {@code dat-api}
     */
    Path jar(final String artifactId) {
        try (Stream<Path> s = Files.list(home.resolve("lib"))) {
            final List<Path> found = s.filter(p -> {
                final String n = p.getFileName().toString();
                return n.startsWith(artifactId + "-") && n.endsWith(".jar")
                        && Character.isDigit(n.charAt(artifactId.length() + 1));
            }).toList();
            assertEquals(1, found.size(), () -> "one " + artifactId + " jar in lib/: " + found);
            return found.getFirst();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@return a path list of jars, for -cp or -p}
     *
     * @param artifactIds the artifacts, each found by {@link #jar}
     */
    String path(final String... artifactIds) {
        return String.join(File.pathSeparator, Arrays.stream(artifactIds).map(a -> jar(a).toString()).toList());
    }

    /**
     * {@return a tool of the JDK that runs this test (a JDK 25: the build's toolchain)}
     *
     * @param name for example {@code java} or {@code javac}
     */
    static String jdkTool(final String name) {
        return Path.of(System.getProperty("java.home"), "bin", name).toString();
    }

    /**
     * {@return the environment of a process as a user's shell would have it on a fresh machine: no JAVA_HOME, and
     * a PATH of the system directories only, whose java (if any) is not necessarily a JDK 25}
     */
    static Map<String, String> plainEnvironment() {
        return Map.of("PATH", "/usr/local/bin:/usr/bin:/bin", "HOME", System.getProperty("user.home"));
    }

    /**
     * Runs a process to its end and returns what it printed.
     *
     * @param command the command
     * @param dir its working directory
     * @param env its whole environment (nothing is inherited)
     * @return the exit code and output
     * @throws Exception when it cannot start or does not end in time
     */
    Result run(final List<String> command, final Path dir, final Map<String, String> env) throws Exception {
        final Started p = start(command, dir, env);
        return p.await(PROCESS_TIMEOUT);
    }

    /**
     * Starts a process; its stdout and stderr go to files in the work directory.
     *
     * @param command the command
     * @param dir its working directory
     * @param env its whole environment (nothing is inherited)
     * @return the running process
     * @throws IOException when it cannot start
     */
    Started start(final List<String> command, final Path dir, final Map<String, String> env) throws IOException {
        final Path out = Files.createTempFile(work, "out-", ".txt");
        final Path err = Files.createTempFile(work, "err-", ".txt");
        final ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().clear();
        pb.environment().putAll(env);
        return new Started(command, pb.start(), out, err);
    }

    /**
     * A process started by {@link #start}.
     *
     * @param command what was run
     * @param process the process
     * @param out its stdout file
     * @param err its stderr file
     */
    record Started(List<String> command, Process process, Path out, Path err) {

        /** {@return what it has printed on stdout so far} */
        String stdout() {
            return read(out);
        }

        /**
         * Waits for the end, killing the process after the timeout.
         *
         * @param timeout how long
         * @return the exit code and output
         * @throws InterruptedException when interrupted
         */
        Result await(final Duration timeout) throws InterruptedException {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("did not end within " + timeout.toSeconds() + " s: " + command
                        + "\nstdout: " + read(out) + "\nstderr: " + read(err));
            }
            return new Result(command, process.exitValue(), read(out), read(err));
        }

        /**
         * Ends the process (SIGTERM, then SIGKILL after 10 s) and returns what it printed.
         *
         * @return the exit code and output
         * @throws InterruptedException when interrupted
         */
        Result stop() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            return new Result(command, process.exitValue(), read(out), read(err));
        }

        private static String read(final Path p) {
            try {
                return Files.readString(p, StandardCharsets.UTF_8);
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * What a process did.
     *
     * @param command what was run
     * @param exitCode its exit code
     * @param stdout what it printed on stdout
     * @param stderr what it printed on stderr
     */
    record Result(List<String> command, int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return command + " exited " + exitCode + "\n--- stdout:\n" + stdout + "--- stderr:\n" + stderr;
        }
    }

    /**
     * {@return a command line: the tool then the arguments}
     *
     * @param tool the program
     * @param args its arguments
     */
    static List<String> command(final String tool, final String... args) {
        final List<String> c = new ArrayList<>();
        c.add(tool);
        c.addAll(List.of(args));
        return c;
    }
}
