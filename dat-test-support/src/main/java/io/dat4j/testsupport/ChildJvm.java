package io.dat4j.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts a test main class in a second JVM (a peer process) on this JVM's class and module path, both as the class
 * path.
 */
public final class ChildJvm {

    private ChildJvm() {
    }

    /** {@return this JVM's module path and class path joined, for a child's -cp} */
    public static String classPath() {
        final List<String> parts = new ArrayList<>();
        for (final String p : new String[] {System.getProperty("jdk.module.path"),
            System.getProperty("java.class.path")}) {
            if (p != null && !p.isBlank()) {
                parts.add(p);
            }
        }
        return String.join(File.pathSeparator, parts);
    }

    /**
     * {@return a command line running {@code main} with {@code args} in a new JVM}
     *
     * @param main the main class
     * @param jvmArgs options for the JVM (system properties)
     * @param args its arguments
     */
    public static List<String> command(final Class<?> main, final List<String> jvmArgs, final String... args) {
        final List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-Xmx256m");
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * Waits for a child started with its error stream merged into its output, and returns that output. The output is
     * read on another thread, so a child that stops without exiting cannot block the caller past {@code limit}: it is
     * then killed, and the failure carries what it printed so far.
     *
     * @param child the process ({@link ProcessBuilder#redirectErrorStream(boolean)} true)
     * @param limit how long it may run (generous: test machines are loaded)
     * @return everything the child printed
     * @throws AssertionError if the child did not exit within {@code limit}
     * @throws IOException if its output could not be read
     * @throws InterruptedException if the caller is interrupted while waiting
     */
    public static String output(final Process child, final Duration limit) throws IOException, InterruptedException {
        final InputStream in = child.getInputStream();
        final CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (final IOException e) {
                throw new IllegalStateException(e);
            }
        }, r -> Thread.ofPlatform().daemon().name("child-output-" + child.pid()).start(r));
        try {
            if (!child.waitFor(limit.toNanos(), TimeUnit.NANOSECONDS)) {
                child.destroyForcibly();
                String partial;
                try {
                    partial = out.get(5, TimeUnit.SECONDS);
                } catch (final ExecutionException | TimeoutException e) {
                    partial = "(not read: " + e + ")";
                }
                throw new AssertionError("the child " + child.pid() + " did not exit within " + limit
                        + " and was killed; its output:\n" + partial);
            }
            return out.get(30, TimeUnit.SECONDS);
        } catch (final ExecutionException e) {
            throw new IOException("reading the child's output failed", e.getCause());
        } catch (final TimeoutException e) {
            throw new AssertionError("the child exited but its output did not end within 30 s", e);
        } finally {
            child.destroyForcibly();
        }
    }
}
