package io.dat4j.testsupport;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
}
